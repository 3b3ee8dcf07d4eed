//! `wgresize resize` on files: `.npy` tensors and PNG, JPEG and WebP images, one file or every
//! file of a folder (one bad file is reported and skipped; the others are still written).

use std::path::{Path as FsPath, PathBuf};
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use wgpu_resize::{Element, ElementType, Layout, Path, Resizer, Size2, npy};

use crate::options::ResizeFlags;

/// What a file holds, by its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FileKind {
    Npy,
    Image(image::ImageFormat),
}

fn kind_of(path: &FsPath) -> Option<FileKind> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "npy" => Some(FileKind::Npy),
        "png" => Some(FileKind::Image(image::ImageFormat::Png)),
        "jpg" | "jpeg" => Some(FileKind::Image(image::ImageFormat::Jpeg)),
        "webp" => Some(FileKind::Image(image::ImageFormat::WebP)),
        _ => None,
    }
}

/// Resizes `input` into `output`: files, or every supported file of a folder into a folder.
pub fn resize_command(
    resizer: &Resizer,
    input: &FsPath,
    output: &FsPath,
    flags: &ResizeFlags,
    path: Path,
) -> Result<ExitCode, String> {
    if !input.is_dir() {
        let summary = resize_file(resizer, input, output, flags, path)?;
        eprintln!("{summary}");
        return Ok(ExitCode::SUCCESS);
    }
    std::fs::create_dir_all(output)
        .map_err(|e| format!("{}: cannot create the output folder: {e}", output.display()))?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(input)
        .map_err(|e| format!("{}: {e}", input.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && kind_of(p).is_some())
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!(
            "{} holds no .npy, .png, .jpg, .jpeg or .webp files",
            input.display()
        ));
    }
    let bar = ProgressBar::new(files.len() as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {wide_msg}")
            .expect("a valid progress template"),
    );
    let mut failed = Vec::new();
    for file in &files {
        let name = file.file_name().expect("a listed file has a name");
        bar.set_message(name.to_string_lossy().into_owned());
        if let Err(e) = resize_file(resizer, file, &output.join(name), flags, path) {
            bar.suspend(|| eprintln!("wgresize: skipped {}: {e}", file.display()));
            failed.push(file.clone());
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    eprintln!(
        "{} of {} files resized into {}",
        files.len() - failed.len(),
        files.len(),
        output.display()
    );
    Ok(if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Resizes one file; returns a one-line summary.
fn resize_file(
    resizer: &Resizer,
    input: &FsPath,
    output: &FsPath,
    flags: &ResizeFlags,
    path: Path,
) -> Result<String, String> {
    let kind = kind_of(input).ok_or_else(|| {
        format!(
            "{}: unknown file type; expected .npy, .png, .jpg, .jpeg or .webp",
            input.display()
        )
    })?;
    let out_kind = kind_of(output).unwrap_or(kind);
    match kind {
        FileKind::Npy => {
            if out_kind != FileKind::Npy {
                return Err(format!(
                    "{}: a .npy input is written as .npy",
                    output.display()
                ));
            }
            // f32 first; f16 and u8 files are resized in their own element type.
            match npy::read::<f32>(input) {
                Ok(array) => resize_npy(resizer, array, output, flags, path, ElementType::F32),
                Err(npy::NpyError::WrongType { .. }) => match npy::read::<half::f16>(input) {
                    Ok(array) => resize_npy(resizer, array, output, flags, path, ElementType::F16),
                    Err(npy::NpyError::WrongType { .. }) => {
                        let array = npy::read::<u8>(input).map_err(|e| e.to_string())?;
                        resize_npy(resizer, array, output, flags, path, ElementType::U8)
                    }
                    Err(e) => Err(e.to_string()),
                },
                Err(e) => Err(e.to_string()),
            }
        }
        FileKind::Image(_) => {
            let FileKind::Image(format) = out_kind else {
                return Err(format!(
                    "{}: an image input is written as an image",
                    output.display()
                ));
            };
            resize_image(resizer, input, output, format, flags, path)
        }
    }
}

fn resize_npy<T>(
    resizer: &Resizer,
    array: npy::Array4<T>,
    output: &FsPath,
    flags: &ResizeFlags,
    path: Path,
    element: ElementType,
) -> Result<String, String>
where
    T: Element + npyz::AutoSerialize,
{
    let (n, channels, size) = split_shape(array.shape, flags.layout());
    let spec = flags.spec(n, channels, size, element)?;
    let plan = resizer.plan(&spec, path).map_err(|e| e.to_string())?;
    let result = resizer
        .resize(&spec, &array.data, path)
        .map_err(|e| e.to_string())?;
    npy::write(output, spec.output_shape(), &result).map_err(|e| e.to_string())?;
    let out = spec.output();
    Ok(format!(
        "{}x{} -> {}x{} ({} path: {})",
        size.width, size.height, out.width, out.height, plan.path, plan.reason
    ))
}

/// Splits a 4-D shape in `layout` order into (n, c, size).
fn split_shape(shape: [u32; 4], layout: Layout) -> (u32, u32, Size2) {
    match layout {
        Layout::Nchw => (shape[0], shape[1], Size2::new(shape[2], shape[3])),
        _ => (shape[0], shape[3], Size2::new(shape[1], shape[2])),
    }
}

fn resize_image(
    resizer: &Resizer,
    input: &FsPath,
    output: &FsPath,
    format: image::ImageFormat,
    flags: &ResizeFlags,
    path: Path,
) -> Result<String, String> {
    let decoded = image::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let color = decoded.color();
    // Grey, RGB or RGBA, 8 bits a channel: the channels the image has (grey with alpha as
    // RGBA, so that alpha is premultiplied as for colour, and written back as grey with alpha).
    let (channels, pixels, width, height) = if color.has_alpha() {
        let rgba = decoded.to_rgba8();
        (4, rgba.as_raw().clone(), rgba.width(), rgba.height())
    } else if color.channel_count() == 1 {
        let grey = decoded.to_luma8();
        (1, grey.as_raw().clone(), grey.width(), grey.height())
    } else {
        let rgb = decoded.to_rgb8();
        (3, rgb.as_raw().clone(), rgb.width(), rgb.height())
    };
    let size = Size2::new(height, width);
    let mut image_flags = flags.clone();
    image_flags.layout = crate::options::LayoutArg::Nhwc;
    let spec = image_flags.spec(1, channels, size, ElementType::U8)?;
    let plan = resizer.plan(&spec, path).map_err(|e| e.to_string())?;
    let result = resizer
        .resize(&spec, &pixels, path)
        .map_err(|e| e.to_string())?;
    let out = spec.output();
    let dynamic = match channels {
        4 => image::DynamicImage::ImageRgba8(
            image::RgbaImage::from_raw(out.width, out.height, result).expect("sized by the spec"),
        ),
        3 => image::DynamicImage::ImageRgb8(
            image::RgbImage::from_raw(out.width, out.height, result).expect("sized by the spec"),
        ),
        _ => image::DynamicImage::ImageLuma8(
            image::GrayImage::from_raw(out.width, out.height, result).expect("sized by the spec"),
        ),
    };
    let grey_alpha = matches!(color, image::ColorType::La8 | image::ColorType::La16);
    let dynamic = match (format, grey_alpha) {
        // JPEG holds no alpha.
        (image::ImageFormat::Jpeg, _) if channels == 4 => {
            image::DynamicImage::ImageRgb8(dynamic.to_rgb8())
        }
        // Its three colour channels are equal: the grey of each pixel.
        (_, true) => image::DynamicImage::ImageLumaA8(dynamic.to_luma_alpha8()),
        _ => dynamic,
    };
    dynamic
        .save_with_format(output, format)
        .map_err(|e| format!("{}: {e}", output.display()))?;
    // Deeper channels are resized and written as 8 bits; say so rather than lose them quietly.
    let narrowed = if color.bytes_per_pixel() > color.channel_count() {
        format!(", its {color:?} channels as 8 bits")
    } else {
        String::new()
    };
    Ok(format!(
        "{}: {}x{} -> {}x{} ({} path{narrowed})",
        input.display(),
        width,
        height,
        out.width,
        out.height,
        plan.path
    ))
}
