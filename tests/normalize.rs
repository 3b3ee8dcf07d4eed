//! Normalised outputs (`ResizeSpecBuilder::normalize`) between buffers: every path, f32 and
//! f16, NHWC and NCHW, 1 to 4 channels, batches, colour conversions and extrapolated outputs,
//! against the CPU reference into poisoned outputs; and the requests that are refused. Crop
//! batches: `tests/crop_batch.rs`; textures into tensors: `tests/texture.rs`.

mod common;

use common::{Rng, assert_paths_match_reference, gpu, run_in_slices, run_in_slot};
use half::f16;
use wgpu_resize::{
    CoordinateMapping, ElementType, Filter, Layout, NearestRule, Normalization, Path, ResizeSpec,
    Size2, SpecError, compare, reference,
};

const PATHS: [Path; 4] = [Path::Gather, Path::Separable, Path::Fused, Path::Auto];

/// Random statistics for `channels` channels, some of them far from the identity (a small std
/// scales any error of the resize up, a large mean moves every value).
fn statistics(rng: &mut Rng, channels: u32) -> Normalization {
    // `unit` is uniform in -1..1: means in -2..2, standard deviations of 0.2 to 3.2 in size.
    let mean: Vec<f32> = (0..channels).map(|_| rng.unit() * 2.0).collect();
    let std: Vec<f32> = (0..channels)
        .map(|c| {
            let magnitude = 0.2 + (rng.unit() + 1.0) * 1.5;
            if c % 2 == 0 { magnitude } else { -magnitude }
        })
        .collect();
    Normalization::new(&mean, &std).unwrap()
}

/// Seeded random shapes, filters and statistics on every path the spec can take, f32 and f16,
/// into poisoned outputs: each element is the reference's normalised value, so an element the
/// resize left unwritten stays NaN, and one normalised twice or with another channel's
/// statistics is off by far more than the tolerance.
#[test]
fn buffers_are_normalised_on_every_path() {
    let Some(gpu) = gpu("buffers_are_normalised_on_every_path") else {
        return;
    };
    let filters = [
        Filter::Linear,
        Filter::Cubic { a: -0.75 },
        Filter::Lanczos { lobes: 3 },
        Filter::Nearest(NearestRule::RoundPreferFloor),
        Filter::Box,
    ];
    let mut rng = Rng::new(0x0e_0a11);
    for case in 0..20usize {
        let channels = 1 + case as u32 % 4;
        let layout = if case % 3 == 0 {
            Layout::Nchw
        } else {
            Layout::Nhwc
        };
        let input = Size2::new(rng.range(2, 30), rng.range(2, 30));
        let output = Size2::new(rng.range(1, 36), rng.range(1, 36));
        let element = if case % 2 == 0 {
            ElementType::F32
        } else {
            ElementType::F16
        };
        let spec = ResizeSpec::builder(input, output)
            .batch(1 + case as u32 % 3)
            .channels(channels)
            .layout(layout)
            .element(element)
            .filter(filters[case % filters.len()])
            .antialias(case % 4 == 1)
            .normalize(Some(statistics(&mut rng, channels)))
            .build()
            .unwrap();
        let paths: Vec<Path> = PATHS
            .into_iter()
            .filter(|&path| gpu.resizer.availability(&spec, path).is_ok())
            .collect();
        let what = format!("case {case}");
        match element {
            ElementType::F32 => {
                let data = rng.f32s(spec.input_len());
                assert_paths_match_reference(gpu, &spec, &data, &paths, 2e-5, &what);
            }
            _ => {
                let data = rng.f16s(spec.input_len());
                // Normalised values reach about 15 (a std of 0.2): f16's spacing there is
                // 2^-7, and a value the store and the reference round to either side of a
                // rounding boundary differs by one spacing.
                assert_paths_match_reference(gpu, &spec, &data, &paths, 1e-2, &what);
            }
        }
    }
}

/// The exact doublings and halvings of RGBA f16 (src/gpu/doubling.rs, src/gpu/halving.rs),
/// whose kernels store two pixels at a time without a table, normalise as they store: seeded
/// random sizes and statistics, on the gather and the measured choice, into poisoned outputs.
#[test]
fn exact_doublings_and_halvings_normalise() {
    let Some(gpu) = gpu("exact_doublings_and_halvings_normalise") else {
        return;
    };
    let mut rng = Rng::new(0x0d_0b1e);
    for case in 0..6u32 {
        let (h, w) = (rng.range(2, 40), rng.range(2, 40));
        let (input, output) = if case % 2 == 0 {
            (Size2::new(h, w), Size2::new(2 * h, 2 * w))
        } else {
            (Size2::new(2 * h, 2 * w), Size2::new(h, w))
        };
        let spec = ResizeSpec::builder(input, output)
            .batch(1 + case % 2)
            .channels(4)
            .element(ElementType::F16)
            .normalize(Some(statistics(&mut rng, 4)))
            .build()
            .unwrap();
        let data = rng.f16s(spec.input_len());
        let paths = [Path::Gather, Path::Auto];
        assert_paths_match_reference(gpu, &spec, &data, &paths, 1e-2, &format!("case {case}"));
    }
}

/// The normalisation follows the colour conversions (linear light, premultiplied alpha) and
/// applies to extrapolated outputs too, as the reference orders them; a spec without it and
/// the same spec with the identity statistics give the same values.
#[test]
fn normalisation_follows_colour_and_extrapolation() {
    let Some(gpu) = gpu("normalisation_follows_colour_and_extrapolation") else {
        return;
    };
    let mut rng = Rng::new(0x0c_010e);
    let rgba = Normalization::new(&[0.5, 0.25, -0.5, 0.1], &[0.25, 2.0, 0.5, -1.5]).unwrap();
    let colour = ResizeSpec::builder(Size2::new(19, 23), Size2::new(11, 31))
        .channels(4)
        .filter(Filter::Cubic { a: -0.5 })
        .antialias(true)
        .linear_light(true)
        .premultiplied_alpha(true)
        .normalize(Some(rgba))
        .build()
        .unwrap();
    let crop = ResizeSpec::builder(Size2::new(16, 20), Size2::new(12, 9))
        .channels(3)
        .layout(Layout::Nchw)
        .mapping(CoordinateMapping::TfCropAndResize {
            start: -0.25,
            end: 1.3,
        })
        .extrapolation_value(0.75)
        .normalize(Some(Normalization::IMAGENET))
        .build()
        .unwrap();
    for spec in [colour, crop] {
        let data = rng.f32s(spec.input_len());
        let paths: Vec<Path> = PATHS
            .into_iter()
            .filter(|&path| gpu.resizer.availability(&spec, path).is_ok())
            .collect();
        assert_paths_match_reference(gpu, &spec, &data, &paths, 2e-5, "colour or crop");
    }
    // The crop's extrapolated outputs are the extrapolation value, normalised.
    let data = rng.f32s(crop.input_len());
    let got = common::run_poisoned(gpu, &crop, &data, Path::Gather);
    let corner = (0.75 - 0.485) / 0.229;
    assert!(
        (got[0] - corner).abs() < 1e-5,
        "extrapolated corner {} against {corner}",
        got[0]
    );
    // The identity statistics store what no normalisation stores.
    let plain = ResizeSpec::builder(Size2::new(13, 17), Size2::new(21, 8))
        .channels(2)
        .filter(Filter::Lanczos { lobes: 3 })
        .build()
        .unwrap();
    let identity = plain
        .to_builder()
        .normalize(Some(Normalization::uniform(2, 0.0, 1.0).unwrap()))
        .build()
        .unwrap();
    let data = rng.f32s(plain.input_len());
    for path in [Path::Gather, Path::Separable] {
        let a = common::run_poisoned(gpu, &plain, &data, path);
        let b = common::run_poisoned(gpu, &identity, &data, path);
        assert_eq!(a, b, "{path}: identity statistics changed values");
    }
}

/// Normalised outputs in slices of larger buffers, in the caller's encoder: the pass that
/// normalises writes inside the output slice only (the bytes around it keep their sentinel),
/// including an odd count of f16, whose last word holds one element and a padding half that
/// the pass does not normalise.
#[test]
fn normalised_slices_write_nothing_outside() {
    let Some(gpu) = gpu("normalised_slices_write_nothing_outside") else {
        return;
    };
    let alignment = gpu
        .context
        .device
        .limits()
        .min_storage_buffer_offset_alignment as u64;
    let mut rng = Rng::new(0x5_11ce);
    // 3 x 5 x 3 = 45 f16 outputs: an odd count, so the last word holds one element.
    let odd = ResizeSpec::builder(Size2::new(7, 9), Size2::new(3, 5))
        .channels(3)
        .layout(Layout::Nchw)
        .element(ElementType::F16)
        .normalize(Some(Normalization::IMAGENET))
        .build()
        .unwrap();
    assert_eq!(odd.output_len() % 2, 1);
    let data = rng.f16s(odd.input_len());
    let expected = reference::resize(&odd, &data).unwrap();
    for path in [Path::Gather, Path::Separable] {
        let got: Vec<f16> = run_in_slices(
            gpu,
            &odd,
            &data,
            path,
            (alignment, 2 * alignment),
            "odd f16",
        );
        let report = compare(&got, &expected);
        assert!(report.within(2e-2), "odd f16 {path}: {report}");
    }
    // The padding half after the last element holds the same bits normalised or not: the
    // packed store (devices without shader-f16, GL here) does not normalise it. The plain
    // store writes 0 there, so a store that zeroed it would pass.
    let plain = odd.to_builder().normalize(None).build().unwrap();
    let padding = |spec: &ResizeSpec, path| {
        let slot: Vec<f16> = run_in_slot(gpu, spec, &data, path, (0, 0), "padding");
        slot[spec.output_len()].to_bits()
    };
    for path in [Path::Gather, Path::Separable] {
        assert_eq!(
            padding(&odd, path),
            padding(&plain, path),
            "{path}: the padding half changed"
        );
    }
    let rgb = odd.to_builder().element(ElementType::F32).build().unwrap();
    let data = rng.f32s(rgb.input_len());
    let expected = reference::resize(&rgb, &data).unwrap();
    let got: Vec<f32> = run_in_slices(gpu, &rgb, &data, Path::Auto, (0, alignment), "f32");
    let report = compare(&got, &expected);
    assert!(report.within(2e-5), "f32 slice: {report}");
}

/// Requests that cannot be normalised are typed errors that say what is allowed: u8 outputs
/// and statistics of another channel count (a resize into a texture: `tests/texture.rs`).
#[test]
fn refused_normalisations_are_typed_errors() {
    let base = ResizeSpec::builder(Size2::new(8, 8), Size2::new(4, 4)).channels(3);
    let u8s = base
        .element(ElementType::U8)
        .normalize(Some(Normalization::IMAGENET))
        .build();
    assert!(
        matches!(&u8s, Err(SpecError::Unsupported(why)) if why.contains("f32 or f16")),
        "{u8s:?}"
    );
    let four = base
        .normalize(Some(Normalization::uniform(4, 0.5, 0.5).unwrap()))
        .build();
    assert!(
        matches!(&four, Err(SpecError::Unsupported(why)) if why.contains("4 channels on a spec of 3")),
        "{four:?}"
    );
}
