//! The bundled conformance cases (outputs produced by PyTorch, Pillow, OpenCV and ONNX Runtime)
//! on the CPU reference and on every GPU path.

mod common;

use wgpu_resize::Path;
use wgpu_resize::conformance::{Runner, bundled_dir, load_cases};

fn run_all(runner: Runner<'_>, label: &str) {
    let dir = bundled_dir();
    let cases = load_cases(&dir).expect("cases.json");
    assert_eq!(cases.len(), 264, "the bundled set has 264 cases");
    let mut failures = Vec::new();
    for case in &cases {
        match case.run(&dir, runner) {
            Ok(outcome) if outcome.passed() => {}
            Ok(outcome) => failures.push(format!(
                "{}: max abs {:.3e} > {:.1e}   {}",
                case.id, outcome.max_abs, outcome.tolerance, case.call
            )),
            Err(e) => failures.push(format!("{}: {e}", case.id)),
        }
    }
    eprintln!(
        "{label}: {} passed, {} failed",
        cases.len() - failures.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{label}: {} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn cpu_reference_matches_every_case() {
    run_all(Runner::Cpu, "cpu reference");
}

#[test]
fn gather_matches_every_case() {
    let Some(gpu) = common::gpu("conformance gather") else {
        return;
    };
    run_all(Runner::Gpu(&gpu.resizer, Path::Gather), "gather");
}

#[test]
fn separable_matches_every_case() {
    let Some(gpu) = common::gpu("conformance separable") else {
        return;
    };
    run_all(Runner::Gpu(&gpu.resizer, Path::Separable), "separable");
}

#[test]
fn auto_matches_every_case() {
    let Some(gpu) = common::gpu("conformance auto") else {
        return;
    };
    run_all(Runner::Gpu(&gpu.resizer, Path::Auto), "auto");
}

/// The cases the fused kernel can run as NCHW planes (`PLANAR` in `wgsl/fused_tiled.wgsl`:
/// widths a multiple of 4, no colour conversions or Pillow's fixed point), each input
/// transposed to NCHW, resized on the fused path and transposed back, against the libraries'
/// own outputs within each case's tolerance.
#[test]
fn fused_planes_match_the_cases_transposed() {
    use wgpu_resize::{Element, Layout, conformance::transposed, npy};
    let Some(gpu) = common::gpu("conformance fused planes") else {
        return;
    };
    fn max_abs<T: Element + npyz::Deserialize + npy::NpyElement + Into<f64>>(
        gpu: &common::Gpu,
        dir: &std::path::Path,
        case: &wgpu_resize::conformance::Case,
        spec: &wgpu_resize::ResizeSpec,
    ) -> f64 {
        let input = npy::read::<T>(&dir.join(&case.input)).unwrap();
        let expected = npy::read::<T>(&dir.join(&case.output)).unwrap();
        let planes = transposed(&input.data, case.in_shape, true);
        let got = gpu.resizer.resize(spec, &planes, Path::Fused).unwrap();
        let got = transposed(&got, case.out_shape, false);
        wgpu_resize::compare(&got, &expected.data).max_abs
    }
    let dir = bundled_dir();
    let cases = load_cases(&dir).expect("cases.json");
    let (mut ran, mut failures) = (0, Vec::new());
    for case in &cases {
        let Ok(spec) = case.spec() else { continue };
        let Ok(spec) = spec.to_builder().layout(Layout::Nchw).build() else {
            continue;
        };
        if gpu.resizer.availability(&spec, Path::Fused).is_err() {
            continue;
        }
        let error = match spec.element() {
            wgpu_resize::ElementType::U8 => max_abs::<u8>(gpu, &dir, case, &spec),
            _ => max_abs::<f32>(gpu, &dir, case, &spec),
        };
        if error > case.tolerance_max_abs {
            failures.push(format!("{}: max abs {error:.3e}   {}", case.id, case.call));
        }
        ran += 1;
    }
    eprintln!("fused planes: {ran} cases ran, {} failed", failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 40, "only {ran} cases ran as fused planes");
}

/// A case whose parameters the runner would not read as written (a wrongly typed value, a key
/// it does not know, a size other than `out_shape`, a Pillow mode of other channels) is a
/// `BadParams` error naming the case and the key, not a case run with defaults; the bundled
/// case each edit starts from builds.
#[test]
fn malformed_parameters_are_refused() {
    use serde_json::{Value, json};
    use wgpu_resize::conformance::{Case, ConformanceError};

    let cases = load_cases(&bundled_dir()).expect("cases.json");
    let first = |library: &str, has: &str| -> Case {
        cases
            .iter()
            .find(|c| c.params["library"] == library && c.params.get(has).is_some())
            .unwrap_or_else(|| panic!("a {library} case with {has}"))
            .clone()
    };
    let edited = |base: &Case, edit: &dyn Fn(&mut Value)| {
        base.spec().unwrap_or_else(|e| panic!("{}: {e}", base.id));
        let mut case = base.clone();
        edit(&mut case.params);
        case
    };
    let torch = first("torch", "size");
    let pillow = first("pillow", "image_mode");
    let opencv = first("opencv", "dsize_wh");
    let onnx = first("onnx", "attrs");
    let edits: Vec<(Case, &str)> = vec![
        (
            edited(&torch, &|p| p["align_corners"] = json!("yes")),
            "align_corners is \"yes\"; expected true, false or null",
        ),
        (
            edited(&torch, &|p| p["antialias"] = json!(1)),
            "antialias is 1",
        ),
        (
            edited(&torch, &|p| p["size"] = json!([3, 4])),
            "size is [3, 4]",
        ),
        (
            edited(&torch, &|p| p["scale_factor"] = json!(2.0)),
            "both size and scale_factor",
        ),
        (
            edited(&torch, &|p| p["memory_format"] = json!("x")),
            "\"memory_format\"",
        ),
        (
            edited(&pillow, &|p| p["image_mode"] = json!("RGBA")),
            "image_mode holds 4 uint8 channels",
        ),
        (
            edited(&pillow, &|p| p["image_mode"] = json!("I;16")),
            "image_mode \"I;16\"",
        ),
        (
            edited(&pillow, &|p| p["reducing_gap"] = json!("two")),
            "reducing_gap is \"two\"; expected a number",
        ),
        (
            edited(&pillow, &|p| p["box"] = json!([0.0, 1.0, 4.0])),
            "expected [left, top, right, bottom]",
        ),
        (
            // Image.thumbnail within 8 x 8 of a 16 x 12 image is 8 x 6, not the case's size.
            edited(&pillow, &|p| p["thumbnail_wh"] = json!([8, 8])),
            "Image.thumbnail within",
        ),
        (edited(&pillow, &|p| p["dither"] = json!(1)), "\"dither\""),
        (
            // The Pillow release decides the order of the 8-bit passes: a reference that names
            // none is refused rather than guessed.
            Case {
                reference: "PIL 1.1.7".into(),
                ..pillow.clone()
            },
            "reference \"PIL 1.1.7\" names no Pillow release",
        ),
        (
            edited(&opencv, &|p| p["dsize_wh"] = json!([1, 1])),
            "dsize_wh is [1, 1]",
        ),
        (
            edited(&onnx, &|p| p["attrs"]["cubic_coeff_a"] = json!("-0.5")),
            "cubic_coeff_a is \"-0.5\"; expected a number",
        ),
        (
            edited(&onnx, &|p| p["attrs"]["exclude_outside"] = json!(2)),
            "exclude_outside is 2; expected 0 or 1",
        ),
        (
            edited(&onnx, &|p| {
                p["attrs"]["keep_aspect_ratio_policy"] = json!("stretch")
            }),
            "\"keep_aspect_ratio_policy\"",
        ),
        (
            edited(&onnx, &|p| p["roi"] = json!([0, 0, 0, 0, 1, 1, "x", 1])),
            "roi is",
        ),
        (
            edited(&onnx, &|p| p["sizes"] = json!([1, 1, 2, 2])),
            "sizes is [1, 1, 2, 2]",
        ),
        (
            edited(&onnx, &|p| p["opset"] = json!("19")),
            "opset is \"19\"; expected an opset number",
        ),
        (
            edited(&onnx, &|p| {
                p.as_object_mut().unwrap().remove("opset");
            }),
            "missing opset",
        ),
        (
            edited(&onnx, &|p| p["opset"] = json!(10)),
            "from opset 11, not at opset 10",
        ),
        (
            edited(&onnx, &|p| {
                p["opset"] = json!(17);
                p["attrs"]["antialias"] = json!(1);
            }),
            "antialias from opset 18",
        ),
        (
            edited(&onnx, &|p| {
                p["opset"] = json!(18);
                p["attrs"]["coordinate_transformation_mode"] = json!("half_pixel_symmetric");
            }),
            "half_pixel_symmetric from opset 19",
        ),
    ];
    // Opsets from 11 on whose Resize has every attribute the case sets: taken.
    for opset in [11, 13, 17, 18, 19, 21] {
        let case = edited(&onnx, &|p| p["opset"] = json!(opset));
        case.spec().unwrap_or_else(|e| panic!("opset {opset}: {e}"));
    }
    // Pillow's modes, as `wgresize --convention pillow` reads images: RGBA premultiplied
    // (except with NEAREST), the others not.
    for (mode, channels, dtype, premultiplied) in [
        ("RGBA", 4, "uint8", true),
        ("L", 1, "uint8", false),
        ("RGB", 3, "uint8", false),
        ("F", 1, "float32", false),
    ] {
        let mut case = edited(&pillow, &|p| p["image_mode"] = json!(mode));
        case.in_shape[3] = channels;
        case.out_shape[3] = channels;
        case.dtype = dtype.to_string();
        let spec = case.spec().unwrap_or_else(|e| panic!("{mode}: {e}"));
        let nearest = case.params["filter"] == "NEAREST";
        assert_eq!(
            spec.premultiplied_alpha(),
            premultiplied && !nearest,
            "{mode}"
        );
        assert_eq!(spec.channels(), channels);
    }
    for (case, needle) in edits {
        match case.spec() {
            Err(err @ ConformanceError::BadParams { .. }) => {
                let message = err.to_string();
                assert!(
                    message.contains(&case.id) && message.contains(needle),
                    "{needle:?}: {message}"
                );
            }
            other => panic!("{} edited for {needle:?} gave {other:?}", case.id),
        }
    }
}

/// The cases of `cv2.resize` with `INTER_LINEAR`, `INTER_LANCZOS4`, `INTER_LINEAR_EXACT` and
/// `INTER_AREA` on 8-bit images in
/// `tests/data/opencv-u8/` (`scripts/opencv_u8_cases.py`; its enlargements by 2 of RGB widths
/// a multiple of 4 run on the RGB doubling, its shrinks by 2 of RGBA and of RGB widths a
/// multiple of 8 on the exact halvings), whose tolerance is 0: the opencv
/// preset runs OpenCV's own fixed point there, so the CPU reference, the gather path and `auto`
/// give OpenCV's bytes, every one; the separable and fused paths refuse it with a typed error
/// that says why.
#[test]
fn opencv_8_bit_fixed_point_is_opencv_to_the_byte() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/opencv-u8");
    let cases = load_cases(&dir).expect("opencv-u8/cases.json");
    assert_eq!(cases.len(), 68, "the OpenCV 8-bit set has 68 cases");
    let gather_only = |spec: &wgpu_resize::ResizeSpec| spec.opencv_fixed_point().is_some();
    passes_on_the_gather_path(
        &dir,
        &cases,
        "opencv u8",
        "OpenCV's 8-bit fixed point",
        |case, spec| {
            assert_eq!(case.tolerance_max_abs, 0.0, "{}", case.id);
            // INTER_AREA averages by coverage where no axis grows, in floats rounded once as
            // OpenCV does; where one grows, in its fixed point.
            let grows =
                case.out_shape[1] > case.in_shape[1] || case.out_shape[2] > case.in_shape[2];
            let fixed = case.params["interpolation"] != "INTER_AREA" || grows;
            assert_eq!(
                gather_only(spec),
                fixed,
                "{}: OpenCV's fixed point",
                case.id
            );
            fixed
        },
    );
}

/// The cases of `F.interpolate` on uint8 tensors on the CPU in `tests/data/torch-u8/`
/// (`scripts/torch_u8_cases.py`: bilinear and bicubic with and without antialiasing, aligned
/// corners, stated scales, nearest and nearest-exact, RGBA and RGB doublings and halvings that
/// take the exact kernels), whose tolerance is 0: the torch preset
/// runs PyTorch's own 8-bit fixed point there, so the CPU reference and every GPU path that
/// takes the spec give PyTorch's bytes, every one. The same specs in floats rounded once (the
/// library's rule before) miss many of them, so the cases tell the two apart.
#[test]
fn torch_8_bit_fixed_point_is_pytorch_to_the_byte() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/torch-u8");
    let cases = load_cases(&dir).expect("torch-u8/cases.json");
    assert_eq!(cases.len(), 122, "the PyTorch uint8 set has 122 cases");
    let fused_ran = passes_on_every_path(&dir, &cases, "torch u8", |case, spec| {
        assert_eq!(case.tolerance_max_abs, 0.0, "{}", case.id);
        let interpolating =
            ["bilinear", "bicubic"].contains(&case.params["mode"].as_str().unwrap());
        assert_eq!(spec.torch_fixed_point(), interpolating, "{}", case.id);
    });
    assert!(
        fused_ran.is_none_or(|ran| ran >= 10),
        "the fused path ran {fused_ran:?} cases"
    );
    let in_floats = missed_in_floats(&dir, &cases, |spec| spec.torch_fixed_point(false));
    assert!(
        in_floats >= 40,
        "floats rounded once missed only {in_floats} cases"
    );
}

/// The cases of ONNX Runtime's antialiased `Resize` on uint8 tensors in `tests/data/onnx-u8/`
/// (`scripts/onnx_u8_cases.py`: linear and cubic, every coordinate mode, `exclude_outside`,
/// crops reaching past the input), whose tolerance is 0: the onnx preset runs ONNX Runtime's
/// own 8-bit fixed point there (`ResizeSpecBuilder::onnx_fixed_point`), so the CPU reference
/// and every GPU path that takes the spec give ONNX Runtime's bytes, every one. The same specs
/// in floats rounded once (the library's rule before) miss most of them. Beside them, float
/// cases of antialiased linear with `exclude_outside`, which leaves the taps past an edge out.
#[test]
fn onnx_8_bit_antialias_is_onnx_runtime_to_the_byte() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/onnx-u8");
    let cases = load_cases(&dir).expect("onnx-u8/cases.json");
    assert_eq!(cases.len(), 36, "the ONNX uint8 set has 36 cases");
    let fused_ran = passes_on_every_path(&dir, &cases, "onnx u8", |case, spec| {
        let bytes = case.dtype == "uint8";
        assert_eq!(spec.onnx_fixed_point(), bytes, "{}", case.id);
        assert_eq!(case.tolerance_max_abs == 0.0, bytes, "{}", case.id);
    });
    assert!(
        fused_ran.is_none_or(|ran| ran >= 4),
        "the fused path ran {fused_ran:?} cases"
    );
    let bytes: Vec<_> = cases.into_iter().filter(|c| c.dtype == "uint8").collect();
    let in_floats = missed_in_floats(&dir, &bytes, |spec| spec.onnx_fixed_point(false));
    assert!(
        in_floats >= 20,
        "floats rounded once missed only {in_floats} of {} cases",
        bytes.len()
    );
}

/// The cases of ONNX Runtime's plain `linear` `Resize` on uint8 tensors in
/// `tests/data/onnx-linear-u8/` (`scripts/onnx_linear_u8_cases.py`: every coordinate mode, crops
/// reaching past the input with fractional and out-of-range extrapolation values, NCHW and NHWC
/// tensors, an axis kept now and then), whose tolerance is 0: the onnx preset runs ONNX
/// Runtime's own arithmetic there ([`wgpu_resize::OnnxLinearU8`], the one its kernel for the
/// case's layout runs), on the CPU reference and on the gather path, which `auto` takes and the
/// others refuse. The same specs in floats rounded to nearest (the library's rule before) miss
/// most of them.
#[test]
fn onnx_8_bit_plain_linear_is_onnx_runtime_to_the_byte() {
    use wgpu_resize::{Layout, OnnxLinearU8};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/onnx-linear-u8");
    let cases = load_cases(&dir).expect("onnx-linear-u8/cases.json");
    assert_eq!(cases.len(), 58, "the ONNX plain linear set has 58 cases");
    let arithmetics = std::cell::RefCell::new(std::collections::HashMap::new());
    let what = "ONNX Runtime's plain linear on uint8";
    passes_on_the_gather_path(&dir, &cases, "onnx plain linear u8", what, |case, spec| {
        assert_eq!(case.tolerance_max_abs, 0.0, "{}", case.id);
        let nhwc = case.params["layout"] == "NHWC";
        let height_kept = case.in_shape[1] == case.out_shape[1];
        let expected = match (nhwc, height_kept) {
            (false, _) => OnnxLinearU8::Float,
            (true, true) => OnnxLinearU8::FloatAcrossChannels,
            (true, false) => OnnxLinearU8::Integer,
        };
        assert_eq!(spec.onnx_linear_u8(), Some(expected), "{}", case.id);
        assert_eq!(spec.layout() == Layout::Nhwc, nhwc, "{}", case.id);
        *arithmetics
            .borrow_mut()
            .entry(format!("{expected:?}"))
            .or_insert(0) += 1;
        true
    });
    let arithmetics = arithmetics.into_inner();
    assert!(
        arithmetics.values().all(|&n| n >= 6) && arithmetics.len() == 3,
        "cases of each arithmetic (counted once a runner): {arithmetics:?}"
    );
    // Rounded to nearest, in NHWC (the layout is no part of that rule, and the files are NHWC).
    let in_floats = missed_in_floats(&dir, &cases, |spec| {
        spec.onnx_fixed_point(false).layout(Layout::Nhwc)
    });
    eprintln!(
        "floats rounded to nearest miss {in_floats} of {}",
        cases.len()
    );
    assert!(
        in_floats >= 36,
        "floats rounded to nearest missed only {in_floats} of {} cases",
        cases.len()
    );
}

/// Runs `cases` of `dir` exactly on the CPU reference and, where a GPU is present, on the
/// gather and `auto` paths, asserting `check` of each case and its spec first, which says
/// whether the spec runs on the gather path alone: the separable and fused paths must then
/// refuse it with a typed error whose reason names `arithmetic`.
fn passes_on_the_gather_path(
    dir: &std::path::Path,
    cases: &[wgpu_resize::conformance::Case],
    what: &str,
    arithmetic: &str,
    check: impl Fn(&wgpu_resize::conformance::Case, &wgpu_resize::ResizeSpec) -> bool,
) {
    use wgpu_resize::ResizeError;
    let gpu = common::gpu(&format!("conformance {what}"));
    let mut runners = vec![(Runner::Cpu, "cpu reference")];
    if let Some(gpu) = gpu {
        runners.push((Runner::Gpu(&gpu.resizer, Path::Gather), "gather"));
        runners.push((Runner::Gpu(&gpu.resizer, Path::Auto), "auto"));
    }
    for (runner, label) in runners {
        for case in cases {
            let spec = case.spec().unwrap_or_else(|e| panic!("{}: {e}", case.id));
            let gather_only = check(case, &spec);
            if let (Runner::Gpu(resizer, Path::Gather), true) = (runner, gather_only) {
                let input = vec![7u8; spec.input_len()];
                for path in [Path::Separable, Path::Fused] {
                    match resizer.resize(&spec, &input, path) {
                        Err(ResizeError::PathUnavailable { why, .. }) => {
                            assert!(why.contains(arithmetic), "{} {path}: {why}", case.id)
                        }
                        other => panic!("{} {path}: {other:?}", case.id),
                    }
                    assert!(
                        resizer.availability(&spec, path).is_err(),
                        "{} {path}",
                        case.id
                    );
                }
            }
            let outcome = case
                .run(dir, runner)
                .unwrap_or_else(|e| panic!("{label} {}: {e}", case.id));
            assert_eq!(outcome.max_abs, 0.0, "{label} {}: {}", case.id, case.call);
        }
    }
}

/// Runs `cases` of `dir` on the CPU reference and, where a GPU is present, on every path that
/// takes each spec (only the fused path may refuse), asserting `check` of each case and its
/// spec first and the case's tolerance after; returns the cases the fused path ran, `None`
/// without a GPU.
fn passes_on_every_path(
    dir: &std::path::Path,
    cases: &[wgpu_resize::conformance::Case],
    what: &str,
    check: impl Fn(&wgpu_resize::conformance::Case, &wgpu_resize::ResizeSpec),
) -> Option<usize> {
    let gpu = common::gpu(&format!("conformance {what}"));
    let mut runners = vec![(Runner::Cpu, "cpu reference")];
    if let Some(gpu) = gpu {
        for path in [Path::Gather, Path::Separable, Path::Fused, Path::Auto] {
            runners.push((Runner::Gpu(&gpu.resizer, path), path.name()));
        }
    }
    let mut fused_ran = 0;
    for (runner, label) in runners {
        for case in cases {
            let spec = case.spec().unwrap();
            check(case, &spec);
            if let Runner::Gpu(resizer, path) = runner
                && resizer.availability(&spec, path).is_err()
            {
                // The fused path fits only some shapes; the others always run.
                assert_eq!(path, Path::Fused, "{label} {}", case.id);
                continue;
            }
            fused_ran += usize::from(label == "fused");
            let outcome = case
                .run(dir, runner)
                .unwrap_or_else(|e| panic!("{label} {}: {e}", case.id));
            assert!(
                outcome.passed(),
                "{label} {}: max abs {:.3e}: {}",
                case.id,
                outcome.max_abs,
                case.call
            );
        }
    }
    gpu.map(|_| fused_ran)
}

/// How many of the u8 `cases` of `dir` the CPU reference misses with `without` applied to each
/// spec's builder (a library's fixed point turned off: floats rounded once).
fn missed_in_floats(
    dir: &std::path::Path,
    cases: &[wgpu_resize::conformance::Case],
    without: impl Fn(wgpu_resize::ResizeSpecBuilder) -> wgpu_resize::ResizeSpecBuilder,
) -> usize {
    cases
        .iter()
        .filter(|case| {
            let floats = without(case.spec().unwrap().to_builder()).build().unwrap();
            let input = wgpu_resize::npy::read::<u8>(&dir.join(&case.input)).unwrap();
            let expected = wgpu_resize::npy::read::<u8>(&dir.join(&case.output)).unwrap();
            let got = wgpu_resize::reference::resize(&floats, &input.data).unwrap();
            got != expected.data
        })
        .count()
}

/// Runs every case of `tests/data/{folder}/` (`count` of them) on the CPU reference and on the
/// gather, separable and `auto` paths, each within its tolerance.
fn data_set_passes(folder: &str, count: usize) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(folder);
    let cases = load_cases(&dir).unwrap_or_else(|e| panic!("{folder}/cases.json: {e}"));
    assert_eq!(cases.len(), count, "{folder}");
    let gpu = common::gpu(&format!("conformance {folder}"));
    let mut runners = vec![(Runner::Cpu, "cpu reference")];
    if let Some(gpu) = gpu {
        for path in [Path::Gather, Path::Separable, Path::Auto] {
            runners.push((Runner::Gpu(&gpu.resizer, path), path.name()));
        }
    }
    for (runner, label) in runners {
        for case in &cases {
            // Image.reduce and OpenCV's 8-bit fixed point run on the gather path alone; every
            // other case on every path.
            let spec = case.spec().unwrap();
            if let Runner::Gpu(resizer, path) = runner
                && let Err(why) = resizer.availability(&spec, path)
            {
                let gather_only =
                    case.params.get("reduce").is_some() || spec.opencv_fixed_point().is_some();
                assert!(
                    gather_only && path == Path::Separable,
                    "{label} {}: refused: {why}",
                    case.id
                );
                continue;
            }
            let outcome = case
                .run(&dir, runner)
                .unwrap_or_else(|e| panic!("{label} {}: {e}", case.id));
            assert!(
                outcome.passed(),
                "{label} {}: max abs {:.3e}",
                case.id,
                outcome.max_abs
            );
        }
    }
}

/// PyTorch's float cases where a stated scale keeps an axis at its size
/// (`tests/data/torch-f32-edges/`, `scripts/torch_f32_edge_cases.py`): its separable kernels
/// copy that axis, its others map it by the scale, and the torch preset follows both.
#[test]
fn torch_axes_kept_at_their_size_follow_pytorchs_kernels() {
    data_set_passes("torch-f32-edges", 21);
}

/// Pillow's BOX shrinks whose taps lie on the box's edge (`tests/data/pillow-box/`,
/// `scripts/pillow_box_cases.py`): the taps are Pillow's, bounded as it bounds them.
#[test]
fn pillow_box_takes_pillows_taps() {
    data_set_passes("pillow-box", 12);
}

/// Pillow's 8-bit rounding in each release's order (`tests/data/pillow-order/`,
/// `scripts/pillow_order_cases.py`): Pillow 12.3's and 13.0's bytes from the same inputs, each
/// case run in the order of the release that made it (its `reference`) on every path. The fused
/// path refuses the vertical-first ones. A case misses in the other release's order exactly
/// where the two releases' bytes differ, and they differ in enough cases to tell the orders
/// apart.
#[test]
fn pillow_rounds_in_each_releases_order() {
    use wgpu_resize::RoundingOrder;
    data_set_passes("pillow-order", 30);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pillow-order");
    let cases = load_cases(&dir).unwrap();
    let read = |file: &str| wgpu_resize::npy::read::<u8>(&dir.join(file)).unwrap().data;
    if let Some(gpu) = common::gpu("conformance pillow-order fused") {
        for case in &cases {
            let spec = case.spec().unwrap();
            if spec.rounds_vertical_first() {
                let refused = gpu.resizer.availability(&spec, Path::Fused);
                assert!(refused.is_err(), "{}: the fused path took it", case.id);
            }
        }
    }
    let mut differing = 0;
    for case in cases.iter().filter(|case| case.dtype == "uint8") {
        let spec = case.spec().unwrap();
        let (other_order, other_prefix) = match spec.rounding_order() {
            RoundingOrder::Pillow12 => (RoundingOrder::Pillow13, "p13_"),
            _ => (RoundingOrder::Pillow12, "p12_"),
        };
        let twin_id = format!("{other_prefix}{}", &case.id[4..]);
        let twin = cases.iter().find(|c| c.id == twin_id).expect(&twin_id);
        let releases_differ = read(&case.output) != read(&twin.output);
        differing += usize::from(releases_differ);
        let flipped = spec
            .to_builder()
            .rounding_order(other_order)
            .build()
            .unwrap();
        let got = wgpu_resize::reference::resize(&flipped, &read(&case.input)).unwrap();
        assert_eq!(
            got != read(&case.output),
            releases_differ,
            "{} in {other_order:?}'s order",
            case.id
        );
    }
    assert!(
        differing >= 16,
        "the releases differ in only {differing} cases"
    );
}

/// Pillow 13's Magic Kernel Sharp filters, `MKS2013` and `MKS2021` (`tests/data/pillow-mks/`,
/// `scripts/pillow_mks_cases.py`): enlargements, shrinks, one axis kept (whose pass Pillow
/// skips: the magic kernels sharpen even at scale 1), modes F, L, RGB and RGBA.
#[test]
fn pillow_magic_kernels_are_pillows() {
    data_set_passes("pillow-mks", 24);
}

/// ONNX Runtime's `tf_crop_and_resize` with one axis kept at its size
/// (`tests/data/onnx-kept-axis/`, `scripts/onnx_kept_axis_cases.py`): the region on that axis
/// is not applied, in every mode.
#[test]
fn onnx_axes_kept_at_their_size_ignore_the_crop() {
    data_set_passes("onnx-kept-axis", 8);
}

/// Pillow's two-step resizes (`tests/data/pillow-reduce/`, `scripts/pillow_reduce_cases.py`):
/// `Image.resize` with a reducing gap, with and without a box, and `Image.thumbnail`, in modes
/// F, L, RGB and RGBA, from Pillow 12.3 and 13.0, on every path.
#[test]
fn pillow_two_step_resizes_are_pillows() {
    data_set_passes("pillow-reduce", 60);
}

/// The cases of a file of sizes read from Pillow's own functions (`tests/data/<file>`).
fn size_cases(file: &str) -> Vec<serde_json::Value> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file);
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    data["cases"].as_array().unwrap().clone()
}

/// A size `[w, h]` of such a file, `None` for null.
fn size(value: &serde_json::Value) -> Option<wgpu_resize::Size2> {
    let wh: Vec<u32> = value
        .as_array()?
        .iter()
        .map(|v| v.as_u64().unwrap() as u32)
        .collect();
    Some(wgpu_resize::Size2::new(wh[1], wh[0]))
}

/// `presets::pillow_thumbnail_size` against the sizes Pillow's own `Image.thumbnail` chose for
/// 408 images of random and extreme sizes (`tests/data/pillow-thumbnail-sizes.json`,
/// `scripts/pillow_thumbnail_sizes.py`; Pillow 12.3 chooses the same), including those it
/// leaves as they are.
#[test]
fn pillow_thumbnail_sizes_are_pillows() {
    use wgpu_resize::presets;
    let cases = size_cases("pillow-thumbnail-sizes.json");
    assert_eq!(cases.len(), 408);
    let mut left_alone = 0;
    for case in &cases {
        let (input, bound) = (
            size(&case["input_wh"]).unwrap(),
            size(&case["bound_wh"]).unwrap(),
        );
        let expected = size(&case["size_wh"]);
        left_alone += usize::from(expected.is_none());
        assert_eq!(
            presets::pillow_thumbnail_size(input, bound),
            expected,
            "{input:?} within {bound:?}"
        );
    }
    assert!(
        left_alone >= 2,
        "the data leave only {left_alone} images alone"
    );
}

/// Pillow's `ImageOps.fit` (bleed, centering, out-of-range centering), `ImageOps.contain` and
/// `ImageOps.cover` (`tests/data/pillow-imageops/`, `scripts/pillow_imageops_cases.py`): the
/// presets' boxes and sizes, and the resizes, on every path.
#[test]
fn pillow_imageops_are_pillows() {
    data_set_passes("pillow-imageops", 12);
}

/// Padded resizes as the libraries make them (`tests/data/padding/`,
/// `scripts/padding_cases.py`): Pillow's `ImageOps.pad` (greys and colours of one value per
/// channel, centerings, RGBA, a contained size that needs no bands) and detectors' letterboxes
/// through OpenCV (`cv2.resize` then `cv2.copyMakeBorder`, grey or a colour; 8-bit in OpenCV's
/// fixed point, to the byte, and floats), through `presets::pillow_pad` and
/// `presets::opencv_letterbox`, on every path.
#[test]
fn padded_resizes_are_the_libraries() {
    data_set_passes("padding", 24);
}

/// `presets::pillow_contain_size` and `presets::pillow_cover_size` against the sizes Pillow's own
/// `ImageOps.contain` and `ImageOps.cover` chose for 308 images of random and extreme sizes
/// (`tests/data/pillow-imageops-sizes.json`): Python's rounding of halves to even included.
#[test]
fn pillow_contain_and_cover_sizes_are_pillows() {
    use wgpu_resize::presets;
    let cases = size_cases("pillow-imageops-sizes.json");
    assert_eq!(cases.len(), 308);
    let mut ties = 0;
    for case in &cases {
        let (input, wanted) = (
            size(&case["input_wh"]).unwrap(),
            size(&case["size_wh"]).unwrap(),
        );
        assert_eq!(
            presets::pillow_contain_size(input, wanted),
            size(&case["contain_wh"]),
            "contain {input:?} in {wanted:?}"
        );
        let cover = size(&case["cover_wh"]).unwrap();
        assert_eq!(
            presets::pillow_cover_size(input, wanted),
            cover,
            "cover {input:?} {wanted:?}"
        );
        // A side of exactly 2k + 0.5, which Python rounds down to even and rounding half away
        // from zero would not.
        let (width, height) = (f64::from(input.width), f64::from(input.height));
        for exact in [
            width / height * f64::from(wanted.height),
            height / width * f64::from(wanted.width),
        ] {
            ties += usize::from(exact.fract() == 0.5 && exact.floor() % 2.0 == 0.0);
        }
    }
    assert!(ties >= 2, "{ties} even ties among the sizes");
}

/// `cv2.resize` of a slice of the image, `cv2.resize(x[top:bottom, left:right], ..)`
/// (`tests/data/opencv-cuts/`, `scripts/opencv_cut_cases.py`): the slice's edges are the
/// resized image's own, so OpenCV's bytes (and its floats within 1e-4) follow from
/// `ResizeSpecBuilder::cut`, every one, on the CPU reference and the GPU paths.
#[test]
fn opencv_resizes_of_slices_are_opencvs() {
    data_set_passes("opencv-cuts", 15);
}
