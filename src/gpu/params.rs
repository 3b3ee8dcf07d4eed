//! The uniform parameter block of one pass and the packed weight-table buffer, laid out exactly
//! as `wgsl/common.wgsl` reads them.

use crate::error::ResizeError;
use crate::normalization::Normalization;
use crate::reference::Strides;
use crate::spec::{Layout, ResizeSpec, Size2};
use crate::weights::{AxisWeights, OPENCV_PAD};

use super::color::PassColor;
use super::computed_taps::TapFormula;
use super::shaders::FusedTile;
use super::starts::ArithmeticStarts;

/// `Params` in `wgsl/common.wgsl`.
#[repr(C)]
#[derive(Clone, Copy, Debug, bytemuck::Pod, bytemuck::Zeroable)]
pub(crate) struct PassParams {
    pub out_h: u32,
    pub out_w: u32,
    pub channels: u32,
    pub total: u32,
    pub src_n: u32,
    pub src_c: u32,
    pub src_y: u32,
    pub src_x: u32,
    pub dst_n: u32,
    pub dst_c: u32,
    pub dst_y: u32,
    pub dst_x: u32,
    pub y_table: u32,
    pub y_taps: u32,
    pub x_table: u32,
    pub x_taps: u32,
    pub planar: u32,
    /// Always 0, which the kernels cannot know: ORed into the bits of an f32 product that a
    /// sum must take rounded, so that no compiler fuses the two into one multiply-add
    /// (`rounded4` in `wgsl/common.wgsl`; ONNX Runtime's f32 steps, [`crate::OnnxLinearU8`]).
    pub zero: u32,
    pub row_stride: u32,
    pub unit_in: f32,
    pub unit_out: f32,
    /// Table slots between output images' tables (crop batches), 0 when shared.
    pub y_image_stride: u32,
    pub x_image_stride: u32,
    /// The vertical band starts' formula where the kernel computes them (see
    /// [`ArithmeticStarts`]; its `first` is `y_start_first` below); `div` 1 and the rest 0
    /// otherwise.
    pub y_start_mul: i32,
    pub y_start_add: i32,
    pub y_start_div: u32,
    pub y_start_last: u32,
    /// Each axis's band formula where the kernel computes its taps (see [`TapFormula`]): the
    /// source coordinate `max(a·i + b, 0)` and the largest first input; 0 otherwise.
    pub y_tap_a: f32,
    pub y_tap_b: f32,
    pub y_tap_last: u32,
    pub x_tap_a: f32,
    pub x_tap_b: f32,
    pub x_tap_last: u32,
    /// Elements of one plane of the output, where a normalising store writes NCHW planes.
    pub norm_plane: u32,
    /// The first input row of the computed vertical band starts: a sub-image's first row where
    /// the pass reads it in place, 0 otherwise.
    pub y_start_first: u32,
    /// Aligns the vectors that follow to 16 bytes.
    pub pad: u32,
    /// Per-channel mean and standard deviation of the normalisation the last pass applies as
    /// it stores (`NORMALIZE` in `wgsl/common.wgsl`); the identity (0 and 1) elsewhere.
    pub norm_mean: [f32; 4],
    pub norm_std: [f32; 4],
    /// The extrapolation value of channel `c` in lane `c % 4` (`fill_of` and `fill4` in
    /// `wgsl/common.wgsl`): per-channel values name at most four channels, and a value of
    /// every channel fills every lane.
    pub fill: [f32; 4],
}

const ROW_OUTSIDE: u32 = 1;

/// Most taps a padded table's row can clamp by its flags (8 bits each way; OpenCV's widest
/// rows have 8).
const MAX_CLAMPED_TAP: u32 = 255;

/// The flags of a row of a table padded by [`OPENCV_PAD`] whose indices clamp into the inputs
/// `[first, end)`, packed at `start`: bits 8-15 the first tap, and bits 16-23 one past the last,
/// that read their own inputs (`padded_input` in `wgsl/common.wgsl`); taps before and after
/// read those taps' inputs, `first` and `end - 1`. A row's taps read at least one input at
/// or before `end - 1` (its first, where nothing else), so one past the last is at least 1.
fn clamp_flags(start: u32, [first, end]: [u32; 2]) -> u32 {
    let own_first = (first + OPENCV_PAD).saturating_sub(start);
    let own_end = (end + OPENCV_PAD).saturating_sub(start);
    debug_assert!(own_end > 0 && own_first < own_end, "{start} {first} {end}");
    (own_first.min(MAX_CLAMPED_TAP) << 8) | (own_end.clamp(1, MAX_CLAMPED_TAP) << 16)
}

/// Invocations per workgroup of every kernel (`@workgroup_size(256)`).
pub(crate) const WORKGROUP_SIZE: u32 = 256;

/// How a packed table stores its weights in their f32 slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WeightForm {
    /// As f32 values.
    Float,
    /// As the bits of Pillow's integer coefficients `w · 2^22` (see [`fixed_weight_bits`]).
    Pillow,
    /// As the bits of the integers `w · 2^k` (two's complement where negative), for the u8
    /// gathers' integer weights: exact for tables whose [`AxisWeights::dyadic_bits`] are at
    /// most `k`, for OpenCV's 8-bit coefficients (`k` = 11, or 8 for `INTER_LINEAR_EXACT`) and
    /// for ONNX Runtime's integer weights (`k` = 10).
    Integer(u32),
}

impl WeightForm {
    /// The form of `spec`'s tables but for dyadic integer weights: Pillow's coefficients in
    /// its 8-bit fixed point, OpenCV's integers in its own and ONNX Runtime's in its NHWC
    /// kernel's, f32 otherwise.
    pub(crate) fn of(spec: &ResizeSpec) -> Self {
        if spec.fixed_point() {
            WeightForm::Pillow
        } else if let Some(bits) = spec.gather_arithmetic().and_then(|a| a.weight_bits()) {
            WeightForm::Integer(bits)
        } else {
            WeightForm::Float
        }
    }

    fn slot(self, w: f64) -> f32 {
        match self {
            WeightForm::Float => w as f32,
            WeightForm::Pillow => fixed_weight_bits(w),
            WeightForm::Integer(bits) => {
                f32::from_bits((w * (1u64 << bits) as f64).round() as i32 as u32)
            }
        }
    }
}

/// Tables packed into one f32 buffer, each with its weights in its form; returns each table's
/// offset in f32 slots.
pub(crate) fn pack_tables(tables: &[(&AxisWeights, WeightForm)]) -> (Vec<f32>, Vec<u32>) {
    let mut packed = Vec::new();
    let mut offsets = Vec::with_capacity(tables.len());
    for &(table, form) in tables {
        offsets.push(packed.len() as u32);
        pack_table(table, table.taps(), 0, form, &mut packed);
    }
    (packed, offsets)
}

/// A quantised weight as the bits of Pillow's integer coefficient `w · 2^22` (exact: the host
/// quantises fixed-point weights to multiples of 2^-22), which `fixed_weight` in
/// `wgsl/common.wgsl` reads back with a bitcast instead of a conversion per tap.
fn fixed_weight_bits(w: f64) -> f32 {
    f32::from_bits((w * 4_194_304.0).round() as i32 as u32)
}

/// Appends `table`'s rows as the kernels read them, `[first input index, flags, weights…]`,
/// each padded with zero weights to `taps` (at least the table's own, at most its input
/// length) and its first index moved by `start_shift` (a crop batch's image offset along the
/// axis), the weights in `form`. A padded table's flags say which taps its clamp moves
/// ([`clamp_flags`]), independent of the shift.
///
/// Kernels load every tap, zero weights too, so a padded band must stay inside the axis: a
/// row near the end starts earlier, with zero weights in front, rather than reading past the
/// last input (into the next row or image, or past the buffer, where a NaN or infinity times
/// a zero weight is NaN).
pub(crate) fn pack_table(
    table: &AxisWeights,
    taps: u32,
    start_shift: u32,
    form: WeightForm,
    packed: &mut Vec<f32>,
) {
    debug_assert!(taps >= table.taps() && taps <= table.input_len());
    let padding = taps - table.taps();
    let last_start = table.input_len() - taps;
    for i in 0..table.output_len() as usize {
        let start = table.start(i).min(last_start);
        let leading = table.start(i) - start;
        packed.push(f32::from_bits(start + start_shift));
        let outside = if table.is_outside(i) { ROW_OUTSIDE } else { 0 };
        let clamps = match table.clamped() {
            Some(range) if outside == 0 => clamp_flags(start, range),
            _ => 0,
        };
        let flags = outside | clamps;
        packed.push(f32::from_bits(flags));
        packed.extend(std::iter::repeat_n(0.0, leading as usize));
        packed.extend(table.row(i).iter().map(|&w| form.slot(w)));
        packed.extend(std::iter::repeat_n(0.0, (padding - leading) as usize));
    }
}

/// One pass of a plan: from a source tensor of `src_size` to a destination of `dst_size`.
pub(crate) struct PassShape {
    pub src_size: Size2,
    pub dst_size: Size2,
    /// The vertical table and its taps: the table's index among the plan's tables, then its
    /// offset in the packed tables once packed ([`pack_tables`]).
    pub y: (u32, u32),
    /// The same for the horizontal table.
    pub x: (u32, u32),
    /// Run by the fused tiled kernel, with this tile.
    pub fused: Option<FusedTile>,
    /// Colour conversions of this pass.
    pub color: PassColor,
}

impl PassShape {
    /// The pass's vertical and horizontal tables among `tables`, which `y` and `x` index
    /// before packing.
    pub(crate) fn tables<'t>(
        &self,
        tables: &'t [AxisWeights],
    ) -> (&'t AxisWeights, &'t AxisWeights) {
        (&tables[self.y.0 as usize], &tables[self.x.0 as usize])
    }
}

impl PassParams {
    pub(crate) fn new(spec: &ResizeSpec, pass: &PassShape, row_stride: u32) -> Self {
        let layout: Layout = spec.layout();
        let src = Strides::new(layout, spec.channels(), pass.src_size);
        let dst = Strides::new(layout, spec.channels(), pass.dst_size);
        let (unit_in, unit_out) = pass.color.units(spec);
        PassParams {
            out_h: pass.dst_size.height,
            out_w: pass.dst_size.width,
            channels: spec.channels(),
            total: spec.tensor_elements(pass.dst_size) as u32,
            src_n: src.n as u32,
            src_c: src.c as u32,
            src_y: src.y as u32,
            src_x: src.x as u32,
            dst_n: dst.n as u32,
            dst_c: dst.c as u32,
            dst_y: dst.y as u32,
            dst_x: dst.x as u32,
            y_table: pass.y.0,
            y_taps: pass.y.1,
            x_table: pass.x.0,
            x_taps: pass.x.1,
            planar: match layout {
                Layout::Nhwc => 0,
                Layout::Nchw => 1,
            },
            zero: 0,
            row_stride,
            unit_in,
            unit_out,
            y_image_stride: 0,
            x_image_stride: 0,
            y_start_mul: 0,
            y_start_add: 0,
            y_start_div: 1,
            y_start_last: 0,
            y_tap_a: 0.0,
            y_tap_b: 0.0,
            y_tap_last: 0,
            x_tap_a: 0.0,
            x_tap_b: 0.0,
            x_tap_last: 0,
            norm_plane: 0,
            y_start_first: 0,
            pad: 0,
            norm_mean: [0.0; 4],
            norm_std: [1.0; 4],
            fill: spec.extrapolation_lanes(),
        }
    }

    /// The same parameters with `normalization`'s statistics, if any, for a store into an
    /// output of `spec`.
    pub(crate) fn with_normalization(
        self,
        normalization: Option<Normalization>,
        spec: &ResizeSpec,
    ) -> Self {
        let Some(normalization) = normalization else {
            return self;
        };
        let (norm_mean, norm_std) = normalization.lanes();
        let output = spec.output();
        PassParams {
            norm_plane: output.height * output.width,
            norm_mean,
            norm_std,
            ..self
        }
    }

    /// The same parameters for a pass that reads its input from a texture
    /// (`wgsl/src_vec4_texture.wgsl`): the input's rows `width.next_power_of_two()` texels apart
    /// in the kernels' index, so that the texture source finds a texel's column and row with a
    /// mask and a shift (`texel_at` in `wgsl/common.wgsl`) rather than a division by the width
    /// and a remainder on every load (H200, the 4K frame's vertical pass to 224 rows: 38.4 ->
    /// 30.8 µs; BENCHMARKS.md tuning log item 150). The pad columns are never indexed: every
    /// band lies inside the input. A texture is one image, so no image stride is needed either.
    pub(crate) fn with_texture_source_rows(self) -> Self {
        PassParams {
            src_y: padded_row(self.src_y, self.src_x),
            src_n: 0,
            ..self
        }
    }

    /// The same for a pass that writes its output into a storage texture
    /// (`wgsl/dst_vec4_texture.wgsl`, `wgsl/lanes_u8_texture_store.wgsl`), one store per texel:
    /// the kernels write no column past the output's width.
    pub(crate) fn with_texture_target_rows(self) -> Self {
        PassParams {
            dst_y: padded_row(self.dst_y, self.dst_x),
            dst_n: 0,
            ..self
        }
    }

    /// The same parameters with the vertical band starts computed by `formula`, if any.
    pub(crate) fn with_y_starts(self, formula: Option<ArithmeticStarts>) -> Self {
        let Some(formula) = formula else {
            return self;
        };
        PassParams {
            y_start_mul: formula.mul,
            y_start_add: formula.add,
            y_start_div: formula.div,
            y_start_last: formula.last,
            y_start_first: formula.first,
            ..self
        }
    }

    /// The same parameters with both axes' taps computed by `formulas` (y, x), if any.
    pub(crate) fn with_computed_taps(self, formulas: Option<[TapFormula; 2]>) -> Self {
        let Some([y, x]) = formulas else {
            return self;
        };
        PassParams {
            y_tap_a: y.a,
            y_tap_b: y.b,
            y_tap_last: y.last,
            x_tap_a: x.a,
            x_tap_b: x.b,
            x_tap_last: x.last,
            ..self
        }
    }
}

/// The row stride of a texture end's image in the kernels' index: its width (`row / pixel`
/// pixels) rounded up to a power of two, in elements.
fn padded_row(row: u32, pixel: u32) -> u32 {
    (row / pixel).next_power_of_two() * pixel
}

/// Workgroups to launch for `invocations`, as a grid no wider than `max_per_dimension`, and the
/// invocations per grid row that the kernels use to flatten it.
pub(crate) fn dispatch_grid(invocations: u32, max_per_dimension: u32) -> ((u32, u32), u32) {
    let groups = invocations.div_ceil(WORKGROUP_SIZE).max(1);
    let x = groups.min(max_per_dimension);
    let y = groups.div_ceil(x);
    ((x, y), x * WORKGROUP_SIZE)
}

/// Refuses a grid of workgroups that exceeds the device's limit along any dimension. Every
/// kernel's grid fits any device's limits for the tensors a binding can hold but the scalar
/// gather's and the texture staging's, whose [`dispatch_grid`] bounds only the first dimension:
/// on a device of very few workgroups per dimension, a large tensor needs more rows than allowed.
pub(crate) fn check_grid(
    workgroups: (u32, u32, u32),
    max_per_dimension: u32,
) -> Result<(), ResizeError> {
    let widest = workgroups.0.max(workgroups.1).max(workgroups.2);
    if widest > max_per_dimension {
        return Err(ResizeError::ExceedsDeviceLimit {
            what: "the grid of workgroups",
            needed: widest as u64,
            limit: max_per_dimension as u64,
            limit_name: "max_compute_workgroups_per_dimension",
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each tap of a packed padded row, read as `padded_input` in `wgsl/common.wgsl` reads it
    /// (its flags' clamp), is the input the table's own rule reads: OpenCV's lanczos4 and
    /// bilinear tables of a 10-pixel slice, shrunk and enlarged, moved to 7 of an axis of 30
    /// (the slice's edges clamp, not the axis's) and packed with extra taps and a shift.
    #[test]
    fn padded_rows_clamp_their_taps_into_the_slice() {
        use crate::weights::padded_input;
        for table in [
            AxisWeights::opencv_lanczos4(10, 4),
            AxisWeights::opencv_lanczos4(10, 23),
            AxisWeights::opencv_linear(10, 3, false),
            AxisWeights::opencv_linear(10, 17, false),
        ] {
            let moved = table.within(7, 30);
            let taps = table.taps() + 1;
            let mut packed = Vec::new();
            pack_table(&moved, taps, 100, WeightForm::Float, &mut packed);
            for i in 0..table.output_len() as usize {
                let row = &packed[i * (taps as usize + 2)..];
                let (start, flags) = (row[0].to_bits() - 100, row[1].to_bits());
                let (own_first, own_end) = ((flags >> 8) & 255, (flags >> 16) & 255);
                for t in 0..taps {
                    let read = start + t.clamp(own_first, own_end - 1) - OPENCV_PAD;
                    let unmoved = start - 7 + t;
                    assert_eq!(read, 7 + padded_input(unmoved, 10), "row {i} tap {t}");
                }
            }
        }
    }

    #[test]
    fn params_match_the_wgsl_struct() {
        // 36 four-byte fields and three 16-byte vectors; a uniform block must be a multiple of
        // 16 bytes.
        assert_eq!(std::mem::size_of::<PassParams>(), 192);
        // The struct as naga lays out `wgsl/common.wgsl`'s: its size and the vectors' offsets.
        let source = crate::gpu::shaders::Kernel::examples()[0].source();
        let module = naga::front::wgsl::parse_str(&source).expect("the shader parses");
        let (_, params) = module
            .types
            .iter()
            .find(|(_, ty)| ty.name.as_deref() == Some("Params"))
            .expect("common.wgsl declares Params");
        let naga::TypeInner::Struct { members, span } = &params.inner else {
            panic!("Params is a struct");
        };
        assert_eq!(*span as usize, std::mem::size_of::<PassParams>());
        let offset = |name: &str| {
            members
                .iter()
                .find(|m| m.name.as_deref() == Some(name))
                .map(|m| m.offset as usize)
        };
        assert_eq!(
            offset("norm_mean"),
            Some(std::mem::offset_of!(PassParams, norm_mean))
        );
        assert_eq!(
            offset("norm_std"),
            Some(std::mem::offset_of!(PassParams, norm_std))
        );
        assert_eq!(offset("fill"), Some(std::mem::offset_of!(PassParams, fill)));
        assert_eq!(
            offset("norm_plane"),
            Some(std::mem::offset_of!(PassParams, norm_plane))
        );
        assert_eq!(
            offset("x_tap_last"),
            Some(std::mem::offset_of!(PassParams, x_tap_last))
        );
    }

    #[test]
    fn grids_beyond_the_limit_are_refused() {
        let ((x, y), _) = dispatch_grid(3072, 3);
        assert_eq!((x, y), (3, 4));
        assert!(matches!(
            check_grid((x, y, 1), 3),
            Err(ResizeError::ExceedsDeviceLimit {
                needed: 4,
                limit: 3,
                ..
            })
        ));
        assert!(check_grid((3, 3, 3), 3).is_ok());
        assert!(check_grid((1, 1, 4), 3).is_err());
    }

    /// A texture end's rows lie a power of two apart, at least the width and less than twice
    /// it, so that `texel_at` (`wgsl/common.wgsl`) finds each texel's column and row with a mask
    /// and a shift; everything but that end's row and image strides is kept.
    #[test]
    fn texture_rows_are_a_power_of_two_apart() {
        for width in [1u32, 2, 3, 5, 640, 1024, 1920, 3840, 4096, 16383, 16384] {
            let (input, output) = (Size2::new(7, width), Size2::new(5, width.div_ceil(2)));
            let spec = ResizeSpec::builder(input, output)
                .channels(4)
                .build()
                .unwrap();
            let shape = PassShape {
                src_size: input,
                dst_size: output,
                y: (0, 4),
                x: (0, 2),
                fused: None,
                color: PassColor::WHOLE,
            };
            let params = PassParams::new(&spec, &shape, 0);
            let source = params.with_texture_source_rows();
            let target = params.with_texture_target_rows();
            let ends = [
                (source.src_y, source.src_n, input),
                (target.dst_y, target.dst_n, output),
            ];
            for (row, image, size) in ends {
                let pitch = row / 4;
                let case = format!("width {width}, {size:?}");
                assert!(pitch.is_power_of_two(), "{case}");
                assert!(
                    pitch >= size.width && pitch < 2 * size.width.max(1),
                    "{case}"
                );
                assert_eq!(pitch == size.width, size.width.is_power_of_two(), "{case}");
                assert_eq!(image, 0, "{case}");
                // The last texel's index, decoded as `texel_at` does.
                let (column, last_row) = (size.width - 1, size.height - 1);
                let index = last_row * pitch + column;
                let decoded = (index & (pitch - 1), index >> pitch.trailing_zeros());
                assert_eq!(decoded, (column, last_row), "{case}");
            }
            let kept = PassParams {
                src_y: params.src_y,
                src_n: params.src_n,
                ..source
            };
            assert_eq!(bytemuck::bytes_of(&kept), bytemuck::bytes_of(&params));
            let kept = PassParams {
                dst_y: params.dst_y,
                dst_n: params.dst_n,
                ..target
            };
            assert_eq!(bytemuck::bytes_of(&kept), bytemuck::bytes_of(&params));
        }
    }

    /// Padded rows stay inside the axis and keep each weight at its own input index.
    #[test]
    fn padded_rows_stay_inside_the_axis() {
        use crate::spec::{AxisResample, Border, CoordinateMapping, Filter};
        for (len, out) in [(6, 2), (9, 1), (7, 7), (12, 5), (3, 8)] {
            for (filter, antialias) in [
                (Filter::Linear, false),
                (Filter::Linear, true),
                (Filter::Lanczos { lobes: 3 }, true),
            ] {
                let rule = AxisResample::default()
                    .with_filter(filter)
                    .with_antialias(antialias)
                    .with_border(Border::Renormalize)
                    .with_mapping(CoordinateMapping::Region {
                        start: len as f64 * 0.6,
                        end: len as f64 * 1.3,
                    });
                let table = AxisWeights::compute(len, out, &rule);
                for taps in table.taps()..=len {
                    let mut packed = Vec::new();
                    pack_table(&table, taps, 0, WeightForm::Float, &mut packed);
                    let row_len = taps as usize + 2;
                    assert_eq!(packed.len(), out as usize * row_len);
                    for (i, row) in packed.chunks(row_len).enumerate() {
                        let start = row[0].to_bits();
                        let case = format!("{len} -> {out}, {filter:?}, {taps} taps, row {i}");
                        assert!(start + taps <= len, "{case}: starts at {start}");
                        let at = |k: usize| start as usize + k;
                        let moved: Vec<(usize, f32)> = row[2..]
                            .iter()
                            .enumerate()
                            .filter(|&(_, &w)| w != 0.0)
                            .map(|(k, &w)| (at(k), w))
                            .collect();
                        let own: Vec<(usize, f32)> = table
                            .row(i)
                            .iter()
                            .enumerate()
                            .filter(|&(_, &w)| w != 0.0)
                            .map(|(k, &w)| (table.start(i) as usize + k, w as f32))
                            .collect();
                        assert_eq!(moved, own, "{case}");
                    }
                }
            }
        }
    }

    #[test]
    fn grid_covers_every_invocation() {
        for n in [1, 255, 256, 257, 65535 * 256, 65535 * 256 + 1, 40_000_000] {
            let ((x, y), stride) = dispatch_grid(n, 65535);
            assert!(x <= 65535);
            assert!((x as u64 * y as u64 * 256) >= n as u64, "{n}");
            assert_eq!(stride, x * 256);
        }
    }
}
