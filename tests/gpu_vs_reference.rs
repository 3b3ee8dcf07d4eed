//! Every GPU path against the CPU reference on seeded random shapes, into poisoned buffers.

mod common;

use common::{Rng, gpu, run_poisoned};
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
