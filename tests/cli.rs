//! The `wgresize` binary as a user runs it: `.npy` in, `.npy` out, compared with a bilinear
//! resize written here from the textbook formula, independent of the library's weight tables.

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
            let out = run(&all);
            if !out.status.success() && skip_without_gpu() {
                eprintln!(
                    "SKIPPED cli resize: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                return;
            }
            assert!(
                out.status.success(),
                "{all:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
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

#[test]
fn resize_reports_bad_requests_without_panicking() {
    let dir = tempfile::tempdir().unwrap();
    let input_path = dir.path().join("in.npy");
    npy::write(&input_path, [1, 4, 4, 1], &[0.5f32; 16]).unwrap();
    let out_path = dir.path().join("out.npy");
    let (i, o) = (input_path.to_str().unwrap(), out_path.to_str().unwrap());
    for (args, needle) in [
        (
            vec!["resize", i, o, "--size", "0x4"],
            "0; every dimension must be at least 1",
        ),
        (vec!["resize", i, o, "--size", "ax4"], "is not a number"),
        (vec!["resize", i, o], "--size WxH or --scale S"),
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
    ] {
        let out = run(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    }
}

#[test]
fn conformance_command_passes_the_bundled_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/conformance");
    let out = run(&["conformance", dir.to_str().unwrap(), "--path", "separable"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() && skip_without_gpu() {
        eprintln!("SKIPPED cli conformance");
        return;
    }
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    let first = run(&args);
    if !first.status.success() && skip_without_gpu() {
        eprintln!("SKIPPED cli plan");
        return;
    }
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
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

    let second = run(&args);
    assert!(second.status.success());
    let second: serde_json::Value = serde_json::from_slice(&second.stdout).unwrap();
    assert_eq!(second["source"], "cache");
    assert_eq!(second["path"], first["path"]);
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
    if !out.status.success() && skip_without_gpu() {
        eprintln!("SKIPPED cli bench --only");
        return;
    }
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    }

    let out = run(&["bench", "--quick", "--only", "no such shape"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no benchmark shape matches"), "{stderr}");
}
