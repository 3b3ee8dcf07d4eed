//! Image files through `wgresize resize`: PNG in and out against Pillow's own outputs (RGB, and
//! RGBA with Pillow's premultiplied 8-bit handling), and folders with a bad file among good ones.

use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_wgresize");

fn data() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/images")
}

fn run(args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .arg("--no-tune-cache")
        .output()
        .expect("run wgresize")
}

fn skip_without_gpu(out: &std::process::Output) -> bool {
    !out.status.success() && std::env::var("WGPU_RESIZE_SKIP_GPU_TESTS").as_deref() == Ok("1")
}

#[test]
fn png_matches_pillow_for_rgb_and_rgba() {
    let cases: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(data().join("cases.json")).unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for case in cases["cases"].as_array().unwrap() {
        let input = data().join(case["input"].as_str().unwrap());
        let expected_path = data().join(case["output"].as_str().unwrap());
        let out_path = dir.path().join("out.png");
        let size = format!("{}x{}", case["size_wh"][0], case["size_wh"][1]);
        let filter = case["filter"].as_str().unwrap();
        let out = run(&[
            "resize",
            input.to_str().unwrap(),
            out_path.to_str().unwrap(),
            "--size",
            &size,
            "--filter",
            filter,
            "--convention",
            "pillow",
        ]);
        if skip_without_gpu(&out) {
            eprintln!("SKIPPED images: no GPU");
            return;
        }
        assert!(
            out.status.success(),
            "{case}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got = image::open(&out_path).unwrap();
        let want = image::open(&expected_path).unwrap();
        assert_eq!(got.color(), want.color(), "{case}");
        assert_eq!(
            (got.width(), got.height()),
            (want.width(), want.height()),
            "{case}"
        );
        let worst = got
            .as_bytes()
            .iter()
            .zip(want.as_bytes())
            .map(|(&a, &b)| (a as i32 - b as i32).abs())
            .max()
            .unwrap();
        assert!(
            worst <= 1,
            "{}: differs from Pillow by {worst}",
            case["call"]
        );
    }
}

#[test]
fn a_folder_is_resized_file_by_file_and_a_bad_file_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let (input, output) = (dir.path().join("in"), dir.path().join("out"));
    std::fs::create_dir(&input).unwrap();
    std::fs::copy(data().join("rgb.png"), input.join("a.png")).unwrap();
    std::fs::copy(data().join("rgba.png"), input.join("b.png")).unwrap();
    std::fs::write(input.join("broken.png"), b"not a png").unwrap();
    std::fs::write(input.join("notes.txt"), b"ignored").unwrap();
    let out = run(&[
        "resize",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
        "--size",
        "20x15",
        "--filter",
        "lanczos3",
        "--convention",
        "pillow",
    ]);
    if skip_without_gpu(&out) {
        eprintln!("SKIPPED folder: no GPU");
        return;
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "a bad file makes the run fail: {stderr}"
    );
    assert!(stderr.contains("broken.png"), "{stderr}");
    assert!(stderr.contains("2 of 3 files"), "{stderr}");
    for name in ["a.png", "b.png"] {
        let resized = image::open(output.join(name)).unwrap();
        assert_eq!((resized.width(), resized.height()), (20, 15), "{name}");
    }
    assert!(!output.join("broken.png").exists());
}

/// A grey PNG with alpha comes back grey with alpha, resized as its RGBA twin is (alpha
/// premultiplied alike); a 16-bit PNG is resized in 8 bits, and the status line says so.
#[test]
fn grey_alpha_stays_grey_alpha_and_deep_channels_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let (w, h) = (23, 17);
    let grey_alpha = image::GrayAlphaImage::from_fn(w, h, |x, y| {
        image::LumaA([(x * 11 + y * 3) as u8, (40 + x * 7 + y * 5) as u8])
    });
    let rgba = image::DynamicImage::ImageLumaA8(grey_alpha.clone()).to_rgba8();
    let la_path = dir.path().join("la.png");
    let rgba_path = dir.path().join("rgba.png");
    grey_alpha.save(&la_path).unwrap();
    rgba.save(&rgba_path).unwrap();
    let resize = |input: &Path, output: &Path| {
        run(&[
            "resize",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
            "--size",
            "9x30",
            "--filter",
            "bicubic",
            "--convention",
            "pillow",
        ])
    };
    let (la_out, rgba_out) = (
        dir.path().join("la-out.png"),
        dir.path().join("rgba-out.png"),
    );
    let out = resize(&la_path, &la_out);
    if skip_without_gpu(&out) {
        eprintln!("SKIPPED images: no GPU");
        return;
    }
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(resize(&rgba_path, &rgba_out).status.success());
    let got = image::open(&la_out).unwrap();
    assert_eq!(got.color(), image::ColorType::La8);
    let twin = image::open(&rgba_out).unwrap().to_rgba8();
    let got = got.to_luma_alpha8();
    assert_eq!((got.width(), got.height()), (9, 30));
    for (la, rgba) in got.pixels().zip(twin.pixels()) {
        assert_eq!(
            la.0,
            [rgba.0[0], rgba.0[3]],
            "grey and alpha of the RGBA twin"
        );
    }

    let deep = image::ImageBuffer::<image::Rgb<u16>, Vec<u16>>::from_fn(w, h, |x, y| {
        image::Rgb([(x * 2000) as u16, (y * 3000) as u16, 40000])
    });
    let deep_path = dir.path().join("deep.png");
    deep.save(&deep_path).unwrap();
    let out = resize(&deep_path, &dir.path().join("deep-out.png"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("Rgb16 channels as 8 bits"), "{said}");
}
