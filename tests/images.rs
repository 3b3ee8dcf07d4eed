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
/// premultiplied alike), and as grey alone into a JPEG.
#[test]
fn grey_alpha_stays_grey_alpha() {
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

    // JPEG holds no alpha: grey with alpha is written grey, RGBA as RGB, and the status line
    // says the alpha was dropped (a PNG keeps it, and says nothing).
    for (input, output, color) in [
        (&la_path, "la-out.jpg", image::ColorType::L8),
        (&rgba_path, "rgba-out.jpg", image::ColorType::Rgb8),
        (&rgba_path, "rgba-again.png", image::ColorType::Rgba8),
    ] {
        let output = dir.path().join(output);
        let out = resize(input, &output);
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{said}");
        let jpeg = output.extension().unwrap() == "jpg";
        assert_eq!(
            said.contains("its alpha dropped: JPEG holds none"),
            jpeg,
            "{said}"
        );
        let got = image::open(&output).unwrap();
        assert_eq!(got.color(), color, "{}", output.display());
        assert_eq!((got.width(), got.height()), (9, 30));
    }
}

/// The resize `wgresize` runs on a 16-bit image: Pillow's bicubic in f32 on fractions of 65535.
fn reference_16(samples: &[u16], channels: u32, from: (u32, u32), to: (u32, u32)) -> Vec<u16> {
    use wgpu_resize::presets::{self, PillowFilter};
    use wgpu_resize::{ElementType, Layout, Size2};
    let spec = presets::pillow(
        Size2::new(from.1, from.0),
        Size2::new(to.1, to.0),
        PillowFilter::Bicubic,
    )
    .channels(channels)
    .layout(Layout::Nhwc)
    .element(ElementType::F32)
    .premultiplied_alpha(channels == 4)
    .build()
    .unwrap();
    let input: Vec<f32> = samples.iter().map(|&v| f32::from(v) / 65535.0).collect();
    wgpu_resize::reference::resize(&spec, &input)
        .unwrap()
        .into_iter()
        .map(|v| (v * 65535.0).round() as u16)
        .collect()
}

/// Checks 16-bit samples against the reference's: at most one step apart, and one step on at
/// most 1% of them (f32 sums on the GPU round the other way near a half step now and then; a
/// truncating conversion would be off on about half).
fn assert_within_a_step(what: &str, got: &[u16], want: &[u16]) {
    assert_eq!(got.len(), want.len(), "{what}: sample count");
    let diffs = got.iter().zip(want).map(|(&a, &b)| a.abs_diff(b));
    let worst = diffs.clone().max().unwrap_or(0);
    let differing = diffs.filter(|&d| d > 0).count();
    assert!(worst <= 1, "{what} off the reference by {worst}");
    assert!(
        differing * 100 <= want.len(),
        "{what}: {differing} of {} samples off the reference",
        want.len()
    );
}

/// 16-bit PNGs stay 16-bit: RGB, RGBA (premultiplied, as Pillow's convention asks) and grey with
/// alpha, each against the CPU reference of the same f32 resize to one step of 65535, with
/// samples that 8 bits cannot hold. A JPEG output holds 8 bits, and the status line says so.
#[test]
fn sixteen_bit_pngs_keep_their_depth() {
    let dir = tempfile::tempdir().unwrap();
    let (w, h, to) = (29, 13, (11, 31));
    let resize = |input: &Path, output: &Path| {
        let out = run(&[
            "resize",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
            "--size",
            &format!("{}x{}", to.0, to.1),
            "--filter",
            "bicubic",
            "--convention",
            "pillow",
        ]);
        let said = String::from_utf8_lossy(&out.stderr).into_owned();
        (out, said)
    };
    // Odd steps so that neighbours differ in their low byte; alpha from 1000 to 65535.
    let sample = |x: u32, y: u32, k: u32| ((x * 2311 + y * 977 + k * 15013) % 65536) as u16;
    let rgba = image::ImageBuffer::<image::Rgba<u16>, Vec<u16>>::from_fn(w, h, |x, y| {
        let alpha = 1000 + ((x * 3001 + y * 1511) % 64536) as u16;
        image::Rgba([sample(x, y, 0), sample(x, y, 1), sample(x, y, 2), alpha])
    });
    let rgb = image::DynamicImage::ImageRgba16(rgba.clone()).to_rgb16();
    let la = image::DynamicImage::ImageRgba16(rgba.clone()).to_luma_alpha16();

    let rgb_path = dir.path().join("rgb16.png");
    rgb.save(&rgb_path).unwrap();
    let (out, said) = resize(&rgb_path, &dir.path().join("rgb16-out.png"));
    if skip_without_gpu(&out) {
        eprintln!("SKIPPED images: no GPU");
        return;
    }
    assert!(out.status.success(), "{said}");
    assert!(!said.contains("8 bits"), "{said}");
    let got = image::open(dir.path().join("rgb16-out.png")).unwrap();
    assert_eq!(got.color(), image::ColorType::Rgb16);
    let want = reference_16(rgb.as_raw(), 3, (w, h), to);
    assert_within_a_step("RGB16", got.to_rgb16().as_raw(), &want);
    // Whole 16-bit values came out: an 8-bit resize would give multiples of 257 only.
    assert!(
        got.to_rgb16().as_raw().iter().any(|v| v % 257 != 0),
        "16-bit output holds only 8-bit values"
    );

    let rgba_path = dir.path().join("rgba16.png");
    rgba.save(&rgba_path).unwrap();
    let (out, said) = resize(&rgba_path, &dir.path().join("rgba16-out.png"));
    assert!(out.status.success(), "{said}");
    let got = image::open(dir.path().join("rgba16-out.png")).unwrap();
    assert_eq!(got.color(), image::ColorType::Rgba16);
    let want = reference_16(rgba.as_raw(), 4, (w, h), to);
    assert_within_a_step("RGBA16", got.to_rgba16().as_raw(), &want);

    // Grey with alpha: resized as its RGBA twin, written back grey with alpha in 16 bits.
    let la_path = dir.path().join("la16.png");
    la.save(&la_path).unwrap();
    let (out, said) = resize(&la_path, &dir.path().join("la16-out.png"));
    assert!(out.status.success(), "{said}");
    let got = image::open(dir.path().join("la16-out.png")).unwrap();
    assert_eq!(got.color(), image::ColorType::La16);
    let twin = image::DynamicImage::ImageLumaA16(la.clone()).to_rgba16();
    let want: Vec<u16> = reference_16(twin.as_raw(), 4, (w, h), to)
        .chunks(4)
        .flat_map(|p| [p[0], p[3]])
        .collect();
    assert_within_a_step("LA16", got.to_luma_alpha16().as_raw(), &want);

    // JPEG holds 8 bits a channel: the 8-bit resize, and a status line that says so.
    let (out, said) = resize(&rgb_path, &dir.path().join("rgb16-out.jpg"));
    assert!(out.status.success(), "{said}");
    assert!(said.contains("Rgb16 channels as 8 bits"), "{said}");
    let got = image::open(dir.path().join("rgb16-out.jpg")).unwrap();
    assert_eq!((got.width(), got.height()), to);
}

/// Normalised values are signed fractions, which no image holds: `--mean`/`--std` on an image
/// are refused before it is read, whatever its depth (a 16-bit PNG was written with them
/// clamped to 0..1; an 8-bit one was refused for its element type, in a message about tensors),
/// and nothing is written.
#[test]
fn images_are_not_normalised() {
    let dir = tempfile::tempdir().unwrap();
    let grey16 = image::ImageBuffer::<image::Luma<u16>, Vec<u16>>::from_fn(6, 4, |x, y| {
        image::Luma([(x * 9000 + y * 3000) as u16])
    });
    let rgb8 = image::ImageBuffer::<image::Rgb<u8>, Vec<u8>>::from_fn(6, 4, |x, y| {
        image::Rgb([(x * 40) as u8, (y * 60) as u8, 7])
    });
    let grey16_path = dir.path().join("grey16.png");
    let rgb8_path = dir.path().join("rgb8.png");
    grey16.save(&grey16_path).unwrap();
    rgb8.save(&rgb8_path).unwrap();
    for (input, output, mean, std) in [
        (&grey16_path, "grey16-out.png", "0.5", "0.25"),
        (
            &rgb8_path,
            "rgb8-out.png",
            "0.485,0.456,0.406",
            "0.229,0.224,0.225",
        ),
        (
            &rgb8_path,
            "rgb8-out.jpg",
            "0.485,0.456,0.406",
            "0.229,0.224,0.225",
        ),
    ] {
        let output = dir.path().join(output);
        let out = run(&[
            "resize",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
            "--size",
            "3x2",
            "--mean",
            mean,
            "--std",
            std,
        ]);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{said}");
        assert!(
            said.contains("which an image cannot hold") && said.contains(".npy"),
            "{said}"
        );
        assert!(!output.exists(), "{} was written", output.display());
    }
}

/// `--layout nchw` says how .npy arrays are shaped: an image, or a folder of images alone, is
/// refused with it, since images are resized as pixels whatever it says, and nothing is
/// written; a folder that holds arrays too takes it, the arrays as NCHW and the images as
/// pixels.
#[test]
fn layout_applies_to_arrays_not_images() {
    let dir = tempfile::tempdir().unwrap();
    let (images, mixed) = (dir.path().join("images"), dir.path().join("mixed"));
    std::fs::create_dir(&images).unwrap();
    std::fs::create_dir(&mixed).unwrap();
    std::fs::copy(data().join("rgb.png"), images.join("a.png")).unwrap();
    std::fs::copy(data().join("rgb.png"), mixed.join("a.png")).unwrap();
    // One image of 2 channels, 3x5, as NCHW.
    let values: Vec<f32> = (0..30).map(|v| v as f32 / 30.0).collect();
    wgpu_resize::npy::write(&mixed.join("t.npy"), [1, 2, 3, 5], &values).unwrap();
    for input in [images.join("a.png"), images.clone()] {
        let output = dir.path().join("refused");
        let out = run(&[
            "resize",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
            "--size",
            "4x2",
            "--layout",
            "nchw",
        ]);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{said}");
        assert!(
            said.contains("--layout nchw applies to .npy arrays"),
            "{}: {said}",
            input.display()
        );
        assert!(!output.exists(), "{} was written", output.display());
    }
    let output = dir.path().join("out");
    let out = run(&[
        "resize",
        mixed.to_str().unwrap(),
        output.to_str().unwrap(),
        "--size",
        "4x2",
        "--layout",
        "nchw",
    ]);
    if skip_without_gpu(&out) {
        eprintln!("SKIPPED layout of a mixed folder: no GPU");
        return;
    }
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    let resized = image::open(output.join("a.png")).unwrap();
    assert_eq!((resized.width(), resized.height()), (4, 2));
    let tensor = wgpu_resize::npy::read::<f32>(&output.join("t.npy")).unwrap();
    assert_eq!(tensor.shape, [1, 2, 2, 4], "NCHW: n, c, height, width");
}

/// Resizes `tests/data/images/rgb.png` to `width x height` through the command line with
/// `options` and asserts that every byte of the result is the one in `expected`, a PNG of
/// `library`'s own output; returns the summary the command prints on stderr, `None` where no
/// GPU ran it (said on stderr).
fn rgb_png_resizes_to(
    options: &[&str],
    (width, height): (u32, u32),
    expected: &str,
    library: &str,
) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("out.png");
    let (input, size) = (data().join("rgb.png"), format!("{width}x{height}"));
    let mut args = vec![
        "resize",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
        "--size",
        &size,
    ];
    args.extend_from_slice(options);
    let out = run(&args);
    if skip_without_gpu(&out) {
        eprintln!("SKIPPED {library} png: no GPU");
        return None;
    }
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got = image::open(&output).unwrap().to_rgb8();
    let want = image::open(data().join(expected)).unwrap().to_rgb8();
    assert_eq!(got.dimensions(), want.dimensions(), "{expected}");
    let differing = got
        .as_raw()
        .iter()
        .zip(want.as_raw())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differing, 0, "{expected}: bytes other than {library}'s");
    Some(String::from_utf8_lossy(&out.stderr).into_owned())
}

/// `--convention torch` on an 8-bit PNG gives `F.interpolate`'s own bytes on the uint8 tensor,
/// every one, shrinking and enlarging: antialiased bilinear and bicubic (torchvision's `Resize`)
/// and bicubic without antialiasing, in PyTorch's 8-bit fixed point
/// (`tests/data/images/*.torch.png`, `scripts/torch_u8_cases.py`).
#[test]
fn png_matches_pytorch_to_the_byte() {
    for (name, options) in [
        ("bilinear_aa", &["--filter", "bilinear", "--antialias"][..]),
        ("bicubic_aa", &["--filter", "bicubic", "--antialias"]),
        ("bicubic", &["--filter", "bicubic"]),
    ] {
        for (width, height) in [(20, 15), (100, 80)] {
            let options = [options, &["--convention", "torch"]].concat();
            let expected = format!("rgb_{name}_{width}x{height}.torch.png");
            if rgb_png_resizes_to(&options, (width, height), &expected, "PyTorch").is_none() {
                return;
            }
        }
    }
}

/// `--convention opencv` with bilinear, lanczos4 and bilinear-exact on an 8-bit PNG gives
/// `cv2.resize`'s own bytes, every one, shrinking and enlarging: OpenCV's 8-bit fixed point
/// (`tests/data/images/*.opencv.png`).
#[test]
fn png_matches_opencv_to_the_byte() {
    for (filter, name) in [
        ("bilinear", "linear"),
        ("lanczos4", "lanczos4"),
        ("bilinear-exact", "linear_exact"),
    ] {
        for (width, height) in [(20, 15), (100, 80)] {
            let options = ["--filter", filter, "--convention", "opencv"];
            let expected = format!("rgb_{name}_{width}x{height}.opencv.png");
            if rgb_png_resizes_to(&options, (width, height), &expected, "OpenCV").is_none() {
                return;
            }
        }
    }
}

/// `--cut X,Y,W,H` with `--convention opencv` resizes that slice of an 8-bit PNG as
/// `cv2.resize(img[Y:Y+H, X:X+W], ..)` does, its bytes every one (`rgb_cut_*.opencv.png`, from
/// `scripts/opencv_cut_cases.py`): the slice's edges are the resize's borders.
#[test]
fn png_slices_match_opencv_to_the_byte() {
    for (filter, name) in [("bilinear", "linear"), ("lanczos4", "lanczos4")] {
        for (width, height) in [(40, 30), (23, 17)] {
            let options = [
                "--filter",
                filter,
                "--convention",
                "opencv",
                "--cut",
                "10,5,50,40",
            ];
            let expected = format!("rgb_cut_{name}_{width}x{height}.opencv.png");
            let Some(summary) = rgb_png_resizes_to(&options, (width, height), &expected, "OpenCV")
            else {
                return;
            };
            // The summary names the slice resized, not only the image.
            let read = format!("61x47, its slice 50x40 at (10, 5) -> {width}x{height}");
            assert!(summary.contains(&read), "{summary}");
        }
    }
}
