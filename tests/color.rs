//! Linear-light and premultiplied-alpha resizes: every path against the CPU reference, and
//! linear light against an independent float computation (decode, plain resize, encode).

mod common;

use common::{Rng, gpu, run_poisoned};
use wgpu_resize::{ElementType, Path, ResizeSpec, Size2, compare, presets, reference};

fn srgb_decode(v: f64) -> f64 {
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

fn srgb_encode(v: f64) -> f64 {
    let v = v.max(0.0);
    if v <= 0.0031308 {
        v * 12.92
    } else {
        1.055 * v.powf(1.0 / 2.4) - 0.055
    }
}

#[test]
fn color_conversions_match_the_reference_on_every_path() {
    let Some(gpu) = gpu("color") else { return };
    let mut rng = Rng::new(11);
    for case in 0..12u64 {
        let input = Size2::new(rng.range(2, 40), rng.range(2, 40));
        let output = Size2::new(rng.range(1, 50), rng.range(1, 50));
        let filter = [
            presets::PillowFilter::Bilinear,
            presets::PillowFilter::Lanczos,
        ][case as usize % 2];
        let (linear, premultiplied) =
            [(true, false), (false, true), (true, true)][case as usize % 3];
        let channels = if premultiplied {
            4
        } else {
            [3, 4][case as usize % 2]
        };
        for element in [ElementType::U8, ElementType::F32] {
            let spec = presets::pillow(input, output, filter)
                .channels(channels)
                .batch(rng.range(1, 2))
                .element(element)
                .linear_light(linear)
                .premultiplied_alpha(premultiplied)
                .build()
                .unwrap();
            let paths: Vec<Path> = [Path::Gather, Path::Separable, Path::Fused]
                .into_iter()
                .filter(|&p| gpu.resizer.availability(&spec, p).is_ok())
                .collect();
            // f32 results are compared per element relative to their size: dividing by a small
            // resized alpha magnifies values (and float rounding) well beyond 1.
            for &path in &paths {
                let (report, tolerance) = if element == ElementType::U8 {
                    let data = Rng::new(case).u8s(spec.input_len());
                    let expected = reference::resize(&spec, &data).unwrap();
                    (
                        compare(&run_poisoned(gpu, &spec, &data, path), &expected),
                        1.0,
                    )
                } else {
                    let data: Vec<f32> = Rng::new(case)
                        .f32s(spec.input_len())
                        .iter()
                        .map(|v| v.abs())
                        .collect();
                    let expected = reference::resize(&spec, &data).unwrap();
                    let got = run_poisoned(gpu, &spec, &data, path);
                    let relative: Vec<f64> = got
                        .iter()
                        .zip(&expected)
                        .map(|(&g, &e)| (g as f64 - e as f64) / (e.abs() as f64).max(1.0))
                        .collect();
                    (compare(&relative, &vec![0.0f64; relative.len()]), 1e-4)
                };
                assert!(
                    report.within(tolerance),
                    "case {case} {spec:?} {path}: {report}"
                );
            }
        }
    }
}

#[test]
fn linear_light_matches_decode_resize_encode() {
    let Some(gpu) = gpu("linear light") else {
        return;
    };
    let (input, output) = (Size2::new(37, 53), Size2::new(16, 23));
    let srgb = presets::pillow(input, output, presets::PillowFilter::Lanczos)
        .channels(3)
        .element(ElementType::U8)
        .linear_light(true)
        .build()
        .unwrap();
    let pixels = Rng::new(5).u8s(srgb.input_len());
    let got = gpu.resizer.resize(&srgb, &pixels, Path::Auto).unwrap();

    // Independently: decode to linear f32, a plain f32 resize, encode back to 8 bits.
    let linear: Vec<f32> = pixels
        .iter()
        .map(|&v| srgb_decode(v as f64 / 255.0) as f32)
        .collect();
    let plain = presets::pillow(input, output, presets::PillowFilter::Lanczos)
        .channels(3)
        .build()
        .unwrap();
    let resized = gpu.resizer.resize(&plain, &linear, Path::Auto).unwrap();
    let expected: Vec<u8> = resized
        .iter()
        .map(|&v| {
            (srgb_encode(v as f64) * 255.0 + 0.5)
                .floor()
                .clamp(0.0, 255.0) as u8
        })
        .collect();
    let report = compare(&got, &expected);
    assert!(report.within(1.0), "{report}");
    // And it differs from resizing the encoded values directly, or the test shows nothing.
    let naive = gpu
        .resizer
        .resize(
            &srgb.to_builder().linear_light(false).build().unwrap(),
            &pixels,
            Path::Auto,
        )
        .unwrap();
    assert!(compare(&naive, &expected).max_abs > 1.0);
}

#[test]
fn premultiplied_alpha_keeps_transparent_colour_out_of_edges() {
    let Some(gpu) = gpu("premultiplied") else {
        return;
    };
    // Left half opaque white, right half fully transparent "black": straight resizing bleeds
    // grey into the edge, premultiplied resizing keeps the visible colour white.
    let (w, h) = (16u32, 4u32);
    let mut pixels = Vec::new();
    for _ in 0..h {
        for x in 0..w {
            pixels.extend_from_slice(&if x < w / 2 {
                [255u8, 255, 255, 255]
            } else {
                [0, 0, 0, 0]
            });
        }
    }
    let spec = presets::pillow(
        Size2::new(h, w),
        Size2::new(h, w / 2 + 1),
        presets::PillowFilter::Bilinear,
    )
    .channels(4)
    .element(ElementType::U8)
    .premultiplied_alpha(true)
    .build()
    .unwrap();
    for path in [Path::Gather, Path::Separable] {
        let out = gpu.resizer.resize(&spec, &pixels, path).unwrap();
        for px in out.chunks(4) {
            if px[3] > 0 {
                assert!(
                    px[0] >= 254 && px[1] >= 254 && px[2] >= 254,
                    "{path}: {px:?}"
                );
            }
        }
        assert!(
            out.chunks(4).any(|px| px[3] > 0 && px[3] < 255),
            "an edge pixel is partly transparent"
        );
    }
    let err = ResizeSpec::builder(Size2::new(4, 4), Size2::new(2, 2))
        .channels(3)
        .premultiplied_alpha(true)
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("RGBA"), "{err}");
}

/// Linear light on tensors without RGBA vectors (RGB and other NHWC channel counts, NCHW
/// planes): the strided groups for f32 and f16, the u8 gathers' quads (enlargements) and staged
/// columns (shrinks), on every path, random shapes and seeds, into poisoned buffers against the
/// reference.
#[test]
fn linear_light_without_rgba_vectors_matches_the_reference() {
    use wgpu_resize::Layout;
    let Some(gpu) = gpu("linear light, strided") else {
        return;
    };
    let mut rng = Rng::new(0x11_9e7);
    for case in 0..8u64 {
        let channels = [3, 1, 2, 3][case as usize % 4];
        let layout = if case % 2 == 0 {
            Layout::Nhwc
        } else {
            Layout::Nchw
        };
        let input = Size2::new(rng.range(6, 40), rng.range(6, 40));
        let width = 4 * rng.range(1, 30);
        let output = if case % 3 == 0 {
            Size2::new(input.height * 2, width)
        } else {
            Size2::new((input.height / 2).max(1), width)
        };
        let filter = [
            presets::PillowFilter::Bilinear,
            presets::PillowFilter::Lanczos,
        ][case as usize % 2];
        let builder = presets::pillow(input, output, filter)
            .channels(channels)
            .layout(layout)
            .batch(rng.range(1, 3))
            .linear_light(true);
        let paths = [Path::Gather, Path::Separable, Path::Auto];
        let spec = builder.element(ElementType::U8).build().unwrap();
        let data = Rng::new(case).u8s(spec.input_len());
        let expected = reference::resize(&spec, &data).unwrap();
        for path in paths {
            let report = compare(&run_poisoned(gpu, &spec, &data, path), &expected);
            assert!(report.within(1.0), "case {case} {spec:?} {path}: {report}");
        }
        let spec = builder.element(ElementType::F32).build().unwrap();
        let data = Rng::new(case).f32s(spec.input_len());
        let expected = reference::resize(&spec, &data).unwrap();
        for path in paths {
            let report = compare(&run_poisoned(gpu, &spec, &data, path), &expected);
            assert!(report.within(1e-5), "case {case} {spec:?} {path}: {report}");
        }
        if gpu.resizer.native_f16() {
            let spec = builder.element(ElementType::F16).build().unwrap();
            let data = Rng::new(case).f16s(spec.input_len());
            let expected = reference::resize(&spec, &data).unwrap();
            for path in paths {
                let report = compare(&run_poisoned(gpu, &spec, &data, path), &expected);
                assert!(report.within(4e-3), "case {case} {spec:?} {path}: {report}");
            }
        }
    }
}
