//! Taps that a kernel computes instead of reading from the table.
//!
//! A bilinear or nearest table row is a first input and one or two weights, and for the common
//! coordinate mappings they follow from the output index alone: the source coordinate `a·i + b`
//! (raised to 0), its floor, and its distance past the floor. The vector gather reads them from
//! the table, a load that the band's input loads wait for; `wgsl/gather_computed.wgsl` computes
//! them. On an H200 (the bench's runs before and after, auto µs) that took bilinear 192x320 x4
//! from 9.8 to 9.3, 384x640 x2 from 10.0 to 9.4, 768x1280 x0.5 from 7.8 to 7.6, and nearest
//! 768x1280 x0.25 from 6.2 to 5.6: BENCHMARKS.md tuning log item 85.
//!
//! A formula is only used where it gives every row of the table to the bit:
//! [`TapFormula::fit`] tries the coordinate mappings' ratios and offsets and keeps the first
//! whose rows all equal the table's (first inputs and f32 weights), evaluated as the kernel
//! evaluates them. It also requires `a·i` and `a·i + b` to be exact in f32, so that whether a
//! driver fuses them into one multiply-add changes nothing. So the ratios that are powers of
//! two (x2, x4, x0.5, x0.25) and the short dyadic ones (x1.5 shrinks) fit; ratios such as 2/3
//! or aligned corners' `(in - 1) / (out - 1)` mostly do not, and those tables keep being read.

use super::Launch;
use super::shaders::{ChannelGroup, KernelFeatures, KernelVariant, Workgroup};
use crate::weights::AxisWeights;

/// One axis's bands in the kernel's arithmetic (`computed_band` in
/// `wgsl/gather_computed.wgsl`): output `i`'s source coordinate is `c = max(a·i + b, 0)`, its
/// first input `min(floor(c), last)`, and with two taps the second tap's weight
/// `min(c - first, 1)` and the first's one minus that.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TapFormula {
    pub a: f32,
    pub b: f32,
    pub last: u32,
}

/// Longest axis the formula serves: output indices and coordinates stay exact in f32 (2^24).
const MAX_LEN: u32 = 1 << 24;

/// Most invocations of an enlargement that takes the computed taps: one output row each,
/// where the vector gather runs blocks of rows that share their input rows' sums. H200, gather
/// µs, vector gather / computed taps: 192x320 x4 and 384x640 x2 (983k invocations) 9.7 / 9.1
/// and 9.9 / 9.3; then with the lab form of the kernel, 480x640 x2 (1.23M) 11.1 / 10.7, but
/// 540x960 x2 (2.07M) 15.2 / 16.3, 720x1280 x2 (3.7M) 25.7 / 27.7 and 1080x1920 x2 48.4 / 53
/// (f16 33.2 / 48.7): BENCHMARKS.md tuning log item 85. The bound lies between the last gain
/// and the first loss.
pub(crate) const ENLARGING_MAX_INVOCATIONS: u64 = 3 << 19;

impl TapFormula {
    /// The formula that gives every row of `table` exactly, if there is one: a table of one or
    /// two taps, no row outside the input, and a ratio and offset of the coordinate mappings
    /// (half-pixel centres, aligned corners, corners at 0, nearest's rules) that reproduce its
    /// first inputs and f32 weights.
    pub(crate) fn fit(table: &AxisWeights) -> Option<Self> {
        let (taps, input, output) = (table.taps(), table.input_len(), table.output_len());
        if !(1..=2).contains(&taps)
            || output == 0
            || input.max(output) > MAX_LEN
            || table.any_outside()
        {
            return None;
        }
        let last = input - taps;
        let mut ratios = vec![f64::from(input) / f64::from(output)];
        if input > 1 && output > 1 {
            ratios.push(f64::from(input - 1) / f64::from(output - 1));
        }
        ratios.into_iter().find_map(|ratio| {
            let a = ratio as f32;
            // Half-pixel centres, corners at 0, nearest-exact's half-step, and the offset that
            // the first two-tap row with weight on both taps implies.
            let mut offsets = vec![(a - 1.0) / 2.0, 0.0, a / 2.0];
            if taps == 2 {
                let interior = (0..output as usize).find(|&i| {
                    let row = table.row(i);
                    row[0] != 0.0 && row[1] != 0.0
                });
                if let Some(i) = interior {
                    let coordinate = f64::from(table.start(i)) + table.row(i)[1];
                    offsets.push((coordinate - f64::from(a) * i as f64) as f32);
                }
            }
            offsets
                .into_iter()
                .map(|b| TapFormula { a, b, last })
                .find(|formula| formula.reproduces(table))
        })
    }

    /// Output `i`'s source coordinate as the kernel computes it, or `None` where `a·i` or
    /// `a·i + b` is not exact in f32 (or is a subnormal), so that a fused multiply-add could
    /// round it otherwise.
    fn coordinate(&self, i: u32) -> Option<f32> {
        let (a, b) = (f64::from(self.a), f64::from(self.b));
        // Exact in f64: an index below 2^24 times a 24-bit significand.
        let product = f64::from(i) * a;
        let sum = product + b;
        // Knuth's two-sum: the rounding error of `product + b` in f64.
        let b_part = sum - product;
        let error = (product - (sum - b_part)) + (b - b_part);
        let exact_f32 = |v: f64| (v as f32) as f64 == v && (v == 0.0 || v.abs() >= 1.0e-30);
        if error != 0.0 || !exact_f32(product) || !exact_f32(sum) {
            return None;
        }
        Some((sum as f32).max(0.0))
    }

    /// Output `i`'s first input and its taps' f32 weights, as the kernel computes them.
    fn row(&self, i: u32, taps: u32) -> Option<(u32, [f32; 2])> {
        let coordinate = self.coordinate(i)?;
        let first = (coordinate as u32).min(self.last);
        if taps == 1 {
            return Some((first, [1.0, 0.0]));
        }
        let second = (coordinate - first as f32).min(1.0);
        Some((first, [1.0 - second, second]))
    }

    /// Whether every row of `table` is this formula's, first input and f32 weights (as the
    /// packed table stores them) alike.
    fn reproduces(&self, table: &AxisWeights) -> bool {
        let taps = table.taps();
        (0..table.output_len()).all(|i| {
            let Some((first, weights)) = self.row(i, taps) else {
                return false;
            };
            let row = table.row(i as usize);
            first == table.start(i as usize)
                && row
                    .iter()
                    .zip(weights)
                    .all(|(&stored, computed)| stored as f32 == computed)
        })
    }
}

/// Turns a vector-gather launch into the computed-taps kernel where that serves and pays, and
/// returns the pass's formulas (y, x): four-channel groups summed in floats (not Pillow's fixed
/// point or integer weights, which u8 buffers take wherever their tables allow), buffer or
/// texture ends, both tables fitting a [`TapFormula`], and one output row per invocation
/// already (shrinks) or, without colour conversions, few enough invocations that blocks of
/// rows gain nothing ([`ENLARGING_MAX_INVOCATIONS`]).
pub(crate) fn choose(
    launch: &mut Launch,
    channels: u32,
    (y, x): (&AxisWeights, &AxisWeights),
    features: KernelFeatures,
) -> Option<[TapFormula; 2]> {
    let KernelVariant::GatherVec4 {
        src, dst, shape, ..
    } = launch.variant
    else {
        return None;
    };
    let serves = shape.channels == ChannelGroup::Vector
        && !features.fixed_point
        && features.integer_weights.is_none();
    let invocations =
        u64::from(x.output_len()) * u64::from(y.output_len()) * u64::from(launch.workgroups.2);
    // Blocks of rows convert each input row they load once for all their outputs; with
    // colour conversions that outweighs the table reads (H200, u8 linear light 384x640 x2:
    // 17.7 -> 21.3 µs with computed taps; tuning log item 86).
    let rows_pay = invocations > ENLARGING_MAX_INVOCATIONS || features.color.any();
    if !serves || (shape.rows > 1 && rows_pay) {
        return None;
    }
    let formulas = [TapFormula::fit(y)?, TapFormula::fit(x)?];
    // The vector gather's workgroup, which the texture ends may have shaped
    // (src/gpu/texture_groups.rs).
    let group = Workgroup {
        x: shape.group_x,
        y: shape.group_y,
    };
    launch.variant = KernelVariant::GatherComputed {
        src,
        dst,
        taps_y: y.taps(),
        taps_x: x.taps(),
        groups: channels / 4,
        group,
    };
    launch.workgroups = (
        x.output_len().div_ceil(group.x),
        y.output_len().div_ceil(group.y),
        launch.workgroups.2,
    );
    Some(formulas)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gpu::ColorSteps;
    use crate::gpu::shaders::TextureSource;
    use crate::spec::ElementType;
    use crate::spec::{AxisResample, CoordinateMapping, NearestRule};
    use crate::{Filter, ResizeSpec, Size2};

    fn bilinear(input: u32, output: u32) -> AxisWeights {
        let spec = ResizeSpec::builder(Size2::new(1, input), Size2::new(1, output))
            .build()
            .unwrap();
        AxisWeights::for_spec(&spec).1
    }

    /// Every fitted formula gives its table's rows exactly; the power-of-two ratios and short
    /// dyadic ones of half-pixel bilinear fit, with the half-pixel offset.
    #[test]
    fn half_pixel_bilinear_fits_dyadic_ratios() {
        for (input, output, a, b) in [
            (640, 1280, 0.5, -0.25),
            (320, 1280, 0.25, -0.375),
            (1280, 640, 2.0, 0.5),
            (1280, 320, 4.0, 1.5),
            (1080, 720, 1.5, 0.25),
            (7, 14, 0.5, -0.25),
        ] {
            let table = bilinear(input, output);
            let formula = TapFormula::fit(&table).unwrap();
            assert_eq!((formula.a, formula.b), (a, b), "{input} -> {output}");
            assert_eq!(formula.last, input - 2);
            assert!(formula.reproduces(&table));
        }
    }

    /// Ratios whose coordinates are not exact in f32 (x1.5 enlargement: 2/3) keep their tables,
    /// as do bands of more than two taps and rows outside the input.
    #[test]
    fn inexact_wide_and_outside_tables_do_not_fit() {
        assert_eq!(TapFormula::fit(&bilinear(640, 960)), None);
        assert_eq!(TapFormula::fit(&bilinear(1000, 999)), None);
        let bicubic = ResizeSpec::builder(Size2::new(1, 64), Size2::new(1, 128))
            .filter(Filter::Cubic { a: -0.75 })
            .build()
            .unwrap();
        assert_eq!(TapFormula::fit(&AxisWeights::for_spec(&bicubic).1), None);
        let outside = crate::weights::convention_tests::partly_outside();
        assert_eq!(TapFormula::fit(&outside), None);
    }

    /// Nearest neighbours fit with one tap, under the rules whose starts are `floor(a·i + b)`:
    /// PyTorch's `nearest` (offset 0) and `nearest-exact` (offset a/2), enlarging and shrinking.
    #[test]
    fn nearest_rules_fit_with_one_tap() {
        for rule in [NearestRule::TorchLegacy, NearestRule::TorchExact] {
            for (input, output) in [(320, 1280), (1280, 640), (1280, 320), (5, 10)] {
                let resample = AxisResample {
                    filter: Filter::Nearest(rule),
                    mapping: CoordinateMapping::HalfPixel,
                    ..AxisResample::default()
                };
                let table = AxisWeights::compute(input, output, &resample);
                let formula = TapFormula::fit(&table);
                assert!(formula.is_some(), "{rule:?} {input} -> {output}");
                assert!(formula.unwrap().reproduces(&table));
            }
        }
    }

    /// The launch for a one-pass resize of `spec`, the computed taps' where they serve and pay
    /// (and their formulas exactly then).
    fn chosen(spec: &ResizeSpec, features: KernelFeatures) -> Launch {
        let (y, x) = AxisWeights::for_spec(spec);
        let shape = super::super::params::PassShape {
            src_size: spec.input(),
            dst_size: spec.output(),
            y: (0, y.taps()),
            x: (1, x.taps()),
            fused: None,
            color: super::super::color::PassColor::WHOLE,
        };
        let (e, limits) = (spec.element(), wgpu::Limits::default());
        let mut launch = Launch::choose(spec, &shape, e, e, features, &limits);
        let formulas = choose(&mut launch, spec.channels(), (&y, &x), features);
        let computed = matches!(launch.variant, KernelVariant::GatherComputed { .. });
        assert_eq!(formulas.is_some(), computed, "{spec:?}");
        launch
    }

    /// The computed taps take RGBA (and 8-channel) bilinear and nearest passes of dyadic
    /// ratios summed in floats: every shrink, and enlargements of at most 1.5 · 2^20
    /// invocations without colour conversions, one output row per invocation in 64x4
    /// workgroups; f32, f16, and u8 without integer weights (colour conversions, texture ends),
    /// textures as buffers. Not strided groups, wider bands, ratios that do not fit, Pillow's
    /// fixed point or integer weights.
    #[test]
    fn computed_taps_where_they_serve_and_pay() {
        use crate::presets::{self, PillowFilter};
        use crate::spec::Layout;
        let plain = KernelFeatures::default();
        let spec = |input: (u32, u32), output: (u32, u32), channels, element| {
            ResizeSpec::builder(Size2::new(input.0, input.1), Size2::new(output.0, output.1))
                .channels(channels)
                .batch(2)
                .element(element)
                .build()
                .unwrap()
        };
        let (f32s, f16s, u8s) = (ElementType::F32, ElementType::F16, ElementType::U8);
        let grid = |s: &ResizeSpec, features| {
            let launch = chosen(s, features);
            match launch.variant {
                KernelVariant::GatherComputed {
                    taps_y,
                    taps_x,
                    groups,
                    ..
                } => Some((taps_y, taps_x, groups, launch.workgroups)),
                _ => None,
            }
        };
        // x0.5 of 768x1280, x2 of 384x640 (983k invocations; twice that with the batch of two
        // is too many), an 8-channel x0.25 in f16.
        assert_eq!(
            grid(&spec((768, 1280), (384, 640), 4, f32s), plain),
            Some((2, 2, 1, (10, 96, 2)))
        );
        let single = ResizeSpec::builder(Size2::new(384, 640), Size2::new(768, 1280))
            .channels(4)
            .build()
            .unwrap();
        assert_eq!(grid(&single, plain), Some((2, 2, 1, (20, 192, 1))));
        assert_eq!(grid(&spec((384, 640), (768, 1280), 4, f32s), plain), None);
        assert_eq!(
            grid(&spec((768, 1280), (192, 320), 8, f16s), plain),
            Some((2, 2, 2, (5, 48, 4)))
        );
        let nearest = ResizeSpec::builder(Size2::new(100, 60), Size2::new(50, 120))
            .filter(Filter::Nearest(NearestRule::TorchExact))
            .channels(4)
            .build()
            .unwrap();
        assert_eq!(grid(&nearest, plain), Some((1, 1, 1, (2, 13, 1))));
        // Kept on their kernels.
        let nchw = spec((768, 1280), (384, 640), 4, f32s)
            .to_builder()
            .layout(Layout::Nchw)
            .build()
            .unwrap();
        let bicubic = spec((768, 1280), (384, 640), 4, f32s)
            .to_builder()
            .filter(Filter::Cubic { a: -0.75 })
            .build()
            .unwrap();
        let pillow = presets::pillow(
            Size2::new(768, 1280),
            Size2::new(384, 640),
            PillowFilter::Bilinear,
        )
        .channels(4)
        .element(u8s)
        .build()
        .unwrap();
        let fixed = KernelFeatures::of(&pillow);
        let lanes = KernelFeatures {
            integer_weights: Some(2),
            ..plain
        };
        for (s, features) in [
            (spec((768, 1280), (384, 640), 4, u8s), lanes),
            (spec((768, 1280), (384, 640), 3, f32s), plain),
            (nchw, plain),
            (bicubic, plain),
            (spec((640, 960), (960, 1440), 4, f32s), plain),
            (spec((720, 1280), (1440, 2560), 4, f32s), plain),
            (pillow, fixed),
        ] {
            assert_eq!(grid(&s, features), None, "{s:?}");
        }
        // u8 summed in floats (linear light), and texture ends (sRGB in, storage out).
        let u8_floats = KernelFeatures {
            color: ColorSteps::DECODE_SRGB.with(ColorSteps::ENCODE_SRGB),
            ..plain
        };
        let textures = KernelFeatures {
            texture_source: Some(TextureSource { srgb: true }),
            texture_target: Some(wgpu::TextureFormat::Rgba8Unorm),
            ..plain
        };
        let x0_5 = |element| spec((768, 1280), (384, 640), 4, element);
        assert_eq!(grid(&x0_5(u8s), u8_floats), Some((2, 2, 1, (10, 96, 2))));
        // Enlargements with colour conversions keep their blocks of rows.
        assert_eq!(grid(&single, u8_floats), None);
        let single_u8 = single.to_builder().element(u8s).build().unwrap();
        assert_eq!(grid(&single_u8, u8_floats), None);
        // A texture holds one image.
        let one_image = |element| x0_5(element).to_builder().batch(1).build().unwrap();
        assert_eq!(
            grid(&one_image(u8s), textures),
            Some((2, 2, 1, (10, 96, 1)))
        );
        assert_eq!(
            grid(&one_image(f32s), textures),
            Some((2, 2, 1, (10, 96, 1)))
        );
    }

    /// A formula one ulp off anywhere gives some row otherwise, and is refused: the check
    /// compares first inputs and f32 weights bit for bit. Coordinates that are not exact in f32
    /// are refused too.
    #[test]
    fn a_formula_one_ulp_off_is_refused() {
        let table = bilinear(640, 1280);
        let formula = TapFormula::fit(&table).unwrap();
        for off in [
            TapFormula {
                a: formula.a.next_up(),
                ..formula
            },
            TapFormula {
                b: formula.b.next_down(),
                ..formula
            },
            TapFormula {
                last: formula.last - 1,
                ..formula
            },
        ] {
            assert!(!off.reproduces(&table), "{off:?}");
        }
        let third = TapFormula {
            a: 1.0 / 3.0,
            b: 0.0,
            last: 10,
        };
        assert_eq!(third.coordinate(3), None);
        assert_eq!(third.coordinate(0), Some(0.0));
    }
}
