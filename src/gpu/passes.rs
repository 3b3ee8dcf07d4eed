//! The passes a path runs for a spec, before any kernel is chosen: one pass from input to output
//! (the gather and fused paths, and the separable path of a spec that keeps an axis at its
//! size), or two through an intermediate (the separable path), each with the weight tables its
//! shape indexes and the spec it runs as.

use super::channel_blind;
use super::checks::check_limit;
use super::color::PassColor;
use super::params::PassShape;
use super::shaders::FusedTile;
use crate::error::ResizeError;
use crate::plan::{self, PassOrder, Path};
use crate::spec::{ElementType, ResizeSpec, Size2};
use crate::weights::AxisWeights;

/// Which tensor a pass reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Operand {
    Input,
    Output,
    Intermediate,
}

/// One pass of a [`PassPlan`].
pub(super) struct PlannedPass {
    /// Sizes, tables (indices into [`PassPlan::tables`]) and taps, fused tile, colour steps.
    pub(super) shape: PassShape,
    /// The spec the pass runs as: the resize's own, or for a vertical pass whose rows split into
    /// four-channel pixels, the same rows read as such (`channel_blind.rs`).
    pub(super) spec: ResizeSpec,
    pub(super) src: Operand,
    pub(super) dst: Operand,
    /// The element types read and written.
    pub(super) elements: (ElementType, ElementType),
}

/// The passes of a resize and the weight tables they index.
pub(super) struct PassPlan {
    pub(super) passes: Vec<PlannedPass>,
    /// The spec's vertical and horizontal tables, then the identities that the passes along one
    /// axis and the passes read as four-channel pixels take along the other.
    pub(super) tables: Vec<AxisWeights>,
    /// Bytes of the intermediate between two passes; 0 for one pass.
    pub(super) intermediate_bytes: u64,
}

impl PassPlan {
    /// The passes `path` runs for `spec`, whose tables are `wy` and `wx`: with `fused_tile` in
    /// its one pass where the path is fused, and no pass read as four-channel pixels where
    /// `textures` (a texture end is read or written as it is). Fails where the intermediate
    /// would exceed `max_binding` bytes.
    pub(super) fn new(
        spec: &ResizeSpec,
        path: Path,
        (wy, wx): (&AxisWeights, &AxisWeights),
        fused_tile: Option<FusedTile>,
        textures: bool,
        max_binding: u64,
    ) -> Result<Self, ResizeError> {
        let (input, output) = (spec.input(), spec.output());
        let element = spec.element();
        let mut tables: Vec<AxisWeights> = vec![wy.clone(), wx.clone()];
        let mut shapes: Vec<(PassShape, Operand, Operand, (ElementType, ElementType))> = Vec::new();
        let mut intermediate_bytes = 0;
        // The separable path of a spec that keeps one axis at its size runs the other axis's
        // pass alone: the kept axis's pass would copy the tensor through the intermediate.
        let one_pass = path != Path::Separable || wy.is_identity() || wx.is_identity();
        if one_pass {
            shapes.push((
                PassShape {
                    src_size: input,
                    dst_size: output,
                    y: (0, wy.taps()),
                    x: (1, wx.taps()),
                    fused: fused_tile,
                    color: PassColor::WHOLE,
                },
                Operand::Input,
                Operand::Output,
                (element, element),
            ));
        } else {
            // The intermediate keeps full f32 precision unless the spec rounds between
            // passes, in which case it is stored in the element type itself.
            let mid_element = if spec.round_intermediate() {
                element
            } else {
                ElementType::F32
            };
            let (mid_size, first, second) = match plan::pass_order(spec) {
                PassOrder::XThenY => {
                    tables.push(AxisWeights::identity(input.height));
                    tables.push(AxisWeights::identity_with_outside_of(wx));
                    (
                        Size2::new(input.height, output.width),
                        ((2, 1), (1, wx.taps())),
                        ((0, wy.taps()), (3, 1)),
                    )
                }
                PassOrder::YThenX => {
                    tables.push(AxisWeights::identity(input.width));
                    tables.push(AxisWeights::identity_with_outside_of(wy));
                    (
                        Size2::new(output.height, input.width),
                        ((0, wy.taps()), (2, 1)),
                        ((3, 1), (1, wx.taps())),
                    )
                }
            };
            intermediate_bytes =
                (spec.tensor_elements(mid_size) * mid_element.size()).next_multiple_of(4);
            check_limit("intermediate", intermediate_bytes, max_binding)?;
            shapes.push((
                PassShape {
                    src_size: input,
                    dst_size: mid_size,
                    y: first.0,
                    x: first.1,
                    fused: None,
                    color: PassColor::FIRST,
                },
                Operand::Input,
                Operand::Intermediate,
                (element, mid_element),
            ));
            shapes.push((
                PassShape {
                    src_size: mid_size,
                    dst_size: output,
                    y: second.0,
                    x: second.1,
                    fused: None,
                    color: PassColor::SECOND,
                },
                Operand::Intermediate,
                Operand::Output,
                (mid_element, element),
            ));
        }
        let mut passes = Vec::with_capacity(shapes.len());
        for (shape, src, dst, elements) in shapes {
            let identity = tables.len() as u32;
            let x_table = &tables[shape.x.0 as usize];
            let (spec, shape) =
                match channel_blind::reshape(spec, &shape, x_table, textures, identity) {
                    Some((pass_spec, reshaped)) => {
                        tables.push(AxisWeights::identity(reshaped.src_size.width));
                        (pass_spec, reshaped)
                    }
                    None => (*spec, shape),
                };
            passes.push(PlannedPass {
                shape,
                spec,
                src,
                dst,
                elements,
            });
        }
        Ok(PassPlan {
            passes,
            tables,
            intermediate_bytes,
        })
    }
}
