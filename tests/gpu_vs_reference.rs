//! Every GPU path against the CPU reference on seeded random shapes, into poisoned buffers.

mod common;

use common::{Rng, assert_paths_match_reference, exact_on_every_path, gpu, run_poisoned};
use wgpu_resize::{CoordinateMapping, Layout, Path, ResizeSpec, Size2, compare, reference};

const TOLERANCE: f64 = 1e-5;

fn check_bilinear(seed: u64, n: u32, c: u32, input: Size2, output: Size2, align: bool) {
    let Some(gpu) = gpu("bilinear") else { return };
    for layout in [Layout::Nhwc, Layout::Nchw] {
        let mapping = if align {
            CoordinateMapping::AlignCorners
        } else {
            CoordinateMapping::HalfPixel
        };
        let spec = ResizeSpec::builder(input, output)
            .batch(n)
            .channels(c)
            .layout(layout)
            .mapping(mapping)
            .build()
            .unwrap();
        let data = Rng::new(seed).f32s(spec.input_len());
        let expected = reference::resize(&spec, &data).unwrap();
        for path in [Path::Gather, Path::Separable, Path::Auto] {
            let got = run_poisoned(gpu, &spec, &data, path);
            let report = compare(&got, &expected);
            assert!(
                report.within(TOLERANCE),
                "seed {seed} {spec:?} {path}: {report}"
            );
        }
    }
}

#[test]
fn bilinear_random_shapes_every_path_and_layout() {
    let mut rng = Rng::new(0x5eed);
    for case in 0..24u64 {
        let c = [1, 3, 4, 5, 8][case as usize % 5];
        let n = rng.range(1, 3);
        let input = Size2::new(rng.range(1, 40), rng.range(1, 40));
        // Up, down, identity and mixed, by construction of the output size.
        let output = match case % 4 {
            0 => Size2::new(rng.range(input.height, 64), rng.range(input.width, 64)),
            1 => Size2::new(rng.range(1, input.height), rng.range(1, input.width)),
            2 => input,
            _ => Size2::new(rng.range(input.height, 64), rng.range(1, input.width)),
        };
        check_bilinear(case, n, c, input, output, case % 3 == 0);
    }
}

#[test]
fn one_pixel_dimensions() {
    for (input, output) in [
        (Size2::new(1, 1), Size2::new(5, 7)),
        (Size2::new(9, 1), Size2::new(1, 4)),
        (Size2::new(1, 13), Size2::new(3, 1)),
        (Size2::new(6, 6), Size2::new(1, 1)),
    ] {
        for align in [false, true] {
            check_bilinear(7, 2, 3, input, output, align);
        }
    }
}

/// Every filter, antialiased or not, both borders, crop-and-resize extrapolation (a crop region
/// for the area rules), every element type, on random shapes: GPU against the CPU reference.
#[test]
fn every_filter_random_shapes() {
    use wgpu_resize::{AreaRule, AxisResample, Border, ElementType, Filter, NearestRule};
    let Some(gpu) = gpu("every filter") else {
        return;
    };
    let filters = [
        Filter::Nearest(NearestRule::RoundPreferFloor),
        Filter::Nearest(NearestRule::TorchLegacy),
        Filter::Nearest(NearestRule::PillowAffine),
        Filter::Linear,
        Filter::Cubic { a: -0.75 },
        Filter::Cubic { a: -0.5 },
        Filter::Box,
        Filter::Hamming,
        Filter::Lanczos { lobes: 3 },
        Filter::Lanczos { lobes: 4 },
        Filter::MagicKernelSharp2013,
        Filter::MagicKernelSharp2021,
        Filter::Area(AreaRule::AdaptiveAverage),
        Filter::Area(AreaRule::Coverage),
        Filter::Area(AreaRule::OpenCvUpscale),
    ];
    let mut rng = Rng::new(42);
    for (k, filter) in filters.iter().enumerate() {
        for variant in 0..4u64 {
            let seed = k as u64 * 16 + variant;
            let input = Size2::new(rng.range(1, 48), rng.range(1, 48));
            let output = Size2::new(rng.range(1, 40), rng.range(1, 40));
            let mapping = match (variant, filter) {
                // The area rules average footprints: a crop region (fractional, reaching past
                // the input's start), not a crop-and-resize box of sample points.
                (3, Filter::Area(_)) => CoordinateMapping::Region {
                    start: -1.25,
                    end: 9.5,
                },
                (3, _) => CoordinateMapping::TfCropAndResize {
                    start: -0.2,
                    end: 0.9,
                },
                _ => CoordinateMapping::HalfPixel,
            };
            let axis = AxisResample::default()
                .with_filter(*filter)
                .with_mapping(mapping)
                .with_antialias(variant % 2 == 1)
                .with_border(if variant == 1 {
                    Border::Renormalize
                } else {
                    Border::Clamp
                });
            let layout = if variant % 2 == 0 {
                Layout::Nhwc
            } else {
                Layout::Nchw
            };
            let c = [1, 3, 4, 5][variant as usize];
            let builder = ResizeSpec::builder(input, output)
                .batch(rng.range(1, 2))
                .channels(c)
                .layout(layout)
                .both_axes(axis)
                .extrapolation_value(-7.5);
            // f32
            let spec = builder.build().unwrap();
            let data = Rng::new(seed).f32s(spec.input_len());
            let expected = reference::resize(&spec, &data).unwrap();
            for path in [Path::Gather, Path::Separable] {
                let got = run_poisoned(gpu, &spec, &data, path);
                let report = compare(&got, &expected);
                assert!(report.within(2e-5), "seed {seed} {spec:?} {path}: {report}");
            }
            // f16 storage: each result one half-precision step from the reference at most.
            let spec = builder.element(ElementType::F16).build().unwrap();
            let data = Rng::new(seed).f16s(spec.input_len());
            let expected = reference::resize(&spec, &data).unwrap();
            for path in [Path::Gather, Path::Separable, Path::Auto] {
                let got = run_poisoned(gpu, &spec, &data, path);
                let report = compare(&got, &expected);
                assert!(report.within(2e-3), "seed {seed} {spec:?} {path}: {report}");
            }
            // u8, with and without rounding between the passes.
            let spec = builder
                .element(ElementType::U8)
                .round_intermediate(variant % 2 == 0)
                .build()
                .unwrap();
            let data = Rng::new(seed).u8s(spec.input_len());
            let expected = reference::resize(&spec, &data).unwrap();
            // Rounding between passes is Pillow's fixed point: exact, not merely close.
            let tolerance = if spec.fixed_point() { 0.0 } else { 1.0 };
            for path in [Path::Gather, Path::Separable] {
                let got = run_poisoned(gpu, &spec, &data, path);
                let report = compare(&got, &expected);
                assert!(
                    report.within(tolerance),
                    "seed {seed} {spec:?} {path}: {report}"
                );
            }
        }
    }
}

/// An area rule over a crop region of whole pixels resizes the crop: the reference on the whole
/// image equals the reference on the cropped pixels, bit for bit, and each path's result on the
/// whole image, in a poisoned output, is the reference's; in f32 and in u8, growing one axis and
/// shrinking the other (each rule's own table per axis, whatever OpenCV would pick).
#[test]
fn area_rules_resize_a_crop_region() {
    use wgpu_resize::{AreaRule, AxisResample, ElementType, Filter};
    let Some(gpu) = gpu("area crop") else { return };
    for (k, area) in [
        AreaRule::AdaptiveAverage,
        AreaRule::Coverage,
        AreaRule::OpenCvUpscale,
    ]
    .into_iter()
    .enumerate()
    {
        let rule = AxisResample::default().with_filter(Filter::Area(area));
        let what = format!("{area:?}");
        let data = Rng::new(k as u64).f32s(29 * 37 * 3);
        check_area_crop(gpu, rule, ElementType::F32, &data, 2e-5, &what);
        let bytes = Rng::new(k as u64).u8s(29 * 37 * 3);
        check_area_crop(gpu, rule, ElementType::U8, &bytes, 1.0, &what);
    }
}

/// [`area_rules_resize_a_crop_region`] for one rule and element type, on a 29 x 37 RGB input
/// cropped to 17 x 13 at (5, 9) and resized to 11 x 23.
fn check_area_crop<T: wgpu_resize::Element + Into<f64> + PartialEq + std::fmt::Debug>(
    gpu: &common::Gpu,
    rule: wgpu_resize::AxisResample,
    element: wgpu_resize::ElementType,
    data: &[T],
    tolerance: f64,
    what: &str,
) {
    let (input, output) = (Size2::new(29, 37), Size2::new(11, 23));
    let (top, left, height, width) = (5u32, 9u32, 17u32, 13u32);
    let builder = |size| {
        ResizeSpec::builder(size, output)
            .channels(3)
            .both_axes(rule)
            .element(element)
    };
    let cropped_spec = builder(Size2::new(height, width)).build().unwrap();
    let spec = builder(input)
        .crop(top as f64, left as f64, height as f64, width as f64)
        .build()
        .unwrap();
    let cropped = common::crop_pixels(data, (input.width, 3), [top, left, height, width]);
    let expected = reference::resize(&cropped_spec, &cropped).unwrap();
    let whole = reference::resize(&spec, data).unwrap();
    assert_eq!(whole, expected, "{what} {element:?}: the reference");
    assert_paths_match_reference(
        gpu,
        &spec,
        data,
        &[Path::Gather, Path::Separable, Path::Auto],
        tolerance,
        &format!("{what} {element:?}"),
    );
}

/// A batch of images resized in one call equals each image resized alone.
#[test]
fn batch_matches_single_images() {
    let Some(gpu) = gpu("batch") else { return };
    let (input, output) = (Size2::new(17, 23), Size2::new(9, 31));
    let batched = ResizeSpec::builder(input, output)
        .batch(4)
        .channels(3)
        .build()
        .unwrap();
    let single = ResizeSpec::builder(input, output)
        .channels(3)
        .build()
        .unwrap();
    let data = Rng::new(3).f32s(batched.input_len());
    let all = run_poisoned(gpu, &batched, &data, Path::Auto);
    for (image, chunk) in data.chunks(single.input_len()).enumerate() {
        let alone = run_poisoned(gpu, &single, chunk, Path::Auto);
        let part = &all[image * single.output_len()..(image + 1) * single.output_len()];
        assert_eq!(part, alone.as_slice(), "image {image}");
    }
}

/// Kernels built with wgpu's run-time checks give the results of the trusted build the library
/// uses by default: no access of the trusted build relied on clamping. In f32 the two builds
/// may differ in the last bit, since a driver's compiler fuses multiplies and adds differently
/// in differently shaped code (an H200 did: 965 of 3072 values one step apart, at most 1.2e-7;
/// lavapipe gives the same bits); a clamped access would be off by a tap's weight times a
/// value. Pillow's u8 fixed point sums integers, so there the two agree exactly.
#[test]
fn checked_and_trusted_kernels_agree() {
    use wgpu_resize::gpu::ResizerOptions;
    use wgpu_resize::{ElementType, Resizer, presets};
    let Some(gpu) = gpu("checked shaders") else {
        return;
    };
    let checked = Resizer::with_options(
        &gpu.context.device,
        &gpu.context.queue,
        ResizerOptions {
            checked_shaders: true,
            ..Default::default()
        },
    )
    .unwrap();
    let mut rng = Rng::new(99);
    for case in 0..12u64 {
        let input = Size2::new(rng.range(1, 50), rng.range(1, 50));
        let output = Size2::new(rng.range(1, 90), rng.range(1, 90));
        let filter = [
            presets::PillowFilter::Bilinear,
            presets::PillowFilter::Bicubic,
            presets::PillowFilter::Lanczos,
        ][case as usize % 3];
        let layout = if case % 2 == 0 {
            Layout::Nhwc
        } else {
            Layout::Nchw
        };
        let spec = presets::pillow(input, output, filter)
            .batch(rng.range(1, 3))
            .channels([4, 3, 8, 1][case as usize % 4])
            .layout(layout)
            .build()
            .unwrap();
        let data = Rng::new(case).f32s(spec.input_len());
        let paths: Vec<Path> = [Path::Gather, Path::Separable, Path::Fused]
            .into_iter()
            .filter(|&p| gpu.resizer.availability(&spec, p).is_ok())
            .collect();
        for &path in &paths {
            let trusted = run_poisoned(gpu, &spec, &data, path);
            let verified = checked.resize(&spec, &data, path).unwrap();
            let report = compare(&trusted, &verified);
            assert!(report.within(1e-6), "case {case} {spec:?} {path}: {report}");
        }
        // The u8 spec's own paths: Pillow 13's vertical-first rounding has no fused kernel.
        let spec = spec.to_builder().element(ElementType::U8).build().unwrap();
        let data = Rng::new(case).u8s(spec.input_len());
        let paths = paths
            .into_iter()
            .filter(|&p| gpu.resizer.availability(&spec, p).is_ok());
        for path in paths {
            assert_eq!(
                run_poisoned(gpu, &spec, &data, path),
                checked.resize(&spec, &data, path).unwrap(),
                "case {case} u8 {path}"
            );
        }
    }
}

/// The fused path on `builder`'s spec in f32 (`data`) and in f16 (`data` rounded), each against
/// the CPU reference into poisoned buffers.
fn fused_matches_in_f32_and_f16(
    gpu: &common::Gpu,
    builder: wgpu_resize::ResizeSpecBuilder,
    data: &[f32],
    what: &str,
) {
    let spec = builder.build().unwrap();
    let got = run_poisoned(gpu, &spec, data, Path::Fused);
    let report = compare(&got, &reference::resize(&spec, data).unwrap());
    assert!(report.within(2e-5), "{what} {spec:?}: {report}");
    let spec = builder
        .element(wgpu_resize::ElementType::F16)
        .build()
        .unwrap();
    let halves: Vec<half::f16> = data.iter().map(|&v| half::f16::from_f32(v)).collect();
    let got = run_poisoned(gpu, &spec, &halves, Path::Fused);
    let report = compare(&got, &reference::resize(&spec, &halves).unwrap());
    assert!(report.within(2e-3), "{what} f16 {spec:?}: {report}");
}

/// The fused tiled path against the CPU reference wherever its footprint fits, and a typed
/// refusal where it does not.
#[test]
fn fused_tiled_matches_the_reference() {
    use wgpu_resize::{ElementType, ResizeError, presets};
    let Some(gpu) = gpu("fused") else { return };
    // Whether the fused path takes `spec`; where it does not, resizing on it must say so in a
    // typed refusal rather than run.
    fn fits<T: wgpu_resize::Element>(gpu: &common::Gpu, spec: &ResizeSpec, data: &[T]) -> bool {
        match gpu.resizer.availability(spec, Path::Fused) {
            Ok(()) => true,
            Err(why) => {
                let err = gpu.resizer.resize(spec, data, Path::Fused);
                assert!(
                    matches!(err, Err(ResizeError::PathUnavailable { path: "fused", .. })),
                    "{why}: {err:?}"
                );
                false
            }
        }
    }
    let mut rng = Rng::new(7);
    let (mut ran, mut ran_fixed) = (0, 0);
    for case in 0..30u64 {
        let input = Size2::new(rng.range(1, 70), rng.range(1, 70));
        let output = Size2::new(rng.range(1, 60), rng.range(1, 60));
        let filter = [
            presets::PillowFilter::Bilinear,
            presets::PillowFilter::Bicubic,
            presets::PillowFilter::Lanczos,
            presets::PillowFilter::Box,
        ][case as usize % 4];
        let builder = presets::pillow(input, output, filter)
            .batch(rng.range(1, 2))
            .channels([4, 8][case as usize % 2]);
        // Floats run the vertical taps first and Pillow's 8-bit fixed point the horizontal
        // ones, so the two keep different sums in workgroup memory and may fit differently.
        let spec = builder.build().unwrap();
        let data = Rng::new(case).f32s(spec.input_len());
        if fits(gpu, &spec, &data) {
            fused_matches_in_f32_and_f16(gpu, builder, &data, &format!("case {case}"));
            ran += 1;
        }
        let spec = builder.element(ElementType::U8).build().unwrap();
        assert!(spec.fixed_point());
        let bytes = Rng::new(case).u8s(spec.input_len());
        if fits(gpu, &spec, &bytes) {
            let got = run_poisoned(gpu, &spec, &bytes, Path::Fused);
            let report = compare(&got, &reference::resize(&spec, &bytes).unwrap());
            assert!(report.within(1.0), "case {case} u8 {spec:?}: {report}");
            // The reference rounds in floats; the gather's fixed point is Pillow's to the bit
            // (conformance), and the fused kernel's integer arithmetic must equal it.
            let gather = run_poisoned(gpu, &spec, &bytes, Path::Gather);
            assert!(
                got == gather,
                "case {case} u8 {spec:?}: fused and gather differ"
            );
            ran_fixed += 1;
        }
    }
    assert!(
        ran_fixed >= 15,
        "the fixed-point fused path ran on only {ran_fixed} of 30 shapes"
    );
    assert!(ran >= 15, "the fused path ran on only {ran} of 30 shapes");
    // Large shrinks along the axis whose sums the tile keeps take narrower tiles (32 and 16
    // columns for floats, 32 for the fixed point's row footprint); their sums must be the same.
    // A 2x shrink across three tiles of fewer outputs than lanes (floats: 64 outputs would read
    // 130 inputs, three rounds of 64 lanes, so a tile takes 63, reading 128).
    for (input, output) in [
        (Size2::new(6, 268), Size2::new(5, 134)),
        (Size2::new(6, 700), Size2::new(5, 60)),
        (Size2::new(6, 1000), Size2::new(5, 60)),
        (Size2::new(300, 40), Size2::new(30, 40)),
    ] {
        let builder = presets::pillow(input, output, presets::PillowFilter::Bilinear)
            .batch(2)
            .channels(4);
        let spec = builder.build().unwrap();
        let data = Rng::new(input.width as u64).f32s(spec.input_len());
        assert!(fits(gpu, &spec, &data), "{spec:?}");
        let got = run_poisoned(gpu, &spec, &data, Path::Fused);
        let report = compare(&got, &reference::resize(&spec, &data).unwrap());
        assert!(report.within(2e-5), "{spec:?}: {report}");
        let spec = builder.element(ElementType::U8).build().unwrap();
        let bytes = Rng::new(input.height as u64).u8s(spec.input_len());
        assert!(fits(gpu, &spec, &bytes), "{spec:?}");
        let got = run_poisoned(gpu, &spec, &bytes, Path::Fused);
        let report = compare(&got, &reference::resize(&spec, &bytes).unwrap());
        assert!(report.within(1.0), "u8 {spec:?}: {report}");
        let gather = run_poisoned(gpu, &spec, &bytes, Path::Gather);
        assert!(got == gather, "u8 {spec:?}: fused and gather differ");
    }
    // Planes whose rows do not hold whole vectors are refused with a reason, not computed
    // wrongly.
    let planar = ResizeSpec::builder(Size2::new(8, 6), Size2::new(4, 3))
        .channels(4)
        .layout(Layout::Nchw)
        .build()
        .unwrap();
    let err = gpu
        .resizer
        .resize(&planar, &vec![0.0; 192], Path::Fused)
        .unwrap_err();
    assert!(
        matches!(err, ResizeError::PathUnavailable { path: "fused", .. }),
        "{err}"
    );
}

/// The fused kernel with its NHWC sums in strands and its lanes on outputs a period apart
/// (`SumsLayout` in `src/gpu/sums_layout.rs`), against the CPU reference into poisoned buffers:
/// widths whose band starts repeat every `q` outputs `p` inputs further on (the shapes the
/// layouts are chosen for, 2x and 3 / 2 among them; `fused_fit`'s and `sums_layout`'s unit tests
/// check that such shapes take them), PyTorch's and Pillow's filters, f32, f16 and PyTorch's u8,
/// batches, 4 and 8 channels.
#[test]
fn fused_strands_match_the_reference() {
    use wgpu_resize::ElementType;
    use wgpu_resize::presets::{self, PillowFilter, TorchMode, TorchOutput};
    let Some(gpu) = gpu("fused strands") else {
        return;
    };
    let mut rng = Rng::new(0x57a4d);
    // (q, p): outputs and inputs of one period, of 1, 2 or 4 outputs; then random periods.
    let mut periods = vec![(1, 2), (2, 3), (1, 3), (1, 4), (4, 9), (4, 5)];
    for _ in 0..6 {
        let q = [1, 2, 4][rng.range(0, 2) as usize];
        periods.push((q, rng.range(q + 1, 4 * q)));
    }
    for (case, (q, p)) in periods.into_iter().enumerate() {
        let case = case as u64;
        // At least 48 outputs, so that bands clear of the edges show the period.
        let periods_out = rng.range(48u32.div_ceil(q), 160 / q);
        let output = Size2::new(rng.range(1, 5), q * periods_out);
        let input = Size2::new(rng.range(output.height, 8), p * periods_out);
        let channels = [4, 8][case as usize % 2];
        let batch = rng.range(1, 2);
        let builder = if case % 3 == 2 {
            let filter = [PillowFilter::Bicubic, PillowFilter::Lanczos][case as usize % 2];
            presets::pillow(input, output, filter)
        } else {
            let mode = [TorchMode::Bilinear, TorchMode::Bicubic][case as usize % 2];
            presets::torch(
                input,
                TorchOutput::Size(output),
                mode,
                false,
                case.is_multiple_of(2),
            )
            .unwrap()
        }
        .batch(batch)
        .channels(channels);
        let spec = builder.build().unwrap();
        let what = format!("case {case}, period {q} -> {p}");
        // Every one of these shapes fits the fused kernel.
        if let Err(why) = gpu.resizer.availability(&spec, Path::Fused) {
            panic!("{what} {spec:?}: the fused path refused it: {why}");
        }
        let data = Rng::new(case).f32s(spec.input_len());
        fused_matches_in_f32_and_f16(gpu, builder, &data, &what);
        if case % 3 != 2 {
            // PyTorch's u8 rounds floats (no fixed point): the vertical step runs first.
            let spec = builder.element(ElementType::U8).build().unwrap();
            let bytes = Rng::new(case).u8s(spec.input_len());
            let got = run_poisoned(gpu, &spec, &bytes, Path::Fused);
            let report = compare(&got, &reference::resize(&spec, &bytes).unwrap());
            assert!(report.within(1.0), "{what} u8 {spec:?}: {report}");
        }
    }
}

/// The fused kernel on NCHW planes (`PLANAR` in `wgsl/fused_tiled.wgsl`: vectors of four
/// neighbouring elements of a row, four outputs a lane) against the CPU reference into poisoned
/// buffers, on random shapes whose rows hold whole vectors: PyTorch's filters with and without
/// antialias, 1 to 5 channels, batches, f32, f16 and u8, a normalising store; large shrinks
/// that narrow the tile; crops reaching outside the input; and typed refusals where planes
/// cannot run.
#[test]
fn fused_planes_match_the_reference() {
    use wgpu_resize::presets::{self, TorchMode, TorchOutput};
    use wgpu_resize::{ElementType, Filter, Normalization, ResizeError};
    let Some(gpu) = gpu("fused planes") else {
        return;
    };
    // A refusal says why, and resizing on the path returns it as a typed error.
    let refused = |spec: &ResizeSpec, why: &str| {
        let available = gpu.resizer.availability(spec, Path::Fused);
        assert!(
            available.as_ref().is_err_and(|reason| reason.contains(why)),
            "{spec:?}: {available:?}"
        );
        let err = match spec.element() {
            ElementType::U8 => gpu
                .resizer
                .resize(spec, &vec![0u8; spec.input_len()], Path::Fused),
            _ => gpu
                .resizer
                .resize(spec, &vec![0f32; spec.input_len()], Path::Fused)
                .map(|_| Vec::new()),
        };
        assert!(
            matches!(err, Err(ResizeError::PathUnavailable { path: "fused", .. })),
            "{spec:?}: {err:?}"
        );
    };
    let mut rng = Rng::new(0x91a7e5);
    for case in 0..24u64 {
        let input = Size2::new(rng.range(1, 60), 4 * rng.range(1, 24));
        let output = Size2::new(rng.range(1, 50), 4 * rng.range(1, 16));
        let (mode, antialias) = [
            (TorchMode::Bilinear, true),
            (TorchMode::Bicubic, true),
            (TorchMode::Bilinear, false),
            (TorchMode::Bicubic, false),
        ][case as usize % 4];
        let builder = presets::torch(input, TorchOutput::Size(output), mode, false, antialias)
            .unwrap()
            .batch(rng.range(1, 3))
            .channels(rng.range(1, 5))
            .layout(Layout::Nchw);
        let spec = builder.build().unwrap();
        let what = format!("case {case}");
        // (Rows of at most 92 inputs: every tile's vectors fit.)
        let available = gpu.resizer.availability(&spec, Path::Fused);
        assert!(available.is_ok(), "{what} {spec:?}: {available:?}");
        let data = Rng::new(case).f32s(spec.input_len());
        let halves = Rng::new(case).f16s(spec.input_len());
        let bytes = Rng::new(case).u8s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &data, &[Path::Fused], 2e-5, &what);
        let f16 = builder.element(ElementType::F16).build().unwrap();
        assert_paths_match_reference(gpu, &f16, &halves, &[Path::Fused], 2e-3, &what);
        // u8 in floats rounded once: PyTorch's 8-bit fixed point, which the preset asks for,
        // runs the fused path on NHWC pixels only.
        let u8s = builder
            .element(ElementType::U8)
            .torch_fixed_point(false)
            .build()
            .unwrap();
        assert_paths_match_reference(gpu, &u8s, &bytes, &[Path::Fused], 1.0, &what);
        // A normalising store (of up to 4 channels): the plane of each output vector picks
        // its statistics.
        let channels = spec.channels();
        if channels > 4 {
            continue;
        }
        let mean: Vec<f32> = (0..channels).map(|c| 0.1 * c as f32 + 0.3).collect();
        let std: Vec<f32> = (0..channels).map(|c| 0.5 + 0.25 * c as f32).collect();
        let normalized = builder
            .normalize(Some(Normalization::new(&mean, &std).unwrap()))
            .build()
            .unwrap();
        assert_paths_match_reference(gpu, &normalized, &data, &[Path::Fused], 2e-5, &what);
    }
    // Shrinks wide enough to narrow the tile (its vectors no longer fit 64 lanes' array), a 2x
    // shrink across several tiles, and 512 -> 224, whose array keeps a spare vector after every
    // 16 rather than 8 (`choose_plane_spares`).
    for (input, output) in [
        (Size2::new(9, 1000), Size2::new(5, 60)),
        (Size2::new(9, 700), Size2::new(5, 64)),
        (Size2::new(9, 536), Size2::new(7, 268)),
        (Size2::new(9, 512), Size2::new(6, 224)),
    ] {
        let spec = presets::torch(
            input,
            TorchOutput::Size(output),
            TorchMode::Bicubic,
            false,
            true,
        )
        .unwrap()
        .batch(2)
        .channels(3)
        .layout(Layout::Nchw)
        .build()
        .unwrap();
        let data = Rng::new(u64::from(input.width)).f32s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &data, &[Path::Fused], 2e-5, "wide");
    }
    // Crops reaching outside the input, whose outputs there take the extrapolation value (a
    // flag of their table rows, which the horizontal step reads for each of a lane's four
    // outputs): both axes, bands of 2 to 12 taps, planes of 1 to 3 channels, f32 and f16.
    for (k, (input, output, filter)) in [
        (Size2::new(9, 40), Size2::new(7, 24), Filter::Linear),
        (
            Size2::new(30, 64),
            Size2::new(11, 16),
            Filter::Cubic { a: -0.5 },
        ),
        (
            Size2::new(16, 96),
            Size2::new(13, 20),
            Filter::Lanczos { lobes: 3 },
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let builder = ResizeSpec::builder(input, output)
            .filter(filter)
            .antialias(true)
            .mapping(CoordinateMapping::TfCropAndResize {
                start: -0.3,
                end: 1.2,
            })
            .extrapolation_value(-2.5)
            .channels(1 + k as u32)
            .layout(Layout::Nchw);
        let spec = builder.build().unwrap();
        let what = format!("crop outside the input, {filter:?}");
        let available = gpu.resizer.availability(&spec, Path::Fused);
        assert!(available.is_ok(), "{what} {spec:?}: {available:?}");
        let data = Rng::new(70 + k as u64).f32s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &data, &[Path::Fused], 2e-5, &what);
        let f16 = builder.element(ElementType::F16).build().unwrap();
        let halves = Rng::new(70 + k as u64).f16s(f16.input_len());
        assert_paths_match_reference(gpu, &f16, &halves, &[Path::Fused], 2e-3, &what);
    }
    // Planes that cannot run: rows of other than whole vectors, colour conversions, Pillow's
    // fixed point.
    let planes = |input: Size2, output: Size2| {
        ResizeSpec::builder(input, output)
            .channels(3)
            .layout(Layout::Nchw)
    };
    let widths = "multiples of 4";
    refused(
        &planes(Size2::new(8, 10), Size2::new(4, 8)).build().unwrap(),
        widths,
    );
    refused(
        &planes(Size2::new(8, 8), Size2::new(4, 6)).build().unwrap(),
        widths,
    );
    refused(
        &planes(Size2::new(8, 8), Size2::new(4, 4))
            .linear_light(true)
            .build()
            .unwrap(),
        "colour conversions",
    );
    refused(
        &presets::pillow(
            Size2::new(8, 8),
            Size2::new(4, 4),
            presets::PillowFilter::Bilinear,
        )
        .channels(3)
        .layout(Layout::Nchw)
        .element(ElementType::U8)
        .build()
        .unwrap(),
        "fixed point",
    );
}

/// The fused kernel's vertical step over two input columns per turn (`COLUMN_PAIRS`), which it
/// takes where each of a tile's 64 lanes has two columns of the footprint (2x shrinks to 61 or
/// more columns, in row pairs for bicubic, lanczos3 and antialiased bilinear; 4x
/// bicubic shrinks, whose footprints leave a tail of single columns): f32 and f16, 4 and 8
/// channels, batches, against the CPU reference into poisoned buffers. Narrower outputs run
/// one column per turn in the same test, and tiles at the right edge take fewer columns.
#[test]
fn fused_column_pairs_match_the_reference() {
    use wgpu_resize::presets;
    let Some(gpu) = gpu("fused column pairs") else {
        return;
    };
    let mut rng = Rng::new(96);
    let mut ran = 0;
    for (input, factor) in [
        (Size2::new(32, 260), 2),
        (Size2::new(37, 131), 2),
        (Size2::new(50, 522), 2),
        (Size2::new(18, 40), 2),
        (Size2::new(64, 1100), 4),
        (Size2::new(41, 600), 4),
    ] {
        let output = Size2::new(input.height / factor, input.width / factor);
        for filter in [
            presets::PillowFilter::Bicubic,
            presets::PillowFilter::Lanczos,
            presets::PillowFilter::Bilinear,
        ] {
            let builder = presets::pillow(input, output, filter)
                .batch(rng.range(1, 3))
                .channels([4, 8][rng.range(0, 1) as usize]);
            let spec = builder.build().unwrap();
            if gpu.resizer.availability(&spec, Path::Fused).is_err() {
                // The 4x lanczos3 footprint of a 64-lane tile outgrows 32 KiB of sums.
                continue;
            }
            let data = Rng::new(rng.next_u64()).f32s(spec.input_len());
            fused_matches_in_f32_and_f16(gpu, builder, &data, "column pairs");
            // Premultiplied RGBA takes the pairs too: colour premultiplied on both columns'
            // loads. Alpha stays in 0.5..1 so that dividing by it keeps the tolerance.
            let rgba = presets::pillow(input, output, filter)
                .batch(spec.batch())
                .channels(4)
                .premultiplied_alpha(true);
            let pixels = spec.batch() as usize * input.height as usize * input.width as usize;
            let data: Vec<f32> = Rng::new(rng.next_u64())
                .f32s(pixels * 4)
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    if i % 4 == 3 {
                        0.5 + 0.5 * v.abs()
                    } else {
                        v.abs()
                    }
                })
                .collect();
            fused_matches_in_f32_and_f16(gpu, rgba, &data, "premultiplied column pairs");
            ran += 1;
        }
    }
    assert!(ran >= 15, "the fused path ran on only {ran} of 18 shapes");
}

/// The fused kernel's row pairs wherever neighbouring bands overlap, beyond the shrinks whose
/// pairs save a third of the loads: 512 -> 224-like antialiased bilinear shrinks (5 taps, bands
/// 2 or 3 rows apart, so that pairs take both of the kernel's steps), 2x antialiased bilinear
/// ones (4 taps, 2 apart) and bilinear enlargements (2 taps, 0 or 1 apart), in f32, f16 and u8,
/// NHWC and NCHW planes, random sizes and batches, against the CPU reference into poisoned
/// buffers.
#[test]
fn fused_row_pairs_of_overlapping_bands_match_the_reference() {
    use wgpu_resize::ElementType;
    use wgpu_resize::presets::{self, TorchMode, TorchOutput};
    let Some(gpu) = gpu("fused row pairs") else {
        return;
    };
    let mut rng = Rng::new(173);
    let mut ran = 0;
    for case in 0..9u32 {
        // Output rows past one tile's 4, and widths past one tile's 64 lanes.
        let output = Size2::new(rng.range(5, 24), rng.range(20, 150));
        let (input, antialias) = match case % 3 {
            // 512 -> 224: 16 inputs every 7 outputs.
            0 => (
                Size2::new(output.height * 16 / 7, output.width * 16 / 7),
                true,
            ),
            1 => (Size2::new(output.height * 2, output.width * 2), true),
            _ => (
                Size2::new(output.height / 2 + 1, output.width / 2 + 1),
                false,
            ),
        };
        let planes = case >= 6;
        let (input, output) = if planes {
            // NCHW planes take rows of whole vectors of 4.
            let four = |s: Size2| Size2::new(s.height, s.width.next_multiple_of(4));
            (four(input), four(output))
        } else {
            (input, output)
        };
        let mut builder = presets::torch(
            input,
            TorchOutput::Size(output),
            TorchMode::Bilinear,
            false,
            antialias,
        )
        .unwrap()
        .batch(rng.range(1, 3));
        builder = if planes {
            builder.layout(Layout::Nchw).channels(3)
        } else {
            builder.channels(4)
        };
        let spec = builder.build().unwrap();
        let what = format!("case {case}");
        gpu.resizer
            .availability(&spec, Path::Fused)
            .unwrap_or_else(|why| panic!("{what} {spec:?}: {why}"));
        let data = Rng::new(u64::from(case)).f32s(spec.input_len());
        fused_matches_in_f32_and_f16(gpu, builder, &data, &what);
        // u8 in floats rounded once: PyTorch's 8-bit fixed point, which the preset asks for,
        // runs the fused path on NHWC pixels only.
        let bytes_spec = builder
            .element(ElementType::U8)
            .torch_fixed_point(false)
            .build()
            .unwrap();
        let bytes = Rng::new(u64::from(case)).u8s(bytes_spec.input_len());
        let got = run_poisoned(gpu, &bytes_spec, &bytes, Path::Fused);
        let expected = reference::resize(&bytes_spec, &bytes).unwrap();
        let report = compare(&got, &expected);
        assert!(report.within(1.0), "{what} u8: {report}");
        ran += 1;
    }
    assert_eq!(ran, 9);
}

/// The vector kernel's multi-row forms: two-tap rows (bilinear enlargements), and windows of
/// rows whose bands overlap (wider enlargements, and shrinks large enough to be windowed).
#[test]
fn vector_kernel_row_forms_match_the_reference() {
    use wgpu_resize::Filter;
    let Some(gpu) = gpu("vector rows") else {
        return;
    };
    let mut rng = Rng::new(31);
    for filter in [
        Filter::Linear,
        Filter::Cubic { a: -0.75 },
        Filter::Lanczos { lobes: 3 },
    ] {
        for scale in [1.3, 2.0, 3.5] {
            let input = Size2::new(rng.range(5, 30), rng.range(5, 30));
            let output = Size2::new((input.height as f64 * scale) as u32, rng.range(3, 40));
            let spec = ResizeSpec::builder(input, output)
                .channels(8)
                .filter(filter)
                .build()
                .unwrap();
            let data = Rng::new(scale as u64).f32s(spec.input_len());
            let expected = reference::resize(&spec, &data).unwrap();
            let got = run_poisoned(gpu, &spec, &data, Path::Gather);
            let report = compare(&got, &expected);
            assert!(report.within(TOLERANCE), "{spec:?}: {report}");
        }
    }
    // A shrink with enough outputs to take windows of rows (antialiased bicubic by 2).
    let spec = common::antialiased_bicubic(Size2::new(2048, 2048), Size2::new(1024, 1024));
    let data = Rng::new(5).f32s(spec.input_len());
    let expected = reference::resize(&spec, &data).unwrap();
    let got = run_poisoned(gpu, &spec, &data, Path::Gather);
    let report = compare(&got, &expected);
    assert!(report.within(TOLERANCE), "windowed shrink: {report}");
}

/// The vector gather's strided channel groups (NCHW, and NHWC whose channels are not a multiple
/// of 4): groups of 1 to 4 channels, both layouts, every row form (one row, two, four with
/// two-tap bands, windows of rows over overlapping bands, taps read at run time), f32 and f16,
/// random shapes and seeds, every path, into poisoned buffers against the reference.
#[test]
fn strided_groups_match_the_reference() {
    use wgpu_resize::{ElementType, Filter, presets};
    let Some(gpu) = gpu("strided groups") else {
        return;
    };
    let mut rng = Rng::new(0x0057_21d3);
    let every_path = [Path::Gather, Path::Separable, Path::Auto];
    for case in 0..12u64 {
        // Group sizes 3, 2, 1, 4, 3 (6 channels), 1 (5 channels).
        let channels = [3, 2, 1, 4, 6, 5][case as usize % 6];
        let layout = if case % 2 == 0 {
            Layout::Nchw
        } else {
            Layout::Nhwc
        };
        let filter = [
            Filter::Linear,
            Filter::Cubic { a: -0.75 },
            Filter::Lanczos { lobes: 3 },
        ][case as usize % 3];
        let input = Size2::new(rng.range(4, 36), rng.range(4, 36));
        // 2x and more (four rows, two-tap bands for bilinear), 1.3x (two rows), shrinks by 2 to
        // 3 with antialias, and by 20 (taps read at run time).
        let (output, antialias) = match case % 4 {
            0 => (Size2::new(input.height * 2, rng.range(2, 60)), false),
            1 => (Size2::new(input.height * 13 / 10, rng.range(2, 60)), false),
            2 => (Size2::new((input.height / 3).max(1), input.width / 2), true),
            _ => (Size2::new(2, rng.range(2, 9)), true),
        };
        let input = if case % 4 == 3 {
            Size2::new(input.height * 20, input.width)
        } else {
            input
        };
        let builder = ResizeSpec::builder(input, output)
            .batch(rng.range(1, 3))
            .channels(channels)
            .layout(layout)
            .filter(filter)
            .antialias(antialias);
        let spec = builder.build().unwrap();
        let data = Rng::new(case).f32s(spec.input_len());
        let what = format!("case {case}");
        assert_paths_match_reference(gpu, &spec, &data, &every_path, TOLERANCE, &what);
        let spec = builder.element(ElementType::F16).build().unwrap();
        let data = Rng::new(case).f16s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &data, &every_path, 4e-3, &what);
    }
    // Windows of rows: an antialiased bicubic 2x shrink with enough outputs, one plane.
    let spec = presets::torch(
        Size2::new(2048, 2048),
        presets::TorchOutput::Size(Size2::new(1024, 1024)),
        presets::TorchMode::Bicubic,
        false,
        true,
    )
    .unwrap()
    .channels(1)
    .layout(Layout::Nchw)
    .build()
    .unwrap();
    let data = Rng::new(6).f32s(spec.input_len());
    assert_paths_match_reference(gpu, &spec, &data, &[Path::Gather], TOLERANCE, "windows");
}

/// The u8 gathers of strided groups (NCHW, and NHWC pixels of 1 to 3 channels): quads of
/// columns for enlargements, staged columns for the other passes, on every path, random shapes
/// and seeds: widths of 1 to 600 (several 256-column workgroups, the last partial; rows and planes
/// that start inside a word, whose shared words two invocations write), enlargements and
/// antialiased shrinks, horizontal bands of up to 800 taps over RGB and other NHWC pixels, f32
/// rounding and Pillow's fixed point (exact), into poisoned buffers against the reference.
#[test]
fn u8_words_match_the_reference() {
    use wgpu_resize::presets::{self, PillowFilter};
    use wgpu_resize::{ElementType, Filter};
    let Some(gpu) = gpu("u8 words") else {
        return;
    };
    let mut rng = Rng::new(0x0000_9a4d);
    let every_path = [Path::Gather, Path::Separable, Path::Auto];
    for case in 0..18u64 {
        let channels = [3, 1, 2, 3, 6, 5][case as usize % 6];
        let layout = if case % 2 == 0 || channels > 3 {
            Layout::Nchw
        } else {
            Layout::Nhwc
        };
        let input = Size2::new(rng.range(3, 40), rng.range(3, 40));
        // Every sixth width a multiple of 4 (rows on words); widths below 4 every so often.
        let width = match case % 6 {
            0 => 4 * rng.range(1, 150),
            1 => rng.range(1, 4),
            _ => rng.range(1, 601),
        };
        let output = match case % 3 {
            0 => Size2::new(input.height * 2, width),
            1 => Size2::new(rng.range(2, 50), width),
            _ => Size2::new((input.height / 2).max(1), width),
        };
        let builder = if case % 4 == 3 {
            // Pillow's 8-bit fixed point, rounding between passes.
            let filter = [PillowFilter::Bicubic, PillowFilter::Lanczos][case as usize % 2];
            presets::pillow(input, output, filter)
        } else {
            let filter = [Filter::Linear, Filter::Cubic { a: -0.75 }][case as usize % 2];
            ResizeSpec::builder(input, output)
                .filter(filter)
                .antialias(case % 3 == 2)
        };
        let spec = builder
            .batch(rng.range(1, 3))
            .channels(channels)
            .layout(layout)
            .element(ElementType::U8)
            .build()
            .unwrap();
        let data = Rng::new(case).u8s(spec.input_len());
        let what = format!("case {case}");
        // Pillow's fixed point is exact; float sums may round a tie either way.
        let tolerance = if spec.fixed_point() { 0.0 } else { 1.0 };
        assert_paths_match_reference(gpu, &spec, &data, &every_path, tolerance, &what);
    }
    // Horizontal bands wider than the baked tap counts (30 to 800 taps, read in windows of
    // words at run time) over NHWC pixels of 1 to 3 channels, in Pillow's fixed point and in
    // f32 sums.
    for case in 0..6u64 {
        let channels = [3, 1, 2][case as usize % 3];
        let input = Size2::new(rng.range(4, 20), rng.range(150, 400));
        let output = Size2::new(rng.range(2, 12), rng.range(3, 20));
        let builder = if case % 2 == 0 {
            presets::pillow(input, output, PillowFilter::Lanczos)
        } else {
            ResizeSpec::builder(input, output)
                .filter(Filter::Cubic { a: -0.5 })
                .antialias(true)
        };
        let spec = builder
            .batch(rng.range(1, 3))
            .channels(channels)
            .element(ElementType::U8)
            .build()
            .unwrap();
        let data = Rng::new(case).u8s(spec.input_len());
        let what = format!("wide case {case}");
        let tolerance = if spec.fixed_point() { 0.0 } else { 1.0 };
        assert_paths_match_reference(gpu, &spec, &data, &every_path, tolerance, &what);
    }
}

/// Heavy antialiased vertical shrinks, whose bands (24 to 240 taps) are too wide to be baked
/// into a pipeline and are read at run time: on the separable path's vertical pass and, with
/// the width sometimes unchanged (one horizontal tap), on the gather, in f32, f16 and u8, random
/// sizes, against the reference into poisoned buffers.
#[test]
fn wide_vertical_bands_match_the_reference() {
    use wgpu_resize::{ElementType, Filter};
    let Some(gpu) = gpu("wide vertical bands") else {
        return;
    };
    let mut rng = Rng::new(77);
    for case in 0..6u64 {
        let filter = [Filter::Lanczos { lobes: 3 }, Filter::Cubic { a: -0.5 }][case as usize % 2];
        let input = Size2::new(rng.range(120, 300), rng.range(5, 70));
        // 12 to 40 times fewer rows: 36 to 240 lanczos3 taps, 24 to 160 cubic ones.
        let output_height = (input.height / rng.range(12, 40)).max(1);
        let output_width = if case % 3 == 0 {
            input.width
        } else {
            rng.range(2, input.width)
        };
        let builder = ResizeSpec::builder(input, Size2::new(output_height, output_width))
            .batch(rng.range(1, 3))
            .channels(4 * rng.range(1, 3))
            .filter(filter)
            .antialias(true);
        let spec = builder.build().unwrap();
        let data = Rng::new(case).f32s(spec.input_len());
        let what = format!("case {case}");
        let every_path = [Path::Gather, Path::Separable, Path::Auto];
        assert_paths_match_reference(gpu, &spec, &data, &every_path, TOLERANCE, &what);
        let spec = builder.element(ElementType::F16).build().unwrap();
        let data = Rng::new(case).f16s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &data, &[Path::Separable], 2e-3, &what);
        let spec = builder
            .element(ElementType::U8)
            .round_intermediate(false)
            .build()
            .unwrap();
        let data = Rng::new(case).u8s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &data, &[Path::Separable], 1.0, &what);
    }
}

/// u8 results round half up and clamp to 0..255 on every path, where the kernels round in one
/// truncating conversion of the clamped value. A 2x bilinear enlargement of rows that repeat
/// down the image makes every output an exact quarter mix `0.25 a + 0.75 b` of two neighbours,
/// computed without rounding error on the CPU and the GPU alike, so ties such as 0.5 and 2.5
/// must come back as 1 and 3 (ties to even would give 0 and 2); a sharp bicubic over a 0 / 255
/// step overshoots both ends and must come back clamped, not wrapped.
#[test]
fn u8_rounds_half_up_and_clamps() {
    use wgpu_resize::{ElementType, Filter};
    let Some(gpu) = gpu("u8_rounds_half_up_and_clamps") else {
        return;
    };
    // Column pairs whose quarter mixes are ties: (2, 0) -> 0.5 and 1.5; (10, 0) -> 2.5 and 7.5.
    let columns: [u8; 8] = [2, 0, 10, 0, 6, 4, 250, 255];
    for channels in [4, 3] {
        let (h, w) = (4, columns.len() as u32);
        let row: Vec<u8> = columns
            .iter()
            .flat_map(|&v| (0..channels).map(move |c| v.saturating_add(2 * c as u8)))
            .collect();
        let data: Vec<u8> = (0..h).flat_map(|_| row.clone()).collect();
        let spec = ResizeSpec::builder(Size2::new(h, w), Size2::new(2 * h, 2 * w))
            .channels(channels)
            .element(ElementType::U8)
            .build()
            .unwrap();
        let expected = reference::resize(&spec, &data).unwrap();
        // Output columns 1 and 2 lie between input columns 0 (2) and 1 (0): 1.5 and 0.5.
        let out_row = |x: usize| expected[x * channels as usize];
        assert_eq!((out_row(1), out_row(2)), (2, 1), "reference ties");
        // Columns 5 and 6 lie between 10 and 0: 7.5 and 2.5.
        assert_eq!((out_row(5), out_row(6)), (8, 3), "reference ties");
        let what = format!("{channels} channels");
        let every_path = [Path::Gather, Path::Separable, Path::Auto];
        assert_paths_match_reference(gpu, &spec, &data, &every_path, 0.0, &what);

        // Overshoot: a step from 0 to 255 under a sharp cubic (a = -1) leaves 0..255 both ways.
        let step: Vec<u8> = (0..h * w * channels)
            .map(|i| if (i / channels) % w < w / 2 { 0 } else { 255 })
            .collect();
        let sharp = spec
            .to_builder()
            .filter(Filter::Cubic { a: -1.0 })
            .build()
            .unwrap();
        let exact: Vec<f64> = {
            let floats: Vec<f32> = step.iter().map(|&v| v as f32).collect();
            let float_spec = sharp
                .to_builder()
                .element(ElementType::F32)
                .build()
                .unwrap();
            reference::resize(&float_spec, &floats)
                .unwrap()
                .into_iter()
                .map(f64::from)
                .collect()
        };
        assert!(
            exact.iter().any(|&v| v < -0.5) && exact.iter().any(|&v| v > 255.5),
            "the step must overshoot both ends"
        );
        assert_paths_match_reference(gpu, &sharp, &step, &every_path, 1.0, &what);
    }
}

/// f16 tensors on a device with `shader-f16` go through the kernels as WGSL's `f16`; on one
/// without it, as `u32` words unpacked with `unpack2x16float`. A second device on the same
/// adapter with the feature withheld runs the packed form: both agree with the reference, and
/// with each other to one f16 step, on every path (random shapes, enlargements and shrinks,
/// with and without antialias, vector and scalar kernels). Both sum in f32 and round once, so
/// they differ only where a driver's compiler fuses multiplies and adds differently in the two
/// forms and a sum lands by a rounding boundary: lavapipe gives the same bits; an H200 gave 4
/// of 20160 values one step apart.
#[test]
fn f16_native_and_packed_forms_agree() {
    use wgpu_resize::adapter::ContextOptions;
    use wgpu_resize::{ElementType, Filter, GpuContext, Resizer};
    let Some(gpu) = gpu("f16 forms") else {
        return;
    };
    if !gpu.resizer.native_f16() {
        eprintln!(
            "SKIPPED f16_native_and_packed_forms_agree: {} has no shader-f16 (the packed form \
             is what every f16 test here runs)",
            gpu.context.describe()
        );
        return;
    }
    let packed_context = pollster::block_on(GpuContext::request(ContextOptions {
        withheld_features: wgpu::Features::SHADER_F16,
        ..Default::default()
    }))
    .expect("a device without shader-f16");
    let packed = Resizer::new(&packed_context.device, &packed_context.queue).unwrap();
    assert!(!packed.native_f16());
    let mut rng = Rng::new(16);
    for case in 0..8u64 {
        let input = Size2::new(rng.range(3, 40), rng.range(3, 40));
        let output = Size2::new(rng.range(2, 60), rng.range(2, 60));
        let filter = [Filter::Linear, Filter::Cubic { a: -0.5 }][case as usize % 2];
        // Channels a multiple of 4 in NHWC take the vector kernels, the rest the scalar gather.
        let channels = [4, 8, 3, 1][case as usize % 4];
        let layout = if case % 4 == 1 {
            Layout::Nchw
        } else {
            Layout::Nhwc
        };
        let spec = ResizeSpec::builder(input, output)
            .batch(rng.range(1, 3))
            .channels(channels)
            .layout(layout)
            .filter(filter)
            .antialias(case % 3 == 0)
            .element(ElementType::F16)
            .build()
            .unwrap();
        let data: Vec<half::f16> = Rng::new(case)
            .f32s(spec.input_len())
            .into_iter()
            .map(|v| half::f16::from_f32(4.0 * v - 2.0))
            .collect();
        let expected = reference::resize(&spec, &data).unwrap();
        for path in [Path::Gather, Path::Separable, Path::Auto] {
            // Both devices run the path `auto` settled on for the first: each resizer measures
            // its own choice, and two different paths round differently.
            let path = gpu.resizer.plan(&spec, path).unwrap().path;
            let native = run_poisoned(gpu, &spec, &data, path);
            let report = compare(&native, &expected);
            assert!(report.within(4e-3), "case {case} {spec:?} {path}: {report}");
            let unpacked = packed.resize(&spec, &data, path).unwrap();
            // One f16 step: 2^-10 of the larger magnitude, or the smallest subnormal.
            let apart = native
                .iter()
                .zip(&unpacked)
                .map(|(a, b)| (a.to_f32(), b.to_f32()))
                .filter(|(a, b)| (a - b).abs() > (a.abs().max(b.abs()) / 1024.0).max(6e-8))
                .count();
            assert_eq!(
                apart, 0,
                "case {case} {spec:?} {path}: native and packed f16 differ by more than a step"
            );
        }
    }
}

/// u8 resizes whose weights are all multiples of 2^-k, which the gathers sum in integers (RGBA
/// in the vector gather's 16-bit lanes; NCHW and NHWC of 1 to 3 channels in the quad and staged
/// gathers): bilinear enlargements by 2, 4 and 8, shrinks by 2 and 4, nearest neighbours and
/// antialiased halving, mixed across the axes, with 1 to 4 or 8 channels, random sizes and
/// batches; then the widest sums (8x both ways, 8 bits of weights) over all-255 and 0/255
/// inputs, and a crop whose outputs outside the input take the extrapolation value. Exact
/// against the reference into poisoned buffers, on the gather and the measured choice.
#[test]
fn integer_weights_match_the_reference() {
    use wgpu_resize::{AxisResample, ElementType, Filter, NearestRule};
    let Some(gpu) = gpu("integer lanes") else {
        return;
    };
    let paths = [Path::Gather, Path::Auto];
    // (input per output, output per input) along an axis, and its filter.
    let axes = [
        (1, 2, Filter::Linear, false),
        (1, 4, Filter::Linear, false),
        (1, 8, Filter::Linear, false),
        (2, 1, Filter::Linear, false),
        (4, 1, Filter::Linear, false),
        (2, 1, Filter::Linear, true),
        (1, 3, Filter::Nearest(NearestRule::RoundPreferFloor), false),
        (1, 1, Filter::Linear, false),
    ];
    let mut rng = Rng::new(0x1a4e5);
    for case in 0..30u64 {
        let pick = |rng: &mut Rng| axes[rng.range(0, axes.len() as u32 - 1) as usize];
        let ((down_y, up_y, filter_y, aa_y), (down_x, up_x, filter_x, aa_x)) =
            (pick(&mut rng), pick(&mut rng));
        let output = Size2::new(rng.range(1, 24) * up_y, rng.range(1, 24) * up_x);
        let input = Size2::new(output.height / up_y * down_y, output.width / up_x * down_x);
        let axis = |filter, antialias| {
            AxisResample::default()
                .with_filter(filter)
                .with_antialias(antialias)
        };
        let spec = ResizeSpec::builder(input, output)
            .y_axis(axis(filter_y, aa_y))
            .x_axis(axis(filter_x, aa_x))
            .batch(rng.range(1, 2))
            .channels([4, 8, 3, 1, 2][case as usize % 5])
            .layout(if case % 3 == 2 {
                Layout::Nchw
            } else {
                Layout::Nhwc
            })
            .element(ElementType::U8)
            .build()
            .unwrap();
        let data = Rng::new(case).u8s(spec.input_len());
        let what = format!("case {case}");
        assert_paths_match_reference(gpu, &spec, &data, &paths, 0.0, &what);
    }
    // The widest sums: every weight a multiple of 2^-4 on both axes.
    for channels in [4, 3] {
        let spec = ResizeSpec::builder(Size2::new(5, 7), Size2::new(40, 56))
            .channels(channels)
            .element(ElementType::U8)
            .build()
            .unwrap();
        let white = vec![255u8; spec.input_len()];
        assert_paths_match_reference(gpu, &spec, &white, &paths, 0.0, "all 255");
        let row = 7 * channels as usize;
        let stripes: Vec<u8> = (0..spec.input_len())
            .map(|i| {
                if (i / channels as usize + i / row).is_multiple_of(2) {
                    0
                } else {
                    255
                }
            })
            .collect();
        assert_paths_match_reference(gpu, &spec, &stripes, &paths, 0.0, "0 and 255");
    }
    // Crops whose outputs partly fall outside the input and take the extrapolation value: 5
    // inputs mapped from -2 to 6 in steps of 1/2 (17 outputs: an enlargement, whose u8 strided
    // groups take quads) and 9 inputs from -4 to 12 in steps of 4 (5 outputs: a shrink, staged
    // columns). Linear (two-tap rows) and nearest (one tap) with integer weights, exact; cubic
    // with float sums, within one step.
    let crop = AxisResample::default().with_mapping(CoordinateMapping::TfCropAndResize {
        start: -0.5,
        end: 1.5,
    });
    let filters = [
        (Filter::Linear, 0.0),
        (Filter::Nearest(NearestRule::RoundPreferFloor), 0.0),
        (Filter::Cubic { a: -0.75 }, 1.0),
    ];
    let ends = [(5, 17), (9, 5)];
    for (channels, layout) in [(4, Layout::Nhwc), (3, Layout::Nhwc), (2, Layout::Nchw)] {
        for ((filter, tolerance), (input, output)) in filters
            .iter()
            .flat_map(|f| ends.iter().map(move |e| (f, e)))
        {
            let spec =
                ResizeSpec::builder(Size2::new(*input, *input), Size2::new(*output, *output))
                    .both_axes(crop.with_filter(*filter))
                    .channels(channels)
                    .layout(layout)
                    .element(ElementType::U8)
                    .extrapolation_value(77.0)
                    .build()
                    .unwrap();
            let data = Rng::new(99).u8s(spec.input_len());
            let what = format!("crop with extrapolation, {channels} channels, {filter:?}");
            assert_paths_match_reference(gpu, &spec, &data, &paths, *tolerance, &what);
        }
    }
}

/// Resizes large enough to take more rows per invocation (src/gpu/launch.rs, `more_rows`): u8
/// enlargements by 2 of grey pixels in quads of 16 rows, of RGB in quads of 8, of RGBA in
/// integer lanes of 8; an RGBA u8 halving in integer lanes of 8 rows; RGB u8 halvings in packed
/// lanes of 2 rows (rounded once and in PyTorch's fixed point, the kernel named) and in staged
/// columns of 2 rows, with integer weights, Pillow's fixed point (one pass and two) and float
/// sums; an f16 enlargement by 2 in 8 rows. Each has a last block of rows cut short. Against
/// the reference into poisoned buffers: exact for u8 but the float sums (one step), one f16 step
/// for f16.
#[test]
fn long_row_blocks_match_the_reference() {
    use wgpu_resize::ElementType;
    let Some(gpu) = gpu("long row blocks") else {
        return;
    };
    let enlarge = |channels: u32, height: u32, width: u32| {
        let input = Size2::new(height, width);
        ResizeSpec::builder(input, Size2::new(height * 2, width * 2))
            .channels(channels)
            .element(ElementType::U8)
            .build()
            .unwrap()
    };
    let halve = ResizeSpec::builder(Size2::new(2050, 2048), Size2::new(1025, 1024))
        .channels(4)
        .element(ElementType::U8)
        .build()
        .unwrap();
    let u8_specs = [
        enlarge(1, 1000, 1050),
        enlarge(3, 725, 1280),
        enlarge(4, 550, 1025),
        halve,
    ];
    for spec in u8_specs {
        let data = Rng::new(spec.channels() as u64).u8s(spec.input_len());
        let what = format!("{spec:?}");
        assert_paths_match_reference(gpu, &spec, &data, &[Path::Gather], 0.0, &what);
    }
    // The RGB halving's two rows an invocation (from 2^17 invocations of one row: 256 fours
    // x 1025, 131 x 1025), its last row alone.
    use wgpu_resize::Filter;
    use wgpu_resize::presets::{self, PillowFilter, TorchMode, TorchOutput};
    let (input, output) = (Size2::new(2050, 2048), Size2::new(1025, 1024));
    let torch = presets::torch(
        input,
        TorchOutput::Size(output),
        TorchMode::Bilinear,
        false,
        false,
    )
    .unwrap();
    let fours = ResizeSpec::builder(Size2::new(2050, 1048), Size2::new(1025, 524));
    for builder in [ResizeSpec::builder(input, output), torch, fours] {
        let spec = builder
            .channels(3)
            .element(ElementType::U8)
            .build()
            .unwrap();
        let what = format!("RGB halving in two rows {spec:?}");
        let kernels = gpu.resizer.kernels(&spec, Path::Gather).unwrap();
        let name = "halving u8->u8 channels 3 group 64x4 rows 2";
        assert!(kernels[0].kernel.contains(name), "{what}: {kernels:?}");
        let data = Rng::new(5).u8s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &data, &[Path::Gather], 0.0, &what);
    }
    // Staged columns of 2 rows, the last of each row's workgroups partial.
    let (big, half) = (Size2::new(2050, 2100), Size2::new(1025, 1050));
    let rgb = |builder: wgpu_resize::ResizeSpecBuilder| {
        builder
            .channels(3)
            .element(ElementType::U8)
            .build()
            .unwrap()
    };
    let staged = [
        (rgb(ResizeSpec::builder(big, half)), 0.0),
        (rgb(presets::pillow(big, half, PillowFilter::Bicubic)), 0.0),
        (
            rgb(ResizeSpec::builder(big, half).filter(Filter::Cubic { a: -0.75 })),
            1.0,
        ),
    ];
    for (spec, tolerance) in staged {
        let data = Rng::new(3).u8s(spec.input_len());
        let paths = [Path::Gather, Path::Separable];
        let what = format!("{spec:?}");
        assert_paths_match_reference(gpu, &spec, &data, &paths, tolerance, &what);
    }
    let f16s = enlarge(4, 520, 512)
        .to_builder()
        .element(ElementType::F16)
        .build()
        .unwrap();
    let data = Rng::new(16).f16s(f16s.input_len());
    assert_paths_match_reference(gpu, &f16s, &data, &[Path::Gather], 2e-3, "f16");
}

/// Passes of one vertical tap and horizontal bands of 24 taps or more (the separable path's
/// second pass of a large shrink, or a resize along x alone) take the split gather: every
/// output's band summed by 4 lanes (8 from 64 taps) and added in workgroup memory. Against the
/// reference into poisoned buffers: bands of 24 to 64 taps and wider, row widths that leave a
/// workgroup's last outputs past the row, two channel groups, a batch, crops whose outputs lie
/// outside the input along either axis, linear light, f32 and f16; and Pillow's RGBA u8
/// presets in fixed point (bands of 80 taps or more), exact.
#[test]
fn split_bands_match_the_reference() {
    use wgpu_resize::presets::{self, PillowFilter};
    use wgpu_resize::{AxisResample, ElementType, Filter, NearestRule};
    let Some(gpu) = gpu("split bands") else {
        return;
    };
    let crop = |start: f64, end: f64| CoordinateMapping::TfCropAndResize { start, end };
    // (input, output, filter, antialias, mapping, batch, channels, linear light)
    let cases = [
        // x 1200 -> 30: bicubic bands of 160 taps, 8 lanes; two channel groups, a batch.
        (
            Size2::new(20, 1200),
            Size2::new(10, 30),
            Filter::Cubic { a: -0.5 },
            true,
            None,
            2,
            8,
            false,
        ),
        // x 700 -> 43: lanczos3 bands of about 98 taps; 43 outputs, a part workgroup.
        (
            Size2::new(24, 700),
            Size2::new(12, 43),
            Filter::Lanczos { lobes: 3 },
            true,
            None,
            1,
            4,
            false,
        ),
        // x 300 -> 30: bicubic bands of 40 taps, 4 lanes.
        (
            Size2::new(16, 300),
            Size2::new(8, 30),
            Filter::Cubic { a: -0.5 },
            true,
            None,
            1,
            4,
            false,
        ),
        // x 140 -> 20: bicubic bands of 28 or 29 taps, the narrowest that split.
        (
            Size2::new(10, 140),
            Size2::new(5, 20),
            Filter::Cubic { a: -0.5 },
            true,
            None,
            1,
            4,
            false,
        ),
        // x 2000 -> 70: bands of about 58 taps, 4 lanes, two workgroups a row (64 and 6).
        (
            Size2::new(6, 2000),
            Size2::new(3, 70),
            Filter::Linear,
            true,
            None,
            1,
            4,
            false,
        ),
        // Along x alone: the gather's only pass has one vertical tap.
        (
            Size2::new(9, 400),
            Size2::new(9, 11),
            Filter::Linear,
            true,
            None,
            1,
            4,
            false,
        ),
        // Crops reaching outside the input: outputs take the extrapolation value.
        (
            Size2::new(12, 500),
            Size2::new(10, 13),
            Filter::Linear,
            true,
            Some(crop(-0.3, 1.2)),
            2,
            4,
            false,
        ),
        // Linear light: decoded on the first pass's loads, encoded on this pass's stores.
        (
            Size2::new(10, 640),
            Size2::new(5, 20),
            Filter::Lanczos { lobes: 3 },
            true,
            None,
            1,
            4,
            true,
        ),
    ];
    for (k, &(input, output, filter, antialias, mapping, batch, channels, linear)) in
        cases.iter().enumerate()
    {
        let mut builder = ResizeSpec::builder(input, output)
            .filter(filter)
            .antialias(antialias)
            .batch(batch)
            .channels(channels)
            .linear_light(linear)
            .extrapolation_value(0.25);
        if let Some(mapping) = mapping {
            builder = builder.mapping(mapping);
        }
        let what = format!("split case {k}");
        let spec = builder.build().unwrap();
        let data = Rng::new(40 + k as u64).f32s(spec.input_len());
        let paths = [Path::Gather, Path::Separable, Path::Auto];
        assert_paths_match_reference(gpu, &spec, &data, &paths, TOLERANCE, &what);
        let spec = builder.element(ElementType::F16).build().unwrap();
        let data = Rng::new(40 + k as u64).f16s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &data, &paths, 2e-3, &what);
    }
    // One tap along y (nearest) whose crop reaches outside the input, so that the split pass
    // itself meets rows outside; wide bands along x, also reaching outside.
    let y_axis = AxisResample::default()
        .with_filter(Filter::Nearest(NearestRule::RoundPreferCeil))
        .with_mapping(crop(-0.4, 1.3));
    let x_axis = AxisResample::default()
        .with_antialias(true)
        .with_mapping(crop(-0.2, 1.1));
    let spec = ResizeSpec::builder(Size2::new(14, 600), Size2::new(11, 21))
        .y_axis(y_axis)
        .x_axis(x_axis)
        .channels(4)
        .extrapolation_value(-0.5)
        .build()
        .unwrap();
    let data = Rng::new(47).f32s(spec.input_len());
    let paths = [Path::Gather, Path::Auto];
    assert_paths_match_reference(gpu, &spec, &data, &paths, TOLERANCE, "split, y outside");
    // Pillow's 8-bit presets on RGBA: horizontal first, in fixed point with its premultiplied
    // alpha; the integer sums are the same in any order, so the bytes are exact.
    for (input, output, filter) in [
        (
            Size2::new(16, 900),
            Size2::new(9, 24),
            PillowFilter::Lanczos,
        ),
        (
            Size2::new(12, 300),
            Size2::new(30, 9),
            PillowFilter::Bicubic,
        ),
    ] {
        let spec = presets::pillow(input, output, filter)
            .channels(4)
            .element(ElementType::U8)
            .batch(2)
            .build()
            .unwrap();
        assert!(spec.fixed_point(), "{spec:?}");
        let data = Rng::new(48).u8s(spec.input_len());
        let paths = [Path::Gather, Path::Separable, Path::Auto];
        assert_paths_match_reference(gpu, &spec, &data, &paths, 0.0, "split, Pillow u8");
    }
}

/// Bilinear and nearest passes whose tables follow the coordinate mapping exactly (the dyadic
/// ratios: x2, x4, x0.5, x0.25, x1.5 shrinks, aligned corners of such ratios) compute their
/// taps (`wgsl/gather_computed.wgsl`). Against the reference into poisoned buffers, on seeded
/// random sizes: f32, f16 and u8 (in floats where colour is converted), one to three channel
/// groups, batches, nearest rules along one axis or both, linear light and premultiplied
/// alpha; and sizes whose ratios do not fit beside them, which keep their tables.
#[test]
fn computed_taps_match_the_reference() {
    use wgpu_resize::{AxisResample, ElementType, Filter, NearestRule};
    let Some(gpu) = gpu("computed taps") else {
        return;
    };
    // The separable path's passes take them too: one axis is the identity, which fits.
    let paths = [Path::Gather, Path::Separable, Path::Auto];
    let mut rng = Rng::new(0xc0de);
    // Output length from input length: enlarging by 2 and 4, shrinking by 2, 4 and 1.5, and
    // one ratio that does not fit (x1.5 enlargement: coordinates of 2/3).
    let scales: [fn(u32) -> u32; 6] = [
        |n| 2 * n,
        |n| 4 * n,
        |n| n.div_ceil(2),
        |n| n.div_ceil(4),
        |n| (2 * n).div_ceil(3),
        |n| 3 * n / 2,
    ];
    let nearest = [NearestRule::TorchLegacy, NearestRule::TorchExact];
    for k in 0..24u64 {
        let (h, w) = (rng.range(2, 40), rng.range(2, 40));
        let (sy, sx) = (rng.range(0, 5) as usize, rng.range(0, 5) as usize);
        let output = Size2::new(scales[sy](h).max(1), scales[sx](w).max(1));
        let axis = |rule: u32| match rule {
            0 | 1 => AxisResample::default().with_filter(Filter::Nearest(nearest[rule as usize])),
            2 => AxisResample::default().with_mapping(CoordinateMapping::AlignCorners),
            _ => AxisResample::default(),
        };
        let channels = [4, 8, 12][k as usize % 3];
        let builder = ResizeSpec::builder(Size2::new(h, w), output)
            .y_axis(axis(rng.range(0, 5)))
            .x_axis(axis(rng.range(0, 5)))
            .batch(rng.range(1, 3))
            .channels(channels)
            .linear_light(k % 5 == 3)
            .premultiplied_alpha(k % 7 == 4 && channels == 4);
        let what = format!("computed taps case {k}");
        // Values in 0.1..0.9: colour in and out of linear light, alpha that divides well.
        let spec = builder.build().unwrap();
        let data: Vec<f32> = Rng::new(k)
            .f32s(spec.input_len())
            .into_iter()
            .map(|v| 0.5 + 0.4 * v)
            .collect();
        assert_paths_match_reference(gpu, &spec, &data, &paths, TOLERANCE, &what);
        let spec = builder.element(ElementType::F16).build().unwrap();
        let halves: Vec<half::f16> = data.iter().map(|&v| half::f16::from_f32(v)).collect();
        assert_paths_match_reference(gpu, &spec, &halves, &paths, 2e-3, &what);
        // u8: with colour conversions summed in floats (the computed taps), otherwise in
        // integer lanes; a float rounding tie may land either side, as in tests/color.rs.
        let spec = builder.element(ElementType::U8).build().unwrap();
        let bytes = Rng::new(k).u8s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &bytes, &paths, 1.0, &what);
    }
}

/// The wide gather (src/gpu/launch.rs, `wide_rows`): RGBA u8 bilinear enlargements by 2 and 4 large
/// enough to take it (not by exactly 2 along both axes, which the exact doubling takes), in blocks
/// of 4 rows and of 16 with the last block cut short, a batch;
/// nearest neighbours by 2 and 3 (one tap), along both axes and along one with bilinear along
/// the other; and crops whose outputs partly fall outside the input along y, x or both and take
/// the extrapolation value, bilinear and nearest. Exact against the reference into poisoned
/// buffers, on the gather and the measured choice; random bytes, all 255 and stripes of 0 and
/// 255.
#[test]
fn wide_gather_matches_the_reference() {
    use wgpu_resize::{AxisResample, ElementType, Filter, NearestRule};
    let Some(gpu) = gpu("wide gather") else {
        return;
    };
    let paths = [Path::Gather, Path::Auto];
    let rgba = |input: Size2, output: Size2, batch: u32| {
        ResizeSpec::builder(input, output)
            .channels(4)
            .batch(batch)
            .element(ElementType::U8)
            .build()
            .unwrap()
    };
    // Doubled along y, enlarged 4 times along x: exact doublings along both axes take the
    // doubling kernel (`doublings_match_the_reference`).
    let specs = [
        // 256 x 1024 invocations of 4 rows: exactly 2^16.
        rgba(Size2::new(512, 256), Size2::new(1024, 1024), 1),
        // 16 rows: 512 x 2050 invocations of one row; 2050 = 128 blocks of 16 and 2 rows.
        rgba(Size2::new(1025, 512), Size2::new(2050, 2048), 1),
        // By 4, a batch of 3: 4 rows, its weights multiples of 2^-3.
        rgba(Size2::new(100, 128), Size2::new(400, 512), 3),
    ];
    let nearest = AxisResample::default().with_filter(Filter::Nearest(NearestRule::TorchLegacy));
    let linear = AxisResample::default();
    let one_tap = |input: Size2, output: Size2, y_axis: AxisResample, x_axis: AxisResample| {
        ResizeSpec::builder(input, output)
            .y_axis(y_axis)
            .x_axis(x_axis)
            .channels(4)
            .element(ElementType::U8)
            .build()
            .unwrap()
    };
    let specs = [
        specs[0],
        specs[1],
        specs[2],
        // Nearest by 2 (16 rows, 2050 = 128 blocks and 2 rows), by 3, and mixed.
        one_tap(
            Size2::new(1025, 512),
            Size2::new(2050, 2048),
            nearest,
            nearest,
        ),
        one_tap(
            Size2::new(342, 344),
            Size2::new(1026, 1032),
            nearest,
            nearest,
        ),
        one_tap(
            Size2::new(512, 256),
            Size2::new(1024, 1024),
            nearest,
            linear,
        ),
        one_tap(
            Size2::new(512, 256),
            Size2::new(1024, 1024),
            linear,
            nearest,
        ),
    ];
    for (k, spec) in specs.iter().enumerate() {
        let data = Rng::new(40 + k as u64).u8s(spec.input_len());
        let what = format!("wide gather {k}");
        assert_paths_match_reference(gpu, spec, &data, &paths, 0.0, &what);
    }
    let spec = &specs[0];
    let white = vec![255u8; spec.input_len()];
    assert_paths_match_reference(gpu, spec, &white, &paths, 0.0, "wide gather, all 255");
    let stripes: Vec<u8> = (0..spec.input_len())
        .map(|i| if (i / 4 + i / 1024) % 2 == 0 { 0 } else { 255 })
        .collect();
    assert_paths_match_reference(gpu, spec, &stripes, &paths, 0.0, "wide gather, stripes");
    // 257 inputs mapped from -128 to 383.5 in steps of 1/2 onto 1024 outputs (a quarter of
    // them on the left and 384 on the right lie outside; the steps are dyadic, so the weights
    // are integers), along y, x or both, the other axis enlarged 4 times; two images.
    let crop = AxisResample::default().with_mapping(CoordinateMapping::TfCropAndResize {
        start: -0.5,
        end: 1.498046875,
    });
    let plain = AxisResample::default();
    let cropped = [(crop, plain), (plain, crop), (crop, crop)];
    let filters = [
        Filter::Linear,
        Filter::Nearest(NearestRule::RoundPreferFloor),
    ];
    for (k, ((y_axis, x_axis), filter)) in cropped
        .into_iter()
        .flat_map(|axes| filters.map(|f| (axes, f)))
        .enumerate()
    {
        let (y_axis, x_axis) = (y_axis.with_filter(filter), x_axis.with_filter(filter));
        let k = k / 2;
        let input = Size2::new(
            if k == 1 { 256 } else { 257 },
            if k == 0 { 256 } else { 257 },
        );
        let spec = ResizeSpec::builder(input, Size2::new(1024, 1024))
            .y_axis(y_axis)
            .x_axis(x_axis)
            .channels(4)
            .batch(2)
            .element(ElementType::U8)
            .extrapolation_value(77.0)
            .build()
            .unwrap();
        let data = Rng::new(k as u64).u8s(spec.input_len());
        let what = format!("wide gather, crop {k}");
        assert_paths_match_reference(gpu, &spec, &data, &paths, 0.0, &what);
    }
}

/// The halving tests' rule along an axis: PyTorch's two nearest rules (0 and 1), `area` (2),
/// aligned corners (3, which no halving fits) and half-pixel bilinear (any other).
fn halving_rule(rule: u32, area: wgpu_resize::AreaRule) -> wgpu_resize::AxisResample {
    use wgpu_resize::{AxisResample, Filter, NearestRule};
    match rule {
        0 => AxisResample::default().with_filter(Filter::Nearest(NearestRule::TorchLegacy)),
        1 => AxisResample::default().with_filter(Filter::Nearest(NearestRule::TorchExact)),
        2 => AxisResample::default().with_filter(Filter::Area(area)),
        3 => AxisResample::default().with_mapping(CoordinateMapping::AlignCorners),
        _ => AxisResample::default(),
    }
}

/// Exact halvings (src/gpu/halving.rs): RGBA u8 (integer lanes, exact) and f16 shrinks by
/// exactly 2 along both axes, on seeded random output sizes from 1 to 60 (even widths, which take the kernel, and
/// in one case of four odd ones, which keep the vector gather) and batches of 1 to 3;
/// half-pixel bilinear, the area rules, PyTorch's two nearest rules and aligned corners (which
/// does not fit) along either axis. Against the reference into poisoned buffers on the gather
/// and the measured choice; then all 255 and stripes of 0 and 255 for the lanes' widest sums.
#[test]
fn halvings_match_the_reference() {
    use wgpu_resize::{AreaRule, ElementType};
    let Some(gpu) = gpu("exact halvings") else {
        return;
    };
    let paths = [Path::Gather, Path::Auto];
    let axis = |rule: u32| halving_rule(rule, AreaRule::AdaptiveAverage);
    let mut rng = Rng::new(0x4a1f);
    for k in 0..16u64 {
        let h = rng.range(1, 60);
        let w = match k % 4 {
            3 => 2 * rng.range(0, 30) + 1,
            _ => 2 * rng.range(1, 30),
        };
        // Bilinear (4) in most cases; aligned corners (3) in one case of four.
        let mut rule = || match rng.range(0, 6) {
            3 if k % 4 != 1 => 4,
            5 => 4,
            r => r,
        };
        let builder = ResizeSpec::builder(Size2::new(2 * h, 2 * w), Size2::new(h, w))
            .y_axis(axis(rule()))
            .x_axis(axis(rule()))
            .batch(rng.range(1, 3))
            .channels(4);
        let what = format!("halving case {k}");
        let spec = builder.element(ElementType::U8).build().unwrap();
        let bytes = Rng::new(k).u8s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &bytes, &paths, 0.0, &what);
        let spec = builder.element(ElementType::F16).build().unwrap();
        let halves = Rng::new(k).f16s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &halves, &paths, 2e-3, &what);
    }
    let spec = ResizeSpec::builder(Size2::new(74, 140), Size2::new(37, 70))
        .channels(4)
        .element(ElementType::U8)
        .batch(2)
        .build()
        .unwrap();
    let white = vec![255u8; spec.input_len()];
    assert_paths_match_reference(gpu, &spec, &white, &paths, 0.0, "halving, all 255");
    // Each channel in its own stripes along both axes, so that a byte taken from a
    // neighbouring pixel, row or channel shows.
    let stripes: Vec<u8> = (0..spec.input_len())
        .map(|i| {
            if (i / 4 + i % 4 + i / 560) % 3 == 0 {
                0
            } else {
                255
            }
        })
        .collect();
    assert_paths_match_reference(gpu, &spec, &stripes, &paths, 0.0, "halving, stripes");
}

/// Exact halvings of RGB u8 (src/gpu/halving.rs, packed lanes, four outputs an invocation from
/// 24-byte groups of input): seeded random output sizes, the width a multiple of 8 in half the
/// cases (an input of 16 pixels, 48 bytes, in whole 16-byte words), of 4 and not 8 in a quarter
/// (rows halfway into a 16-byte word; one group in some), and in a quarter either or neither
/// (which keeps the staged gather or the quads), batches of 1 to 3;
/// half-pixel bilinear, the area rules, PyTorch's two nearest rules and aligned corners (which
/// does not fit) along either axis. The kernel is asserted by name on the gather path where it
/// should serve and absent where not; against the reference into poisoned buffers on the gather
/// and the measured choice, exact but for aligned corners (float sums, one step); then all 255
/// (the lanes' widest sums) and stripes of 0 and 255.
#[test]
fn rgb_halvings_match_the_reference() {
    use wgpu_resize::{AreaRule, ElementType};
    let Some(gpu) = gpu("exact RGB halvings") else {
        return;
    };
    let paths = [Path::Gather, Path::Auto];
    let axis = |rule: u32| halving_rule(rule, AreaRule::Coverage);
    let mut rng = Rng::new(0x3b6a);
    for k in 0..16u64 {
        let h = rng.range(1, 40);
        let w = match k % 4 {
            2 => 8 * rng.range(0, 6) + 4,
            3 => 8 * rng.range(0, 6) + 2 * rng.range(1, 3),
            _ => 8 * rng.range(1, 8),
        };
        let rules = [rng.range(0, 6), rng.range(0, 6)];
        let rules = rules.map(|r| if r == 3 && k % 4 != 1 { 4 } else { r });
        let spec = ResizeSpec::builder(Size2::new(2 * h, 2 * w), Size2::new(h, w))
            .y_axis(axis(rules[0]))
            .x_axis(axis(rules[1]))
            .batch(rng.range(1, 3))
            .channels(3)
            .element(ElementType::U8)
            .build()
            .unwrap();
        let what = format!("RGB halving case {k} {spec:?}");
        let kernels = gpu.resizer.kernels(&spec, Path::Gather).unwrap();
        let served = w % 4 == 0 && !rules.contains(&3);
        let named = kernels.len() == 1 && kernels[0].kernel.contains("halving u8->u8 channels 3 ");
        assert_eq!(named, served, "{what}: {kernels:?}");
        // Aligned corners' weights are not dyadic: the kernels that take it sum in floats, one
        // step from the reference's f64 where a sum falls on a half.
        let tolerance = if rules.contains(&3) { 1.0 } else { 0.0 };
        let bytes = Rng::new(k).u8s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &bytes, &paths, tolerance, &what);
    }
    let spec = ResizeSpec::builder(Size2::new(38, 96), Size2::new(19, 48))
        .channels(3)
        .element(ElementType::U8)
        .batch(2)
        .build()
        .unwrap();
    let white = vec![255u8; spec.input_len()];
    assert_paths_match_reference(gpu, &spec, &white, &paths, 0.0, "RGB halving, all 255");
    // Each channel in its own stripes along both axes, so that a byte taken from a
    // neighbouring pixel, row or channel shows.
    let stripes: Vec<u8> = (0..spec.input_len())
        .map(|i| 255 * ((i / 3 + i % 3 + i / 288) % 2) as u8)
        .collect();
    assert_paths_match_reference(gpu, &spec, &stripes, &paths, 0.0, "RGB halving, stripes");
}

/// Exact doublings (src/gpu/doubling.rs): RGBA u8 (integer lanes, exact) and f16 enlargements
/// by exactly 2 along both axes, on seeded random sizes from 3 to 80 and batches of 1 to 3, the
/// last block of rows cut short or not; half-pixel bilinear, PyTorch's two nearest rules and
/// the asymmetric mapping along either axis, and aligned corners, which does not fit and keeps
/// its kernel. Against the reference into poisoned buffers on the gather and the measured
/// choice; then all 255 and stripes of 0 and 255 for the u8 lanes' widest sums. The same for
/// RGB u8, whose widths are mostly multiples of 4 (four pixels per invocation, one group in
/// case 0) and in one case of four any (the quads).
#[test]
fn doublings_match_the_reference() {
    use wgpu_resize::{AxisResample, ElementType, Filter, NearestRule};
    let Some(gpu) = gpu("exact doublings") else {
        return;
    };
    let paths = [Path::Gather, Path::Auto];
    let axis = |rule: u32| match rule {
        0 => AxisResample::default().with_filter(Filter::Nearest(NearestRule::TorchLegacy)),
        1 => AxisResample::default().with_filter(Filter::Nearest(NearestRule::TorchExact)),
        2 => AxisResample::default().with_mapping(CoordinateMapping::Asymmetric),
        3 => AxisResample::default().with_mapping(CoordinateMapping::AlignCorners),
        _ => AxisResample::default(),
    };
    let mut rng = Rng::new(0xd0b1e);
    for k in 0..16u64 {
        let (h, w) = (rng.range(3, 80), rng.range(3, 80));
        // Rules 0 to 2 and bilinear (4) always; aligned corners (3) in one case of four.
        let mut rule = || match rng.range(0, 4) {
            3 if k % 4 != 3 => 4,
            r => r,
        };
        let builder = ResizeSpec::builder(Size2::new(h, w), Size2::new(2 * h, 2 * w))
            .y_axis(axis(rule()))
            .x_axis(axis(rule()))
            .batch(rng.range(1, 3))
            .channels(4);
        let what = format!("doubling case {k}");
        let spec = builder.element(ElementType::U8).build().unwrap();
        let bytes = Rng::new(k).u8s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &bytes, &paths, 0.0, &what);
        let spec = builder.element(ElementType::F16).build().unwrap();
        let halves = Rng::new(k).f16s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &halves, &paths, 2e-3, &what);
        // RGB u8: four pixels per invocation where the width is a multiple of 4 (one group, at
        // both edges at once, in case 0), the quads elsewhere.
        let mut rgb_rng = Rng::new(k + 100);
        let w = match k {
            0 => 4,
            _ if k % 4 == 1 => w,
            _ => 4 * rgb_rng.range(1, 20),
        };
        let mut rule = || match rgb_rng.range(0, 4) {
            3 if k % 4 != 3 => 4,
            r => r,
        };
        let spec = ResizeSpec::builder(Size2::new(h, w), Size2::new(2 * h, 2 * w))
            .y_axis(axis(rule()))
            .x_axis(axis(rule()))
            .batch(1 + k as u32 % 3)
            .channels(3)
            .element(ElementType::U8)
            .build()
            .unwrap();
        let bytes = Rng::new(k).u8s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &bytes, &paths, 0.0, &format!("RGB {what}"));
    }
    let spec = ResizeSpec::builder(Size2::new(37, 70), Size2::new(74, 140))
        .channels(4)
        .element(ElementType::U8)
        .build()
        .unwrap();
    let white = vec![255u8; spec.input_len()];
    assert_paths_match_reference(gpu, &spec, &white, &paths, 0.0, "doubling, all 255");
    let stripes: Vec<u8> = (0..spec.input_len())
        .map(|i| if (i / 4 + i / 280) % 2 == 0 { 0 } else { 255 })
        .collect();
    assert_paths_match_reference(gpu, &spec, &stripes, &paths, 0.0, "doubling, stripes");
    let rgb = ResizeSpec::builder(Size2::new(37, 72), Size2::new(74, 144))
        .channels(3)
        .element(ElementType::U8)
        .batch(2)
        .build()
        .unwrap();
    let white = vec![255u8; rgb.input_len()];
    assert_paths_match_reference(gpu, &rgb, &white, &paths, 0.0, "RGB doubling, all 255");
    // Each channel in its own stripes, so that a byte taken from a neighbour's channel shows.
    let stripes: Vec<u8> = (0..rgb.input_len())
        .map(|i| {
            if (i / 3 + i % 3 + i / 216) % 2 == 0 {
                0
            } else {
                255
            }
        })
        .collect();
    assert_paths_match_reference(gpu, &rgb, &stripes, &paths, 0.0, "RGB doubling, stripes");
    // Enough invocations for two rows each (src/gpu/doubling.rs), the last block of an odd
    // height cut short.
    let rgb = ResizeSpec::builder(Size2::new(127, 256), Size2::new(254, 512))
        .channels(3)
        .element(ElementType::U8)
        .batch(9)
        .build()
        .unwrap();
    let bytes = Rng::new(9).u8s(rgb.input_len());
    assert_paths_match_reference(gpu, &rgb, &bytes, &paths, 0.0, "RGB doubling, two rows");
}

/// Exact doublings and halvings in Pillow's 8-bit fixed point (src/gpu/doubling.rs,
/// src/gpu/halving.rs), whose kernels round each row's horizontal sums to bytes before the
/// vertical taps weigh them: PyTorch's bilinear (antialiased or not, the same tables at x2)
/// doubling RGBA and RGB and halving RGBA and RGB, Pillow's bilinear doubling RGB and box
/// halving RGBA, ONNX Runtime's antialiased linear doubling RGBA; seeded random sizes down to 3
/// rows (input widths a multiple of 4 for RGB doublings and RGBA halvings, of 16 for RGB
/// halvings) and batches of 1 to 3. Each
/// takes the exact kernel on the gather path (asserted by its name) and gives the reference's
/// bytes there and on `auto`, into poisoned buffers; then stripes of 0 and 255 and all 255,
/// the lanes' widest sums, on PyTorch's four.
#[test]
fn fixed_point_doublings_and_halvings_match_the_reference() {
    use wgpu_resize::ElementType;
    use wgpu_resize::presets::{self, OnnxMode, OnnxResize, PillowFilter, TorchMode, TorchOutput};
    let Some(gpu) = gpu("fixed-point doublings and halvings") else {
        return;
    };
    let paths = [Path::Gather, Path::Auto];
    let torch = |input: Size2, output: Size2, antialias: bool| {
        presets::torch(
            input,
            TorchOutput::Size(output),
            TorchMode::Bilinear,
            false,
            antialias,
        )
        .unwrap()
    };
    // (Pillow's RGBA would premultiply alpha, a colour step that the exact kernels leave to the
    // others; its box halving is read here as four channels of their own.)
    let spec_of = |case: u64, rng: &mut Rng| {
        let (h, quads) = (rng.range(3, 30), rng.range(2, 12));
        let (small, large) = (Size2::new(h, 2 * quads), Size2::new(2 * h, 4 * quads));
        let antialias = case % 2 == 1;
        let (builder, channels, kernel) = match case % 7 {
            0 => (torch(small, large, antialias), 4, "doubling"),
            1 => (
                torch(
                    Size2::new(h, 4 * quads),
                    Size2::new(2 * h, 8 * quads),
                    antialias,
                ),
                3,
                "doubling",
            ),
            2 => (torch(large, small, false), 4, "halving"),
            3 => (
                presets::pillow(
                    Size2::new(h, 4 * quads),
                    Size2::new(2 * h, 8 * quads),
                    PillowFilter::Bilinear,
                ),
                3,
                "doubling",
            ),
            // Wide enough that Pillow resamples the rows first (`RoundingOrder::Pillow13`).
            4 => (
                presets::pillow(
                    Size2::new(2 * h, 8 * quads.max(h)),
                    Size2::new(h, 4 * quads.max(h)),
                    PillowFilter::Box,
                ),
                4,
                "halving",
            ),
            // Input rows on 16-byte words where `quads` is even, halfway into one where odd.
            5 => (
                torch(
                    Size2::new(2 * h, 8 * quads),
                    Size2::new(h, 4 * quads),
                    false,
                ),
                3,
                "halving",
            ),
            _ => {
                let node = OnnxResize {
                    mode: OnnxMode::Linear,
                    antialias: true,
                    ..OnnxResize::default()
                };
                (presets::onnx(small, large, &node).unwrap(), 4, "doubling")
            }
        };
        let spec = builder
            .batch(rng.range(1, 3))
            .channels(channels)
            .element(ElementType::U8)
            .build()
            .unwrap();
        (spec, kernel)
    };
    let mut rng = Rng::new(0xf1ed);
    for case in 0..28u64 {
        let (spec, kernel) = spec_of(case, &mut rng);
        let what = format!("case {case} {spec:?}");
        assert!(spec.fixed_point(), "{what}");
        let kernels = gpu.resizer.kernels(&spec, Path::Gather).unwrap();
        assert!(
            kernels.len() == 1 && kernels[0].kernel.contains(kernel),
            "{what}: {kernels:?}"
        );
        let bytes = Rng::new(case).u8s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &bytes, &paths, 0.0, &what);
    }
    for (input, output, channels) in [
        (Size2::new(37, 72), Size2::new(74, 144), 4),
        (Size2::new(37, 72), Size2::new(74, 144), 3),
        (Size2::new(74, 144), Size2::new(37, 72), 4),
        (Size2::new(74, 144), Size2::new(37, 72), 3),
    ] {
        let spec = torch(input, output, false)
            .channels(channels)
            .element(ElementType::U8)
            .build()
            .unwrap();
        let white = vec![255u8; spec.input_len()];
        assert_paths_match_reference(gpu, &spec, &white, &paths, 0.0, "all 255");
        // Each channel in its own stripes along both axes.
        let (channels, row) = (channels as usize, (input.width * channels) as usize);
        let stripes: Vec<u8> = (0..spec.input_len())
            .map(|i| 255 * ((i / channels + i % channels + i / row) % 2) as u8)
            .collect();
        assert_paths_match_reference(gpu, &spec, &stripes, &paths, 0.0, "stripes");
    }
}

/// Crops that fall partly outside the input on one axis, the other, or both: every kernel that
/// reads the table rows' outside flags (the vector gather, the u8 quads and staged columns, the
/// fused tiled path, and the scalar gather that a device with few workgroups per dimension
/// falls back to) writes the extrapolation value exactly there, and skips the flags only along
/// an axis with no row outside (`KernelFeatures::inside`). Against the reference into poisoned
/// buffers. On that device, a scalar grid taller than it allows is refused with a typed error.
#[test]
fn extrapolation_along_either_axis_on_every_kernel() {
    use wgpu_resize::adapter::ContextOptions;
    use wgpu_resize::{AxisResample, ElementType, Filter, GpuContext, Resizer};
    let Some(gpu) = gpu("extrapolation along either axis") else {
        return;
    };
    // 12 inputs mapped from -6 to 18: a third of the outputs on each side lie outside.
    let crop = AxisResample::default().with_mapping(CoordinateMapping::TfCropAndResize {
        start: -0.5,
        end: 1.5,
    });
    let plain = AxisResample::default();
    let axes = [(crop, plain), (plain, crop), (crop, crop)];
    let mut ran_fused = 0;
    for (k, (y_axis, x_axis)) in axes.iter().enumerate() {
        for (filter, output) in [(Filter::Linear, 40), (Filter::Cubic { a: -0.75 }, 7)] {
            let builder = ResizeSpec::builder(Size2::new(12, 12), Size2::new(output, output))
                .y_axis(y_axis.with_filter(filter))
                .x_axis(x_axis.with_filter(filter))
                .extrapolation_value(-3.25);
            let what = format!("axes {k}, {filter:?}");
            // RGBA f32: the vector gather, separable passes and the fused path.
            let spec = builder.channels(4).build().unwrap();
            let data = Rng::new(k as u64).f32s(spec.input_len());
            let mut paths = vec![Path::Gather, Path::Separable];
            if gpu.resizer.availability(&spec, Path::Fused).is_ok() {
                paths.push(Path::Fused);
                ran_fused += 1;
            }
            assert_paths_match_reference(gpu, &spec, &data, &paths, 2e-5, &what);
            // RGB u8: quads of columns (the enlargement) and staged columns (the shrink).
            let spec = builder
                .channels(3)
                .element(ElementType::U8)
                .build()
                .unwrap();
            let data = Rng::new(k as u64).u8s(spec.input_len());
            assert_paths_match_reference(gpu, &spec, &data, &[Path::Gather], 1.0, &what);
        }
    }
    assert!(ran_fused > 0, "the fused path took none of the crops");
    // A device allowing 3 workgroups per dimension: the strided grid of a 40-row shrink (one
    // row per invocation, 10 workgroups tall) no longer fits, and the scalar gather runs (1200
    // invocations of four elements, 3 x 2 workgroups).
    let context = pollster::block_on(GpuContext::request(ContextOptions {
        limits: Some(wgpu::Limits {
            max_compute_workgroups_per_dimension: 3,
            ..wgpu::Limits::downlevel_defaults()
        }),
        ..Default::default()
    }))
    .expect("a device with 3 workgroups per dimension");
    let resizer = Resizer::new(&context.device, &context.queue).unwrap();
    let narrow = common::Gpu { context, resizer };
    for (k, (y_axis, x_axis)) in axes.iter().enumerate() {
        let spec = ResizeSpec::builder(Size2::new(60, 60), Size2::new(40, 40))
            .y_axis(*y_axis)
            .x_axis(*x_axis)
            .channels(3)
            .extrapolation_value(-3.25)
            .build()
            .unwrap();
        let data = Rng::new(k as u64).f32s(spec.input_len());
        let what = format!("scalar gather, axes {k}");
        assert_paths_match_reference(&narrow, &spec, &data, &[Path::Gather], 2e-5, &what);
    }
    // 64 x 64 RGB outputs: 3072 invocations of the scalar gather, 12 workgroups, more than a
    // grid of 3 x 3 holds. A typed error, not an invalid dispatch.
    let spec = ResizeSpec::builder(Size2::new(60, 60), Size2::new(64, 64))
        .channels(3)
        .build()
        .unwrap();
    let data = Rng::new(5).f32s(spec.input_len());
    match narrow.resizer.resize(&spec, &data, Path::Gather) {
        Err(wgpu_resize::ResizeError::ExceedsDeviceLimit {
            needed: 4,
            limit: 3,
            limit_name: "max_compute_workgroups_per_dimension",
            ..
        }) => {}
        other => panic!(
            "expected the grid refused, got {:?}",
            other.map(|v| v.len())
        ),
    }
}

/// Lanczos enlargements by whole factors, whose every k-th row lies on an input sample and is
/// one tap of exactly 1 among rows of 2·lobes taps (item 108 of the tuning log): every path
/// against the reference, into poisoned buffers, along either axis or both, with the kept
/// and resized axes of odd and even sizes.
#[test]
fn lanczos_rows_on_input_samples_match_the_reference() {
    use wgpu_resize::Filter;
    let Some(gpu) = gpu("lanczos on samples") else {
        return;
    };
    let mut rng = Rng::new(0x1a2c);
    let every_path = [Path::Gather, Path::Separable, Path::Fused, Path::Auto];
    let mut fused_ran = 0;
    for case in 0..8u64 {
        let input = Size2::new(rng.range(3, 24), rng.range(3, 24));
        let (fy, fx) = [
            (3, 3),
            (3, 1),
            (1, 3),
            (5, 2),
            (2, 4),
            (4, 1),
            (1, 5),
            (3, 2),
        ][case as usize];
        let output = Size2::new(input.height * fy, input.width * fx);
        let lobes = [3, 4][case as usize % 2];
        let spec = ResizeSpec::builder(input, output)
            .filter(Filter::Lanczos { lobes })
            .antialias(case % 3 == 0)
            .channels(4)
            .build()
            .unwrap();
        let data = Rng::new(case).f32s(spec.input_len());
        let paths: Vec<Path> = every_path
            .into_iter()
            .filter(|&path| gpu.resizer.availability(&spec, path).is_ok())
            .collect();
        fused_ran += paths.contains(&Path::Fused) as u32;
        let what = format!("case {case} x{fx} y{fy}");
        assert_paths_match_reference(gpu, &spec, &data, &paths, 1e-5, &what);
    }
    assert!(fused_ran >= 4, "the fused path ran {fused_ran} of 8 cases");
}

/// The separable path of a spec that keeps one axis at its size runs the other axis's pass
/// alone (no intermediate, so no scratch buffer), with the reference's results: f32, f16 and
/// u8, NHWC and NCHW, Pillow's fixed point (premultiplied RGBA too) and linear light.
#[test]
fn separable_path_skips_an_axis_kept_at_its_size() {
    use wgpu::util::DeviceExt;
    use wgpu_resize::{ElementType, Filter, Resizer, presets};
    let Some(gpu) = gpu("separable with a kept axis") else {
        return;
    };
    let device = &gpu.context.device;
    let mut rng = Rng::new(0x5e9a);
    let mut specs = Vec::new();
    for case in 0..12u32 {
        let input = Size2::new(rng.range(2, 30), rng.range(2, 30));
        let resized = rng.range(1, 40);
        let output = if case % 2 == 0 {
            Size2::new(input.height, resized)
        } else {
            Size2::new(resized, input.width)
        };
        let spec = match case % 6 {
            // RGB, and RGBA premultiplied as Pillow resizes it.
            0 | 1 => presets::pillow(input, output, presets::PillowFilter::Lanczos)
                .channels([3, 4][case as usize % 2])
                .premultiplied_alpha(case % 2 == 1)
                .element(ElementType::U8)
                .build(),
            2 | 3 => ResizeSpec::builder(input, output)
                .filter([Filter::Linear, Filter::Cubic { a: -0.75 }][case as usize % 2])
                .antialias(true)
                .channels(rng.range(1, 5))
                .layout([Layout::Nhwc, Layout::Nchw][rng.range(0, 1) as usize])
                .build(),
            4 => ResizeSpec::builder(input, output)
                .filter(Filter::Lanczos { lobes: 3 })
                .antialias(true)
                .channels(4)
                .element(ElementType::F16)
                .build(),
            _ => ResizeSpec::builder(input, output)
                .filter(Filter::Cubic { a: -0.5 })
                .antialias(true)
                .channels(4)
                .element(ElementType::U8)
                .linear_light(true)
                .build(),
        }
        .unwrap();
        let what = format!("case {case} {input:?} -> {output:?}");
        match spec.element() {
            ElementType::U8 => {
                let data = Rng::new(u64::from(case)).u8s(spec.input_len());
                let tolerance = if spec.converts_color() { 1.0 } else { 0.0 };
                assert_paths_match_reference(
                    gpu,
                    &spec,
                    &data,
                    &[Path::Separable],
                    tolerance,
                    &what,
                );
            }
            ElementType::F16 => {
                let data = Rng::new(u64::from(case)).f16s(spec.input_len());
                assert_paths_match_reference(gpu, &spec, &data, &[Path::Separable], 2e-3, &what);
            }
            other => {
                assert_eq!(other, ElementType::F32);
                let data = Rng::new(u64::from(case)).f32s(spec.input_len());
                assert_paths_match_reference(
                    gpu,
                    &spec,
                    &data,
                    &[Path::Separable],
                    TOLERANCE,
                    &what,
                );
            }
        }
        specs.push(spec);
    }

    // A resizer of its own, whose scratch buffers only these resizes make: none for the specs
    // above, one for a spec that resizes both axes.
    let resizer = Resizer::new(device, &gpu.context.queue).unwrap();
    let buffer = |bytes: u64| {
        device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("test"),
            contents: &vec![0; bytes.next_multiple_of(4) as usize],
            usage: wgpu::BufferUsages::STORAGE,
        })
    };
    let encode = |spec: &ResizeSpec| {
        let (input, output) = (buffer(spec.input_bytes()), buffer(spec.output_bytes()));
        let mut encoder = device.create_command_encoder(&Default::default());
        resizer
            .encode(&mut encoder, spec, &input, &output, Path::Separable)
            .unwrap();
        gpu.context.queue.submit([encoder.finish()]);
    };
    for spec in &specs {
        encode(spec);
    }
    assert_eq!(resizer.stats().scratch_buffers, 0, "{:?}", resizer.stats());
    let both = ResizeSpec::builder(Size2::new(20, 30), Size2::new(10, 45))
        .build()
        .unwrap();
    encode(&both);
    assert_eq!(resizer.stats().scratch_buffers, 1, "{:?}", resizer.stats());
}

/// Crops whose end lies before their start mirror the axis: each output's band starts left of
/// the one before. Every path but the fused one runs them, against the reference into poisoned
/// buffers (RGBA, whose vector and exact kernels are the likeliest to assume order, in f32, f16
/// and u8); the fused path, whose tiles stage their inputs from the first band's start to the
/// last band's end, refuses them with a typed error where the starts decrease. Found by `tests/properties.rs`, where the
/// fused path mirrored 9x4 -> 18x12 wrongly by up to 1.4.
#[test]
fn mirrored_crops_match_the_reference() {
    use wgpu_resize::{AxisResample, ElementType, Filter, NearestRule, ResizeError};
    let Some(gpu) = gpu("mirrored crops") else {
        return;
    };
    let mirrored = |filter| {
        AxisResample::default().with_filter(filter).with_mapping(
            CoordinateMapping::TfCropAndResize {
                start: 0.9,
                end: 0.0,
            },
        )
    };
    let paths = [Path::Gather, Path::Separable, Path::Auto];
    let mut refused = 0;
    for (input, output) in [
        (Size2::new(9, 4), Size2::new(18, 12)),
        (Size2::new(24, 40), Size2::new(12, 20)),
        (Size2::new(10, 16), Size2::new(20, 32)),
    ] {
        for filter in [
            Filter::Linear,
            Filter::Nearest(NearestRule::RoundPreferFloor),
            Filter::Cubic { a: -0.75 },
        ] {
            let builder = ResizeSpec::builder(input, output)
                .y_axis(AxisResample::default())
                .x_axis(mirrored(filter))
                .channels(4)
                .batch(2);
            let what = format!("mirrored {filter:?}");
            let spec = builder.build().unwrap();
            let data = Rng::new(3).f32s(spec.input_len());
            assert_paths_match_reference(gpu, &spec, &data, &paths, 2e-5, &what);
            // A band as wide as the input starts at 0 on every row, mirrored or not.
            match gpu.resizer.resize(&spec, &data, Path::Fused) {
                Err(ResizeError::PathUnavailable { path: "fused", .. }) => refused += 1,
                Err(error) => panic!("{what}: {error}"),
                Ok(_) => {
                    assert_paths_match_reference(gpu, &spec, &data, &[Path::Fused], 2e-5, &what)
                }
            }
            let spec = builder.element(ElementType::F16).build().unwrap();
            let halves = Rng::new(3).f16s(spec.input_len());
            assert_paths_match_reference(gpu, &spec, &halves, &paths, 2e-3, &what);
            let spec = builder.element(ElementType::U8).build().unwrap();
            let bytes = Rng::new(3).u8s(spec.input_len());
            assert_paths_match_reference(gpu, &spec, &bytes, &paths, 1.0, &what);
            // Both axes mirrored.
            let spec = builder.y_axis(mirrored(filter)).build().unwrap();
            let data = Rng::new(4).f32s(spec.input_len());
            assert_paths_match_reference(gpu, &spec, &data, &paths, 2e-5, &what);
        }
    }
    // Every case but the cubic bands over 4 input columns.
    assert_eq!(refused, 8, "fused refusals");
}

/// The fused tile's output columns change only its time: every count tuning compares
/// (`Resizer::fused_column_candidates`), pinned in turn, gives the bytes of the kernel's own
/// choice, within the reference's tolerance, into poisoned buffers: NHWC shrinks whose tiles
/// fill fewer columns than their lanes or fewer rounds, strands among them, and NCHW planes,
/// f32 and PyTorch's u8, random sizes and data. Counts a tile cannot take are refused with a
/// typed error.
#[test]
fn fused_tile_columns_change_only_the_time() {
    use wgpu_resize::presets::{self, TorchMode, TorchOutput};
    use wgpu_resize::{ElementType, ResizeError};
    let Some(gpu) = gpu("fused tile columns") else {
        return;
    };
    let mut rng = Rng::new(0xc015);
    let mut alternatives = 0;
    for case in 0..8u64 {
        // NCHW planes need rows of whole vectors of 4.
        let planes = case % 4 == 3;
        // Output widths past one tile, so that a narrower tile changes where tiles split.
        let mut output = Size2::new(rng.range(1, 6), rng.range(70, 150));
        let shrink = [2, 3, 5][case as usize % 3];
        let mut input = Size2::new(
            output.height * rng.range(1, 3),
            output.width * shrink + rng.range(0, 3),
        );
        if planes {
            // (Planes' tiles take four outputs a lane: wider outputs to span tiles.)
            output.width = 4 * rng.range(70, 150);
            input.width = output.width * shrink;
        }
        let mode = [TorchMode::Bicubic, TorchMode::Bilinear][case as usize % 2];
        let mut builder = presets::torch(input, TorchOutput::Size(output), mode, false, true)
            .unwrap()
            .batch(rng.range(1, 2));
        builder = if planes {
            builder.layout(Layout::Nchw).channels(3)
        } else {
            builder.channels(4)
        };
        let what = format!("case {case}");
        let spec = builder.build().unwrap();
        let candidates = gpu
            .resizer
            .fused_column_candidates(&spec)
            .unwrap_or_else(|e| panic!("{what} {spec:?}: {e}"));
        alternatives += candidates.len() - 1;
        let data = Rng::new(case).f32s(spec.input_len());
        let expected = reference::resize(&spec, &data).unwrap();
        let own = run_poisoned(gpu, &spec, &data, Path::Fused);
        for &columns in &candidates {
            if planes {
                assert_eq!(columns % 4, 0, "{what}: planes take whole vectors");
            }
            gpu.resizer.pin_fused_columns(&spec, Some(columns)).unwrap();
            let got = run_poisoned(gpu, &spec, &data, Path::Fused);
            let report = compare(&got, &expected);
            assert!(
                report.within(2e-5),
                "{what} {columns} columns {spec:?}: {report}"
            );
            assert!(
                got.iter()
                    .zip(&own)
                    .all(|(a, b)| a.to_bits() == b.to_bits()),
                "{what} {columns} columns {spec:?}: not the bytes of the kernel's own tile"
            );
        }
        if !planes {
            let spec = builder.element(ElementType::U8).build().unwrap();
            let bytes = Rng::new(case).u8s(spec.input_len());
            let own = run_poisoned(gpu, &spec, &bytes, Path::Fused);
            let last = *gpu
                .resizer
                .fused_column_candidates(&spec)
                .unwrap()
                .last()
                .unwrap();
            gpu.resizer.pin_fused_columns(&spec, Some(last)).unwrap();
            let got = run_poisoned(gpu, &spec, &bytes, Path::Fused);
            assert!(
                got == own,
                "{what} u8 {last} columns {spec:?}: not the own tile's bytes"
            );
            gpu.resizer.pin_fused_columns(&spec, None).unwrap();
        }
        // A count the tile cannot take is refused, and the pin is undone by `None`.
        let bad_counts: &[u32] = if planes { &[0, 4096, 6] } else { &[0, 4096] };
        for &bad in bad_counts {
            let err = gpu.resizer.pin_fused_columns(&spec, Some(bad));
            assert!(
                matches!(
                    err,
                    Err(ResizeError::Argument {
                        which: "columns",
                        ..
                    })
                ),
                "{what}: {bad} columns gave {err:?}"
            );
        }
        gpu.resizer.pin_fused_columns(&spec, None).unwrap();
        assert!(run_poisoned(gpu, &spec, &data, Path::Fused) == own);
    }
    assert!(
        alternatives >= 8,
        "only {alternatives} alternative counts over 8 shapes"
    );
    // A spec the fused path cannot run cannot be pinned either.
    let rgb = ResizeSpec::builder(Size2::new(8, 8), Size2::new(4, 4))
        .channels(3)
        .build()
        .unwrap();
    assert!(matches!(
        gpu.resizer.pin_fused_columns(&rgb, Some(4)),
        Err(ResizeError::PathUnavailable { path: "fused", .. })
    ));
}

/// OpenCV's 8-bit fixed points (`presets::opencv` with `INTER_LINEAR`, `INTER_LANCZOS4`,
/// `INTER_LINEAR_EXACT` and enlarging `INTER_AREA` on u8, by turns) on the gather path
/// against the CPU reference, to the byte, on random shapes: batches, 1 to 5 channels, NHWC
/// and NCHW, single rows and columns, shrinks and enlargements, into poisoned outputs; `auto`
/// plans the gather there, and gives the same bytes. So every gather kernel that runs it is
/// checked: the quads (enlargements) and staged columns (shrinks) of NCHW planes and of NHWC
/// pixels of 1 to 4 channels, and the scalar gather of NHWC pixels of 5. The seed is printed
/// with each failure.
#[test]
fn opencv_fixed_point_matches_the_reference_on_random_shapes() {
    let Some(gpu) = gpu("opencv_fixed_point_matches_the_reference_on_random_shapes") else {
        return;
    };
    for seed in 0..60u64 {
        let mut rng = Rng::new(0x0cf1_ed00 + seed);
        let size = |rng: &mut Rng| Size2::new(rng.range(1, 40), rng.range(1, 40));
        let (input, output) = (size(&mut rng), size(&mut rng));
        let layout = [Layout::Nhwc, Layout::Nchw][rng.range(0, 1) as usize];
        // INTER_AREA runs in OpenCV's fixed point where an axis grows (else in floats, which
        // the other tests check).
        let interpolation = [
            wgpu_resize::presets::OpenCvInterpolation::Linear,
            wgpu_resize::presets::OpenCvInterpolation::Lanczos4,
            wgpu_resize::presets::OpenCvInterpolation::LinearExact,
            wgpu_resize::presets::OpenCvInterpolation::Area,
        ][seed as usize % 4];
        let spec = wgpu_resize::presets::opencv(input, output, interpolation)
            .batch(rng.range(1, 3))
            .channels(rng.range(1, 5))
            .layout(layout)
            .element(wgpu_resize::ElementType::U8)
            .build()
            .unwrap();
        let grows = output.height > input.height || output.width > input.width;
        if spec.opencv_fixed_point().is_none() {
            assert!(seed % 4 == 3 && !grows, "seed {seed}: {spec:?}");
            continue;
        }
        let data = rng.u8s(spec.input_len());
        let expected = reference::resize(&spec, &data).unwrap();
        for path in [Path::Gather, Path::Auto] {
            let got = run_poisoned(gpu, &spec, &data, path);
            let differing = got.iter().zip(&expected).filter(|(a, b)| a != b).count();
            assert_eq!(differing, 0, "seed {seed} {path}: {spec:?}");
        }
        let plan = gpu.resizer.plan(&spec, Path::Auto).unwrap();
        assert_eq!(plan.path, Path::Gather, "seed {seed}: {}", plan.reason);
    }
}

/// OpenCV's `INTER_LINEAR` and `INTER_LINEAR_EXACT` enlargements by exactly 2 of RGB bytes,
/// which run on the RGB doubling in OpenCV's arithmetic where the width is a multiple of 4 (and
/// on the quads where it is not), against the CPU reference to the byte on random sizes down to
/// 3 rows, batches of 1 to 3, into poisoned outputs, on the gather path and `auto`.
#[test]
fn opencv_doublings_match_the_reference() {
    use wgpu_resize::presets::{self, OpenCvInterpolation};
    let Some(gpu) = gpu("opencv_doublings_match_the_reference") else {
        return;
    };
    let mut rng = Rng::new(0x0cf2);
    for case in 0..16u32 {
        let width = 4 * rng.range(1, 12) + if case % 4 == 3 { 2 } else { 0 };
        let input = Size2::new(rng.range(3, 30), width);
        let output = Size2::new(2 * input.height, 2 * input.width);
        let rule = [
            OpenCvInterpolation::Linear,
            OpenCvInterpolation::LinearExact,
        ][case as usize % 2];
        let spec = presets::opencv(input, output, rule)
            .batch(rng.range(1, 3))
            .channels(3)
            .element(wgpu_resize::ElementType::U8)
            .build()
            .unwrap();
        let data = rng.u8s(spec.input_len());
        let expected = reference::resize(&spec, &data).unwrap();
        for path in [Path::Gather, Path::Auto] {
            let got = run_poisoned(gpu, &spec, &data, path);
            let differing = got.iter().zip(&expected).filter(|(a, b)| a != b).count();
            assert_eq!(differing, 0, "case {case} {path}: {spec:?}");
        }
    }
}

/// OpenCV's `INTER_LINEAR_EXACT` and ONNX Runtime's NHWC integer doublings of RGBA bytes, whose
/// products sum exactly and round once (or truncate), and OpenCV's `INTER_LINEAR`, whose
/// vertical products are floored each on its own, run on the RGBA doubling in integer lanes
/// (src/gpu/doubling.rs, `rgba_lanes_launch`): seeded random sizes down to 3 rows, any width,
/// batches of 1 to 3, the kernel named on the gather path, against the CPU reference to the
/// byte into poisoned outputs on the gather path and `auto`; then all 255 and stripes of 0
/// and 255, the lanes' widest sums.
#[test]
fn exact_library_doublings_of_rgba_match_the_reference() {
    use wgpu_resize::ElementType;
    use wgpu_resize::presets::{self, OnnxMode, OnnxResize, OpenCvInterpolation};
    let Some(gpu) = gpu("exact_library_doublings_of_rgba_match_the_reference") else {
        return;
    };
    let paths = [Path::Gather, Path::Auto];
    let onnx = OnnxResize {
        mode: OnnxMode::Linear,
        ..OnnxResize::default()
    };
    let spec_of = |case: u32, input: Size2, batch: u32| {
        let output = Size2::new(2 * input.height, 2 * input.width);
        let builder = match case % 3 {
            0 => presets::opencv(input, output, OpenCvInterpolation::LinearExact),
            1 => presets::onnx(input, output, &onnx).unwrap(),
            _ => presets::opencv(input, output, OpenCvInterpolation::Linear),
        };
        builder
            .batch(batch)
            .channels(4)
            .element(ElementType::U8)
            .build()
            .unwrap()
    };
    let mut rng = Rng::new(0xe8ac7);
    for case in 0..24u32 {
        let input = Size2::new(rng.range(3, 30), rng.range(3, 50));
        let spec = spec_of(case, input, rng.range(1, 3));
        let what = format!("case {case} {spec:?}");
        let kernels = gpu.resizer.kernels(&spec, Path::Gather).unwrap();
        assert!(
            kernels.len() == 1
                && kernels[0]
                    .kernel
                    .contains("doubling u8->u8 channels 4 lanes"),
            "{what}: {kernels:?}"
        );
        let bytes = rng.u8s(spec.input_len());
        assert_paths_match_reference(gpu, &spec, &bytes, &paths, 0.0, &what);
    }
    for case in 0..3 {
        let spec = spec_of(case, Size2::new(37, 70), 2);
        let white = vec![255u8; spec.input_len()];
        assert_paths_match_reference(gpu, &spec, &white, &paths, 0.0, "all 255");
        let stripes: Vec<u8> = (0..spec.input_len())
            .map(|i| 255 * ((i / 4 + i % 4 + i / 280) % 2) as u8)
            .collect();
        assert_paths_match_reference(gpu, &spec, &stripes, &paths, 0.0, "stripes");
    }
}

/// OpenCV's `INTER_LINEAR` and `INTER_LINEAR_EXACT` and ONNX Runtime's NHWC integer halvings of
/// RGBA and RGB bytes, whose arithmetic gives the exact sums rounded once (or truncated) at
/// weights of halves, run on the exact halvings (src/gpu/halving.rs,
/// `choose_library_arithmetic`): seeded random sizes, widths a multiple of 4 (RGBA) or 8
/// (RGB, widths of 16 and of 8 alone), batches of 1 to 3, a third of the images in four levels (sums on whole numbers, where
/// truncating and rounding part), the kernel named on the gather path, against the CPU
/// reference to the byte into poisoned outputs on the gather path and `auto`; then all 255 and
/// stripes of 0 and 255 for each arithmetic.
#[test]
fn library_arithmetic_halvings_match_the_reference() {
    use wgpu_resize::ElementType;
    use wgpu_resize::presets::{self, OnnxMode, OnnxResize, OpenCvInterpolation};
    let Some(gpu) = gpu("library_arithmetic_halvings_match_the_reference") else {
        return;
    };
    let paths = [Path::Gather, Path::Auto];
    let onnx = OnnxResize {
        mode: OnnxMode::Linear,
        ..OnnxResize::default()
    };
    let spec_of = |case: u32, output: Size2, channels: u32, batch: u32| {
        let input = Size2::new(2 * output.height, 2 * output.width);
        let builder = match case % 3 {
            0 => presets::opencv(input, output, OpenCvInterpolation::Linear),
            1 => presets::opencv(input, output, OpenCvInterpolation::LinearExact),
            _ => presets::onnx(input, output, &onnx).unwrap(),
        };
        builder
            .batch(batch)
            .channels(channels)
            .element(ElementType::U8)
            .build()
            .unwrap()
    };
    let mut rng = Rng::new(0x4a1fe);
    for case in 0..24u32 {
        let channels = [4, 3][(case / 3 % 2) as usize];
        // Output widths of whole pairs (RGBA) or fours (RGB; input rows of 16-byte words where
        // even).
        let quads = if channels == 4 { 2 } else { 4 };
        let output = Size2::new(rng.range(1, 30), quads * rng.range(1, 10));
        let spec = spec_of(case, output, channels, rng.range(1, 3));
        let what = format!("case {case} {spec:?}");
        let kernels = gpu.resizer.kernels(&spec, Path::Gather).unwrap();
        let name = format!("halving u8->u8 channels {channels}");
        assert!(
            kernels.len() == 1 && kernels[0].kernel.contains(&name),
            "{what}: {kernels:?}"
        );
        let mut bytes = rng.u8s(spec.input_len());
        if case % 3 == 2 {
            bytes.iter_mut().for_each(|b| *b = *b / 64 * 85);
        }
        assert_paths_match_reference(gpu, &spec, &bytes, &paths, 0.0, &what);
    }
    for case in 0..3 {
        for channels in [4, 3] {
            let spec = spec_of(case, Size2::new(19, 32), channels, 2);
            let white = vec![255u8; spec.input_len()];
            assert_paths_match_reference(gpu, &spec, &white, &paths, 0.0, "all 255");
            let (c, row) = (channels as usize, 64 * channels as usize);
            let stripes: Vec<u8> = (0..spec.input_len())
                .map(|i| 255 * ((i / c + i % c + i / row) % 2) as u8)
                .collect();
            assert_paths_match_reference(gpu, &spec, &stripes, &paths, 0.0, "stripes");
        }
    }
}

/// PyTorch's 8-bit fixed point (the torch preset on u8) on seeded random shapes: bilinear and
/// bicubic, antialiased or with aligned corners, stated scales, 1 to 5 channels, NHWC and NCHW,
/// on every path that takes the spec, to the byte of the reference (whose bytes are PyTorch's:
/// `tests/data/torch-u8`), into poisoned buffers.
#[test]
fn torch_fixed_point_matches_the_reference_on_every_path() {
    use wgpu_resize::ElementType;
    use wgpu_resize::presets::{self, TorchMode, TorchOutput};
    let Some(gpu) = gpu("torch u8") else { return };
    let mut rng = Rng::new(20261205);
    let mut ran = [0usize; 4];
    for case in 0..32u64 {
        let input = Size2::new(rng.range(1, 40), rng.range(1, 40));
        let mode = [TorchMode::Bilinear, TorchMode::Bicubic][rng.range(0, 1) as usize];
        let (align_corners, antialias) =
            [(false, false), (true, false), (false, true)][rng.range(0, 2) as usize];
        let output = if rng.range(0, 3) == 0 {
            let scale = f64::from(rng.range(3, 30)) / 10.0;
            TorchOutput::ScaleFactor {
                y: scale,
                x: scale,
                recompute: false,
            }
        } else {
            TorchOutput::Size(Size2::new(rng.range(1, 40), rng.range(1, 40)))
        };
        let Ok(builder) = presets::torch(input, output, mode, align_corners, antialias) else {
            continue;
        };
        // One case in four RGBA NHWC pixels, which the fused path takes in fixed point.
        let pixels = case % 4 == 0;
        let channels = if pixels { 4 } else { rng.range(1, 5) };
        let layout = if pixels {
            Layout::Nhwc
        } else {
            [Layout::Nhwc, Layout::Nchw][rng.range(0, 1) as usize]
        };
        let Ok(spec) = builder
            .batch(rng.range(1, 2))
            .channels(channels)
            .layout(layout)
            .element(ElementType::U8)
            .build()
        else {
            // A scale whose output rounds to nothing.
            continue;
        };
        let what = format!("case {case} {spec:?}");
        assert!(spec.torch_fixed_point() && spec.fixed_point(), "{what}");
        let data = Rng::new(case).u8s(spec.input_len());
        exact_on_every_path(gpu, &spec, &data, &what, &mut ran);
    }
    assert!(
        ran[0] >= 24 && ran[2] >= 4,
        "cases run on gather, separable, fused, auto: {ran:?}"
    );
}

/// ONNX Runtime's 8-bit fixed point (the onnx preset, antialiased, on u8) on seeded random
/// shapes: linear and cubic (a = -0.75 and -0.5), every coordinate mode (crops reaching past
/// the input among them), `exclude_outside` or not, 1 to 5 channels, NHWC and NCHW, batches,
/// on every path that takes the spec, to the byte of the reference (whose bytes are ONNX
/// Runtime's: `tests/data/onnx-u8`), into poisoned buffers.
#[test]
fn onnx_fixed_point_matches_the_reference_on_every_path() {
    use wgpu_resize::ElementType;
    use wgpu_resize::presets::{self, OnnxMode, OnnxResize};
    let Some(gpu) = gpu("onnx u8") else { return };
    let coordinates = wgpu_resize::presets::OnnxCoordinates::ALL;
    let mut rng = Rng::new(20261207);
    let mut ran = [0usize; 4];
    for case in 0..30u64 {
        let input = Size2::new(rng.range(1, 40), rng.range(1, 40));
        let output = Size2::new(rng.range(1, 40), rng.range(1, 40));
        let roi = [
            rng.range(0, 40) as f64 / 100.0 - 0.2,
            rng.range(0, 40) as f64 / 100.0 - 0.2,
            rng.range(60, 120) as f64 / 100.0,
            rng.range(60, 120) as f64 / 100.0,
        ];
        let node = OnnxResize {
            mode: [OnnxMode::Linear, OnnxMode::Cubic][case as usize % 2],
            coordinates: coordinates[case as usize % coordinates.len()],
            cubic_coeff_a: [-0.75, -0.5][rng.range(0, 1) as usize],
            exclude_outside: rng.range(0, 1) == 1,
            antialias: true,
            extrapolation_value: 77.0,
            roi,
            ..OnnxResize::default()
        };
        let Ok(spec) = presets::onnx(input, output, &node)
            .unwrap()
            .batch(rng.range(1, 2))
            .channels(rng.range(1, 5))
            .layout([Layout::Nhwc, Layout::Nchw][rng.range(0, 1) as usize])
            .element(ElementType::U8)
            .build()
        else {
            // A cubic whose weights of one sign pass the 32-bit sums' bound near an edge.
            continue;
        };
        let what = format!("case {case} {spec:?}");
        assert!(spec.onnx_fixed_point() && spec.fixed_point(), "{what}");
        let data = Rng::new(case).u8s(spec.input_len());
        exact_on_every_path(gpu, &spec, &data, &what, &mut ran);
    }
    assert!(
        ran[0] >= 24 && ran[2] >= 2,
        "cases run on gather, separable, fused, auto: {ran:?}"
    );
}

/// ONNX Runtime's plain linear on uint8 (the onnx preset, not antialiased) on seeded random
/// shapes: every coordinate mode (crops reaching past the input, fractional and out-of-range
/// extrapolation values among them), NHWC and NCHW, the height or the width kept now and then,
/// doublings of RGB, 1 to 5 channels, batches, images of four levels (whose sums land on
/// whole numbers or just under them, where truncating shows) and of every level, on the
/// gather and `auto` paths, to the byte of the reference (whose bytes are ONNX Runtime's:
/// `tests/data/onnx-linear-u8`), into poisoned buffers. Each of its three arithmetics runs,
/// and the separable and fused paths refuse it, naming it.
#[test]
fn onnx_plain_linear_u8_matches_the_reference_on_the_gather_path() {
    use wgpu_resize::presets::{self, OnnxMode, OnnxResize};
    use wgpu_resize::{ElementType, OnnxLinearU8};
    let Some(gpu) = gpu("onnx plain linear u8") else {
        return;
    };
    let coordinates = wgpu_resize::presets::OnnxCoordinates::ALL;
    let mut rng = Rng::new(20261208);
    let mut arithmetics = std::collections::HashMap::new();
    for case in 0..36u64 {
        let mut input = Size2::new(rng.range(1, 40), rng.range(1, 40));
        let mut output = Size2::new(rng.range(1, 40), rng.range(1, 40));
        let mut channels = rng.range(1, 5);
        match case % 6 {
            2 => output.height = input.height,
            4 => output.width = input.width,
            // Doublings of RGB, widths a multiple of 4 (NHWC: the RGB doubling where the
            // mapping repeats every two outputs).
            5 => {
                input.width = 4 * input.width.div_ceil(4);
                output = Size2::new(2 * input.height, 2 * input.width);
                channels = 3;
            }
            _ => {}
        }
        let node = OnnxResize {
            mode: OnnxMode::Linear,
            coordinates: coordinates[case as usize % coordinates.len()],
            extrapolation_value: [77.0, 12.7, 300.5, -3.5][rng.range(0, 3) as usize],
            roi: [
                rng.range(0, 40) as f64 / 100.0 - 0.2,
                rng.range(0, 40) as f64 / 100.0 - 0.2,
                rng.range(60, 120) as f64 / 100.0,
                rng.range(60, 120) as f64 / 100.0,
            ],
            ..OnnxResize::default()
        };
        let layout = [Layout::Nhwc, Layout::Nchw][(case / 6 % 2) as usize];
        let spec = presets::onnx(input, output, &node)
            .unwrap()
            .batch(rng.range(1, 2))
            .channels(channels)
            .layout(layout)
            .element(ElementType::U8)
            .build()
            .unwrap();
        let what = format!("case {case} {spec:?}");
        let arithmetic = spec.onnx_linear_u8().expect(&what);
        let expected_arithmetic = match layout {
            Layout::Nchw => OnnxLinearU8::Float,
            _ if input.height == output.height => OnnxLinearU8::FloatAcrossChannels,
            _ => OnnxLinearU8::Integer,
        };
        assert_eq!(arithmetic, expected_arithmetic, "{what}");
        *arithmetics.entry(format!("{arithmetic:?}")).or_insert(0) += 1;
        let mut data = Rng::new(case).u8s(spec.input_len());
        if case % 3 == 0 {
            data.iter_mut().for_each(|v| *v = *v / 64 * 85);
        }
        let expected = reference::resize(&spec, &data).unwrap();
        for path in [Path::Gather, Path::Auto] {
            let got = run_poisoned(gpu, &spec, &data, path);
            let report = compare(&got, &expected);
            assert!(report.within(0.0), "{what} {path}: {report}");
        }
        for path in [Path::Separable, Path::Fused] {
            let why = gpu.resizer.availability(&spec, path).unwrap_err();
            assert!(why.contains("ONNX Runtime"), "{what} {path}: {why}");
        }
    }
    assert_eq!(arithmetics.len(), 3, "arithmetics run: {arithmetics:?}");
}

/// Pillow's 8-bit rounding in Pillow 13's order on seeded random shapes whose height shrinks
/// most (so that the vertical pass runs first): every filter, grey, RGB, premultiplied RGBA and
/// 8-channel pixels, NHWC and NCHW, some batched or cropped, on every path that takes the spec,
/// to the byte of the reference, into poisoned buffers. The same spec in Pillow 12's order
/// differs from the reference in many of them, so the kernels' order is what is tested.
#[test]
fn pillow_vertical_first_rounding_matches_the_reference_on_every_path() {
    use wgpu_resize::presets::{self, PillowFilter};
    use wgpu_resize::{ElementType, RoundingOrder};
    let Some(gpu) = gpu("pillow vertical first") else {
        return;
    };
    let filters = [
        PillowFilter::Box,
        PillowFilter::Bilinear,
        PillowFilter::Hamming,
        PillowFilter::Bicubic,
        PillowFilter::Lanczos,
        PillowFilter::Mks2013,
        PillowFilter::Mks2021,
    ];
    let mut rng = Rng::new(20261206);
    let (mut ran, mut orders_differ) = ([0usize; 3], 0);
    for case in 0..28u64 {
        let filter = filters[case as usize % filters.len()];
        let input = Size2::new(rng.range(12, 48), rng.range(1, 24));
        let out_w = rng.range(1, input.width + 8);
        // Keeps `in_h - out_h > 2 (in_w - out_w)`: the height loses the most.
        let lost = (2 * (i64::from(input.width) - i64::from(out_w)) + 1).max(1) as u32;
        if lost >= input.height {
            continue;
        }
        let output = Size2::new(rng.range(1, input.height - lost), out_w);
        let channels = [1, 3, 4, 8][rng.range(0, 3) as usize];
        // Premultiplied alpha takes RGBA pixels.
        let layout = match channels {
            4 => Layout::Nhwc,
            _ => [Layout::Nhwc, Layout::Nchw][rng.range(0, 1) as usize],
        };
        let mut builder = presets::pillow(input, output, filter)
            .premultiplied_alpha(presets::pillow_premultiplies(filter, channels))
            .batch(rng.range(1, 2))
            .channels(channels)
            .layout(layout)
            .element(ElementType::U8);
        if case % 5 == 0 {
            let (h, w) = (f64::from(input.height), f64::from(input.width));
            builder = builder.crop(1.25, 0.5, h - 2.5, w - 0.75);
        }
        let spec = builder.build().unwrap();
        let what = format!("case {case} {spec:?}");
        assert!(spec.rounds_vertical_first(), "{what}");
        let data = Rng::new(case).u8s(spec.input_len());
        let expected = reference::resize(&spec, &data).unwrap();
        let pillow_12 = spec
            .to_builder()
            .rounding_order(RoundingOrder::Pillow12)
            .build()
            .unwrap();
        orders_differ += usize::from(reference::resize(&pillow_12, &data).unwrap() != expected);
        for (k, path) in [Path::Gather, Path::Separable, Path::Auto]
            .into_iter()
            .enumerate()
        {
            if let Err(why) = gpu.resizer.availability(&spec, path) {
                panic!("{what} {path}: {why}");
            }
            let got = run_poisoned(gpu, &spec, &data, path);
            let report = compare(&got, &expected);
            assert!(report.within(0.0), "{what} {path}: {report}");
            ran[k] += 1;
        }
        assert!(
            gpu.resizer.availability(&spec, Path::Fused).is_err(),
            "{what}: the fused path took it"
        );
    }
    eprintln!("gather, separable, auto ran {ran:?}; Pillow 12's order differs in {orders_differ}");
    assert!(
        ran[1] >= 20 && ran[0] >= 12,
        "cases run on gather, separable, auto: {ran:?}"
    );
    assert!(
        orders_differ >= 10,
        "Pillow 12's order differs in only {orders_differ}"
    );
}

/// Pillow's two-step resizes (`ResizeSpecBuilder::reducing_gap`) on seeded random shapes:
/// Pillow's filters, gaps of 1 to 3, crop boxes, u8 in Pillow's fixed point (RGBA
/// premultiplied as Pillow resizes it, or four channels as they are), f32 and f16, 1 to 4
/// channels, NHWC and NCHW, batches, on every path that takes the resize stage, into poisoned
/// outputs: to the byte of the reference for u8 (whose bytes are Pillow's:
/// `tests/data/pillow-reduce`), within float rounding otherwise. Most draws reduce along at
/// least one axis.
#[test]
fn two_step_resizes_match_the_reference_on_every_path() {
    use wgpu_resize::ElementType;
    use wgpu_resize::presets::{self, PillowFilter};
    let Some(gpu) = gpu("two-step resizes") else {
        return;
    };
    let mut rng = Rng::new(0x0002_57e9);
    let mut reduced = 0;
    let cases = 40;
    for case in 0..cases {
        let input = Size2::new(rng.range(6, 70), rng.range(6, 70));
        let output = Size2::new(
            rng.range(1, (input.height / 3).max(1)),
            rng.range(1, (input.width / 3).max(1)),
        );
        let filter = [
            PillowFilter::Box,
            PillowFilter::Bilinear,
            PillowFilter::Hamming,
            PillowFilter::Bicubic,
            PillowFilter::Lanczos,
            PillowFilter::Mks2013,
        ][rng.range(0, 5) as usize];
        let gap = [1.0, 1.5, 2.0, 3.0][rng.range(0, 3) as usize];
        let element = [ElementType::U8, ElementType::F32, ElementType::F16][case % 3];
        let channels = rng.range(1, 4);
        // RGBA as Pillow takes it in every other u8 case, four channels as they are otherwise.
        let premultiplied = element == ElementType::U8 && channels == 4 && case % 2 == 0;
        let layout = if premultiplied || rng.range(0, 1) == 0 {
            Layout::Nhwc
        } else {
            Layout::Nchw
        };
        let mut builder = presets::pillow(input, output, filter)
            .batch(rng.range(1, 2))
            .channels(channels)
            .layout(layout)
            .element(element)
            .premultiplied_alpha(premultiplied)
            .reducing_gap(Some(gap));
        if case % 4 == 3 {
            // A box inside the input, with fractional corners.
            let top = f64::from(rng.range(0, input.height / 4)) + 0.25;
            let left = f64::from(rng.range(0, input.width / 4)) + 0.5;
            let height = f64::from(input.height) - top - f64::from(rng.range(0, 2));
            let width = f64::from(input.width) - left - f64::from(rng.range(0, 2));
            builder = builder.crop(top, left, height, width);
        }
        let spec = builder.build().unwrap();
        reduced += usize::from(spec.reduction().is_some());
        let mut paths = vec![Path::Gather, Path::Separable, Path::Auto];
        if gpu.resizer.availability(&spec, Path::Fused).is_ok() {
            paths.push(Path::Fused);
        }
        let what = format!("case {case}, gap {gap}, reduction {:?}", spec.reduction());
        random_data_matches_the_reference(gpu, &spec, &mut rng, &paths, (1e-4, 4e-3), &what);
    }
    assert!(
        reduced >= cases * 3 / 4,
        "only {reduced} of {cases} reduced"
    );
}

/// Pillow's `Image.reduce` (`presets::pillow_reduce`) on seeded random shapes, factors (some
/// past the image, some 1) and regions: u8 in Pillow's arithmetic (RGBA premultiplied, or four
/// channels as they are), f32 and f16, 1 to 4 channels, NHWC and NCHW, batches, on the gather
/// path (the only one that takes it) and `auto`, into poisoned outputs: u8 to the byte of the
/// reference (whose bytes are Pillow's: `tests/data/pillow-reduce`), floats within their
/// rounding.
#[test]
fn reductions_match_the_reference() {
    use wgpu_resize::ElementType;
    use wgpu_resize::presets;
    let Some(gpu) = gpu("reductions") else {
        return;
    };
    let mut rng = Rng::new(0x007e_d0c3);
    for case in 0..30 {
        let input = Size2::new(rng.range(1, 50), rng.range(1, 50));
        let factors = Size2::new(rng.range(1, 9), rng.range(1, 9));
        let region = (case % 3 == 2).then(|| {
            let (top, left) = (
                rng.range(0, input.height - 1),
                rng.range(0, input.width - 1),
            );
            [
                top,
                left,
                rng.range(top + 1, input.height),
                rng.range(left + 1, input.width),
            ]
        });
        let element = [ElementType::U8, ElementType::F32, ElementType::F16][case % 3];
        let channels = rng.range(1, 4);
        // RGBA as Pillow takes it in every other u8 case, four channels as they are otherwise.
        let premultiplied = element == ElementType::U8 && channels == 4 && case % 2 == 0;
        let layout = if premultiplied || rng.range(0, 1) == 0 {
            Layout::Nhwc
        } else {
            Layout::Nchw
        };
        let spec = presets::pillow_reduce(input, factors, region)
            .unwrap()
            .batch(rng.range(1, 2))
            .channels(channels)
            .layout(layout)
            .element(element)
            .premultiplied_alpha(premultiplied)
            .build()
            .unwrap();
        let paths = [Path::Gather, Path::Auto];
        let what = format!("case {case}, {factors:?} of {region:?}");
        random_data_matches_the_reference(gpu, &spec, &mut rng, &paths, (1e-5, 2e-3), &what);
    }
}

/// Draws `spec`'s input from `rng` in its element type and asserts that `paths` give the
/// reference's output: u8 to the byte, f32 and f16 within `tolerances`.
fn random_data_matches_the_reference(
    gpu: &common::Gpu,
    spec: &ResizeSpec,
    rng: &mut Rng,
    paths: &[Path],
    (f32_tolerance, f16_tolerance): (f64, f64),
    what: &str,
) {
    match spec.element() {
        wgpu_resize::ElementType::U8 => {
            let data = rng.u8s(spec.input_len());
            assert_paths_match_reference(gpu, spec, &data, paths, 0.0, what);
        }
        wgpu_resize::ElementType::F32 => {
            let data = rng.f32s(spec.input_len());
            assert_paths_match_reference(gpu, spec, &data, paths, f32_tolerance, what);
        }
        _ => {
            let data = rng.f16s(spec.input_len());
            assert_paths_match_reference(gpu, spec, &data, paths, f16_tolerance, what);
        }
    }
}

/// `ResizeSpecBuilder::cut` resizes a slice of each image as an image of its own: on seeded
/// random images, slices (inside, on the edges, whole axes) and conventions (PyTorch's,
/// OpenCV's and Pillow's 8-bit arithmetic, f32 and f16 bilinear and bicubic), 1 to 4
/// channels, NHWC and NCHW, batches, its result on the CPU reference and on every path that
/// takes it, into poisoned outputs, is that of the same spec without the cut on the slice cut
/// out on the host: u8 to the byte, floats within their rounding.
#[test]
fn cuts_resize_the_slice_as_an_image_of_its_own() {
    use wgpu_resize::presets::{self, OpenCvInterpolation, PillowFilter, TorchMode, TorchOutput};
    use wgpu_resize::{ElementType, ResizeSpecBuilder};
    let Some(gpu) = gpu("cuts") else {
        return;
    };
    let mut rng = Rng::new(0xc07);
    for case in 0..30u32 {
        let input = Size2::new(rng.range(2, 40), rng.range(2, 40));
        // A slice inside the image, or reaching one of its edges, or a whole axis.
        let edge = |rng: &mut Rng, len: u32| match case % 3 {
            0 => {
                let start = rng.range(0, len - 1);
                (start, rng.range(start + 1, len))
            }
            1 => (0, rng.range(1, len)),
            _ => (rng.range(0, len - 1), len),
        };
        let (top, bottom) = edge(&mut rng, input.height);
        let (left, right) = edge(&mut rng, input.width);
        let output = Size2::new(rng.range(1, 48), rng.range(1, 48));
        let element = [ElementType::U8, ElementType::F32, ElementType::F16][case as usize % 3];
        // The convention, built for the slice's size (what its presets choose by).
        let preset = |size: Size2| -> ResizeSpecBuilder {
            match (element, case / 3 % 4) {
                (ElementType::U8, 0) => presets::opencv(size, output, OpenCvInterpolation::Linear),
                (ElementType::U8, 1) => {
                    presets::opencv(size, output, OpenCvInterpolation::Lanczos4)
                }
                (ElementType::U8, 2) => presets::torch(
                    size,
                    TorchOutput::Size(output),
                    TorchMode::Bicubic,
                    false,
                    false,
                )
                .unwrap()
                .torch_fixed_point(true),
                (ElementType::U8, _) => presets::pillow(size, output, PillowFilter::Bicubic),
                (_, k) => ResizeSpec::builder(size, output).filter(if k % 2 == 0 {
                    wgpu_resize::Filter::Linear
                } else {
                    wgpu_resize::Filter::Cubic { a: -0.75 }
                }),
            }
        };
        let channels = rng.range(1, 4);
        let layout = if rng.range(0, 1) == 0 {
            Layout::Nhwc
        } else {
            Layout::Nchw
        };
        let batch = rng.range(1, 2);
        let options = |builder: ResizeSpecBuilder| {
            builder
                .batch(batch)
                .channels(channels)
                .layout(layout)
                .element(element)
        };
        let (cut, whole_slice) = cut_and_slice(
            |size| options(preset(size)),
            (input, output),
            [top, left, bottom, right],
        );
        let what = format!("case {case}: {input:?} cut {:?} -> {output:?}", cut.cut());
        random_slices_match(
            gpu,
            (&cut, &whole_slice),
            &mut rng,
            [0.0, 1e-5, 4e-3],
            &what,
        );
    }
}

/// The fused path reads a sub-image in place, one dispatch, its tiles staging the slice's
/// footprints where they lie: 16 seeded RGBA and NCHW-plane cuts (rows of whole fours) of
/// images up to 120 pixels, shrinks and enlargements by antialiased bicubic and lanczos3 (f32,
/// f16) or by PyTorch's antialiased bicubic in its fixed point (u8), each on every path against
/// the slice's resize of the slice cut out on the host, into poisoned outputs.
#[test]
fn cuts_read_in_place_on_the_fused_path() {
    use wgpu_resize::presets::{self, TorchMode, TorchOutput};
    use wgpu_resize::{ElementType, Filter};
    let Some(gpu) = gpu("cuts on the fused path") else {
        return;
    };
    let mut rng = Rng::new(0xf05e);
    for case in 0..16u32 {
        let input = Size2::new(rng.range(24, 120), 4 * rng.range(6, 30));
        let (top, left) = (
            rng.range(0, input.height / 2),
            rng.range(0, input.width / 2),
        );
        let slice = Size2::new(
            rng.range(8, input.height - top),
            4 * rng.range(2, (input.width - left) / 4),
        );
        let output = Size2::new(
            rng.range(4, 2 * slice.height),
            4 * rng.range(1, slice.width / 2),
        );
        let element = [ElementType::F32, ElementType::F16, ElementType::U8][case as usize % 3];
        // (PyTorch's fixed point takes NHWC pixels alone on the fused path.)
        let (layout, channels) = if case % 4 == 3 && element != ElementType::U8 {
            (Layout::Nchw, 3)
        } else {
            (Layout::Nhwc, 4)
        };
        let builder = |size: Size2| match (element, case % 2) {
            (ElementType::U8, _) => presets::torch(
                size,
                TorchOutput::Size(output),
                TorchMode::Bicubic,
                false,
                true,
            )
            .unwrap()
            .torch_fixed_point(true),
            (_, 0) => ResizeSpec::builder(size, output)
                .filter(Filter::Cubic { a: -0.5 })
                .antialias(true),
            _ => ResizeSpec::builder(size, output)
                .filter(Filter::Lanczos { lobes: 3 })
                .antialias(true),
        };
        let options = |size: Size2| {
            builder(size)
                .batch(1 + case % 2)
                .channels(channels)
                .layout(layout)
                .element(element)
        };
        let (cut, whole_slice) = cut_and_slice(
            options,
            (input, output),
            [top, left, top + slice.height, left + slice.width],
        );
        let what = format!("case {case}: {input:?} cut {:?} -> {output:?}", cut.cut());
        if let Err(why) = gpu.resizer.availability(&whole_slice, Path::Fused) {
            panic!("{what}: the slice alone does not fit the fused path: {why}");
        }
        let fused = gpu.resizer.kernels(&cut, Path::Fused).unwrap();
        assert!(
            fused.len() == 1 && fused[0].kernel.contains("fused"),
            "{what}: {fused:?}"
        );
        random_slices_match(
            gpu,
            (&cut, &whole_slice),
            &mut rng,
            [0.0, 1e-5, 4e-3],
            &what,
        );
    }
}

/// A sub-image read in place runs the kernels of the slice's own resize: on the separable
/// path of antialiased shrinks, whose first pass runs down the columns, RGB and grey NHWC
/// bytes and NCHW planes whose rows, the slice's columns and the columns before them are
/// whole groups of four elements read the rows as four-channel pixels, as the slice alone does
/// (12 seeded cases); the same kernels and grids, computed vertical band starts included (from
/// the sub-image's first row), and the slice's result on every path.
#[test]
fn cuts_keep_the_slices_own_kernels() {
    use wgpu_resize::{ElementType, Filter};
    let Some(gpu) = gpu("cuts keep the slice's kernels") else {
        return;
    };
    let mut rng = Rng::new(0x5e1f);
    for case in 0..12u32 {
        let (layout, channels) =
            [(Layout::Nhwc, 3), (Layout::Nhwc, 1), (Layout::Nchw, 3)][case as usize % 3];
        let input = Size2::new(rng.range(40, 90), 4 * rng.range(12, 30));
        let (top, left) = (rng.range(0, 10), 4 * rng.range(0, 4));
        let slice = Size2::new(
            rng.range(24, input.height - top),
            4 * rng.range(6, (input.width - left) / 4),
        );
        // Wide enough to shrink the rows first (the width at least halves).
        let output = Size2::new(
            rng.range(3, slice.height / 3),
            rng.range(2, slice.width / 3),
        );
        let element = [ElementType::U8, ElementType::F32][case as usize / 3 % 2];
        let options = |size: Size2| {
            ResizeSpec::builder(size, output)
                .filter(Filter::Cubic { a: -0.5 })
                .antialias(true)
                .channels(channels)
                .layout(layout)
                .element(element)
        };
        let (cut, whole_slice) = cut_and_slice(
            options,
            (input, output),
            [top, left, top + slice.height, left + slice.width],
        );
        let what = format!("case {case}: {input:?} cut {:?} -> {output:?}", cut.cut());
        let kernels = |spec: &ResizeSpec| {
            let kernels = gpu.resizer.kernels(spec, Path::Separable).unwrap();
            kernels
                .into_iter()
                .map(|k| (k.kernel, k.workgroups))
                .collect::<Vec<_>>()
        };
        assert_eq!(kernels(&cut), kernels(&whole_slice), "{what}");
        random_slices_match(
            gpu,
            (&cut, &whole_slice),
            &mut rng,
            [1.0, 1e-4, 1e-4],
            &what,
        );
    }
}

/// The resize that `options` builds for an image's size, of the sub-image `cut` (`[top, left,
/// bottom, right]`) of an `input` image into `output`, and the same resize of the slice alone.
fn cut_and_slice(
    options: impl Fn(Size2) -> wgpu_resize::ResizeSpecBuilder,
    (input, output): (Size2, Size2),
    cut: [u32; 4],
) -> (ResizeSpec, ResizeSpec) {
    let slice = Size2::new(cut[2] - cut[0], cut[3] - cut[1]);
    let spec = options(slice)
        .sizes(input, output)
        .cut(Some(cut))
        .build()
        .unwrap();
    (spec, options(slice).build().unwrap())
}

/// [`slices_match`] on random data of `cut`'s element type from `rng`, within the tolerance
/// `[u8, f32, f16]` gives for it.
fn random_slices_match(
    gpu: &common::Gpu,
    (cut, slice): (&ResizeSpec, &ResizeSpec),
    rng: &mut Rng,
    [u8s, f32s, f16s]: [f64; 3],
    what: &str,
) {
    let specs = (cut, slice);
    match cut.element() {
        wgpu_resize::ElementType::U8 => {
            slices_match(gpu, specs, &rng.u8s(cut.input_len()), u8s, what)
        }
        wgpu_resize::ElementType::F32 => {
            slices_match(gpu, specs, &rng.f32s(cut.input_len()), f32s, what)
        }
        _ => slices_match(gpu, specs, &rng.f16s(cut.input_len()), f16s, what),
    }
}

/// `cut`'s resize of `data` on the CPU reference and every path that takes it, against
/// `slice`'s resize of the slice cut out of `data` on the host.
fn slices_match<T: wgpu_resize::Element + Into<f64> + std::fmt::Debug>(
    gpu: &common::Gpu,
    (cut, slice): (&ResizeSpec, &ResizeSpec),
    data: &[T],
    tolerance: f64,
    what: &str,
) {
    let sliced: Vec<T> = (0..cut.batch() as usize)
        .flat_map(|image| common::cut_out(data, cut, image, cut.cut().unwrap()))
        .collect();
    let expected = reference::resize(slice, &sliced).unwrap();
    let on_cpu = reference::resize(cut, data).unwrap();
    let report = compare(&on_cpu, &expected);
    assert!(report.within(0.0), "{what}: cpu reference: {report}");
    for path in [Path::Gather, Path::Separable, Path::Fused, Path::Auto] {
        if let Err(why) = gpu.resizer.availability(cut, path) {
            assert!(
                gpu.resizer.availability(slice, path).is_err(),
                "{what}: {path} refuses the cut alone: {why}"
            );
            continue;
        }
        let got = run_poisoned(gpu, cut, data, path);
        let report = compare(&got, &expected);
        assert!(report.within(tolerance), "{what} {path}: {report}");
    }
}

/// A sub-image that the gather and separable paths read in place (no copy) keeps every option
/// of its spec: antialiased taps, nearest rules, padded bands of a colour, premultiplied alpha
/// in linear light, normalisation, Pillow's 8-bit rounding in each order (by the slice's size),
/// ONNX Runtime's plain linear on uint8 in each of its arithmetics (its padded tables clamped
/// into the slice), PyTorch's stated scale factors (of the slice). 32 random images, slices and
/// outputs: the gather's and the separable path's dispatches are as many as the slice's own
/// resize's, and the result on every path, into poisoned outputs, is the slice's resize of the
/// slice cut out on the host.
#[test]
fn cuts_read_in_place_keep_every_option() {
    use wgpu_resize::presets::{self, OnnxMode, OnnxResize, PillowFilter, TorchMode, TorchOutput};
    use wgpu_resize::{
        ElementType, Filter, NearestRule, Normalization, Padding, ResizeSpecBuilder,
    };
    let Some(gpu) = gpu("cuts read in place") else {
        return;
    };
    let onnx_linear = OnnxResize {
        mode: OnnxMode::Linear,
        ..OnnxResize::default()
    };
    let mut rng = Rng::new(0x1ace);
    for case in 0..32u32 {
        let input = Size2::new(rng.range(2, 36), rng.range(2, 36));
        let (top, left) = (
            rng.range(0, input.height - 1),
            rng.range(0, input.width - 1),
        );
        let (bottom, right) = (
            rng.range(top + 1, input.height),
            rng.range(left + 1, input.width),
        );
        let slice = Size2::new(bottom - top, right - left);
        let option = case % 8;
        let mut output = Size2::new(rng.range(1, 40), rng.range(1, 40));
        // ONNX Runtime's NHWC rows of a kept height run across the channels.
        if option == 6 && case % 16 == 6 {
            output.height = slice.height;
        }
        // PyTorch's scale factors, and the output they make of the slice.
        let mut scale_of = |len: u32| match f64::from(rng.range(3, 30)) / 10.0 {
            scale if f64::from(len) * scale < 1.0 => 1.0,
            scale => scale,
        };
        let scales = (scale_of(slice.height), scale_of(slice.width));
        if option == 7 {
            output = Size2::new(
                (f64::from(slice.height) * scales.0).floor() as u32,
                (f64::from(slice.width) * scales.1).floor() as u32,
            );
        }
        let element = match option {
            3 | 5 | 6 => ElementType::U8,
            4 => ElementType::F32,
            _ if rng.range(0, 1) == 0 => ElementType::U8,
            _ => ElementType::F32,
        };
        let channels = match option {
            2 | 4 => 3,
            3 => 4,
            _ => rng.range(1, 4),
        };
        let layout = if option == 3 || rng.range(0, 1) == 0 {
            Layout::Nhwc
        } else {
            Layout::Nchw
        };
        let padding = Padding::new(rng.range(0, 3), rng.range(0, 3), rng.range(0, 3), 1);
        let options = |size: Size2| -> ResizeSpecBuilder {
            let builder = match option {
                0 => ResizeSpec::builder(size, output)
                    .filter(Filter::Cubic { a: -0.5 })
                    .antialias(true),
                1 => ResizeSpec::builder(size, output)
                    .filter(Filter::Nearest(NearestRule::RoundPreferCeil)),
                2 => ResizeSpec::builder(size, output)
                    .filter(Filter::Linear)
                    .padding(padding)
                    .extrapolation_values(&[7.0, 100.0, 250.0]),
                3 => presets::pillow(size, output, PillowFilter::Bilinear)
                    .linear_light(true)
                    .premultiplied_alpha(true),
                4 => ResizeSpec::builder(size, output)
                    .filter(Filter::Lanczos { lobes: 3 })
                    .normalize(Some(Normalization::IMAGENET)),
                5 => presets::pillow(size, output, PillowFilter::Lanczos),
                6 => presets::onnx(size, output, &onnx_linear).unwrap(),
                _ => presets::torch(
                    size,
                    TorchOutput::ScaleFactor {
                        y: scales.0,
                        x: scales.1,
                        recompute: false,
                    },
                    TorchMode::Bilinear,
                    false,
                    false,
                )
                .unwrap(),
            };
            builder
                .batch(1 + case % 2)
                .channels(channels)
                .layout(layout)
                .element(element)
        };
        let (cut, whole_slice) =
            cut_and_slice(options, (input, output), [top, left, bottom, right]);
        let what = format!(
            "case {case} (option {option}): {input:?} cut {:?} -> {output:?}",
            cut.cut()
        );
        for path in [Path::Gather, Path::Separable] {
            if gpu.resizer.availability(&cut, path).is_err() {
                continue;
            }
            let in_place = gpu.resizer.kernels(&cut, path).unwrap();
            let own = gpu.resizer.kernels(&whole_slice, path).unwrap();
            assert_eq!(
                in_place.len(),
                own.len(),
                "{what} {path}: {in_place:?} against {own:?}"
            );
        }
        match element {
            ElementType::U8 => {
                // Exact in the libraries' integer arithmetics; rounded from f32 sums (and
                // through the sRGB conversions) a level from the reference's f64 at most, as
                // on whole images.
                let integer = cut.fixed_point()
                    || cut.opencv_fixed_point().is_some()
                    || cut.onnx_linear_u8().is_some();
                let tolerance = if integer && !cut.converts_color() {
                    0.0
                } else {
                    1.0
                };
                let data = rng.u8s(cut.input_len());
                slices_match(gpu, (&cut, &whole_slice), &data, tolerance, &what);
            }
            _ => {
                let data = rng.f32s(cut.input_len());
                slices_match(gpu, (&cut, &whole_slice), &data, 1e-4, &what);
            }
        }
    }
}
