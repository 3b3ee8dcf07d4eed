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
        // A sub-image ([`crate::ResizeSpecBuilder::cut`]) is read where it lies, as the tables
        // `wy` and `wx` read it: a first pass along one axis takes the other's identity over
        // the sub-image's rows or columns, moved there too, and the second pass reads the
        // intermediate (the sub-image resized along one axis) through the sub-image's own
        // table ([`AxisWeights::out_of`]).
        let (resized, [top, left]) = slice_of(spec);
        // The separable path of a spec that keeps one axis at its size runs the other axis's
        // pass alone: the kept axis's pass would copy the tensor through the intermediate.
        let one_pass = path != Path::Separable || keeps_an_axis(spec, (wy, wx));
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
            // The second pass's table along the first pass's axis: the spec's own (`index`), or
            // the sub-image's, added.
            let second_table =
                |tables: &mut Vec<AxisWeights>, table: &AxisWeights, start, len, index| {
                    if spec.cut().is_none() {
                        return index;
                    }
                    tables.push(table.out_of(start, len));
                    tables.len() as u32 - 1
                };
            let (mid_size, first, second) = match plan::pass_order(spec) {
                PassOrder::XThenY => {
                    tables.push(AxisWeights::identity(resized.height).within(top, input.height));
                    tables.push(AxisWeights::identity_with_outside_of(wx));
                    let y = second_table(&mut tables, wy, top, resized.height, 0);
                    (
                        Size2::new(resized.height, output.width),
                        ((2, 1), (1, wx.taps())),
                        ((y, wy.taps()), (3, 1)),
                    )
                }
                PassOrder::YThenX => {
                    tables.push(AxisWeights::identity(resized.width).within(left, input.width));
                    tables.push(AxisWeights::identity_with_outside_of(wy));
                    let x = second_table(&mut tables, wx, left, resized.width, 1);
                    (
                        Size2::new(output.height, resized.width),
                        ((0, wy.taps()), (2, 1)),
                        ((3, 1), (x, wx.taps())),
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
                    Some((pass_spec, reshaped, table)) => {
                        tables.push(table);
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

/// Whether `spec`, whose tables are `wy` and `wx`, keeps an axis at its size (a sub-image's
/// own, its tables moved back from where it lies): the separable path then runs the gather's
/// one pass.
pub(super) fn keeps_an_axis(spec: &ResizeSpec, (wy, wx): (&AxisWeights, &AxisWeights)) -> bool {
    if spec.cut().is_none() {
        return wy.is_identity() || wx.is_identity();
    }
    let (resized, [top, left]) = slice_of(spec);
    wy.out_of(top, resized.height).is_identity() || wx.out_of(left, resized.width).is_identity()
}

/// A sub-image's first row and height ([`crate::ResizeSpecBuilder::cut`]): where the vertical
/// table of every pass that reads the input starts, moved there. `None` for a whole input.
pub(super) fn cut_rows(spec: &ResizeSpec) -> Option<(u32, u32)> {
    let (resized, [top, _]) = slice_of(spec);
    spec.cut().map(|_| (top, resized.height))
}

/// The size of the image `spec` resizes and its first row and column in the input: a
/// sub-image's ([`crate::ResizeSpecBuilder::cut`]), or the whole input at the origin.
fn slice_of(spec: &ResizeSpec) -> (Size2, [u32; 2]) {
    let [top, left] = spec.cut().map_or([0, 0], |[top, left, ..]| [top, left]);
    (spec.resized_input(), [top, left])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::{self, PillowFilter};

    fn spec(
        input: (u32, u32),
        output: (u32, u32),
        channels: u32,
        element: ElementType,
    ) -> ResizeSpec {
        ResizeSpec::builder(Size2::new(input.0, input.1), Size2::new(output.0, output.1))
            .channels(channels)
            .element(element)
            .build()
            .unwrap()
    }

    fn plan_of(
        spec: &ResizeSpec,
        path: Path,
        textures: bool,
        max_binding: u64,
    ) -> Result<PassPlan, ResizeError> {
        let (wy, wx) = AxisWeights::for_spec(spec);
        PassPlan::new(spec, path, (&wy, &wx), None, textures, max_binding)
    }

    fn plan(spec: &ResizeSpec, path: Path) -> PassPlan {
        plan_of(spec, path, false, u64::MAX).unwrap()
    }

    /// The gather path, and the separable path of a spec that keeps an axis at its size, run
    /// one pass from input to output on the spec's two tables.
    #[test]
    fn one_pass_from_input_to_output() {
        let rgba = spec((40, 60), (20, 30), 4, ElementType::F32);
        let one = plan(&rgba, Path::Gather);
        assert_eq!(
            (one.passes.len(), one.tables.len(), one.intermediate_bytes),
            (1, 2, 0)
        );
        let pass = &one.passes[0];
        assert_eq!((pass.src, pass.dst), (Operand::Input, Operand::Output));
        assert_eq!(pass.elements, (ElementType::F32, ElementType::F32));
        assert_eq!(
            (pass.shape.src_size, pass.shape.dst_size),
            (rgba.input(), rgba.output())
        );
        let (wy, wx) = AxisWeights::for_spec(&rgba);
        assert_eq!(pass.shape.y, (0, wy.taps()));
        assert_eq!(pass.shape.x, (1, wx.taps()));
        assert_eq!(pass.spec, rgba);
        for kept in [
            spec((40, 60), (40, 30), 4, ElementType::U8),
            spec((40, 60), (20, 60), 4, ElementType::U8),
        ] {
            let one = plan(&kept, Path::Separable);
            assert_eq!(
                (one.passes.len(), one.intermediate_bytes),
                (1, 0),
                "{kept:?}"
            );
        }
    }

    /// The separable path runs two passes through an f32 intermediate whose size follows the
    /// pass order: a shrink by 2 along x goes y first, through rows of the input's width, on
    /// the vertical table and an identity along x, then an identity along y and the horizontal
    /// table.
    #[test]
    fn two_passes_through_the_intermediate() {
        let u8s = spec((40, 60), (20, 30), 4, ElementType::U8);
        let two = plan(&u8s, Path::Separable);
        let [first, second] = &two.passes[..] else {
            panic!("{} passes", two.passes.len());
        };
        assert_eq!(
            (first.src, first.dst),
            (Operand::Input, Operand::Intermediate)
        );
        assert_eq!(
            (second.src, second.dst),
            (Operand::Intermediate, Operand::Output)
        );
        assert_eq!(first.shape.dst_size, Size2::new(20, 60));
        assert_eq!(second.shape.src_size, first.shape.dst_size);
        assert_eq!(second.shape.dst_size, u8s.output());
        assert_eq!(first.elements, (ElementType::U8, ElementType::F32));
        assert_eq!(second.elements, (ElementType::F32, ElementType::U8));
        assert_eq!(two.intermediate_bytes, 20 * 60 * 4 * 4);
        assert_eq!((first.shape.y.0, first.shape.x), (0, (2, 1)));
        assert_eq!((second.shape.y, second.shape.x.0), ((3, 1), 1));
        assert_eq!(two.tables.len(), 4);
        assert!(two.tables[2].is_identity() && two.tables[3].is_identity());
        assert_eq!(two.tables[2].output_len(), 60);
    }

    /// A sub-image is read where it lies: the first pass reads the whole input through the
    /// tables moved onto the sub-image (the other axis's identity over its rows or columns
    /// too), into an intermediate of the sub-image resized along one axis, which the second
    /// pass reads through the sub-image's own table; one pass where the sub-image keeps an
    /// axis's size.
    #[test]
    fn sub_images_are_read_in_place() {
        let cut = |output: (u32, u32)| {
            ResizeSpec::builder(Size2::new(30, 40), Size2::new(output.0, output.1))
                .sizes(Size2::new(100, 90), Size2::new(output.0, output.1))
                .cut(Some([10, 20, 40, 60]))
                .channels(4)
                .build()
                .unwrap()
        };
        let slice = |output: (u32, u32)| spec((30, 40), output, 4, ElementType::F32);
        // (output, intermediate, whether the first pass runs down the columns): rows first
        // where the width halves, 30 x 40 -> 12 x 40 -> 12 x 20; columns first otherwise,
        // 30 x 40 -> 30 x 30 -> 60 x 30.
        for (output, mid, rows_first) in [((12, 20), (12, 40), true), ((60, 30), (30, 30), false)] {
            let spec = cut(output);
            let two = plan(&spec, Path::Separable);
            let own = plan(&slice(output), Path::Separable);
            let [first, second] = &two.passes[..] else {
                panic!("{} passes", two.passes.len());
            };
            assert_eq!(first.shape.src_size, Size2::new(100, 90));
            assert_eq!(first.shape.dst_size, Size2::new(mid.0, mid.1));
            assert_eq!(second.shape.src_size, first.shape.dst_size);
            assert_eq!(two.intermediate_bytes, u64::from(mid.0 * mid.1) * 4 * 4);
            // The first pass's identity (along the other axis) starts at the sub-image's
            // first column or row, in the whole input's axis.
            let identity = &two.tables[2];
            let (axis, start, len) = if rows_first {
                (90, 20, 40)
            } else {
                (100, 10, 30)
            };
            assert_eq!((identity.input_len(), identity.output_len()), (axis, len));
            let last = identity.start(len as usize - 1);
            assert_eq!((identity.start(0), last), (start, start + len - 1));
            // The second pass reads the intermediate through the slice's own table.
            let (y, x) = second.shape.tables(&two.tables);
            let (own_y, own_x) = own.passes[1].shape.tables(&own.tables);
            if rows_first {
                assert_eq!(x, own_x, "{output:?}");
            } else {
                assert_eq!(y, own_y, "{output:?}");
            }
        }
        // Kept rows: one pass from the input.
        let kept = plan(&cut((30, 20)), Path::Separable);
        assert_eq!(kept.passes.len(), 1);
        assert_eq!(kept.passes[0].shape.src_size, Size2::new(100, 90));
    }

    /// Pillow's u8 passes round between them: x first, through a u8 intermediate.
    #[test]
    fn rounding_passes_keep_their_element_between_them() {
        let pillow = presets::pillow(
            Size2::new(40, 60),
            Size2::new(20, 30),
            PillowFilter::Bicubic,
        )
        .channels(4)
        .element(ElementType::U8)
        .build()
        .unwrap();
        let two = plan(&pillow, Path::Separable);
        let [first, second] = &two.passes[..] else {
            panic!("{} passes", two.passes.len());
        };
        assert_eq!(first.shape.dst_size, Size2::new(40, 30));
        assert_eq!(first.elements, (ElementType::U8, ElementType::U8));
        assert_eq!(second.elements, (ElementType::U8, ElementType::U8));
        assert_eq!(two.intermediate_bytes, 40 * 30 * 4);
    }

    /// The vertical pass of RGB rows runs as rows of four-channel pixels (60 RGB pixels are 45
    /// RGBA ones) on an identity table of their width, which the plan adds; not where a texture
    /// is read or written.
    #[test]
    fn vertical_passes_of_rgb_rows_read_four_channel_pixels() {
        let rgb = spec((40, 60), (20, 30), 3, ElementType::F32);
        let two = plan(&rgb, Path::Separable);
        let vertical = &two.passes[0];
        assert_eq!(vertical.spec.channels(), 4);
        assert_eq!(vertical.shape.src_size, Size2::new(40, 45));
        assert_eq!(vertical.shape.dst_size, Size2::new(20, 45));
        assert_eq!(vertical.shape.x, (4, 1));
        assert_eq!(two.tables.len(), 5);
        assert_eq!(two.tables[4].output_len(), 45);
        assert_eq!(two.passes[1].spec, rgb);
        let textures = plan_of(&rgb, Path::Separable, true, u64::MAX).unwrap();
        assert_eq!(textures.passes[0].spec, rgb);
        assert_eq!(textures.tables.len(), 4);
    }

    /// An intermediate larger than the device's storage bindings is a typed error that names it
    /// and both sizes.
    #[test]
    fn an_intermediate_over_the_binding_limit_is_refused() {
        let u8s = spec((40, 60), (20, 30), 4, ElementType::U8);
        let refused = plan_of(&u8s, Path::Separable, false, 19_199);
        assert!(
            matches!(
                refused,
                Err(ResizeError::ExceedsDeviceLimit {
                    what: "intermediate",
                    needed: 19_200,
                    limit: 19_199,
                    ..
                })
            ),
            "{:?}",
            refused.err()
        );
        assert!(plan_of(&u8s, Path::Separable, false, 19_200).is_ok());
    }
}
