//! A crop region resized in one step, against Pillow's own `resize(size, box=...)` outputs, and
//! an integer-aligned crop against cropping first and resizing after.

mod common;

use common::{Rng, crop_pixels, gpu, run_poisoned};
use wgpu_resize::presets::{self, PillowFilter};
use wgpu_resize::{Path, ResizeSpec, Size2, SpecError, compare, npy, reference};

fn data(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/crops")
        .join(name)
}

#[test]
fn crop_matches_pillow_box() {
    let input = npy::read::<f32>(&data("crop_in.npy")).unwrap();
    for (name, filter) in [
        ("BILINEAR", PillowFilter::Bilinear),
        ("BICUBIC", PillowFilter::Bicubic),
        ("LANCZOS", PillowFilter::Lanczos),
        ("NEAREST", PillowFilter::Nearest),
    ] {
        let expected = npy::read::<f32>(&data(&format!("crop_{name}.npy"))).unwrap();
        // box = (left 5.5, upper 3.25, right 41.0, lower 30.75)
        let spec = presets::pillow(Size2::new(40, 50), Size2::new(17, 23), filter)
            .crop(3.25, 5.5, 27.5, 35.5)
            .build()
            .unwrap();
        let cpu = reference::resize(&spec, &input.data).unwrap();
        let report = compare(&cpu, &expected.data);
        assert!(report.within(1e-4), "cpu {name}: {report}");
        let Some(gpu) = gpu("crop") else { continue };
        for path in [Path::Gather, Path::Separable] {
            let got = run_poisoned(gpu, &spec, &input.data, path);
            let report = compare(&got, &expected.data);
            assert!(report.within(1e-4), "{name} {path}: {report}");
        }
    }
}

/// Where every output's taps stay inside the crop (a box filter shrinking by whole factors),
/// resizing the region in place equals cropping first. (Elsewhere they differ by design: taps
/// near the region's edge read the pixels beyond it, as Pillow's `box` does.)
#[test]
fn aligned_crop_equals_crop_then_resize() {
    let Some(gpu) = gpu("aligned crop") else {
        return;
    };
    let (h, w, c) = (30u32, 44u32, 4u32);
    let image = Rng::new(9).f32s((h * w * c) as usize);
    let (top, left, ch, cw) = (5u32, 7u32, 18u32, 25u32);
    let cropped = crop_pixels(&image, (w, c), [top, left, ch, cw]);
    let out = Size2::new(ch / 2, cw / 5);
    let plain = presets::pillow(Size2::new(ch, cw), out, PillowFilter::Box)
        .channels(c)
        .build()
        .unwrap();
    let in_place = presets::pillow(Size2::new(h, w), out, PillowFilter::Box)
        .channels(c)
        .crop(top as f64, left as f64, ch as f64, cw as f64)
        .build()
        .unwrap();
    let expected = gpu.resizer.resize(&plain, &cropped, Path::Gather).unwrap();
    for path in [Path::Gather, Path::Separable, Path::Fused] {
        if gpu.resizer.availability(&in_place, path).is_err() {
            continue;
        }
        let got = run_poisoned(gpu, &in_place, &image, path);
        let report = compare(&got, &expected);
        assert!(report.within(1e-5), "{path}: {report}");
    }
}

#[test]
fn bad_crops_are_errors() {
    let err = ResizeSpec::builder(Size2::new(8, 8), Size2::new(4, 4))
        .crop(1.0, 1.0, 0.0, 3.0)
        .build()
        .unwrap_err();
    assert!(
        matches!(
            err,
            SpecError::InvalidParameter {
                what: "crop height",
                ..
            }
        ),
        "{err}"
    );
    let err = presets::torch(
        Size2::new(8, 8),
        presets::TorchOutput::Size(Size2::new(4, 4)),
        presets::TorchMode::Nearest,
        false,
        false,
    )
    .unwrap()
    .crop(0.0, 0.0, 4.0, 4.0)
    .build()
    .unwrap_err();
    assert!(matches!(err, SpecError::Unsupported(_)), "{err}");
}

/// `crop_box` keeps the corners it is given, where `crop` adds a height to the top: for a box
/// from left of the image, f64 rounds `top + (bottom - top)` one step off `bottom`.
#[test]
fn crop_box_keeps_its_corners() {
    use wgpu_resize::CoordinateMapping;
    let (top, bottom) = (-46.14410451171575, 95.99261893249786);
    assert_ne!(top + (bottom - top), bottom, "the example rounds");
    let builder = ResizeSpec::builder(Size2::new(100, 100), Size2::new(10, 10));
    let boxed = builder.crop_box([top, 2.0, bottom, 50.0]).build().unwrap();
    assert_eq!(
        boxed.y_axis().mapping,
        CoordinateMapping::Region {
            start: top,
            end: bottom
        }
    );
    let cropped = builder.crop(top, 2.0, bottom - top, 48.0).build().unwrap();
    assert_ne!(cropped.y_axis().mapping, boxed.y_axis().mapping);
    assert_eq!(cropped.x_axis().mapping, boxed.x_axis().mapping);
}
