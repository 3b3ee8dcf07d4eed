//! Padded outputs ([`ResizeSpecBuilder::padding`]): the image inside the bands is, to the bit,
//! the reference's resize to the image's size, the bands hold the fill (normalised where the
//! spec normalises), and every path that takes a padded spec gives the reference's output in
//! a poisoned buffer; across filters, crops, element types, layouts, colour conversions and
//! each library's fixed point. The libraries' own letterbox and pad bytes are in
//! `tests/conformance.rs`.

mod common;

use common::{Gpu, Rng, gpu, run_crops, run_poisoned};
use wgpu_resize::presets::{self, OpenCvInterpolation, PillowFilter, TorchMode, TorchOutput};
use wgpu_resize::{
    AxisResample, Border, CropBox, Element, ElementType, Filter, Layout, NearestRule,
    Normalization, Padding, Path, ResizeSpec, ResizeSpecBuilder, Size2, compare, crop, reference,
};

/// The index of element (`b`, `c`, `y`, `x`) of a tensor of `size` in `spec`'s layout.
fn at(spec: &ResizeSpec, size: Size2, (b, c, y, x): (u32, u32, u32, u32)) -> usize {
    let (h, w, channels) = (
        size.height as usize,
        size.width as usize,
        spec.channels() as usize,
    );
    let (b, c, y, x) = (b as usize, c as usize, y as usize, x as usize);
    match spec.layout() {
        Layout::Nhwc => ((b * h + y) * w + x) * channels + c,
        _ => ((b * channels + c) * h + y) * w + x,
    }
}

/// Asserts that the reference's padded output of `spec` holds, inside the bands, its output
/// without them bit for bit, and in the bands `fill(c)`; returns the padded output.
fn assert_reference_pads<T: Element + PartialEq + std::fmt::Debug>(
    spec: &ResizeSpec,
    input: &[T],
    fill: impl Fn(u32) -> f64,
    what: &str,
) -> Vec<T> {
    let unpadded = spec.to_builder().padding(Padding::NONE).build().unwrap();
    let padded = reference::resize(spec, input).unwrap();
    let image = reference::resize(&unpadded, input).unwrap();
    let (output, resized, bands) = (spec.output(), spec.resized(), spec.padding());
    assert_eq!(
        output,
        Size2::new(
            resized.height + bands.top + bands.bottom,
            resized.width + bands.left + bands.right
        ),
        "{what}"
    );
    for b in 0..spec.batch() {
        for c in 0..spec.channels() {
            for y in 0..output.height {
                for x in 0..output.width {
                    let got = padded[at(spec, output, (b, c, y, x))];
                    let inside_y = y.checked_sub(bands.top).filter(|&y| y < resized.height);
                    let inside_x = x.checked_sub(bands.left).filter(|&x| x < resized.width);
                    let want = match (inside_y, inside_x) {
                        (Some(iy), Some(ix)) => image[at(&unpadded, resized, (b, c, iy, ix))],
                        _ => T::from_f64(fill(c)),
                    };
                    assert_eq!(got, want, "{what}: image {b} channel {c} at ({y}, {x})");
                }
            }
        }
    }
    padded
}

/// Every path that takes `spec` against the reference's padded output, into a poisoned buffer
/// (an element a kernel leaves unwritten fails); the gather and `auto` always take it.
fn assert_paths_pad<T: Element + Into<f64>>(
    gpu: &Gpu,
    spec: &ResizeSpec,
    input: &[T],
    expected: &[T],
    tolerance: f64,
    what: &str,
) {
    for path in [Path::Gather, Path::Separable, Path::Fused, Path::Auto] {
        if gpu.resizer.availability(spec, path).is_err() {
            assert!(
                !matches!(path, Path::Gather | Path::Auto),
                "{what}: {path} refuses"
            );
            continue;
        }
        let got = run_poisoned(gpu, spec, input, path);
        let report = compare(&got, expected);
        assert!(report.within(tolerance), "{what} {path}: {report}");
    }
}

/// Random bands of 0 to 5 pixels, each side now and then none.
fn random_bands(rng: &mut Rng) -> Padding {
    let mut side = || {
        if rng.range(0, 3) == 0 {
            0
        } else {
            rng.range(1, 5)
        }
    };
    Padding::new(side(), side(), side(), side())
}

/// A filter of each kind the library has, chosen by `k`.
fn filter(k: u32) -> AxisResample {
    let rule = AxisResample::default();
    match k % 6 {
        0 => rule,
        1 => rule.with_filter(Filter::Cubic { a: -0.75 }),
        2 => rule
            .with_filter(Filter::Lanczos { lobes: 3 })
            .with_antialias(true)
            .with_border(Border::Renormalize),
        3 => rule.with_filter(Filter::Box).with_antialias(true),
        4 => rule.with_filter(Filter::Area(wgpu_resize::AreaRule::AdaptiveAverage)),
        _ => rule.with_filter(Filter::Nearest(NearestRule::RoundPreferCeil)),
    }
}

/// Floats (f32, f16) and u8 rounded once: random filters, sizes, layouts, channels, batches,
/// crops and bands, with a fill in the bands, one value in every channel or a colour (one per
/// channel) on alternate cases; f32 sometimes normalised.
#[test]
fn padded_floats_and_bytes_are_the_image_inside_the_fill() {
    let Some(gpu) = gpu("padded floats and bytes") else {
        return;
    };
    let mut rng = Rng::new(20261205);
    for case in 0..18u32 {
        let input = Size2::new(rng.range(1, 30), rng.range(1, 30));
        let image = Size2::new(rng.range(1, 24), rng.range(1, 24));
        let channels = rng.range(1, 4);
        let mut builder = ResizeSpec::builder(input, image)
            .batch(rng.range(1, 2))
            .channels(channels)
            .layout(if case % 2 == 0 {
                Layout::Nhwc
            } else {
                Layout::Nchw
            })
            .both_axes(filter(case))
            .padding(random_bands(&mut rng));
        let fill = -0.75 + case as f32 * 0.125;
        builder = if case % 2 == 0 {
            builder.extrapolation_value(fill)
        } else {
            let colour: Vec<f32> = (0..channels).map(|c| fill + 0.3 * c as f32).collect();
            builder.extrapolation_values(&colour)
        };
        if case % 3 == 0 {
            builder = builder.crop(0.5, 1.0, input.height as f64 * 0.75, input.width as f64);
        }
        let what = format!("case {case}");
        let fill = |c: u32, builder: ResizeSpecBuilder, mean: &[f32], std: &[f32]| {
            let v = f64::from(builder.build().unwrap().extrapolation_of(c));
            if mean.is_empty() {
                v
            } else {
                (v - f64::from(mean[c as usize])) / f64::from(std[c as usize])
            }
        };
        // f32, normalised on every other case.
        let (mean, std): (Vec<f32>, Vec<f32>) = if case % 2 == 1 {
            (0..channels)
                .map(|c| (0.1 * c as f32, 0.5 + 0.25 * c as f32))
                .unzip()
        } else {
            (Vec::new(), Vec::new())
        };
        let normalization = (!mean.is_empty()).then(|| Normalization::new(&mean, &std).unwrap());
        let spec = builder.normalize(normalization).build().unwrap();
        let data = Rng::new(u64::from(case)).f32s(spec.input_len());
        let filled = |c| fill(c, builder, &mean, &std);
        let expected = assert_reference_pads(&spec, &data, filled, &what);
        assert_paths_pad(gpu, &spec, &data, &expected, 2e-5, &format!("{what} f32"));
        // f16.
        let spec = builder.element(ElementType::F16).build().unwrap();
        let data = Rng::new(u64::from(case)).f16s(spec.input_len());
        let filled = |c| fill(c, builder, &[], &[]);
        let expected = assert_reference_pads(&spec, &data, filled, &what);
        assert_paths_pad(gpu, &spec, &data, &expected, 2e-3, &format!("{what} f16"));
        // u8 rounded once, the fill a byte, or a byte per channel.
        let colour: Vec<f32> = (0..channels).map(|_| rng.range(0, 255) as f32).collect();
        let bytes = builder.element(ElementType::U8);
        let bytes = if case % 2 == 0 {
            bytes.extrapolation_value(colour[0])
        } else {
            bytes.extrapolation_values(&colour)
        };
        let spec = bytes.build().unwrap();
        let data = Rng::new(u64::from(case)).u8s(spec.input_len());
        let filled = |c| fill(c, bytes, &[], &[]);
        let expected = assert_reference_pads(&spec, &data, filled, &what);
        assert_paths_pad(gpu, &spec, &data, &expected, 1.0, &format!("{what} u8"));
    }
}

/// Bytes in each library's 8-bit arithmetic, padded with one byte or a colour: Pillow's fixed
/// point in both rounding orders (RGBA premultiplied too), PyTorch's, and OpenCV's on the
/// gather path, each exact.
#[test]
fn padded_fixed_points_are_exact() {
    let Some(gpu) = gpu("padded fixed points") else {
        return;
    };
    let mut rng = Rng::new(114);
    for case in 0..16u32 {
        let input = Size2::new(rng.range(2, 28), rng.range(2, 28));
        let image = Size2::new(rng.range(1, 24), rng.range(1, 24));
        let (builder, channels, name) = match case % 4 {
            0 => {
                let filter = [
                    PillowFilter::Bicubic,
                    PillowFilter::Lanczos,
                    PillowFilter::Bilinear,
                ][(case / 4 % 3) as usize];
                let rgba = case % 8 == 0;
                let builder = presets::pillow(input, image, filter).premultiplied_alpha(rgba);
                (builder, if rgba { 4 } else { 3 }, "pillow")
            }
            1 => {
                let builder = presets::pillow(input, image, PillowFilter::Hamming)
                    .rounding_order(wgpu_resize::RoundingOrder::Pillow12);
                (builder, 1, "pillow12")
            }
            2 => {
                let mode = if case % 8 == 2 {
                    TorchMode::Bilinear
                } else {
                    TorchMode::Bicubic
                };
                let aa = case % 3 == 0;
                let builder =
                    presets::torch(input, TorchOutput::Size(image), mode, false, aa).unwrap();
                (builder, 3, "torch")
            }
            _ => {
                let interpolation = [
                    OpenCvInterpolation::Linear,
                    OpenCvInterpolation::Lanczos4,
                    OpenCvInterpolation::LinearExact,
                ][(case / 4 % 3) as usize];
                (presets::opencv(input, image, interpolation), 3, "opencv")
            }
        };
        // One byte in every channel, or a colour on odd cases.
        let colour: Vec<f32> = (0..channels).map(|_| rng.range(0, 255) as f32).collect();
        let builder = builder
            .channels(channels)
            .element(ElementType::U8)
            .padding(random_bands(&mut rng));
        let spec = if case % 2 == 0 {
            builder.extrapolation_value(colour[0])
        } else {
            builder.extrapolation_values(&colour)
        }
        .build()
        .unwrap();
        assert!(
            spec.fixed_point() || spec.opencv_fixed_point().is_some(),
            "{name}: a fixed point"
        );
        let data = Rng::new(u64::from(case)).u8s(spec.input_len());
        let what = format!("case {case} {name}");
        let fill = |c: u32| f64::from(spec.extrapolation_of(c));
        let expected = assert_reference_pads(&spec, &data, fill, &what);
        assert_paths_pad(gpu, &spec, &data, &expected, 0.0, &what);
    }
}

/// A letterbox of an RGB frame into a square model input, and Pillow's pad of a portrait image,
/// both through their presets: the bands the geometry gives, the image inside the resize to
/// its size, on every path.
#[test]
fn letterbox_and_pad_presets_place_the_image() {
    let Some(gpu) = gpu("letterbox and pad presets") else {
        return;
    };
    let frame = Size2::new(27, 48);
    let spec = presets::opencv_letterbox(
        frame,
        Size2::new(32, 32),
        OpenCvInterpolation::Linear,
        true,
        114.0,
    )
    .channels(3)
    .element(ElementType::U8)
    .build()
    .unwrap();
    assert_eq!(spec.resized(), Size2::new(18, 32));
    assert_eq!(spec.padding(), Padding::new(7, 0, 7, 0));
    assert_eq!(spec.output(), Size2::new(32, 32));
    let data = Rng::new(1).u8s(spec.input_len());
    let expected = assert_reference_pads(&spec, &data, |_| 114.0, "letterbox");
    assert_paths_pad(gpu, &spec, &data, &expected, 0.0, "letterbox");

    let portrait = Size2::new(40, 25);
    let spec = presets::pillow_pad(
        portrait,
        Size2::new(20, 20),
        PillowFilter::Bicubic,
        (0.5, 0.5),
    )
    .unwrap()
    .channels(3)
    .element(ElementType::U8)
    .build()
    .unwrap();
    // contain: 20 rows, round(25 / 40 · 20) = 12 (12.5 to even) columns, 8 left over: 4 a side.
    assert_eq!(spec.resized(), Size2::new(20, 12));
    assert_eq!(spec.padding(), Padding::new(0, 4, 0, 4));
    let data = Rng::new(2).u8s(spec.input_len());
    let expected = assert_reference_pads(&spec, &data, |_| 0.0, "pad");
    assert_paths_pad(gpu, &spec, &data, &expected, 0.0, "pad");
}

/// A crop batch of a padded template: each box's image in the bands of every output image,
/// against the crop batch's CPU reference.
#[test]
fn crop_batches_pad_every_box() {
    let Some(gpu) = gpu("padded crop batches") else {
        return;
    };
    let template = ResizeSpec::builder(Size2::new(20, 24), Size2::new(9, 11))
        .batch(2)
        .channels(4)
        .both_axes(
            AxisResample::default().with_mapping(wgpu_resize::CoordinateMapping::Region {
                start: 0.0,
                end: 1.0,
            }),
        )
        .padding(Padding::new(2, 1, 3, 0))
        .extrapolation_values(&[0.5, -1.0, 0.25, 2.0])
        .build()
        .unwrap();
    let boxes = [
        CropBox::new(0, [1.0, 2.0, 15.5, 20.0]),
        CropBox::new(1, [-2.0, 3.0, 8.0, 26.0]),
        CropBox::new(1, [4.0, 4.0, 12.0, 12.0]),
    ];
    let data = Rng::new(3).f32s(template.input_len());
    let mut batch = gpu
        .resizer
        .crop_batch(&template, boxes.len() as u32)
        .unwrap();
    gpu.resizer.set_crop_boxes(&mut batch, &boxes).unwrap();
    let got = run_crops(gpu, &batch, &data);
    let expected = crop::reference(&template, &boxes, &data).unwrap();
    let report = compare(&got, &expected);
    assert!(report.within(2e-5), "{report}");
    // Each box's output carries the bands: its first row is all the colour.
    let per_box = template.output_len() / template.batch() as usize;
    for (k, image) in expected.chunks(per_box).enumerate() {
        let first_row = &image[..(template.output().width * 4) as usize];
        assert!(
            first_row
                .chunks(4)
                .all(|pixel| pixel == [0.5, -1.0, 0.25, 2.0]),
            "box {k}: {first_row:?}"
        );
    }
}
