//! The `wgresize` binary as a user runs it: `.npy` in, `.npy` out, compared with a bilinear
//! resize written here from the textbook formula, independent of the library's weight tables;
//! and generated command lines, each of which resizes or fails with a message.

mod common;

use std::path::Path;
use std::process::Command;

use wgpu_resize::npy;

const BIN: &str = env!("CARGO_BIN_EXE_wgresize");

/// Textbook bilinear on NHWC f32: clamp the source coordinate, interpolate the 2x2 neighbours.
fn textbook_bilinear(
    x: &[f32],
    [n, h, w, c]: [usize; 4],
    oh: usize,
    ow: usize,
    align: bool,
) -> Vec<f32> {
    let source = |i: usize, len_in: usize, len_out: usize| -> (usize, usize, f64) {
        let s = if align {
            if len_out > 1 {
                i as f64 * (len_in - 1) as f64 / (len_out - 1) as f64
            } else {
                0.0
            }
        } else {
            ((i as f64 + 0.5) * len_in as f64 / len_out as f64 - 0.5).max(0.0)
        };
        let i0 = (s.floor() as usize).min(len_in - 1);
        let i1 = (i0 + 1).min(len_in - 1);
        (i0, i1, s - i0 as f64)
    };
    let mut out = vec![0.0f32; n * oh * ow * c];
    for b in 0..n {
        for oy in 0..oh {
            let (y0, y1, fy) = source(oy, h, oh);
            for ox in 0..ow {
                let (x0, x1, fx) = source(ox, w, ow);
                for ch in 0..c {
                    let at = |y: usize, xx: usize| x[((b * h + y) * w + xx) * c + ch] as f64;
                    let top = at(y0, x0) * (1.0 - fx) + at(y0, x1) * fx;
                    let bottom = at(y1, x0) * (1.0 - fx) + at(y1, x1) * fx;
                    out[((b * oh + oy) * ow + ox) * c + ch] =
                        (top * (1.0 - fy) + bottom * fy) as f32;
                }
            }
        }
    }
    out
}

fn nchw_to_nhwc(x: &[f32], [n, c, h, w]: [usize; 4]) -> Vec<f32> {
    let mut out = vec![0.0; x.len()];
    for b in 0..n {
        for ch in 0..c {
            for y in 0..h {
                for xx in 0..w {
                    out[((b * h + y) * w + xx) * c + ch] = x[((b * c + ch) * h + y) * w + xx];
                }
            }
        }
    }
    out
}

fn run(args: &[&str]) -> std::process::Output {
    // Tuning decisions go to a throwaway cache, not the user's.
    let cache_home = std::env::temp_dir().join("wgpu-resize-cli-tests");
    Command::new(BIN)
        .args(args)
        .env("XDG_CACHE_HOME", cache_home)
        .output()
        .expect("run wgresize")
}

fn skip_without_gpu() -> bool {
    std::env::var("WGPU_RESIZE_SKIP_GPU_TESTS").as_deref() == Ok("1")
}

/// `out`, from a command that needs a GPU, where it succeeded; `None`, said visibly, where it
/// failed on a machine that `WGPU_RESIZE_SKIP_GPU_TESTS=1` says has none; a failed assertion
/// with its output otherwise.
fn succeeded(out: std::process::Output, what: &str) -> Option<std::process::Output> {
    if !out.status.success() && skip_without_gpu() {
        eprintln!("SKIPPED {what}: {}", String::from_utf8_lossy(&out.stderr));
        return None;
    }
    assert!(
        out.status.success(),
        "{what}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Some(out)
}

#[test]
fn resize_npy_matches_textbook_bilinear() {
    let dir = tempfile::tempdir().unwrap();
    let input_path = dir.path().join("in.npy");
    let output_path = dir.path().join("out.npy");
    let (n, h, w, c) = (2usize, 13usize, 21usize, 3usize);
    let data: Vec<f32> = (0..n * h * w * c)
        .map(|i| ((i * 7919) % 1000) as f32 / 500.0 - 1.0)
        .collect();
    let cases: &[(&[&str], usize, usize, bool)] = &[
        (&["--size", "34x29"], 29, 34, false),
        (&["--size", "8x5", "--path", "separable"], 5, 8, false),
        (
            &["--size", "34x9", "--align-corners", "--path", "gather"],
            9,
            34,
            true,
        ),
        (&["--scale", "1.5"], 19, 31, false),
    ];
    for layout in ["nhwc", "nchw"] {
        let (file_shape, nhwc_input) = if layout == "nhwc" {
            ([n as u32, h as u32, w as u32, c as u32], data.clone())
        } else {
            // Store the same image planar; the expected output is computed on NHWC.
            let mut planar = vec![0.0; data.len()];
            for b in 0..n {
                for y in 0..h {
                    for x in 0..w {
                        for ch in 0..c {
                            planar[((b * c + ch) * h + y) * w + x] =
                                data[((b * h + y) * w + x) * c + ch];
                        }
                    }
                }
            }
            ([n as u32, c as u32, h as u32, w as u32], planar)
        };
        npy::write(&input_path, file_shape, &nhwc_input).unwrap();
        for (args, oh, ow, align) in cases {
            let mut all = vec![
                "resize",
                input_path.to_str().unwrap(),
                output_path.to_str().unwrap(),
                "--layout",
                layout,
            ];
            all.extend_from_slice(args);
            if succeeded(run(&all), &format!("cli resize {all:?}")).is_none() {
                return;
            }
            let result = npy::read::<f32>(&output_path).unwrap();
            let got = if layout == "nhwc" {
                assert_eq!(result.shape, [n as u32, *oh as u32, *ow as u32, c as u32]);
                result.data
            } else {
                assert_eq!(result.shape, [n as u32, c as u32, *oh as u32, *ow as u32]);
                nchw_to_nhwc(&result.data, [n, c, *oh, *ow])
            };
            let expected = textbook_bilinear(&data, [n, h, w, c], *oh, *ow, *align);
            let worst = got
                .iter()
                .zip(&expected)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0f32, f32::max);
            assert!(worst <= 1e-5, "{layout} {args:?}: max abs {worst}");
        }
    }
}

/// `--convention pillow` rounds 8-bit arrays in Pillow 13's order and `--convention pillow12` in
/// Pillow 12's: each gives its own release's bytes for shapes where the two releases differ
/// (`tests/data/pillow-order/`).
#[test]
fn pillow_conventions_round_in_their_releases_order() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pillow-order");
    let dir = tempfile::tempdir().unwrap();
    let output_path = dir.path().join("out.npy");
    // (case suffix, size, filter): the height shrinks most, and an image over 100 times as tall.
    let shapes = [
        ("01_bicubic_RGB_64x48_to_16x40", "40x16", "bicubic"),
        ("11_lanczos_L_301x3_to_299x1", "1x299", "lanczos3"),
    ];
    for (suffix, size, filter) in shapes {
        let input = data.join(format!("p12_{suffix}.in.npy"));
        let outputs: Vec<Vec<u8>> = ["p12", "p13"]
            .iter()
            .map(|release| {
                npy::read::<u8>(&data.join(format!("{release}_{suffix}.out.npy")))
                    .unwrap()
                    .data
            })
            .collect();
        assert_ne!(outputs[0], outputs[1], "{suffix}: the releases agree");
        for (convention, expected) in [("pillow12", &outputs[0]), ("pillow", &outputs[1])] {
            let args = [
                "resize",
                input.to_str().unwrap(),
                output_path.to_str().unwrap(),
                "--size",
                size,
                "--filter",
                filter,
                "--convention",
                convention,
            ];
            if succeeded(run(&args), &format!("cli resize {args:?}")).is_none() {
                return;
            }
            let got = npy::read::<u8>(&output_path).unwrap().data;
            assert_eq!(&got, expected, "{suffix} --convention {convention}");
        }
    }
}

/// `--thumbnail`, `--reducing-gap` and `--reduce` with the pillow conventions give Pillow's
/// bytes (`tests/data/pillow-reduce/`): `Image.thumbnail((20, 20))` of a 64 x 96 RGB image,
/// `Image.resize((8, 11), BICUBIC, reducing_gap=2.0)` of a 48 x 64 one, and `Image.reduce` of
/// the whole image and of a box, under each release.
#[test]
fn pillow_thumbnails_gaps_and_reductions_from_the_command_line() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pillow-reduce");
    for (release, convention) in [("p13", "pillow"), ("p12", "pillow12")] {
        let cases: [(&str, &[&str]); 4] = [
            (
                "thumbnail_01_RGB_64x96_within_20x20",
                &["--thumbnail", "20x20", "--filter", "bicubic"],
            ),
            (
                "08_bicubic_RGB_48x64_to_11x8_gap2.0",
                &[
                    "--size",
                    "8x11",
                    "--filter",
                    "bicubic",
                    "--reducing-gap",
                    "2",
                ],
            ),
            ("reduce_01_RGB_40x30_by_2x5", &["--reduce", "2x5"]),
            // Image.reduce((3, 1), box=(5, 7, 44, 47)).
            (
                "reduce_04_L_50x50_by_3x1",
                &["--reduce", "3x1", "--crop", "5,7,39,40"],
            ),
        ];
        for (suffix, flags) in cases {
            let flags = [&["--convention", convention], flags].concat();
            let case = format!("{release}_{suffix}");
            if !resizes_case_as_given(&data, &case, &flags) {
                return;
            }
        }
    }
}

/// `--convention onnx --antialias` on uint8 arrays gives ONNX Runtime's bytes
/// (`tests/data/onnx-u8/`): bilinear folding the taps past an edge and with
/// `--exclude-outside`, and bicubic of a = -0.5 in `half_pixel_symmetric` with it.
#[test]
fn onnx_uint8_antialias_from_the_command_line() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/onnx-u8");
    let onnx = ["--convention", "onnx", "--antialias"];
    let cases: [(&str, &[&str]); 3] = [
        ("onnx_u8_00_linear_16x40_to_19x23", &["--size", "23x19"]),
        (
            "onnx_u8_06_linear_10x19_to_46x11",
            &["--size", "11x46", "--exclude-outside"],
        ),
        (
            "onnx_u8_07_cubic_37x2_to_24x19",
            &[
                "--size",
                "19x24",
                "--filter",
                "bicubic",
                "--cubic-a",
                "-0.5",
                "--coord",
                "half_pixel_symmetric",
                "--exclude-outside",
            ],
        ),
    ];
    for (case, flags) in cases {
        if !resizes_case_as_given(&data, case, &[&onnx[..], flags].concat()) {
            return;
        }
    }
}

/// `--convention onnx` (plain linear) on NHWC uint8 arrays gives ONNX Runtime's bytes
/// (`tests/data/onnx-linear-u8/`): its integers where the height changes, its f32 steps across
/// the channels where the height is kept.
#[test]
fn onnx_uint8_plain_linear_from_the_command_line() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/onnx-linear-u8");
    let cases: [(&str, &[&str]); 2] = [
        (
            "onnx_linear_u8_01_nhwc_half_pixel_4x33_to_35x10",
            &["--size", "10x35"],
        ),
        (
            "onnx_linear_u8_27_nhwc_half_pixel_symmetric_19x14_to_19x21",
            &["--size", "21x19", "--coord", "half_pixel_symmetric"],
        ),
    ];
    for (case, flags) in cases {
        if !resizes_case_as_given(
            &data,
            case,
            &[&["--convention", "onnx"][..], flags].concat(),
        ) {
            return;
        }
    }
}

/// Runs `wgresize resize` on `case`'s input in `data` with `flags` and asserts that it writes
/// the case's output, shape and bytes; false where the GPU is skipped.
fn resizes_case_as_given(data: &std::path::Path, case: &str, flags: &[&str]) -> bool {
    let dir = tempfile::tempdir().unwrap();
    let output_path = dir.path().join("out.npy");
    let input = data.join(format!("{case}.in.npy"));
    let expected = npy::read::<u8>(&data.join(format!("{case}.out.npy"))).unwrap();
    let mut args = vec![
        "resize",
        input.to_str().unwrap(),
        output_path.to_str().unwrap(),
    ];
    args.extend_from_slice(flags);
    if succeeded(run(&args), &format!("cli resize {args:?}")).is_none() {
        return false;
    }
    let got = npy::read::<u8>(&output_path).unwrap();
    assert_eq!(got.shape, expected.shape, "{case}");
    assert_eq!(got.data, expected.data, "{case}");
    true
}

/// `--fit`, `--contain` and `--cover` with the pillow convention give the bytes of Pillow's
/// `ImageOps.fit`, `ImageOps.contain` and `ImageOps.cover` (`tests/data/pillow-imageops/`).
#[test]
fn pillow_imageops_from_the_command_line() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pillow-imageops");
    for (case, flag) in [
        ("fit_00_RGB_48x64_to_20x20", "--fit"),
        ("contain_00_RGB_48x64_within_20x20", "--contain"),
        ("cover_04_RGB_48x64_within_20x20", "--cover"),
    ] {
        let flags = [
            flag,
            "20x20",
            "--filter",
            "bicubic",
            "--convention",
            "pillow",
        ];
        if !resizes_case_as_given(&data, case, &flags) {
            return;
        }
    }
}

/// `--mean` and `--std` normalise each channel of the resized array, as torchvision's
/// `Normalize` after a resize: NCHW planes of three channels, each against the textbook
/// bilinear resize normalised by its own statistics.
#[test]
fn resize_npy_normalises_with_mean_and_std() {
    let dir = tempfile::tempdir().unwrap();
    let input_path = dir.path().join("in.npy");
    let output_path = dir.path().join("out.npy");
    let (n, h, w, c) = (1usize, 11usize, 17usize, 3usize);
    let data: Vec<f32> = (0..n * h * w * c)
        .map(|i| ((i * 613) % 1000) as f32 / 1000.0)
        .collect();
    // The same image as planes.
    let mut planar = vec![0.0; data.len()];
    for y in 0..h {
        for x in 0..w {
            for ch in 0..c {
                planar[(ch * h + y) * w + x] = data[(y * w + x) * c + ch];
            }
        }
    }
    npy::write(&input_path, [1, c as u32, h as u32, w as u32], &planar).unwrap();
    let out = run(&[
        "resize",
        input_path.to_str().unwrap(),
        output_path.to_str().unwrap(),
        "--layout",
        "nchw",
        "--size",
        "9x6",
        "--mean",
        "0.485,0.456,0.406",
        "--std",
        "0.229,0.224,0.225",
    ]);
    if succeeded(out, "cli normalise").is_none() {
        return;
    }
    let result = npy::read::<f32>(&output_path).unwrap();
    assert_eq!(result.shape, [1, 3, 6, 9]);
    let got = nchw_to_nhwc(&result.data, [1, 3, 6, 9]);
    let (mean, std) = ([0.485f32, 0.456, 0.406], [0.229f32, 0.224, 0.225]);
    let expected = textbook_bilinear(&data, [n, h, w, c], 6, 9, false);
    let worst = got
        .iter()
        .zip(&expected)
        .enumerate()
        .map(|(i, (a, b))| (a - (b - mean[i % 3]) / std[i % 3]).abs())
        .fold(0.0f32, f32::max);
    assert!(worst <= 5e-5, "max abs {worst}");
}

/// Refused before the device comes up (the resizer is brought up for the first file that is
/// ready to resize), so this runs on a machine without one too.
#[test]
fn resize_reports_bad_requests_without_panicking() {
    let dir = tempfile::tempdir().unwrap();
    let input_path = dir.path().join("in.npy");
    npy::write(&input_path, [1, 4, 4, 1], &[0.5f32; 16]).unwrap();
    let out_path = dir.path().join("out.npy");
    let (i, o) = (input_path.to_str().unwrap(), out_path.to_str().unwrap());
    let (bmp, bare) = (dir.path().join("out.bmp"), dir.path().join("no-extension"));
    let (bmp, bare) = (bmp.to_str().unwrap(), bare.to_str().unwrap());
    for (args, needle) in [
        (
            vec!["resize", i, o, "--size", "0x4"],
            "0; every dimension must be at least 1",
        ),
        (
            vec!["resize", i, o, "--size", "ax4"],
            "is not a whole number of pixels",
        ),
        (
            vec!["resize", i, o],
            "--size WxH, --scale S, --thumbnail WxH or --reduce F",
        ),
        (
            vec!["resize", i, o, "--scale", "-1"],
            "must be finite and > 0",
        ),
        (
            vec![
                "resize",
                i,
                o,
                "--size",
                "4x4",
                "--filter",
                "lanczos3",
                "--convention",
                "torch",
            ],
            "no equivalent",
        ),
        (
            vec!["resize", "/nonexistent.npy", o, "--size", "2x2"],
            "/nonexistent.npy",
        ),
        (
            vec!["resize", i, bmp, "--size", "2x2"],
            "out.bmp: unknown output type; name it .npy",
        ),
        (
            vec!["resize", i, bare, "--size", "2x2"],
            "no-extension: unknown output type",
        ),
        (
            vec![
                "resize", i, o, "--size", "2x2", "--mean", "0.5,0.5", "--std", "1,1",
            ],
            "normalisation of 2 channels on a spec of 1",
        ),
        (
            vec![
                "resize", i, o, "--size", "2x2", "--mean", "0.5", "--std", "0",
            ],
            "standard deviation",
        ),
        (
            vec![
                "resize", i, o, "--size", "2x2", "--mean", "0.5", "--std", "x",
            ],
            "is not a number",
        ),
        (
            vec!["resize", i, o, "--size", "2x2", "--mean", "0.5"],
            "--std",
        ),
        (
            vec!["resize", i, o, "--size", "2x2", "--cubic-a", "-0.3"],
            "--cubic-a sets the bicubic filter's coefficient, and --filter is bilinear",
        ),
        (
            vec![
                "resize",
                i,
                o,
                "--size",
                "2x2",
                "--convention",
                "torch",
                "--filter",
                "area",
                "--antialias",
            ],
            "F.interpolate raises ValueError",
        ),
        (
            vec!["resize", i, o, "--size", "-2x2"],
            "\"-2\" is not a whole number of pixels",
        ),
    ] {
        let out = run(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
}

/// A file resized into a folder that exists lands there under its own name, as `cp` puts it;
/// a folder resized into a path that names a file is refused before anything is written.
#[test]
fn resize_into_a_folder_keeps_the_name() {
    let dir = tempfile::tempdir().unwrap();
    let input_path = dir.path().join("frame.npy");
    let data: Vec<f32> = (0..4 * 6 * 3).map(|i| i as f32 / 10.0).collect();
    npy::write(&input_path, [1, 4, 6, 3], &data).unwrap();
    let folder = dir.path().join("out");
    std::fs::create_dir(&folder).unwrap();
    let out = run(&[
        "resize",
        input_path.to_str().unwrap(),
        folder.to_str().unwrap(),
        "--size",
        "3x2",
        "--filter",
        "nearest",
    ]);
    if succeeded(out, "cli resize into a folder").is_none() {
        return;
    }
    let result = npy::read::<f32>(&folder.join("frame.npy")).unwrap();
    assert_eq!(result.shape, [1, 2, 3, 3]);
    // Nearest (PyTorch's `nearest`) of rows 0 and 2, columns 0, 2 and 4.
    let mut want = Vec::new();
    for y in [0usize, 2] {
        for x in [0usize, 2, 4] {
            want.extend_from_slice(&data[(y * 6 + x) * 3..(y * 6 + x) * 3 + 3]);
        }
    }
    assert_eq!(result.data, want);
    let named_file = dir.path().join("thumbs.npy");
    let refused = run(&[
        "resize",
        folder.to_str().unwrap(),
        named_file.to_str().unwrap(),
        "--size",
        "2x2",
    ]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(stderr.contains("names a file"), "{stderr}");
    assert!(!named_file.exists(), "a folder named like a file was made");
}

/// A folder resized into itself replaces each file with its resized self, and nothing else
/// lands there (each output is written beside its file and takes its place when complete).
#[test]
fn resize_a_folder_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let shapes = [("a.npy", [1u32, 4, 6, 1]), ("b.npy", [2, 6, 4, 3])];
    for (name, shape) in shapes {
        let len = shape.iter().product::<u32>() as usize;
        let data: Vec<f32> = (0..len).map(|i| i as f32).collect();
        npy::write(&dir.path().join(name), shape, &data).unwrap();
    }
    let folder = dir.path().to_str().unwrap();
    let out = run(&[
        "resize", folder, folder, "--size", "2x2", "--filter", "nearest",
    ]);
    if succeeded(out, "cli resize a folder in place").is_none() {
        return;
    }
    for (name, [n, _, _, c]) in shapes {
        let result = npy::read::<f32>(&dir.path().join(name)).unwrap();
        assert_eq!(result.shape, [n, 2, 2, c], "{name}");
    }
    let mut names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(names, ["a.npy", "b.npy"]);
}

/// A `WGPU_BACKEND` that names no backend wgpu knows is said so, not reported as a machine
/// without a GPU (wgpu reads the list leniently and would search no backend at all).
#[test]
fn an_unknown_backend_name_is_said_so() {
    let out = Command::new(BIN)
        .arg("info")
        .env("WGPU_BACKEND", "vulkn")
        .output()
        .expect("run wgresize");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("WGPU_BACKEND is \"vulkn\", which names no backend"),
        "{stderr}"
    );
}

/// A .npy of a type no reader takes (f64, numpy's default floats) names every type the tool
/// takes.
#[test]
fn resize_names_the_types_it_takes() {
    let dir = tempfile::tempdir().unwrap();
    let doubles_path = dir.path().join("doubles.npy");
    let header = "{'descr': '<f8', 'fortran_order': False, 'shape': (1, 2, 2, 1), }";
    let mut doubles = b"\x93NUMPY\x01\x00".to_vec();
    let padded = format!("{header:<117}\n");
    doubles.extend((padded.len() as u16).to_le_bytes());
    doubles.extend(padded.as_bytes());
    doubles.extend([0u8; 32]);
    std::fs::write(&doubles_path, doubles).unwrap();
    let out_path = dir.path().join("out.npy");
    let out = run(&[
        "resize",
        doubles_path.to_str().unwrap(),
        out_path.to_str().unwrap(),
        "--size",
        "2x2",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr
            .contains("elements are <f8; expected little-endian f32 (<f4), f16 (<f2) or u8 (|u1)"),
        "{stderr}"
    );
    assert!(!out_path.exists());
}

/// A folder stops at the first file that needs the device where none comes up, saying why
/// once, rather than skipping every file with the same error. (`webgpu` is a backend no
/// native build has, so this machine has no adapter whatever it holds.)
#[test]
fn a_folder_without_a_device_stops_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("in");
    std::fs::create_dir(&folder).unwrap();
    for name in ["a.npy", "b.npy", "c.npy"] {
        npy::write(&folder.join(name), [1, 2, 2, 1], &[0.5f32; 4]).unwrap();
    }
    let out = Command::new(BIN)
        .args(["resize", folder.to_str().unwrap()])
        .arg(dir.path().join("out"))
        .args(["--size", "1x1"])
        .env("WGPU_BACKEND", "webgpu")
        .output()
        .expect("run wgresize");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert_eq!(stderr.matches("no GPU adapter").count(), 1, "{stderr}");
    assert!(!stderr.contains("skipped"), "{stderr}");
}

#[test]
fn conformance_command_passes_the_bundled_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/conformance");
    let out = run(&["conformance", dir.to_str().unwrap(), "--path", "separable"]);
    let Some(out) = succeeded(out, "cli conformance") else {
        return;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.trim_end().ends_with("264 passed, 0 failed"),
        "{stdout}"
    );

    // The fused path runs the cases it can and skips the others, saying why.
    let out = run(&[
        "conformance",
        dir.to_str().unwrap(),
        "--path",
        "fused",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let (passed, skipped) = (
        doc["passed"].as_u64().unwrap(),
        doc["skipped"].as_u64().unwrap(),
    );
    assert_eq!(doc["failed"], 0, "{doc}");
    assert!(
        passed >= 9 && passed + skipped == 264,
        "{passed} passed, {skipped} skipped"
    );
    let reason = doc["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|c| c["skipped"].as_str())
        .unwrap();
    assert!(reason.contains("NHWC"), "{reason}");
}

#[test]
fn plan_measures_then_reads_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tune.json");
    let args = [
        "plan",
        "--input",
        "1x40x64x4",
        "--scale",
        "0.3",
        "--filter",
        "lanczos3",
        "--antialias",
        "--tune-cache",
        cache.to_str().unwrap(),
        "--json",
    ];
    let Some(first) = succeeded(run(&args), "cli plan") else {
        return;
    };
    let first: serde_json::Value =
        serde_json::from_slice(&first.stdout).expect("JSON only on stdout");
    assert_eq!(first["source"], "measured");
    let candidates = first["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 3, "gather, separable and fused");
    let fastest = candidates
        .iter()
        .filter(|c| c["median_us"].is_f64())
        .min_by(|a, b| {
            a["median_us"]
                .as_f64()
                .unwrap()
                .total_cmp(&b["median_us"].as_f64().unwrap())
        })
        .unwrap();
    assert_eq!(first["path"], fastest["path"]);
    // The chosen path's dispatches: the separable path's two passes, the others' one.
    let kernels = first["kernels"]
        .as_array()
        .expect("the kernels of the path");
    let passes = if first["path"] == "separable" { 2 } else { 1 };
    assert_eq!(kernels.len(), passes, "{first}");
    for pass in kernels {
        assert!(
            pass["kernel"].as_str().unwrap().starts_with("wgpu-resize "),
            "{pass}"
        );
        let grid = pass["workgroups"].as_array().unwrap();
        assert!(
            grid.len() == 3 && grid.iter().all(|g| g.as_u64() >= Some(1)),
            "{pass}"
        );
    }

    let second = run(&args);
    assert!(second.status.success());
    let second: serde_json::Value = serde_json::from_slice(&second.stdout).unwrap();
    assert_eq!(second["source"], "cache");
    assert_eq!(second["path"], first["path"]);
}

/// A tensor beyond the device's storage bindings (6000 x 6000 RGBA f32 is 576 MB: lavapipe
/// binds 128 MiB) is planned, not an error: `auto` keeps the heuristic's path, names no
/// kernels, and every candidate says why it cannot run, in text and JSON (it was wgpu's error
/// making the measurement's scratch tensors). A device that binds it measures it instead, and
/// names the chosen path's kernels.
#[test]
fn plan_of_a_tensor_beyond_the_bindings_says_why_each_path_cannot_run() {
    let args = |json| {
        let mut args = vec![
            "plan",
            "--input",
            "1x6000x6000x4",
            "--size",
            "8x8",
            "--no-tune-cache",
        ];
        if json {
            args.push("--json");
        }
        run(&args)
    };
    let Some(json) = succeeded(args(true), "cli plan beyond the bindings") else {
        return;
    };
    let plan: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let candidates = plan["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 3, "{plan}");
    if candidates.iter().any(|c| c["median_us"].is_f64()) {
        // This device binds 576 MB.
        assert_eq!(plan["source"], "measured", "{plan}");
        assert!(!plan["kernels"].as_array().unwrap().is_empty(), "{plan}");
        return;
    }
    assert_eq!(plan["source"], "heuristic", "{plan}");
    assert_eq!(plan["kernels"], serde_json::json!([]), "{plan}");
    for candidate in candidates {
        assert_eq!(candidate["unavailable"], true, "{plan}");
        let why = candidate["error"].as_str().unwrap_or_default();
        assert!(why.starts_with("input needs 576000000 bytes"), "{plan}");
    }
    let text = args(false);
    assert!(text.status.success());
    let text = String::from_utf8_lossy(&text.stdout);
    for path in ["gather", "separable", "fused"] {
        assert!(
            text.contains(&format!("{path} cannot run: input needs 576000000 bytes")),
            "{text}"
        );
    }
    assert!(!text.contains("pass 1:"), "{text}");
}

/// `plan --from-texture` and `--into-texture` measure the texture routes, each under a key of
/// its own in the tuning file, and read it back from there the second time, and name the
/// route's dispatches and how its target is written; a texture route of a batch is refused
/// with what is allowed.
#[test]
fn plan_measures_texture_routes_on_their_own() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tune.json");
    let plan = |input: &str, route: [&str; 2]| {
        let args = [
            "plan",
            "--input",
            input,
            "--size",
            "20x32",
            "--element",
            "u8",
            route[0],
            route[1],
            "--tune-cache",
            cache.to_str().unwrap(),
            "--json",
        ];
        run(&args)
    };
    let into = ["--into-texture", "rgba8unorm"];
    let from = ["--from-texture", "bgra8unorm"];
    let Some(first) = succeeded(plan("1x40x64x4", into), "cli plan on texture routes") else {
        return;
    };
    let json = |output: std::process::Output| -> serde_json::Value {
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        serde_json::from_slice(&output.stdout).expect("JSON only on stdout")
    };
    let first = json(first);
    assert_eq!(first["route"], "into texture Rgba8Unorm");
    assert_eq!(first["source"], "measured");
    assert_eq!(first["candidates"].as_array().unwrap().len(), 3);
    assert!(first["before_measuring"].is_null());
    // RGBA pixels into a storage target: the resize kernels write it themselves.
    let kernels = |plan: &serde_json::Value| -> Vec<String> {
        let kernels = plan["kernels"].as_array().expect("the route's kernels");
        for pass in kernels {
            let grid = pass["workgroups"].as_array().unwrap();
            assert!(grid.iter().all(|g| g.as_u64() >= Some(1)), "{pass}");
        }
        kernels
            .iter()
            .map(|pass| pass["kernel"].as_str().unwrap().to_string())
            .collect()
    };
    // (The separable path's two passes, the others' one; the last writes the texture.)
    let into_kernels = kernels(&first);
    assert_eq!(first["texture_write"], "Storage", "{first}");
    let passes = if first["path"] == "separable" { 2 } else { 1 };
    assert_eq!(into_kernels.len(), passes, "{first}");
    assert!(
        into_kernels[passes - 1].contains("to Rgba8Unorm texture"),
        "{first}"
    );
    let rgb = json(plan("1x40x64x3", from));
    assert_eq!(rgb["route"], "from texture Bgra8Unorm");
    assert_eq!(rgb["source"], "measured");
    // RGB bytes from a texture are staged: the unpack, then the chosen path's own kernels.
    let from_kernels = kernels(&rgb);
    assert!(rgb["texture_write"].is_null(), "{rgb}");
    assert!(from_kernels.len() >= 2, "{rgb}");
    assert_eq!(from_kernels[0], "wgpu-resize texture unpack", "{rgb}");
    let saved = std::fs::read_to_string(&cache).unwrap();
    assert!(saved.contains("|into texture Rgba8Unorm"), "{saved}");
    assert!(saved.contains("|from texture Bgra8Unorm"), "{saved}");
    let again = json(plan("1x40x64x4", into));
    assert_eq!(again["source"], "cache");
    assert_eq!(again["path"], first["path"]);
    // A texture is one image.
    let batch = plan("2x40x64x4", from);
    assert!(!batch.status.success());
    let message = String::from_utf8_lossy(&batch.stderr);
    assert!(message.contains("needs batch 1"), "{message}");
}

/// `plan --into-texture` makes its target with the usages the device allows for the format, not
/// the adapter's wider list: on Vulkan the adapter lists storage for `r8unorm`, which a device
/// without `TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES` refuses, and the command panicked there.
/// Every format the command offers plans a one-channel tensor into it, and refuses a
/// four-channel one for formats of fewer channels with what is allowed.
#[test]
fn plan_into_every_texture_format_says_the_route() {
    let formats = [
        ("rgba8unorm", 4),
        ("rgba8unorm-srgb", 4),
        ("bgra8unorm", 4),
        ("bgra8unorm-srgb", 4),
        ("rgba16float", 4),
        ("rgba32float", 4),
        ("r8unorm", 1),
        ("rg8unorm", 2),
        ("r16float", 1),
        ("r32float", 1),
    ];
    let plan = |input: &str, format: &str| {
        run(&[
            "plan",
            "--input",
            input,
            "--size",
            "3x2",
            "--into-texture",
            format,
            "--no-tune-cache",
            "--json",
        ])
    };
    let first = plan("1x5x4x1", formats[0].0);
    if succeeded(first, "cli plan into every texture format").is_none() {
        return;
    }
    for (format, components) in formats {
        let one = plan("1x5x4x1", format);
        let stderr = String::from_utf8_lossy(&one.stderr);
        assert!(one.status.success(), "{format}: {stderr}");
        let json: serde_json::Value = serde_json::from_slice(&one.stdout).expect("JSON");
        let route = json["route"].as_str().unwrap_or_default().to_lowercase();
        assert!(
            route.starts_with("into texture") || route == "buffers",
            "{format}: {json}"
        );
        let four = plan("1x5x4x4", format);
        let stderr = String::from_utf8_lossy(&four.stderr);
        assert!(!stderr.contains("panicked"), "{format}: {stderr}");
        if components < 4 {
            assert!(!four.status.success(), "{format} took four channels");
            assert!(stderr.contains("which is more"), "{format}: {stderr}");
        } else {
            assert!(four.status.success(), "{format}: {stderr}");
        }
    }
}

/// `bench`'s numeric flags are checked as they are parsed (a `--warmup` of 1e30 seconds ran
/// forever), and `--plot`'s folder and `--peer`'s file before any shape runs, not after
/// minutes of measuring.
#[test]
fn bench_checks_its_flags_before_running() {
    let dir = tempfile::tempdir().unwrap();
    let plot = dir.path().join("missing").join("plot.svg");
    let not_json = dir.path().join("peer.json");
    std::fs::write(&not_json, "{ not json").unwrap();
    let plot_here = dir.path().join("plot.svg");
    for (args, needle) in [
        (vec!["bench", "--warmup", "1e30"], "seconds from 0 to 600"),
        (vec!["bench", "--warmup", "nan"], "seconds from 0 to 600"),
        (
            vec!["bench", "--plot", plot.to_str().unwrap()],
            "does not exist",
        ),
        (
            vec![
                "bench",
                "--plot",
                plot_here.to_str().unwrap(),
                "--peer",
                not_json.to_str().unwrap(),
            ],
            "--peer",
        ),
        (
            vec![
                "bench",
                "--plot",
                plot_here.to_str().unwrap(),
                "--copy-rate",
                "0",
            ],
            "a finite number above 0",
        ),
    ]
    .into_iter()
    .chain(
        // The plot's flags with a bench that draws no plot: refused, not dropped.
        ["--sweep", "--texture", "--frames"]
            .into_iter()
            .flat_map(|bench| {
                [
                    (vec!["bench", bench, "--peer", "peer.json"], "--peer"),
                    (vec!["bench", bench, "--copy-rate", "4e12"], "--copy-rate"),
                ]
            }),
    ) {
        let out = run(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        // Refused before any shape ran: a run prints its table.
        assert!(out.stdout.is_empty(), "{args:?} ran before refusing");
    }
}

/// `bench --plot` draws one bar per path, the peer's time from `--peer` and the floor from
/// `--copy-rate` for each shape, and replaces an older plot as a whole, keeping its
/// permissions and leaving no temporary file beside it.
#[test]
fn bench_draws_its_plot() {
    let dir = tempfile::tempdir().unwrap();
    let peer = dir.path().join("peer.json");
    // PyTorch's row for the one-output shape (1x2x2x4 -> 1x1 bilinear f32), and one for
    // another shape, which must not be drawn.
    std::fs::write(
        &peer,
        serde_json::json!({"results": [
            {"mode": "bilinear", "dtype": "float32", "n": 1, "h": 2, "w": 2, "c": 4,
             "out_h": 1, "out_w": 1, "median_us": 12.5},
            {"mode": "bilinear", "dtype": "float32", "n": 1, "h": 4, "w": 4, "c": 4,
             "out_h": 1, "out_w": 1, "median_us": 99.5},
        ]})
        .to_string(),
    )
    .unwrap();
    let plot = dir.path().join("plot.svg");
    std::fs::write(&plot, "an older plot").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&plot, std::fs::Permissions::from_mode(0o640)).unwrap();
    }
    let out = run(&[
        "bench",
        "--quick",
        "--extended",
        "--only",
        "1X2x2X4",
        "--plot",
        plot.to_str().unwrap(),
        "--peer",
        peer.to_str().unwrap(),
        "--copy-rate",
        "4e12",
    ]);
    if succeeded(out, "cli bench --plot").is_none() {
        return;
    }
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    // The texts drawn, each on a line of its own between its tags.
    let texts: Vec<&str> = svg.lines().filter(|l| !l.starts_with('<')).collect();
    let bar = |label: &str| texts.iter().find(|t| t.starts_with(&format!("{label} ")));
    assert!(
        texts.contains(&"1x2x2x4 -&gt; 1x1 Bilinear f32"),
        "{texts:?}"
    );
    for label in ["gather", "separable", "fused", "auto"] {
        assert!(bar(label).is_some(), "no {label} bar: {texts:?}");
    }
    assert_eq!(bar("PyTorch"), Some(&"PyTorch 12.5"), "{texts:?}");
    // 64 bytes read and 16 written at 4e12 bytes a second: 0.00002 µs.
    assert_eq!(bar("floor"), Some(&"floor 0.0"), "{texts:?}");
    assert!(
        !svg.contains("99.5"),
        "another shape's peer time drawn: {texts:?}"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&plot).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640, "the old plot's permissions lost");
    }
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "files left beside the plot: {names:?}");
}

#[test]
fn bench_only_runs_the_shapes_it_names() {
    let out = run(&[
        "bench",
        "--quick",
        "--extended",
        "--json",
        "--only",
        "no such shape,1X2x2X4",
    ]);
    let Some(out) = succeeded(out, "cli bench --only") else {
        return;
    };
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON only on stdout");
    let results = doc["results"].as_array().unwrap();
    // The one-output shape alone (the other text matches nothing), on gather, separable, fused
    // and auto, each checked.
    assert_eq!(results.len(), 4, "{doc}");
    for r in results {
        assert_eq!(
            (r["h"].as_u64(), r["w"].as_u64()),
            (Some(2), Some(2)),
            "{r}"
        );
        assert_eq!(r["layout"], "nhwc", "{r}");
        assert!(r["max_abs_error"].as_f64().unwrap() <= 1e-5, "{r}");
        // The kernels each timing ran: the separable path's two passes, the others' one (the
        // concrete path's, for auto).
        let ran = r["chosen"].as_str().or(r["path"].as_str()).unwrap();
        let kernels = r["kernels"].as_array().unwrap();
        assert_eq!(kernels.len(), if ran == "separable" { 2 } else { 1 }, "{r}");
        let first = kernels[0].as_str().unwrap();
        let word = if ran == "fused" { "fused" } else { "gather" };
        assert!(ran == "separable" || first.contains(word), "{r}");
    }

    let out = run(&["bench", "--quick", "--only", "no such shape"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no benchmark shape matches"), "{stderr}");
}

/// Generated `wgresize resize` command lines (`PROPTEST_CASES` sets how many): sizes and scales
/// good and bad, every filter, convention, coordinate mode and colour flag, cubic coefficients
/// and crops wild or not, either layout and any path, on generated `.npy` tensors.
mod generated {
    use super::*;
    use proptest::prelude::*;

    use crate::common;

    /// `--size` or `--scale` with a value good or bad, or neither: the arguments, and the
    /// output size (height, width) they ask of an input of (h, w) if they are good.
    #[derive(Clone, Debug)]
    enum SizeArg {
        Size(u32, u32),
        Scale(f64, f64),
        Bad(&'static str, &'static str),
        Missing,
    }

    impl SizeArg {
        fn args(&self) -> Vec<String> {
            match self {
                SizeArg::Size(w, h) => vec!["--size".into(), format!("{w}x{h}")],
                SizeArg::Scale(x, y) if x == y => vec!["--scale".into(), format!("{x}")],
                SizeArg::Scale(x, y) => vec!["--scale".into(), format!("{x}x{y}")],
                SizeArg::Bad(flag, value) => vec![(*flag).into(), (*value).into()],
                SizeArg::Missing => vec![],
            }
        }

        /// PyTorch's sizes for a scale factor: the input times it, rounded down.
        fn output(&self, h: u32, w: u32) -> Option<(u32, u32)> {
            match *self {
                SizeArg::Size(w, h) => Some((h, w)),
                SizeArg::Scale(x, y) => {
                    Some(((h as f64 * y).floor() as u32, (w as f64 * x).floor() as u32))
                }
                _ => None,
            }
        }
    }

    fn size_arg() -> impl Strategy<Value = SizeArg> {
        prop_oneof![
            6 => (1u32..=20, 1u32..=20).prop_map(|(w, h)| SizeArg::Size(w, h)),
            1 => (0u32..=2, 0u32..=2).prop_map(|(w, h)| SizeArg::Size(w, h)),
            2 => (0.05f64..4.0).prop_map(|s| SizeArg::Scale(s, s)),
            1 => (0.05f64..4.0, 0.05f64..4.0).prop_map(|(x, y)| SizeArg::Scale(x, y)),
            1 => prop::sample::select(vec![
                ("--size", "ax3"),
                ("--size", "3x"),
                ("--size", "99999999x2"),
                ("--size", "-2x3"),
                ("--size", ""),
                ("--scale", "0"),
                ("--scale", "-1"),
                ("--scale", "nan"),
                ("--scale", "inf"),
                ("--scale", "1e-300"),
                ("--scale", "1e300"),
                ("--scale", "2xq"),
            ])
            .prop_map(|(flag, value)| SizeArg::Bad(flag, value)),
            1 => Just(SizeArg::Missing),
        ]
    }

    /// A flag and one of its values, or nothing, or now and then a value it does not take.
    fn optional(
        flag: &'static str,
        values: Vec<&'static str>,
        bad: &'static str,
    ) -> BoxedStrategy<Vec<String>> {
        prop_oneof![
            16 => Just(vec![]),
            22 => prop::sample::select(values)
                .prop_map(move |v| vec![flag.to_string(), v.to_string()]),
            1 => Just(vec![flag.to_string(), bad.to_string()]),
        ]
        .boxed()
    }

    /// [`optional`], present one time in five: for flags that most filters or conventions
    /// refuse (`--cubic-a` takes bicubic alone), so that most command lines still resize.
    fn rare(
        flag: &'static str,
        values: Vec<&'static str>,
        bad: &'static str,
    ) -> BoxedStrategy<Vec<String>> {
        prop_oneof![
            4 => Just(vec![]),
            1 => optional(flag, values, bad),
        ]
        .boxed()
    }

    /// A switch, on one time in four.
    fn switch(flag: &'static str) -> BoxedStrategy<Vec<String>> {
        prop::bool::weighted(0.25)
            .prop_map(move |on| if on { vec![flag.to_string()] } else { vec![] })
            .boxed()
    }

    /// A crop: inside, across an edge, or not four finite numbers.
    fn crop() -> BoxedStrategy<Vec<String>> {
        prop_oneof![
            4 => Just(vec![]),
            3 => (-2.0f64..8.0, -2.0f64..8.0, 0.5f64..9.0, 0.5f64..9.0).prop_map(|(x, y, w, h)| {
                vec!["--crop".into(), format!("{x:.3},{y:.3},{w:.3},{h:.3}")]
            }),
            1 => prop::sample::select(vec!["1,2,3", "a,b,c,d", "0,0,1e300,1", "0,0,0,0", "nan,0,1,1"])
                .prop_map(|v| vec!["--crop".into(), v.into()]),
        ]
        .boxed()
    }

    /// Everything but the size: filter, convention, mapping, colour and path flags.
    fn other_args() -> impl Strategy<Value = Vec<String>> {
        (
            optional(
                "--filter",
                vec![
                    "nearest",
                    "nearest-exact",
                    "bilinear",
                    "bicubic",
                    "area",
                    "box",
                    "hamming",
                    "lanczos3",
                    "lanczos4",
                ],
                "sinc",
            ),
            optional(
                "--convention",
                vec!["torch", "pillow", "opencv", "onnx"],
                "numpy",
            ),
            rare(
                "--coord",
                vec![
                    "half_pixel",
                    "half_pixel_symmetric",
                    "pytorch_half_pixel",
                    "align_corners",
                    "asymmetric",
                ],
                "edge",
            ),
            rare("--cubic-a", vec!["-0.5", "-0.75", "-100", "0.25"], "nan"),
            crop(),
            (
                switch("--antialias"),
                switch("--align-corners"),
                switch("--linear-light"),
                switch("--premultiplied"),
            ),
            optional(
                "--path",
                vec!["auto", "gather", "separable", "fused"],
                "fastest",
            ),
        )
            .prop_map(|(filter, convention, coord, cubic, crop, switches, path)| {
                let (a, b, c, d) = switches;
                [filter, convention, coord, cubic, crop, a, b, c, d, path].concat()
            })
    }

    /// `args` without their `--path` flag and its value.
    fn without_path(args: &[String]) -> Vec<String> {
        let mut kept = Vec::new();
        let mut skip = false;
        for a in args {
            if skip {
                skip = false;
            } else if a == "--path" {
                skip = true;
            } else {
                kept.push(a.clone());
            }
        }
        kept
    }

    fn run_with(args: &[String]) -> std::process::Output {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        super::run(&args)
    }

    proptest! {
        #![proptest_config(common::proptest_config(24))]

        /// Any command line either resizes, into a `.npy` of the asked size whose values are
        /// finite and the same on the gather and separable paths, or fails with a message on
        /// stderr and exit code 1 (2 for what clap refuses): never a panic. A plain bilinear
        /// request with a good size must succeed, so the property is not met by failing.
        #[test]
        fn any_command_line_resizes_or_says_why(
            (n, h, w, c) in (1u32..=2, 1u32..=9, 1u32..=9, 1u32..=4),
            nchw in any::<bool>(),
            bytes in prop::bool::weighted(0.25),
            size in size_arg(),
            others in other_args(),
            seed in any::<u64>(),
        ) {
            let dir = tempfile::tempdir().unwrap();
            let (input, output) = (dir.path().join("in.npy"), dir.path().join("out.npy"));
            let shape = if nchw { [n, c, h, w] } else { [n, h, w, c] };
            let len = (n * h * w * c) as usize;
            // f32 values in 0..1, or one time in four u8 (OpenCV's and Pillow's fixed points
            // among them).
            if bytes {
                npy::write(&input, shape, &common::Rng::new(seed).u8s(len)).unwrap();
            } else {
                let data: Vec<f32> = common::Rng::new(seed)
                    .f32s(len)
                    .into_iter()
                    .map(|v| v * 0.5 + 0.5)
                    .collect();
                npy::write(&input, shape, &data).unwrap();
            }
            // The output's shape and values as f32, whichever its element type.
            let read_output = || -> npy::Array4<f32> {
                if bytes {
                    let result = npy::read::<u8>(&output).unwrap();
                    npy::Array4 {
                        shape: result.shape,
                        data: result.data.into_iter().map(f32::from).collect(),
                    }
                } else {
                    npy::read::<f32>(&output).unwrap()
                }
            };
            let mut args: Vec<String> = vec![
                "resize".into(),
                input.to_str().unwrap().into(),
                output.to_str().unwrap().into(),
                "--layout".into(),
                if nchw { "nchw" } else { "nhwc" }.into(),
                "--no-tune-cache".into(),
            ];
            args.extend(size.args());
            args.extend(others.iter().cloned());
            let out = run_with(&args);
            let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
            prop_assert!(!stderr.contains("panicked"), "{:?}: {}", args, stderr);
            let plain = others.is_empty() && matches!(size, SizeArg::Size(w, h) if w > 0 && h > 0);
            // Flags the filter or the convention would drop, or that contradict each other,
            // by the rules `resize --help` states: refused, never run without them.
            let value = |flag: &str| {
                others.iter().position(|a| a == flag).map(|i| others[i + 1].as_str())
            };
            let has = |flag: &str| others.iter().any(|a| a == flag);
            let convention = value("--convention");
            let drops_a_flag = (has("--cubic-a") && value("--filter") != Some("bicubic"))
                || (has("--coord") && !matches!(convention, None | Some("onnx")))
                || (has("--align-corners") && matches!(convention, Some("pillow" | "opencv")))
                || (has("--antialias") && convention == Some("opencv"));
            prop_assert!(
                !(drops_a_flag && out.status.success()),
                "{:?} ran: {}", args, stderr
            );
            if !out.status.success() {
                if skip_without_gpu() && stderr.contains("adapter") {
                    return Ok(());
                }
                prop_assert!(!plain, "a plain request failed: {:?}: {}", args, stderr);
                prop_assert!(
                    matches!(out.status.code(), Some(1 | 2)) && !stderr.trim().is_empty(),
                    "{:?}: exit {:?}, {}", args, out.status.code(), stderr
                );
                return Ok(());
            }
            let result = read_output();
            let (oh, ow) = if nchw {
                (result.shape[2], result.shape[3])
            } else {
                (result.shape[1], result.shape[2])
            };
            let (on, oc) = if nchw {
                (result.shape[0], result.shape[1])
            } else {
                (result.shape[0], result.shape[3])
            };
            prop_assert_eq!((on, oc), (n, c), "{:?}", args);
            if let Some(asked) = size.output(h, w) {
                prop_assert_eq!((oh, ow), asked, "{:?}", args);
            }
            prop_assert!(
                result.data.iter().all(|v| v.is_finite()),
                "{:?}: non-finite output {:?}", args, result.data
            );
            // The same command on the gather and on the separable path: the same numbers.
            let on_path = |path: &str| -> Option<Vec<f32>> {
                let mut args = without_path(&args);
                args.extend(["--path".to_string(), path.to_string()]);
                run_with(&args)
                    .status
                    .success()
                    .then(|| read_output().data)
            };
            if let (Some(a), Some(b)) = (on_path("gather"), on_path("separable")) {
                let worst = a.iter().zip(&b).map(|(x, y)| (x - y).abs()).fold(0.0f32, f32::max);
                let magnitude = a.iter().fold(1.0f32, |m, v| m.max(v.abs()));
                // Bytes: the paths' f32 sums may round a half to either side.
                let allowed = if bytes { 1.0 } else { 1e-4 * magnitude };
                prop_assert!(worst <= allowed, "{:?}: paths differ by {}", args, worst);
            }
        }

        /// Generated `wgresize plan --json` command lines: input shapes good and bad, every
        /// element type, the buffer route and texture routes of several formats, and the
        /// resize flags of `resize`'s command lines. Either a plan on the route asked for whose
        /// path is the fastest candidate it timed, or a message and exit code 1 (2 for what
        /// clap refuses): never a panic. A plain request with a good shape must succeed.
        #[test]
        fn any_plan_is_the_fastest_candidate_or_says_why(
            input in prop_oneof![
                6 => (1u32..=2, 1u32..=12, 1u32..=12, 1u32..=4)
                    .prop_map(|(n, h, w, c)| format!("{n}x{h}x{w}x{c}")),
                1 => prop::sample::select(vec![
                    "0x4x4x4", "1x4x4", "1x4x4x4x1", "ax4x4x4", "1x-4x4x4", "", "1x99999999x2x4",
                ])
                .prop_map(str::to_string),
            ],
            element in prop::sample::select(vec!["f32", "f32", "f16", "u8"]),
            route in prop::sample::select(vec![
                vec![],
                vec![],
                vec![],
                vec!["--from-texture", "rgba8unorm"],
                vec!["--from-texture", "bgra8unorm-srgb"],
                vec!["--from-texture", "rgba16float"],
                vec!["--from-texture", "r8unorm"],
                vec!["--into-texture", "rgba8unorm"],
                vec!["--into-texture", "rgba32float"],
            ]),
            size in size_arg(),
            others in other_args(),
        ) {
            let mut args: Vec<String> = vec![
                "plan".into(),
                "--json".into(),
                "--no-tune-cache".into(),
                "--input".into(),
                input.clone(),
                "--element".into(),
                element.into(),
            ];
            args.extend(route.iter().map(|a| a.to_string()));
            args.extend(size.args());
            args.extend(without_path(&others));
            let out = run_with(&args);
            let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
            prop_assert!(!stderr.contains("panicked"), "{:?}: {}", args, stderr);
            if !out.status.success() {
                if skip_without_gpu() && stderr.contains("adapter") {
                    return Ok(());
                }
                let plain = others.is_empty()
                    && route.is_empty()
                    && element == "f32"
                    && input.split('x').count() == 4
                    && input.split('x').all(|d| matches!(d.parse::<u32>(), Ok(1..=12)))
                    && matches!(size, SizeArg::Size(w, h) if w > 0 && h > 0);
                prop_assert!(!plain, "a plain request failed: {:?}: {}", args, stderr);
                prop_assert!(
                    matches!(out.status.code(), Some(1 | 2)) && !stderr.trim().is_empty(),
                    "{:?}: exit {:?}, {}", args, out.status.code(), stderr
                );
                return Ok(());
            }
            let plan: serde_json::Value = serde_json::from_slice(&out.stdout)
                .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)));
            let want_route = match route.first().copied() {
                None => "buffers",
                Some("--from-texture") => "from texture",
                _ => "into texture",
            };
            prop_assert!(
                plan["route"].as_str().unwrap_or("").starts_with(want_route),
                "{:?}: {}", args, plan
            );
            prop_assert_eq!(&plan["source"], "measured", "{:?}", args);
            let fastest = plan["candidates"]
                .as_array()
                .expect("candidates")
                .iter()
                .filter_map(|c| Some((c["path"].as_str()?, c["median_us"].as_f64()?)))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(path, _)| path);
            prop_assert_eq!(plan["path"].as_str(), fastest, "{:?}: {}", args, plan);
        }
    }
}

/// `--pad` with the pillow convention and `--letterbox` with the opencv convention give the
/// bytes of Pillow's `ImageOps.pad` (black, a grey and an RGB colour) and of a detector's
/// letterbox through OpenCV (114 grey by default, a fill of 0, a mean colour, an image left at
/// its size) (`tests/data/padding/`).
#[test]
fn pads_and_letterboxes_from_the_command_line() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/padding");
    let cases: [(&str, &[&str]); 7] = [
        (
            "pad_00_RGB_48x64_to_20x20",
            &[
                "--pad",
                "20x20",
                "--filter",
                "bicubic",
                "--convention",
                "pillow",
            ],
        ),
        (
            "pad_01_RGB_61x37_to_30x30",
            &[
                "--pad",
                "30x30",
                "--filter",
                "lanczos3",
                "--fill",
                "128",
                "--convention",
                "pillow",
            ],
        ),
        (
            "letterbox_00_3ch_uint8_54x96_to_64x64_inter_linear",
            &["--letterbox", "64x64", "--convention", "opencv"],
        ),
        (
            "letterbox_03_3ch_uint8_27x41_to_64x64_inter_linear",
            &[
                "--letterbox",
                "64x64",
                "--no-scale-up",
                "--convention",
                "opencv",
            ],
        ),
        (
            "letterbox_04_3ch_uint8_81x160_to_48x32_inter_linear",
            &[
                "--letterbox",
                "48x32",
                "--fill",
                "0",
                "--convention",
                "opencv",
            ],
        ),
        (
            "pad_08_RGB_48x64_to_20x20",
            &[
                "--pad",
                "20x20",
                "--filter",
                "bicubic",
                "--fill",
                "255,128,0",
                "--convention",
                "pillow",
            ],
        ),
        (
            "letterbox_10_3ch_uint8_54x96_to_64x64_inter_linear",
            &[
                "--letterbox",
                "64x64",
                "--fill",
                "104,117,123",
                "--convention",
                "opencv",
            ],
        ),
    ];
    for (case, flags) in cases {
        if !resizes_case_as_given(&data, case, flags) {
            return;
        }
    }
    // A colour of two values for an RGB image: refused with what it must be, nothing written.
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("out.npy");
    let input = data.join("pad_00_RGB_48x64_to_20x20.in.npy");
    let refused = run(&[
        "resize",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
        "--pad",
        "20x20",
        "--fill",
        "1,2",
        "--convention",
        "pillow",
    ]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "a colour of 2 values on RGB");
    assert!(
        stderr.contains("2 extrapolation values on a spec of 3 channels"),
        "{stderr}"
    );
    assert!(!output.exists());
}
