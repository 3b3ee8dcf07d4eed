//! Exact halvings: one invocation per two neighbouring output pixels of an RGBA buffer reads the
//! 2 x 4 input pixels under them as whole 16-byte words and writes both pixels with one store:
//! u8 summed in integer lanes, f16 in f32 (`wgsl/gather_halving.wgsl`).
//!
//! A shrink by exactly 2 whose output `j` takes inputs `2j` and `2j + 1` by two weights that
//! are the same for every `j` (half-pixel bilinear, the area rules, box and the nearest rules)
//! needs no table and no clamp. The vector gather, one output pixel per invocation and each tap
//! a 4-byte load, took 14.1-14.3 µs for u8 RGBA 4K -> 1080p on an H200, where a Triton kernel
//! of this form took 11.4-11.5 in a stream of different frames and this one 11.2-11.3
//! (BENCHMARKS.md tuning log item 130); f16, whose pixels were already 8-byte loads, gained up
//! to 1.1 µs (item 132).
//!
//! Pillow's 8-bit fixed point (PyTorch's and ONNX Runtime's too) runs here as on the doublings,
//! each row's horizontal sums rounded to bytes first: H100, PyTorch's bilinear u8 RGBA 4K x0.5
//! 26.0 -> 16.8 µs from the vector gather (tuning log item 189).
//!
//! [`HalvingWeights::fit`] takes a table only where every row is what the kernel computes.

use super::Launch;
use super::doubling::{exact_bits, fixed_point_serves, merged, unit_taps};
use super::launch::MAX_WEIGHT_BITS;
use super::params::check_grid;
use super::shaders::{HalvingWeights, KernelFeatures, KernelVariant, Vec4Shape};
use crate::gather_arithmetic::{GatherArithmetic, OnnxLinearU8};
use crate::spec::{ElementType, Layout, OpenCvFixedPoint, ResizeSpec};
use crate::weights::AxisWeights;

/// The kernel's workgroup (in pairs of output pixels) and output rows per invocation. H200,
/// u8 RGBA gather µs, two rounds, a pass each / a stream ten to a pass on the target row (4K
/// x0.5), then 1440p x0.5, nearest 4K x0.5, 8 x 512² x0.5 and 8K x0.5 (tuning log item 130):
/// 64x4 and 1 row 11.4 / 12.6, 7.0-7.2, 8.1-8.3, 6.4-6.5, 43.6-44.2; 2 rows 11.6-11.7 / 12.7,
/// 7.1-7.2, 7.7, 6.4-6.5, 43.1-44.7; 4 rows 9.8-10.0 / 12.9-13.0, 7.5-7.6, 7.6-7.7, 6.7, 43.6-43.7;
/// 256x1 and 1 row 11.2-11.3 / 12.5, 7.1, 8.4, 6.5-6.6, 42.7-43.9; 128x2 and 2 rows 11.5-11.6 /
/// 12.7-12.8, 7.2-7.3, 7.7-7.8, 6.4, 43.7-44.2. The vector gather it replaces: 14.1-14.3 /
/// 14.4, 9.2, 9.3-9.4, 7.6-7.7, 48.4-48.5.
const SHAPE: Vec4Shape = Vec4Shape {
    group_x: 256,
    group_y: 1,
    rows: 1,
    reserve: 0,
    arithmetic_y_starts: false,
    channels: super::shaders::ChannelGroup::Vector,
};

/// Input pixels of an RGB invocation's row: 24 bytes, three 8-byte words, under four output
/// pixels (`wgsl/halving_rgb_fours.wgsl`), so input widths a multiple of 8. Eight outputs from
/// three 16-byte words (input widths a multiple of 16) were no faster on an H100 on any of six
/// shapes and slower on five, gather µs over two rounds, eights / fours (tuning log item 196):
/// PyTorch's bilinear 4K -> 1080p 13.9-14.0 / 13.7, its nearest 13.0 / 9.6-9.9, bilinear 4K ->
/// 1080p 13.5-13.6 / 13.4-13.6, PyTorch's 1080p -> 540p 8.0-8.1 / 7.4-7.5, 1024² -> 512²
/// 6.7-6.8 / 6.2-6.3, 8 x 512² -> 256² 7.6-7.7 / 7.3.
const RGB_INPUTS: u32 = 8;

/// The RGB kernel's workgroup (in fours of output pixels) and output rows per invocation,
/// two of them where one would leave at least [`RGB_TWO_ROWS_MIN_INVOCATIONS`].
const RGB_SHAPE: Vec4Shape = Vec4Shape {
    group_x: 64,
    group_y: 4,
    ..SHAPE
};

/// Invocations of one output row each from which the RGB kernel takes two rows an invocation.
/// Gather µs, three rounds, one row against two, measured by eights of outputs an invocation
/// (tuning log item 191; by fours the same shapes count twice the invocations): H200,
/// PyTorch's bilinear 4K -> 1080p (259,200 invocations) 13.4-13.6 against 12.5-12.6, 1080p ->
/// 540p (64,800) 7.5-7.7 against 7.8-7.9, nearest 4K -> 1080p 11.3-11.6 against 11.3-11.7;
/// H100, the same three 15.0-15.4 / 13.8-14.0, 8.1-8.3 / 8.3, 12.5-12.6 / 12.8-13.1, and 8 x
/// 512² -> 256² (65,536) 7.9-8.0 / 7.7-7.9.
const RGB_TWO_ROWS_MIN_INVOCATIONS: u32 = 1 << 17;

/// Whether the RGB kernel's packed lanes hold the sums of weights `y` and `x`: a byte times the
/// units of a sum, plus the half its rounding adds, below 1024 in every 10-bit lane
/// (`wgsl/rgb_lanes.wgsl`). Rounded once after both axes, the units of both multiply; in
/// Pillow's fixed point each axis's sums are rounded to bytes before the next axis takes them.
fn rgb_packs(y: HalvingWeights, x: HalvingWeights, fixed_point: bool) -> bool {
    let units = |w: HalvingWeights| w.units[0] + w.units[1];
    let below_lane = |units: u32, bits: u32| 255 * units + ((1 << bits) >> 1) < 1 << 10;
    if fixed_point {
        below_lane(units(y), y.bits) && below_lane(units(x), x.bits)
    } else {
        below_lane(units(y) * units(x), y.bits + x.bits)
    }
}

impl HalvingWeights {
    /// The two weights of `table` in units of 2^-`bits`, if the kernel reproduces every row:
    /// an input twice the output, no row outside the input, and each row `j` weighing inputs
    /// `2j` and `2j + 1` alone, by the weights of row 0.
    pub(crate) fn fit(table: &AxisWeights, bits: u32) -> Option<Self> {
        Self::fit_rows(table, table.input_len(), bits, |i| i)
    }

    /// [`HalvingWeights::fit`] for OpenCV's padded vertical table (`AxisWeights::opencv_linear`;
    /// ONNX Runtime's integer one, `AxisWeights::onnx_linear`, is alike), each tap at the input
    /// row its padded index reads.
    pub(crate) fn fit_padded(table: &AxisWeights, bits: u32) -> Option<Self> {
        let input = table
            .input_len()
            .checked_sub(2 * crate::weights::OPENCV_PAD)?;
        Self::fit_rows(table, input, bits, |i| {
            crate::weights::padded_input(i as u32, input) as usize
        })
    }

    /// The fit of `table` over `input` inputs, tap index `i` reading input `read(i)`.
    fn fit_rows(
        table: &AxisWeights,
        input: u32,
        bits: u32,
        read: impl Fn(usize) -> usize,
    ) -> Option<Self> {
        let output = table.output_len();
        if output == 0 || input != 2 * output || table.any_outside() || bits > 16 {
            return None;
        }
        let scale = f64::from(1u32 << bits);
        // Row `j` merged, `None` where a weight is no whole number of units.
        let row = |j: usize| unit_taps(table, j, scale, &read).map(merged);
        let mut units = [0u32; 2];
        for (input, unit) in row(0)? {
            if unit > 1 << bits {
                return None;
            }
            *units.get_mut(input as usize)? = unit as u32;
        }
        let fitted = HalvingWeights { units, bits };
        (0..output as usize)
            .all(|j| row(j) == Some(fitted.row(j)))
            .then_some(fitted)
    }

    /// Output `j`'s inputs and weights (in units) as the kernel computes them, zeros left out.
    fn row(&self, j: usize) -> Vec<(u32, u64)> {
        merged([
            (2 * j, self.units[0].into()),
            (2 * j + 1, self.units[1].into()),
        ])
    }
}

/// Turns a one-pass gather launch of `spec` into the exact halving where it serves: NHWC
/// buffers of RGBA u8 summed in integer lanes (`features.integer_weights`, whose bits per axis
/// are `lane_bits`) or of RGBA f16 summed in floats (weights of at most [`FLOAT_MAX_BITS`](super::doubling::FLOAT_MAX_BITS)
/// bits), an input width a multiple of 4 (so that every four pixels are whole 16-byte words);
/// or of RGB u8 in packed lanes ([`rgb_packs`]), an input width a multiple of 8; without
/// colour conversions, in Pillow's fixed point only where [`fixed_point_serves`], both tables
/// fitting [`HalvingWeights::fit`], and a grid within `max_groups`. Otherwise the launch is
/// left as it was.
pub(crate) fn choose(
    launch: &mut Launch,
    spec: &ResizeSpec,
    (y, x): (&AxisWeights, &AxisWeights),
    features: KernelFeatures,
    lane_bits: Option<(u32, u32)>,
    max_groups: u32,
) {
    let element = spec.element();
    if matches!(launch.variant, KernelVariant::Fused { .. })
        || !pixels_fit(spec, x)
        || features.texture_source.is_some()
        || features.texture_target.is_some()
        || !fixed_point_serves(features)
        || features.color.any()
    {
        return;
    }
    // Buffers only (textures returned above).
    let Some((bits_y, bits_x)) = exact_bits(element, false, features, lane_bits, (y, x)) else {
        return;
    };
    let (Some(wy), Some(wx)) = (
        HalvingWeights::fit(y, bits_y),
        HalvingWeights::fit(x, bits_x),
    ) else {
        return;
    };
    set_launch(
        launch,
        spec,
        (y, x),
        (wy, wx),
        features.fixed_point,
        max_groups,
    );
}

/// Turns a one-pass launch of `spec` in OpenCV's or ONNX Runtime's own 8-bit arithmetic into
/// the exact halving of RGBA or RGB u8 NHWC buffers (widths as [`choose`] takes them), where
/// that arithmetic gives the exact sum rounded half up (OpenCV) or truncated (ONNX Runtime's
/// NHWC integers, GATHER_ARITHMETIC 4) at the tables' fewest bits: `INTER_LINEAR_EXACT` and ONNX
/// Runtime sum their products exactly; `INTER_LINEAR` rounds each vertical product (`((row >>
/// 4) * weight) >> 16` of 2^-11 units), which loses nothing where both axes' weights are
/// multiples of 1/2, as `cv2.resize(.., fx=0.5, fy=0.5)`'s are. The horizontal table (folded
/// onto the input, `AxisWeights::for_gathers`) fits [`HalvingWeights::fit`], the padded vertical
/// one [`HalvingWeights::fit_padded`]. H100, 4K -> 1080p gather µs: OpenCV's RGB 24.1-24.3 ->
/// 13.3-13.6, RGBA 27.6-27.7 -> 16.7-16.9, ONNX Runtime's RGBA 26.4-26.5 -> 16.8-17.2
/// (BENCHMARKS.md tuning log item 192).
pub(crate) fn choose_library_arithmetic(
    launch: &mut Launch,
    spec: &ResizeSpec,
    (y, x): (&AxisWeights, &AxisWeights),
    max_groups: u32,
) {
    let most_bits = match spec.gather_arithmetic() {
        Some(GatherArithmetic::OpenCv(OpenCvFixedPoint::Linear)) => 1,
        Some(GatherArithmetic::OpenCv(OpenCvFixedPoint::LinearExact))
        | Some(GatherArithmetic::OnnxLinear(OnnxLinearU8::Integer)) => MAX_WEIGHT_BITS,
        _ => return,
    };
    if spec.element() != ElementType::U8
        || spec.converts_color()
        || matches!(launch.variant, KernelVariant::Fused { .. })
        || !pixels_fit(spec, x)
    {
        return;
    }
    let (Some(bits_y), Some(bits_x)) = (y.dyadic_bits(most_bits), x.dyadic_bits(most_bits)) else {
        return;
    };
    if bits_y + bits_x > MAX_WEIGHT_BITS {
        return;
    }
    let (Some(wy), Some(wx)) = (
        HalvingWeights::fit_padded(y, bits_y),
        HalvingWeights::fit(x, bits_x),
    ) else {
        return;
    };
    set_launch(launch, spec, (y, x), (wy, wx), false, max_groups);
}

/// Whether `spec`'s pixels fall into the kernels' words: NHWC RGBA of an input width `x` a
/// multiple of 4, or RGB u8 of a multiple of 8.
fn pixels_fit(spec: &ResizeSpec, x: &AxisWeights) -> bool {
    spec.layout() == Layout::Nhwc
        && match spec.channels() {
            4 => x.input_len().is_multiple_of(4),
            3 => spec.element() == ElementType::U8 && x.input_len().is_multiple_of(RGB_INPUTS),
            _ => false,
        }
}

/// Sets `launch` to the halving of tables `y` and `x` by their fitted weights `wy` and `wx`, its
/// shape and grid for `spec`'s channels, where RGB's packed lanes hold the sums ([`rgb_packs`],
/// in Pillow's fixed point where `fixed_point`) and the grid fits within `max_groups`.
fn set_launch(
    launch: &mut Launch,
    spec: &ResizeSpec,
    (y, x): (&AxisWeights, &AxisWeights),
    (wy, wx): (HalvingWeights, HalvingWeights),
    fixed_point: bool,
    max_groups: u32,
) {
    let (element, channels) = (spec.element(), spec.channels());
    if channels == 3 && !rgb_packs(wy, wx, fixed_point) {
        return;
    }
    let (y, x) = (y.output_len(), x.output_len());
    // Output pixels an invocation writes of each of its rows: two of RGBA, four of RGB.
    let (shape, outputs) = match channels {
        3 => {
            let outputs = RGB_INPUTS / 2;
            let invocations = u64::from(x / outputs) * u64::from(y) * u64::from(spec.batch());
            let rows = if invocations >= RGB_TWO_ROWS_MIN_INVOCATIONS.into() {
                2
            } else {
                1
            };
            (Vec4Shape { rows, ..RGB_SHAPE }, outputs)
        }
        _ => (SHAPE, 2),
    };
    let grid = (
        (x / outputs).div_ceil(shape.group_x),
        y.div_ceil(shape.group_y * shape.rows),
        spec.batch(),
    );
    if check_grid(grid, max_groups).is_err() {
        return;
    }
    launch.variant = KernelVariant::GatherHalving {
        element,
        channels,
        shape,
        y: wy,
        x: wx,
    };
    launch.workgroups = grid;
    launch.row_stride = 0;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{AreaRule, AxisResample, CoordinateMapping, ElementType, NearestRule};
    use crate::{Filter, Size2};

    fn table(input: u32, output: u32, axis: AxisResample) -> AxisWeights {
        AxisWeights::compute(input, output, &axis)
    }

    fn with(filter: Filter) -> AxisResample {
        AxisResample::default().with_filter(filter)
    }

    /// Half-pixel bilinear, box, two area rules and the nearest rules halve with the same two
    /// weights on every output, edges included, in the fewest bits of their weights and in more.
    #[test]
    fn halvings_fit() {
        let half = [1, 1];
        let cases = [
            (AxisResample::default(), 1, half),
            // Box without antialiasing keeps its support of half an input: one tap.
            (with(Filter::Box), 0, [0, 1]),
            (with(Filter::Area(AreaRule::AdaptiveAverage)), 1, half),
            (with(Filter::Area(AreaRule::Coverage)), 1, half),
            (with(Filter::Nearest(NearestRule::TorchLegacy)), 0, [1, 0]),
            (with(Filter::Nearest(NearestRule::TorchExact)), 0, [0, 1]),
        ];
        for output in [1, 2, 3, 17, 540, 960] {
            for (axis, bits, units) in cases {
                let t = table(2 * output, output, axis);
                assert_eq!(
                    HalvingWeights::fit(&t, bits),
                    Some(HalvingWeights { units, bits }),
                    "{output} {axis:?}"
                );
                let finer = units.map(|u| 4 * u);
                let fitted = HalvingWeights::fit(&t, bits + 2).map(|h| h.units);
                assert_eq!(fitted, Some(finer), "{output} {axis:?}");
            }
        }
    }

    /// What the kernel would get wrong is refused: weights finer than the units, inputs other
    /// than twice the output, aligned corners (whose taps drift), antialiased bilinear and
    /// cubic (four taps), and crops whose rows fall outside the input.
    #[test]
    fn tables_the_kernel_would_get_wrong_are_refused() {
        let bilinear = AxisResample::default();
        assert_eq!(HalvingWeights::fit(&table(40, 20, bilinear), 0), None);
        assert_eq!(HalvingWeights::fit(&table(41, 20, bilinear), 4), None);
        assert_eq!(HalvingWeights::fit(&table(39, 20, bilinear), 4), None);
        let corners = bilinear.with_mapping(CoordinateMapping::AlignCorners);
        assert_eq!(HalvingWeights::fit(&table(40, 20, corners), 16), None);
        let antialiased = bilinear.with_antialias(true);
        assert_eq!(HalvingWeights::fit(&table(40, 20, antialiased), 16), None);
        let cubic = with(Filter::Cubic { a: -0.75 });
        assert_eq!(HalvingWeights::fit(&table(40, 20, cubic), 16), None);
        let crop = bilinear.with_mapping(CoordinateMapping::TfCropAndResize {
            start: -0.5,
            end: 1.5,
        });
        let t = table(42, 21, crop);
        assert!(t.any_outside());
        assert_eq!(HalvingWeights::fit(&t, 16), None);
    }

    /// OpenCV's INTER_LINEAR and INTER_LINEAR_EXACT and ONNX Runtime's NHWC integer halvings of
    /// RGBA and RGB (widths a multiple of 8) take the kernel, its vertical table the padded one;
    /// not ONNX Runtime's NCHW f32 steps, INTER_LANCZOS4, shrinks other than by 2, RGB widths
    /// off the 8, nor f32 elements.
    #[test]
    fn library_arithmetic_halvings() {
        use crate::presets::{self, OnnxMode, OnnxResize, OpenCvInterpolation};
        use crate::spec::Layout::Nchw;
        let try_spec = |builder: crate::spec::ResizeSpecBuilder, channels, element| {
            let spec = builder.channels(channels).element(element).build().unwrap();
            // The planner's tables: the horizontal one folded onto the input.
            let (y, x) = AxisWeights::for_gathers(&spec);
            let mut launch = Launch {
                variant: KernelVariant::Gather {
                    src: element,
                    dst: element,
                },
                workgroups: (1, 1, 1),
                row_stride: 7,
            };
            choose_library_arithmetic(&mut launch, &spec, (&y, &x), 65535);
            match launch.variant {
                KernelVariant::GatherHalving { shape, y, x, .. } => {
                    Some((shape.rows, y.units, x.units, launch.workgroups))
                }
                _ => None,
            }
        };
        let (uhd, hd, u8s) = (
            Size2::new(2160, 3840),
            Size2::new(1080, 1920),
            ElementType::U8,
        );
        let opencv = |input, output, interpolation| presets::opencv(input, output, interpolation);
        let onnx = OnnxResize {
            mode: OnnxMode::Linear,
            ..OnnxResize::default()
        };
        let halves = Some((1, [1, 1], [1, 1], (4, 1080, 1)));
        for interpolation in [
            OpenCvInterpolation::Linear,
            OpenCvInterpolation::LinearExact,
        ] {
            assert_eq!(try_spec(opencv(uhd, hd, interpolation), 4, u8s), halves);
            // RGB: four outputs an invocation (480 fours in 8 workgroups of 64), two rows from
            // 2^17 invocations.
            assert_eq!(
                try_spec(opencv(uhd, hd, interpolation), 3, u8s),
                Some((2, [1, 1], [1, 1], (8, 135, 1)))
            );
        }
        assert_eq!(
            try_spec(presets::onnx(uhd, hd, &onnx).unwrap(), 4, u8s),
            halves
        );
        let nchw = presets::onnx(uhd, hd, &onnx).unwrap().layout(Nchw);
        assert_eq!(try_spec(nchw, 4, u8s), None);
        let lanczos = OpenCvInterpolation::Lanczos4;
        assert_eq!(try_spec(opencv(uhd, hd, lanczos), 4, u8s), None);
        let linear = OpenCvInterpolation::Linear;
        assert_eq!(
            try_spec(opencv(uhd, Size2::new(1440, 2560), linear), 4, u8s),
            None
        );
        // RGB widths a multiple of 8 and not of 16 alike (239 fours in 4 workgroups of 64,
        // 129,060 invocations: one row), not those of 4 alone.
        let eights = Size2::new(1080, 1912);
        assert_eq!(
            try_spec(opencv(eights, Size2::new(540, 956), linear), 3, u8s),
            Some((1, [1, 1], [1, 1], (4, 135, 1)))
        );
        let fours = Size2::new(1080, 1916);
        assert_eq!(
            try_spec(opencv(fours, Size2::new(540, 958), linear), 3, u8s),
            None
        );
        assert_eq!(try_spec(opencv(uhd, hd, linear), 4, ElementType::F32), None);
    }

    /// The RGB kernel's packed lanes take a byte times at most 4 units (1020) plus the
    /// rounding's half below 1024: halves of one bit an axis rounded once, or of two bits an axis
    /// in the fixed point; not halves of two bits an axis rounded once (16 units), nor weights
    /// whose rounding's half alone passes the lane.
    #[test]
    fn rgb_lanes_hold_the_sums() {
        let halves = |bits: u32| HalvingWeights {
            units: [1 << (bits - 1), 1 << (bits - 1)],
            bits,
        };
        assert!(rgb_packs(halves(1), halves(1), false));
        assert!(rgb_packs(halves(1), halves(1), true));
        assert!(rgb_packs(halves(2), halves(2), true));
        assert!(!rgb_packs(halves(2), halves(1), false));
        assert!(!rgb_packs(halves(3), halves(1), true));
        let nearest = HalvingWeights {
            units: [0, 1],
            bits: 0,
        };
        assert!(rgb_packs(nearest, halves(1), false));
        // Two units of 2^-3 (a quarter, as no table here sums): 255 * 4 + 32 passes 1023.
        let quarter = HalvingWeights {
            units: [1, 1],
            bits: 3,
        };
        assert!(!rgb_packs(quarter, quarter, false));
        assert!(rgb_packs(quarter, quarter, true));
    }

    /// A table whose row 0 gives the weights is still refused where any other row differs by
    /// one input or one unit of weight.
    #[test]
    fn every_row_is_checked() {
        let bilinear = table(40, 20, AxisResample::default());
        assert!(HalvingWeights::fit(&bilinear, 1).is_some());
        let changes: [(usize, u32, [f64; 2]); 3] = [
            // The last output one input to the left.
            (19, 37, [0.5, 0.5]),
            // Inside: one unit of 2^-3 moved between the taps.
            (7, 14, [0.375, 0.625]),
            // Inside: weights of the right inputs in the wrong order.
            (11, 22, [1.0, 0.0]),
        ];
        for (row, start, weights) in changes {
            let mut changed = bilinear.clone();
            changed.set_row(row, start, &weights);
            assert_eq!(HalvingWeights::fit(&changed, 1), None, "row {row}");
            assert_eq!(HalvingWeights::fit(&changed, 4), None, "row {row}");
        }
    }

    /// The halving takes RGBA NHWC u8 in integer lanes or Pillow's fixed point and f16 in floats
    /// whose input width is a multiple of 4, and leaves f32, u8 without either, Pillow's
    /// vertical-first order and reduction, other layouts and channel counts, other widths, other
    /// ratios and grids over the device's limit to the kernels they had.
    #[test]
    fn halving_where_it_serves() {
        use crate::spec::Layout::{Nchw, Nhwc};
        use crate::spec::ResizeSpec;
        let lanes = KernelFeatures {
            integer_weights: Some(2),
            ..KernelFeatures::default()
        };
        let floats = KernelFeatures::default();
        let try_spec = |input: Size2,
                        output,
                        layout,
                        channels,
                        element,
                        features: KernelFeatures,
                        max_groups| {
            let spec = ResizeSpec::builder(input, output)
                .channels(channels)
                .layout(layout)
                .element(element)
                .batch(2)
                .build()
                .unwrap();
            let (y, x) = AxisWeights::for_spec(&spec);
            let mut launch = Launch {
                variant: KernelVariant::Gather {
                    src: element,
                    dst: element,
                },
                workgroups: (1, 1, 1),
                row_stride: 7,
            };
            let lane_bits = features.integer_weights.map(|_| (1, 1));
            choose(
                &mut launch,
                &spec,
                (&y, &x),
                features,
                lane_bits,
                max_groups,
            );
            match launch.variant {
                KernelVariant::GatherHalving { shape, y, x, .. } => Some((
                    shape.rows,
                    y.units,
                    x.units,
                    launch.workgroups,
                    launch.row_stride,
                )),
                _ => None,
            }
        };
        let (u8s, hd) = (ElementType::U8, Size2::new(1080, 1920));
        // 480 pairs of outputs in 2 workgroups of 256, 540 rows, 2 images.
        assert_eq!(
            try_spec(hd, Size2::new(540, 960), Nhwc, 4, u8s, lanes, 65535),
            Some((1, [1, 1], [1, 1], (2, 540, 2), 0))
        );
        assert_eq!(
            try_spec(hd, Size2::new(540, 960), Nhwc, 4, u8s, lanes, 512),
            None
        );
        assert_eq!(
            try_spec(hd, Size2::new(540, 960), Nhwc, 4, u8s, floats, 65535),
            None
        );
        // Pillow's fixed point (halves: each axis's own bit), not in its vertical-first order
        // nor after its reduction.
        let fixed = KernelFeatures {
            fixed_point: true,
            ..floats
        };
        assert_eq!(
            try_spec(hd, Size2::new(540, 960), Nhwc, 4, u8s, fixed, 65535),
            Some((1, [1, 1], [1, 1], (2, 540, 2), 0))
        );
        for not_served in [
            KernelFeatures {
                fixed_y_first: true,
                ..fixed
            },
            KernelFeatures {
                pillow_reduce: true,
                ..fixed
            },
        ] {
            assert_eq!(
                try_spec(hd, Size2::new(540, 960), Nhwc, 4, u8s, not_served, 65535),
                None
            );
        }
        // f16 in floats, not in lanes; f32 not at all.
        assert_eq!(
            try_spec(
                hd,
                Size2::new(540, 960),
                Nhwc,
                4,
                ElementType::F16,
                floats,
                65535
            ),
            Some((1, [1, 1], [1, 1], (2, 540, 2), 0))
        );
        for (element, features) in [(ElementType::F16, lanes), (ElementType::F32, floats)] {
            assert_eq!(
                try_spec(hd, Size2::new(540, 960), Nhwc, 4, element, features, 65535),
                None
            );
        }
        assert_eq!(
            try_spec(hd, Size2::new(540, 960), Nchw, 4, u8s, lanes, 65535),
            None
        );
        // RGB u8 in packed lanes, by four outputs an invocation in workgroups of 64 x 4 (240
        // fours in 4 workgroups, 540 rows in 135), rows rounded once or in the fixed point; not
        // f16, not an input width other than a multiple of 8. 1080p -> 540p in two images: 240
        // x 540 x 2 = 259,200 invocations of one row, so two rows.
        for features in [lanes, fixed] {
            assert_eq!(
                try_spec(hd, Size2::new(540, 960), Nhwc, 3, u8s, features, 65535),
                Some((2, [1, 1], [1, 1], (4, 68, 2), 0))
            );
        }
        // 4K -> 1080p in two images (480 fours in 8 workgroups, 1080 rows in 135 of 4 x 2).
        let uhd = Size2::new(2160, 3840);
        assert_eq!(
            try_spec(uhd, hd, Nhwc, 3, u8s, fixed, 65535),
            Some((2, [1, 1], [1, 1], (8, 135, 2), 0))
        );
        // Input widths a multiple of 8 and not of 16 alike: a portrait 1080p frame in two
        // rows (135 fours of outputs x 960 rows x 2 images of one row; 3 workgroups of 64, 960
        // rows in 120 of 4 x 2) ...
        let portrait = Size2::new(1920, 1080);
        assert_eq!(
            try_spec(portrait, Size2::new(960, 540), Nhwc, 3, u8s, fixed, 65535),
            Some((2, [1, 1], [1, 1], (3, 120, 2), 0))
        );
        // ... and 640 x 360 in one (45 x 320 x 2).
        assert_eq!(
            try_spec(
                Size2::new(640, 360),
                Size2::new(320, 180),
                Nhwc,
                3,
                u8s,
                lanes,
                65535
            ),
            Some((1, [1, 1], [1, 1], (1, 80, 2), 0))
        );
        let f16s = ElementType::F16;
        assert_eq!(
            try_spec(hd, Size2::new(540, 960), Nhwc, 3, f16s, floats, 65535),
            None
        );
        let fours = Size2::new(1080, 1916);
        assert_eq!(
            try_spec(fours, Size2::new(540, 958), Nhwc, 3, u8s, lanes, 65535),
            None
        );
        assert_eq!(
            try_spec(hd, Size2::new(540, 960), Nhwc, 2, u8s, lanes, 65535),
            None
        );
        // An odd output width: its input is not whole fours of pixels.
        let odd = Size2::new(1080, 1918);
        assert_eq!(
            try_spec(odd, Size2::new(540, 959), Nhwc, 4, u8s, lanes, 65535),
            None
        );
        assert_eq!(
            try_spec(hd, Size2::new(540, 480), Nhwc, 4, u8s, lanes, 65535),
            None
        );
    }
}
