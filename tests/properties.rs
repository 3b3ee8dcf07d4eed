//! Properties over generated specs (proptest), so that the combinations no hand-written case
//! names are tried too, and a failure shrinks to a small spec:
//! - any builder input gives a spec or a typed error, and a spec always has band tables and a
//!   reference result, in bounded time;
//! - band tables stay inside the input, hold finite weights and sum to one;
//! - the CPU reference keeps constants, is linear, and is the identity at equal sizes;
//! - every GPU path matches the CPU reference on generated small specs, into poisoned outputs;
//! - no path and no crop batch loads from a neighbouring image or channel (infinities there).
//!
//! `PROPTEST_CASES` sets how many cases each property runs (the defaults below keep the suite
//! quick on a software rasteriser). Each run draws new cases; a failure prints the smallest
//! spec it shrank to, and `PROPTEST_RNG_SEED` replays a run.

mod common;

use common::strategies::{axis, crop_box, crop_mapping, filter, nearest_rule};
use common::{gpu, run_crops, run_in_slices};
use half::f16;
use proptest::prelude::*;
use wgpu_resize::{
    AreaRule, AxisResample, AxisWeights, Border, CoordinateArithmetic, CoordinateMapping, CropBox,
    ElementType, Filter, Layout, Padding, Path, ResizeSpec, ResizeSpecBuilder, RoundingOrder,
    Size2, compare, crop, reference,
};

/// Cases for the CPU properties, unless `PROPTEST_CASES` says otherwise.
const CPU_CASES: u32 = 256;
/// Cases for the GPU property: each compiles pipelines, slow on a software rasteriser.
const GPU_CASES: u32 = 64;

/// A spec builder of small sizes (1 to `max` a side), any rule on each axis, in f32, NHWC or
/// NCHW, 1 to 5 channels, 1 to 3 images, one in four padded by bands of up to 3 pixels; it
/// builds unless the pair of rules is refused.
fn small_builder(max: u32) -> impl Strategy<Value = ResizeSpecBuilder> {
    builder_of(max, axis)
}

/// As [`small_builder`], with one axis in ten given wild numbers (`wild_axis`): a scale of
/// 1e-300, a crop 1e300 long, which the spec may accept.
fn small_builder_with_wild_axes(max: u32) -> impl Strategy<Value = ResizeSpecBuilder> {
    builder_of(max, |len, out| {
        prop_oneof![9 => axis(len, out), 1 => wild_axis()].boxed()
    })
}

fn builder_of<S: Strategy<Value = AxisResample> + 'static>(
    max: u32,
    axis: impl Fn(u32, u32) -> S + Copy + 'static,
) -> impl Strategy<Value = ResizeSpecBuilder> {
    (1..=max, 1..=max, 1..=max, 1..=max)
        .prop_flat_map(move |(ih, iw, oh, ow)| {
            (
                Just((Size2::new(ih, iw), Size2::new(oh, ow))),
                axis(ih, oh),
                axis(iw, ow),
                1u32..=3,
                1u32..=5,
                prop_oneof![Just(Layout::Nhwc), Just(Layout::Nchw)],
                prop_oneof![
                    3 => Just(Padding::NONE),
                    1 => [0u32..=3, 0u32..=3, 0u32..=3, 0u32..=3]
                        .prop_map(|[t, l, b, r]| Padding::new(t, l, b, r)),
                ],
                fill(),
            )
        })
        .prop_map(
            |((input, output), y, x, batch, channels, layout, padding, fill)| {
                fill.on(
                    ResizeSpec::builder(input, output)
                        .y_axis(y)
                        .x_axis(x)
                        .batch(batch)
                        .channels(channels)
                        .layout(layout)
                        .padding(padding),
                    channels,
                )
            },
        )
}

/// The value of outputs outside the input: one in every channel, or (half the time, where the
/// spec has at most four channels) a colour of one per channel.
#[derive(Clone, Copy, Debug)]
struct Fill {
    values: [f32; 4],
    per_channel: bool,
}

impl Fill {
    fn on(self, builder: ResizeSpecBuilder, channels: u32) -> ResizeSpecBuilder {
        if self.per_channel && channels <= 4 {
            builder.extrapolation_values(&self.values[..channels as usize])
        } else {
            builder.extrapolation_value(self.values[0])
        }
    }
}

fn fill() -> impl Strategy<Value = Fill> {
    (prop::array::uniform4(-2.0f32..2.0), any::<bool>()).prop_map(|(values, per_channel)| Fill {
        values,
        per_channel,
    })
}

/// Any `f64` at all: NaN, infinities, zero, the extremes, and ordinary values.
fn wild_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(0.0),
        Just(f64::MAX),
        Just(f64::MIN_POSITIVE),
        Just(1e-300),
        Just(1e300),
        Just(100.0),
        Just(-100.0),
        any::<f64>(),
        -4.0f64..4.0,
    ]
}

/// Any `u32`, with the edges of the spec's limits and small values likelier than chance.
fn wild_u32() -> impl Strategy<Value = u32> {
    prop_oneof![
        Just(0u32),
        1u32..8,
        1u32..64,
        Just(wgpu_resize::spec::MAX_DIMENSION),
        Just(wgpu_resize::spec::MAX_DIMENSION + 1),
        Just(u32::MAX),
        any::<u32>(),
    ]
}

/// An axis rule with any value in every number it holds.
fn wild_axis() -> impl Strategy<Value = AxisResample> {
    let filter = prop_oneof![
        nearest_rule().prop_map(Filter::Nearest),
        Just(Filter::Linear),
        wild_f64().prop_map(|a| Filter::Cubic { a }),
        Just(Filter::Box),
        Just(Filter::Hamming),
        wild_u32().prop_map(|lobes| Filter::Lanczos { lobes }),
        Just(Filter::MagicKernelSharp2013),
        Just(Filter::MagicKernelSharp2021),
        Just(Filter::Area(AreaRule::AdaptiveAverage)),
        Just(Filter::Area(AreaRule::Coverage)),
        Just(Filter::Area(AreaRule::OpenCvUpscale)),
    ];
    let mapping = prop_oneof![
        Just(CoordinateMapping::HalfPixel),
        Just(CoordinateMapping::AlignCorners),
        Just(CoordinateMapping::Asymmetric),
        (wild_f64(), wild_f64())
            .prop_map(|(start, end)| CoordinateMapping::TfCropAndResize { start, end }),
        (wild_f64(), wild_f64()).prop_map(|(start, end)| CoordinateMapping::Region { start, end }),
    ];
    (
        filter,
        mapping,
        any::<bool>(),
        any::<bool>(),
        prop::option::of(wild_f64()),
    )
        .prop_map(|(filter, mapping, antialias, clamp, scale)| {
            AxisResample::default()
                .with_filter(filter)
                .with_mapping(mapping)
                .with_antialias(antialias)
                .with_border(if clamp {
                    Border::Clamp
                } else {
                    Border::Renormalize
                })
                .with_scale(scale)
        })
}

/// Asserts what every band table promises its consumers (`AxisWeights`'s documentation):
/// each row's band inside the input, finite weights, and rows that do not take the
/// extrapolation value summing to one (`tolerance`: OpenCV's area weights are stored in f32).
fn assert_table_is_sound(table: &AxisWeights, what: &str, tolerance: f64) {
    assert!(
        table.taps() >= 1 && table.taps() <= table.input_len(),
        "{what}: taps"
    );
    for i in 0..table.output_len() as usize {
        assert!(
            table.start(i) + table.taps() <= table.input_len(),
            "{what}: row {i} starts at {} with {} taps in {} inputs",
            table.start(i),
            table.taps(),
            table.input_len()
        );
        let row = table.row(i);
        assert!(row.iter().all(|w| w.is_finite()), "{what}: row {i} {row:?}");
        if !table.is_outside(i) {
            let sum: f64 = row.iter().sum();
            assert!(
                (sum - 1.0).abs() <= tolerance,
                "{what}: row {i} sums to {sum}: {row:?}"
            );
        }
    }
}

/// The largest difference between `got` and `want`, relative to `want` where its magnitude
/// exceeds 1 (premultiplied alpha divides by small alphas, and f32 keeps relative precision);
/// infinite where `got` holds a NaN (an unwritten, poisoned element) and `want` does not.
fn worst_error<T: Copy + Into<f64>>(got: &[T], want: &[T]) -> f64 {
    assert_eq!(got.len(), want.len());
    got.iter()
        .zip(want)
        .map(|(&g, &w)| {
            let (g, w): (f64, f64) = (g.into(), w.into());
            let error = (g - w).abs() / w.abs().max(1.0);
            if error.is_nan() { f64::INFINITY } else { error }
        })
        .fold(0.0, f64::max)
}

/// Values in `-1..1` from a seed, as f32.
fn values(seed: u64, len: usize) -> Vec<f32> {
    common::Rng::new(seed).f32s(len)
}

proptest! {
    #![proptest_config(common::proptest_config(CPU_CASES))]

    /// Whatever numbers a caller puts in, `build` gives a spec or a typed error that says what
    /// was wrong, never a panic.
    #[test]
    fn any_numbers_give_a_spec_or_a_typed_error(
        sizes in (wild_u32(), wild_u32(), wild_u32(), wild_u32()),
        batch in wild_u32(),
        channels in wild_u32(),
        y in wild_axis(),
        x in wild_axis(),
        extrapolation in prop_oneof![Just(f32::NAN), Just(f32::INFINITY), any::<f32>()],
        colour_values in prop::collection::vec(
            prop_oneof![Just(f32::NAN), any::<f32>(), -1.0f32..1.0],
            0..7,
        ),
        nchw in any::<bool>(),
        colour in 0u32..3,
        bands in (wild_u32(), wild_u32(), wild_u32(), wild_u32()),
    ) {
        let (ih, iw, oh, ow) = sizes;
        let builder = ResizeSpec::builder(Size2::new(ih, iw), Size2::new(oh, ow));
        // One value in every channel, or (where any are drawn) one per channel, as many as drawn.
        let builder = if colour_values.is_empty() {
            builder.extrapolation_value(extrapolation)
        } else {
            builder.extrapolation_values(&colour_values)
        };
        let built = builder
            .batch(batch)
            .channels(channels)
            .layout(if nchw { Layout::Nchw } else { Layout::Nhwc })
            .y_axis(y)
            .x_axis(x)
            .linear_light(colour == 1)
            .premultiplied_alpha(colour == 2)
            .padding(Padding::new(bands.0, bands.1, bands.2, bands.3))
            .build();
        match built {
            Ok(spec) => prop_assert!(
                spec.input_bytes() > 0 && spec.output_bytes() > 0,
                "{:?}", spec
            ),
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
    }

    /// Any rule a spec accepts, however wild its numbers (a scale of 1e-300, a crop region
    /// 1e300 pixels long, a cubic coefficient at its limit), gives band tables inside the input
    /// with finite weights, and a finite reference result, in bounded time: an antialiased
    /// band widens with the ratio and its taps are visited one by one.
    #[test]
    fn any_accepted_rule_gives_sound_tables_in_bounded_time(
        sizes in (1u32..=40, 1u32..=40, 1u32..=40, 1u32..=40),
        y in wild_axis(),
        x in wild_axis(),
        eight_bits in 0u32..3,
    ) {
        let (ih, iw, oh, ow) = sizes;
        // Now and then on u8 in ONNX Runtime's fixed point (its f32 coordinates on both axes)
        // or PyTorch's, whose tables the library computes in their own ways.
        let (y, x) = match eight_bits {
            1 => (
                AxisResample { arithmetic: CoordinateArithmetic::F32, ..y },
                AxisResample { arithmetic: CoordinateArithmetic::F32, ..x },
            ),
            _ => (y, x),
        };
        let Ok(spec) = ResizeSpec::builder(Size2::new(ih, iw), Size2::new(oh, ow))
            .y_axis(y)
            .x_axis(x)
            .element(if eight_bits == 0 { ElementType::F32 } else { ElementType::U8 })
            .onnx_fixed_point(eight_bits == 1)
            .torch_fixed_point(eight_bits == 2)
            .build()
        else {
            return Ok(());
        };
        if eight_bits != 0 {
            let (ty, tx) = AxisWeights::for_spec(&spec);
            for (table, what) in [(&ty, "y"), (&tx, "x")] {
                for i in 0..table.output_len() as usize {
                    let inside = table.start(i) + table.taps() <= table.input_len();
                    prop_assert!(inside, "{} row {}", what, i);
                }
            }
            let bytes: Vec<u8> = (0..spec.input_len()).map(|i| (i * 37 % 256) as u8).collect();
            prop_assert_eq!(reference::resize(&spec, &bytes).unwrap().len(), spec.output_len());
            return Ok(());
        }
        let (ty, tx) = AxisWeights::for_spec(&spec);
        // Wild rules may weigh far from one (a cubic of a = 100); what must hold is the band
        // inside the input and finite weights.
        for (table, what) in [(&ty, "y"), (&tx, "x")] {
            for i in 0..table.output_len() as usize {
                prop_assert!(table.start(i) + table.taps() <= table.input_len(), "{} row {}", what, i);
                prop_assert!(table.row(i).iter().all(|w| w.is_finite()), "{} row {}: {:?}", what, i, table.row(i));
            }
        }
        let output = reference::resize(&spec, &values(1, spec.input_len())).unwrap();
        prop_assert!(output.iter().all(|v| v.is_finite()), "{:?}", output);
    }

    /// ONNX Runtime's uint8 tables (`AxisWeights::onnx_u8`) of any antialiased linear or cubic
    /// rule, however wild its mapping or stated scale, with any coefficient a spec accepts, on
    /// small axes: bands inside the input and finite weights, in bounded time, never a panic.
    #[test]
    fn onnx_u8_tables_of_any_rule_are_sound(
        (len, out) in (1u32..=60, 1u32..=60),
        axis in wild_axis(),
        // Coefficients the spec accepts (finite, at most MAX_CUBIC_COEFFICIENT in magnitude).
        cubic in prop_oneof![
            Just(None),
            Just(Some(-0.75)),
            Just(Some(-0.5)),
            (-100.0..=100.0f64).prop_map(Some),
        ],
    ) {
        let rule = AxisResample {
            filter: cubic.map_or(Filter::Linear, |a| Filter::Cubic { a }),
            antialias: true,
            arithmetic: CoordinateArithmetic::F32,
            ..axis
        };
        let table = AxisWeights::onnx_u8(len, out, &rule);
        prop_assert_eq!(table.output_len(), out);
        for i in 0..out as usize {
            prop_assert!(table.start(i) + table.taps() <= len, "row {} of {:?}", i, rule);
            prop_assert!(table.row(i).iter().all(|w| w.is_finite()), "row {} of {:?}", i, rule);
        }
    }

    /// Band tables of any rule on small axes: inside the input, finite, rows summing to one.
    #[test]
    fn band_tables_are_sound(
        (len, out, rule) in (1u32..=80, 1u32..=80)
            .prop_flat_map(|(len, out)| (Just(len), Just(out), axis(len, out))),
    ) {
        let table = AxisWeights::compute(len, out, &rule);
        prop_assert_eq!(table.output_len(), out);
        let tolerance = match rule.filter {
            Filter::Area(AreaRule::Coverage) => 1e-6,
            _ => 1e-9,
        };
        assert_table_is_sound(&table, &format!("{len} -> {out} {rule:?}"), tolerance);
    }

    /// A constant image stays that constant wherever an output samples the input; outputs
    /// mapped outside it take the extrapolation value.
    #[test]
    fn the_reference_keeps_a_constant_image_constant(
        builder in small_builder(24),
        constant in -1000.0f32..1000.0,
        extrapolation in -5.0f32..5.0,
    ) {
        let Ok(spec) = builder.extrapolation_value(extrapolation).build() else {
            return Ok(());
        };
        let output = reference::resize(&spec, &vec![constant; spec.input_len()]).unwrap();
        let (ty, tx) = AxisWeights::for_spec(&spec);
        let [_, oh, ow, c] = [spec.batch(), spec.output().height, spec.output().width, spec.channels()];
        for (k, &v) in output.iter().enumerate() {
            let (yy, xx) = match spec.layout() {
                Layout::Nhwc => ((k as u32 / c / ow) % oh, (k as u32 / c) % ow),
                _ => ((k as u32 / ow) % oh, k as u32 % ow),
            };
            let outside = ty.is_outside(yy as usize) || tx.is_outside(xx as usize);
            let want = if outside { extrapolation } else { constant };
            prop_assert!(
                (v - want).abs() <= 1e-5 * want.abs().max(1.0),
                "element {} (row {}, column {}): {} against {}", k, yy, xx, v, want
            );
        }
    }

    /// Resizing is linear: `resize(a·u + v) = a·resize(u) + resize(v)`, with the extrapolation
    /// value 0 (which is linear too).
    #[test]
    fn the_reference_is_linear(
        builder in small_builder(20),
        a in -3.0f32..3.0,
        seed in any::<u64>(),
    ) {
        let Ok(spec) = builder.extrapolation_value(0.0).build() else { return Ok(()) };
        let u = values(seed, spec.input_len());
        let v = values(seed ^ 0x9e37, spec.input_len());
        let mixed: Vec<f32> = u.iter().zip(&v).map(|(u, v)| a * u + v).collect();
        let (ru, rv) = (reference::resize(&spec, &u).unwrap(), reference::resize(&spec, &v).unwrap());
        let combined: Vec<f32> = ru.iter().zip(&rv).map(|(u, v)| a * u + v).collect();
        let report = compare(&reference::resize(&spec, &mixed).unwrap(), &combined);
        // Each side rounds to f32 once per output; band weights sum to about 1 in magnitude
        // times the filter's overshoot.
        prop_assert!(report.within(2e-5), "{}", report);
    }

    /// At equal sizes every interpolating filter and nearest rule is the identity, bit for bit,
    /// whatever the mapping that keeps pixel centres in place.
    #[test]
    fn equal_sizes_are_the_identity(
        (h, w) in (1u32..=24, 1u32..=24),
        filter in prop_oneof![
            Just(Filter::Linear),
            (-1.5f64..0.5).prop_map(|a| Filter::Cubic { a }),
            Just(Filter::Box),
            Just(Filter::Hamming),
            (1u32..=8).prop_map(|lobes| Filter::Lanczos { lobes }),
            nearest_rule().prop_map(Filter::Nearest),
            Just(Filter::Area(AreaRule::AdaptiveAverage)),
            Just(Filter::Area(AreaRule::Coverage)),
        ],
        mapping in prop_oneof![
            Just(CoordinateMapping::HalfPixel),
            Just(CoordinateMapping::PytorchHalfPixel),
            Just(CoordinateMapping::AlignCorners),
            Just(CoordinateMapping::Asymmetric),
        ],
        antialias in any::<bool>(),
        renormalize in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let size = Size2::new(h, w);
        // (The area rules take the half-pixel mapping or a crop region only.)
        let mapping = match filter {
            Filter::Area(_) => CoordinateMapping::HalfPixel,
            _ => mapping,
        };
        let spec = ResizeSpec::builder(size, size)
            .both_axes(
                AxisResample::default()
                    .with_filter(filter)
                    .with_mapping(mapping)
                    .with_antialias(antialias)
                    .with_border(if renormalize { Border::Renormalize } else { Border::Clamp }),
            )
            .channels(3)
            .build()
            .unwrap();
        let input = values(seed, spec.input_len());
        let output = reference::resize(&spec, &input).unwrap();
        prop_assert_eq!(
            output.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            input.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
        );
    }
}

/// Which element type a GPU case runs in, and its tolerance against the reference.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Run {
    F32,
    F16,
    U8,
}

/// The colour conversion around a GPU case's taps (premultiplied alpha where the spec has
/// RGBA pixels; a spec without them is refused and the case passes over).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Colour {
    None,
    LinearLight,
    Premultiplied,
}

proptest! {
    #![proptest_config(common::proptest_config(GPU_CASES))]

    /// Every path that takes a generated spec (any rule on each axis, now and then with wild
    /// numbers the spec accepts, small sizes, 1 to 5 channels, either layout, f32, f16 or u8,
    /// linear light, premultiplied alpha or neither, and u8 rounded between the passes or not,
    /// in each order, in Pillow's two steps where a drawn reducing gap applies)
    /// matches the CPU reference into an output full of poison, so that an element no kernel
    /// writes fails too, with input and output slices at generated offsets inside larger
    /// buffers whose other bytes must stay as they were. A path that does not take the spec
    /// must say so with a typed error.
    #[test]
    fn gpu_paths_match_the_reference(
        builder in small_builder_with_wild_axes(20),
        run in prop_oneof![Just(Run::F32), Just(Run::F16), Just(Run::U8)],
        colour in prop_oneof![6 => Just(Colour::None), 2 => Just(Colour::LinearLight), 2 => Just(Colour::Premultiplied)],
        round_intermediate in any::<bool>(),
        order in prop_oneof![
            Just(RoundingOrder::HorizontalFirst),
            Just(RoundingOrder::Pillow12),
            Just(RoundingOrder::Pillow13),
        ],
        gap in prop_oneof![4 => Just(None), 1 => Just(Some(1.0)), 1 => Just(Some(2.0))],
        offsets in (0u64..3, 0u64..3),
        seed in any::<u64>(),
    ) {
        let Some(gpu) = gpu("generated specs") else { return Ok(()) };
        let alignment = u64::from(gpu.context.device.limits().min_storage_buffer_offset_alignment);
        let offsets = (offsets.0 * alignment, offsets.1 * alignment);
        let element = match run {
            Run::F32 => ElementType::F32,
            Run::F16 => ElementType::F16,
            Run::U8 => ElementType::U8,
        };
        let builder = builder
            .element(element)
            .linear_light(colour == Colour::LinearLight)
            .premultiplied_alpha(colour == Colour::Premultiplied)
            .round_intermediate(round_intermediate && run == Run::U8)
            .rounding_order(order);
        // Pillow's two-step resize where the spec takes a gap (Pillow's axes), else one step.
        let Ok(spec) = builder.reducing_gap(gap).build().or_else(|_| builder.build()) else {
            return Ok(());
        };
        let mut data = values(seed, spec.input_len());
        if colour == Colour::Premultiplied {
            // Alphas of 0.5 to 1 (RGBA NHWC: every fourth value): dividing by an alpha near 0
            // or below it amplifies f32 rounding in both results past any fixed tolerance.
            for alpha in data.iter_mut().skip(3).step_by(4) {
                *alpha = 0.75 + 0.25 * *alpha;
            }
        }
        for path in [Path::Gather, Path::Separable, Path::Fused, Path::Auto] {
            if let Err(why) = gpu.resizer.availability(&spec, path) {
                prop_assert!(path == Path::Fused, "{} refused {:?}: {}", path, spec, why);
                continue;
            }
            let what = format!("{run:?} {path} {spec:?} at offsets {offsets:?}");
            let (worst, report) = match run {
                Run::F32 => {
                    let want = reference::resize(&spec, &data).unwrap();
                    let got = run_in_slices(gpu, &spec, &data, path, offsets, &what);
                    (worst_error(&got, &want), compare(&got, &want))
                }
                Run::F16 => {
                    let halves: Vec<f16> = data.iter().map(|&v| f16::from_f32(v)).collect();
                    let want = reference::resize(&spec, &halves).unwrap();
                    let got = run_in_slices(gpu, &spec, &halves, path, offsets, &what);
                    (worst_error(&got, &want), compare(&got, &want))
                }
                Run::U8 => {
                    let bytes: Vec<u8> = data.iter().map(|&v| ((v + 1.0) * 127.5) as u8).collect();
                    let want = reference::resize(&spec, &bytes).unwrap();
                    let got = run_in_slices(gpu, &spec, &bytes, path, offsets, &what);
                    (worst_error(&got, &want), compare(&got, &want))
                }
            };
            let tolerance = match (run, colour == Colour::LinearLight) {
                (Run::F32, _) => 2e-5,
                (Run::F16, false) => 2e-3,
                (Run::F16, true) => 4e-3,
                (Run::U8, _) => 1.0,
            };
            prop_assert!(worst <= tolerance, "{}: {}", what, report);
        }
    }
}

/// A crop batch: a template of small sizes with any filter, antialiased or not, either border,
/// boxes as fractions or as pixels, and 1 to 6 boxes.
fn crop_batch() -> impl Strategy<Value = (ResizeSpecBuilder, Vec<CropBox>)> {
    (
        1u32..=16,
        1u32..=16,
        1u32..=10,
        1u32..=10,
        1u32..=3,
        any::<bool>(),
    )
        .prop_flat_map(|(ih, iw, oh, ow, images, pixels)| {
            let mapping = crop_mapping(pixels);
            (
                filter(),
                any::<bool>(),
                prop_oneof![Just(Border::Clamp), Just(Border::Renormalize)],
                1u32..=5,
                prop_oneof![Just(Layout::Nhwc), Just(Layout::Nchw)],
                fill(),
                prop::collection::vec(crop_box(images, ih, iw, pixels), 1..=6),
            )
                .prop_map(
                    move |(filter, antialias, border, channels, layout, fill, boxes)| {
                        let axis = AxisResample::default()
                            .with_filter(filter)
                            .with_mapping(mapping)
                            .with_antialias(antialias)
                            .with_border(border);
                        let template = ResizeSpec::builder(Size2::new(ih, iw), Size2::new(oh, ow))
                            .both_axes(axis)
                            .batch(images)
                            .channels(channels)
                            .layout(layout);
                        (fill.on(template, channels), boxes)
                    },
                )
        })
}

proptest! {
    #![proptest_config(common::proptest_config(GPU_CASES))]

    /// A crop batch of generated boxes (flipped, across the edges, far outside) on a generated
    /// template matches the CPU reference box by box into an output full of poison, in f32,
    /// f16 and u8; a template or box the library does not take is a typed error, and the
    /// reference refuses the same.
    #[test]
    fn gpu_crop_batches_match_the_reference(
        (template, boxes) in crop_batch(),
        run in prop_oneof![Just(Run::F32), Just(Run::F16), Just(Run::U8)],
        seed in any::<u64>(),
    ) {
        let Some(gpu) = gpu("generated crop batches") else { return Ok(()) };
        let element = match run {
            Run::F32 => ElementType::F32,
            Run::F16 => ElementType::F16,
            Run::U8 => ElementType::U8,
        };
        let Ok(template) = template.element(element).build() else { return Ok(()) };
        let data = values(seed, template.input_len());
        let Ok(mut batch) = gpu.resizer.crop_batch(&template, boxes.len() as u32) else {
            return Ok(());
        };
        if let Err(error) = gpu.resizer.set_crop_boxes(&mut batch, &boxes) {
            prop_assert!(crop::reference(&template, &boxes, &data).is_err(), "{}", error);
            return Ok(());
        }
        let (worst, report) = match run {
            Run::F32 => {
                let want = crop::reference(&template, &boxes, &data).unwrap();
                let got = run_crops(gpu, &batch, &data);
                (worst_error(&got, &want), compare(&got, &want))
            }
            Run::F16 => {
                let halves: Vec<f16> = data.iter().map(|&v| f16::from_f32(v)).collect();
                let want = crop::reference(&template, &boxes, &halves).unwrap();
                let got = run_crops(gpu, &batch, &halves);
                (worst_error(&got, &want), compare(&got, &want))
            }
            Run::U8 => {
                let bytes: Vec<u8> = data.iter().map(|&v| ((v + 1.0) * 127.5) as u8).collect();
                let want = crop::reference(&template, &boxes, &bytes).unwrap();
                let got = run_crops(gpu, &batch, &bytes);
                (worst_error(&got, &want), compare(&got, &want))
            }
        };
        let tolerance = match run {
            Run::F32 => 2e-5,
            Run::F16 => 2e-3,
            Run::U8 => 1.0,
        };
        prop_assert!(worst <= tolerance, "{:?} {:?} {:?}: {}", run, template, boxes, report);
    }
}

/// Whether element `i` of a tensor of images of `size` under `spec`'s layout and channels lies
/// in an odd image or, with `channels`, an odd channel.
fn in_odd_part(spec: &ResizeSpec, size: Size2, i: usize, channels: bool) -> bool {
    let (c, plane) = (
        spec.channels() as usize,
        (size.height * size.width) as usize,
    );
    let (image, channel) = match spec.layout() {
        Layout::Nchw => (i / (c * plane), (i / plane) % c),
        _ => (i / (c * plane), i % c),
    };
    image % 2 == 1 || (channels && channel % 2 == 1)
}

proptest! {
    #![proptest_config(common::proptest_config(GPU_CASES))]

    /// No path reads outside the image and channel it resizes, not even with a zero weight:
    /// with every odd image (and, but for premultiplied alpha, which mixes channels, every
    /// odd channel) infinite, the even ones still match the CPU reference on every path, in
    /// f32 and f16 (0 x infinity is NaN, so a stray load shows).
    #[test]
    fn no_path_reads_a_neighbouring_image_or_channel(
        builder in small_builder(16),
        images in 2u32..=3,
        half in any::<bool>(),
        colour in prop_oneof![6 => Just(Colour::None), 2 => Just(Colour::LinearLight), 2 => Just(Colour::Premultiplied)],
        seed in any::<u64>(),
    ) {
        let Some(gpu) = gpu("neighbouring images") else { return Ok(()) };
        let element = if half { ElementType::F16 } else { ElementType::F32 };
        let Ok(spec) = builder
            .batch(images)
            .element(element)
            .linear_light(colour == Colour::LinearLight)
            .premultiplied_alpha(colour == Colour::Premultiplied)
            .build()
        else {
            return Ok(());
        };
        let channels = colour != Colour::Premultiplied;
        let mut data = values(seed, spec.input_len());
        if colour == Colour::Premultiplied {
            for alpha in data.iter_mut().skip(3).step_by(4) {
                *alpha = 0.75 + 0.25 * *alpha;
            }
        }
        for (i, v) in data.iter_mut().enumerate() {
            if in_odd_part(&spec, spec.input(), i, channels) {
                *v = f32::INFINITY;
            }
        }
        let kept = |values: Vec<f64>| -> Vec<f64> {
            values
                .into_iter()
                .enumerate()
                .filter(|&(i, _)| !in_odd_part(&spec, spec.output(), i, channels))
                .map(|(_, v)| v)
                .collect()
        };
        for path in [Path::Gather, Path::Separable, Path::Fused, Path::Auto] {
            if gpu.resizer.availability(&spec, path).is_err() {
                continue;
            }
            let what = format!("{element:?} {path} {spec:?}");
            let (got, want) = if half {
                let halves: Vec<f16> = data.iter().map(|&v| f16::from_f32(v)).collect();
                let want = reference::resize(&spec, &halves).unwrap();
                let got = run_in_slices(gpu, &spec, &halves, path, (0, 0), &what);
                (got.iter().map(|&v| v.into()).collect(), want.iter().map(|&v| v.into()).collect())
            } else {
                let want = reference::resize(&spec, &data).unwrap();
                let got = run_in_slices(gpu, &spec, &data, path, (0, 0), &what);
                (got.iter().map(|&v| v.into()).collect(), want.iter().map(|&v| v.into()).collect())
            };
            let (got, want): (Vec<f64>, Vec<f64>) = (kept(got), kept(want));
            prop_assert!(!got.is_empty());
            let worst = worst_error(&got, &want);
            let tolerance = match (half, colour == Colour::LinearLight) {
                (false, _) => 2e-5,
                (true, false) => 2e-3,
                (true, true) => 4e-3,
            };
            prop_assert!(worst <= tolerance, "{}: {}", what, compare(&got, &want));
        }
    }

    /// The same for crop batches: boxes of the even images match the reference with every
    /// odd image (and every odd channel) infinite.
    #[test]
    fn no_crop_reads_a_neighbouring_image_or_channel(
        (template, boxes) in crop_batch(),
        half in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let Some(gpu) = gpu("neighbouring images of crops") else { return Ok(()) };
        let element = if half { ElementType::F16 } else { ElementType::F32 };
        let Ok(template) = template.element(element).build() else { return Ok(()) };
        let Ok(mut batch) = gpu.resizer.crop_batch(&template, boxes.len() as u32) else {
            return Ok(());
        };
        if gpu.resizer.set_crop_boxes(&mut batch, &boxes).is_err() {
            return Ok(());
        }
        let mut data = values(seed, template.input_len());
        for (i, v) in data.iter_mut().enumerate() {
            if in_odd_part(&template, template.input(), i, true) {
                *v = f32::INFINITY;
            }
        }
        // Each box's output is one image of the template's output size: keep the even
        // channels of the boxes of even images.
        let per_box = template.output_len() / template.batch() as usize;
        let one = ResizeSpec::builder(template.input(), template.output())
            .channels(template.channels())
            .layout(template.layout())
            .build()
            .unwrap();
        let kept = |values: Vec<f64>| -> Vec<f64> {
            values
                .into_iter()
                .enumerate()
                .filter(|&(i, _)| {
                    boxes[i / per_box].image % 2 == 0
                        && !in_odd_part(&one, one.output(), i % per_box, true)
                })
                .map(|(_, v)| v)
                .collect()
        };
        let (got, want): (Vec<f64>, Vec<f64>) = if half {
            let halves: Vec<f16> = data.iter().map(|&v| f16::from_f32(v)).collect();
            let want = crop::reference(&template, &boxes, &halves).unwrap();
            let got = run_crops(gpu, &batch, &halves);
            (got.iter().map(|&v| v.into()).collect(), want.iter().map(|&v| v.into()).collect())
        } else {
            let want = crop::reference(&template, &boxes, &data).unwrap();
            let got = run_crops(gpu, &batch, &data);
            (got.iter().map(|&v| v.into()).collect(), want.iter().map(|&v| v.into()).collect())
        };
        let (got, want) = (kept(got), kept(want));
        let worst = worst_error(&got, &want);
        let tolerance = if half { 2e-3 } else { 2e-5 };
        prop_assert!(worst <= tolerance, "{:?} {:?} {:?}: {}", element, template, boxes, compare(&got, &want));
    }
}
