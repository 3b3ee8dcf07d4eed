//! `wgresize resize` on files: `.npy` tensors and PNG, JPEG and WebP images, one file or every
//! file of a folder (one bad file is reported and skipped; the others are still written).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path as FsPath, PathBuf};
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use wgpu_resize::{Element, GpuContext, Layout, Path, Plan, ResizeSpec, Resizer, Size2, npy};

use crate::options::{LayoutArg, ResizeFlags};

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

/// The device and resizer, brought up when the first file is ready to resize: a request the
/// tool refuses (a size, a file's type or shape) is refused before the device comes up, which
/// takes a second or more on some machines.
pub struct LazyResizer<'a> {
    make: Box<dyn Fn() -> Result<(GpuContext, Resizer), String> + 'a>,
    /// What bringing the device up gave: tried once.
    made: std::cell::OnceCell<Result<(GpuContext, Resizer), String>>,
}

impl<'a> LazyResizer<'a> {
    /// A resizer that `make` brings up on first use.
    pub fn new(make: impl Fn() -> Result<(GpuContext, Resizer), String> + 'a) -> Self {
        LazyResizer {
            make: Box::new(make),
            made: std::cell::OnceCell::new(),
        }
    }

    /// The resizer, brought up now if it is not yet; the same error every time where it
    /// could not be.
    fn get(&self) -> Result<&Resizer, String> {
        match self.made.get_or_init(|| (self.make)()) {
            Ok((_, resizer)) => Ok(resizer),
            Err(e) => Err(e.clone()),
        }
    }

    /// Why the device could not be brought up, where a file tried and it could not.
    fn failed(&self) -> Option<&str> {
        self.made.get()?.as_ref().err().map(String::as_str)
    }

    /// The resizer, if a file brought it up.
    pub fn made(&self) -> Option<&Resizer> {
        self.made.get()?.as_ref().ok().map(|(_, resizer)| resizer)
    }
}

/// Resizes `input` into `output`: files, or every supported file of a folder into a folder.
pub fn resize_command(
    resizer: &LazyResizer,
    input: &FsPath,
    output: &FsPath,
    flags: &ResizeFlags,
    path: Path,
) -> Result<ExitCode, String> {
    // `--layout` says how .npy arrays are shaped; images are pixels, whatever it says.
    let nchw_without_arrays = |has_arrays: bool| {
        if flags.layout == LayoutArg::Nchw && !has_arrays {
            Err(format!(
                "{}: --layout nchw applies to .npy arrays, and this holds none: images are \
                 resized as pixels (height, width, channels)",
                input.display()
            ))
        } else {
            Ok(())
        }
    };
    if !input.is_dir() {
        nchw_without_arrays(!matches!(kind_of(input), Some(FileKind::Image(_))))?;
        // Into a folder that exists, under the input's name, as `cp` does.
        let into_folder;
        let output = match input.file_name() {
            Some(name) if output.is_dir() => {
                into_folder = output.join(name);
                &into_folder
            }
            _ => output,
        };
        let summary = resize_file(resizer, input, output, flags, path)?;
        eprintln!("{summary}");
        return Ok(ExitCode::SUCCESS);
    }
    if !output.exists() && kind_of(output).is_some() {
        return Err(format!(
            "{}: a folder is resized into a folder, and this names a file",
            output.display()
        ));
    }
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
    nchw_without_arrays(files.iter().any(|f| kind_of(f) == Some(FileKind::Npy)))?;
    std::fs::create_dir_all(output)
        .map_err(|e| format!("{}: cannot create the output folder: {e}", output.display()))?;
    let bar = ProgressBar::new(files.len() as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {wide_msg}")
            .expect("a valid progress template"),
    );
    let mut failed = Vec::new();
    for file in &files {
        let name = file.file_name().expect("a listed file has a name");
        bar.set_message(name.to_string_lossy().into_owned());
        if let Err(e) = resize_file(resizer, file, &output.join(name), flags, path) {
            // Without a device no file can be resized: stop at the first that needed it.
            if let Some(why) = resizer.failed() {
                bar.finish_and_clear();
                return Err(why.to_string());
            }
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
    resizer: &LazyResizer,
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
    // An output of another type (`out.bmp`) would have been written in the input's format
    // under a name that says otherwise.
    let out_kind = kind_of(output).ok_or_else(|| {
        format!(
            "{}: unknown output type; name it .npy, .png, .jpg, .jpeg or .webp",
            output.display()
        )
    })?;
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
                Ok(array) => resize_npy(resizer, array, output, flags, path),
                Err(npy::NpyError::WrongType { .. }) => match npy::read::<half::f16>(input) {
                    Ok(array) => resize_npy(resizer, array, output, flags, path),
                    Err(npy::NpyError::WrongType { .. }) => match npy::read::<u8>(input) {
                        Ok(array) => resize_npy(resizer, array, output, flags, path),
                        // Each reader names only its own type: say every one the tool takes.
                        Err(npy::NpyError::WrongType { path, found, .. }) => Err(format!(
                            "{path}: elements are {found}; expected little-endian f32 (<f4), \
                             f16 (<f2) or u8 (|u1): numpy's `astype('<f4')` converts"
                        )),
                        Err(e) => Err(e.to_string()),
                    },
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
    resizer: &LazyResizer,
    array: npy::Array4<T>,
    output: &FsPath,
    flags: &ResizeFlags,
    path: Path,
) -> Result<String, String>
where
    T: Element + npyz::AutoSerialize,
{
    let (n, channels, size) = split_shape(array.shape, flags.layout());
    let (spec, plan, result) =
        resize_samples(resizer, flags, (n, channels, size), &array.data, path)?;
    replace_file(output, |file| {
        npy::write_to(file, spec.output_shape(), &result)
    })?;
    let out = spec.output();
    Ok(format!(
        "{}x{}{} -> {}x{}{} ({} path: {})",
        size.width,
        size.height,
        slice_read(&spec),
        out.width,
        out.height,
        placement(&spec),
        plan.path,
        plan.reason
    ))
}

/// The slice a spec with `--cut` resizes: ", its slice WxH at (X, Y)"; nothing for a spec that
/// resizes the whole image.
pub fn slice_read(spec: &ResizeSpec) -> String {
    let Some([top, left, bottom, right]) = spec.cut() else {
        return String::new();
    };
    format!(
        ", its slice {}x{} at ({left}, {top})",
        right - left,
        bottom - top
    )
}

/// Where a padded spec puts the resized image in its output (`--pad`, `--letterbox`): ", the
/// image WxH at (X, Y)"; nothing for a spec without bands.
pub fn placement(spec: &ResizeSpec) -> String {
    let (image, bands) = (spec.resized(), spec.padding());
    if bands.is_none() {
        return String::new();
    }
    format!(
        ", the image {}x{} at ({}, {})",
        image.width, image.height, bands.left, bands.top
    )
}

/// Resizes `samples`, `n` images of `c` channels of `size` in the flags' layout, as the flags
/// ask, in their own element type: the spec, the plan it ran and the result.
fn resize_samples<T: Element>(
    resizer: &LazyResizer,
    flags: &ResizeFlags,
    (n, channels, size): (u32, u32, Size2),
    samples: &[T],
    path: Path,
) -> Result<(ResizeSpec, Plan, Vec<T>), String> {
    let spec = flags.spec(n, channels, size, T::TYPE)?;
    let resizer = resizer.get()?;
    let plan = resizer.plan(&spec, path).map_err(|e| e.to_string())?;
    let result = resizer
        .resize(&spec, samples, path)
        .map_err(|e| e.to_string())?;
    Ok((spec, plan, result))
}

/// Splits a 4-D shape in `layout` order into (n, c, size).
fn split_shape(shape: [u32; 4], layout: Layout) -> (u32, u32, Size2) {
    match layout {
        Layout::Nchw => (shape[0], shape[1], Size2::new(shape[2], shape[3])),
        _ => (shape[0], shape[3], Size2::new(shape[1], shape[2])),
    }
}

fn resize_image(
    resizer: &LazyResizer,
    input: &FsPath,
    output: &FsPath,
    format: image::ImageFormat,
    flags: &ResizeFlags,
    path: Path,
) -> Result<String, String> {
    // Normalised values are signed fractions, which no image format holds: a 16-bit PNG would
    // be written with them clamped to 0..1, and an 8-bit one refused for its element type.
    if flags.mean.is_some() || flags.std.is_some() {
        return Err(format!(
            "{}: --mean/--std normalise into signed values, which an image cannot hold; \
             normalise a .npy tensor of it instead",
            input.display()
        ));
    }
    let decoded = image::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let color = decoded.color();
    // Grey, RGB or RGBA: the channels the image has (grey with alpha as RGBA, so that alpha is
    // premultiplied as for colour, and written back as grey with alpha).
    let channels: u32 = if color.has_alpha() {
        4
    } else if color.channel_count() == 1 {
        1
    } else {
        3
    };
    let size = Size2::new(decoded.height(), decoded.width());
    let mut image_flags = flags.clone();
    image_flags.layout = crate::options::LayoutArg::Nhwc;
    let deep = color.bytes_per_pixel() > color.channel_count();
    // 16-bit channels keep their depth where the output format holds it (PNG): they are
    // resized in f32 as fractions of 65535 and rounded back, which loses nothing (f32 holds
    // 24 bits). Formats of 8 bits a channel take the 8-bit resize.
    let sixteen_bits = deep && format == image::ImageFormat::Png;
    let shape = (1, channels, size);
    let (resized, spec, plan) = if sixteen_bits {
        let pixels: Vec<f32> = channels_of_16(&decoded, channels)
            .into_iter()
            .map(|v| f32::from(v) / 65535.0)
            .collect();
        // The bands' fill is in 8-bit levels for every image; these pixels are fractions.
        if let Some(fill) = flags.band_fill() {
            image_flags.fill = Some(fill.iter().map(|v| v / 255.0).collect());
        }
        let (spec, plan, result) = resize_samples(resizer, &image_flags, shape, &pixels, path)?;
        let result: Vec<u16> = result.into_iter().map(to_16_bits).collect();
        (image_of(spec.output(), channels, result), spec, plan)
    } else {
        let pixels = channels_of_8(&decoded, channels);
        let (spec, plan, result) = resize_samples(resizer, &image_flags, shape, &pixels, path)?;
        (image_of(spec.output(), channels, result), spec, plan)
    };
    let grey_alpha = matches!(color, image::ColorType::La8 | image::ColorType::La16);
    // JPEG holds no alpha: colour (or grey) alone, and the status line says so.
    let alpha_dropped = format == image::ImageFormat::Jpeg && channels == 4;
    let written = match (format, grey_alpha) {
        (image::ImageFormat::Jpeg, true) => image::DynamicImage::ImageLuma8(resized.to_luma8()),
        (image::ImageFormat::Jpeg, false) if alpha_dropped => {
            image::DynamicImage::ImageRgb8(resized.to_rgb8())
        }
        // Its three colour channels are equal: the grey of each pixel.
        (_, true) if sixteen_bits => image::DynamicImage::ImageLumaA16(resized.to_luma_alpha16()),
        (_, true) => image::DynamicImage::ImageLumaA8(resized.to_luma_alpha8()),
        _ => resized,
    };
    replace_file(output, |file| {
        written
            .write_to(file, format)
            .map_err(std::io::Error::other)
    })?;
    // Deeper channels written as 8 bits lose their low bits, and alpha written as JPEG is
    // lost; say so rather than lose them quietly.
    let mut narrowed = String::new();
    if deep && !sixteen_bits {
        narrowed += &format!(", its {color:?} channels as 8 bits: {format:?} holds no more");
    }
    if alpha_dropped {
        narrowed += ", its alpha dropped: JPEG holds none";
    }
    Ok(format!(
        "{}: {}x{}{} -> {}x{}{} ({} path{narrowed})",
        input.display(),
        size.width,
        size.height,
        slice_read(&spec),
        written.width(),
        written.height(),
        placement(&spec),
        plan.path
    ))
}

/// The folder a file at `path` would be written in (`.` for a bare name), or a message that
/// names `path` and the folder where that does not exist.
pub fn existing_folder(path: &FsPath) -> Result<&FsPath, String> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => FsPath::new("."),
    };
    if folder.is_dir() {
        Ok(folder)
    } else {
        Err(format!(
            "{}: the folder {} does not exist",
            path.display(),
            folder.display()
        ))
    }
}

/// Writes the file at `output` with `write`, into a file beside it that takes its place only
/// once complete: a write that fails (a full disk, an encoder's error) leaves whatever was at
/// `output` before, which is the input itself where a file is resized in place, and no
/// partial file. The new file gets an existing file's permissions, else a new file's.
pub fn replace_file(
    output: &FsPath,
    write: impl FnOnce(&mut BufWriter<&mut File>) -> std::io::Result<()>,
) -> Result<(), String> {
    let failed = |e: &dyn std::fmt::Display| format!("{}: {e}", output.display());
    // Through a symbolic link, the file it names is replaced and the link stays, as when
    // outputs were written in place.
    let resolved = std::fs::canonicalize(output).ok();
    let target = resolved.as_deref().unwrap_or(output);
    let folder = existing_folder(target)?;
    let mut builder = tempfile::Builder::new();
    builder.prefix(".wgresize-").suffix(".part");
    // A temporary file is made for its owner alone (0600); the output is an ordinary file,
    // so ask for what `File::create` asks (the umask then applies to both).
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    // tempfile's error names its own temporary file, which the caller never named: the kind
    // of failure alone (permission denied, …).
    let mut part = builder
        .tempfile_in(folder)
        .map_err(|e| failed(&std::io::Error::from(e.kind())))?;
    let mut writer = BufWriter::new(part.as_file_mut());
    write(&mut writer).map_err(|e| failed(&e))?;
    writer.flush().map_err(|e| failed(&e))?;
    drop(writer);
    if let Ok(existing) = std::fs::metadata(target) {
        std::fs::set_permissions(part.path(), existing.permissions()).map_err(|e| failed(&e))?;
    }
    part.persist(target).map_err(|e| failed(&e.error))?;
    Ok(())
}

/// The image's samples as `channels` channels of 8 bits (1: grey, 3: RGB, 4: RGBA).
fn channels_of_8(image: &image::DynamicImage, channels: u32) -> Vec<u8> {
    match channels {
        4 => image.to_rgba8().into_raw(),
        3 => image.to_rgb8().into_raw(),
        _ => image.to_luma8().into_raw(),
    }
}

/// The image's samples as `channels` channels of 16 bits (1: grey, 3: RGB, 4: RGBA).
fn channels_of_16(image: &image::DynamicImage, channels: u32) -> Vec<u16> {
    match channels {
        4 => image.to_rgba16().into_raw(),
        3 => image.to_rgb16().into_raw(),
        _ => image.to_luma16().into_raw(),
    }
}

/// A resized fraction of 65535 back to 16 bits: rounded to nearest, clamped, as the 8-bit
/// outputs are (a filter with negative lobes overshoots 0 and 1).
fn to_16_bits(v: f32) -> u16 {
    // `as` saturates, and turns NaN into 0.
    (v * 65535.0).round() as u16
}

/// An image of `size` from its samples in `channels` channels of `u8` or `u16`.
fn image_of<T>(size: Size2, channels: u32, samples: Vec<T>) -> image::DynamicImage
where
    image::Luma<T>: image::Pixel<Subpixel = T>,
    image::Rgb<T>: image::Pixel<Subpixel = T>,
    image::Rgba<T>: image::Pixel<Subpixel = T>,
    image::DynamicImage: From<image::ImageBuffer<image::Luma<T>, Vec<T>>>,
    image::DynamicImage: From<image::ImageBuffer<image::Rgb<T>, Vec<T>>>,
    image::DynamicImage: From<image::ImageBuffer<image::Rgba<T>, Vec<T>>>,
{
    let (w, h) = (size.width, size.height);
    match channels {
        4 => image::ImageBuffer::<image::Rgba<T>, _>::from_raw(w, h, samples)
            .expect("sized by the spec")
            .into(),
        3 => image::ImageBuffer::<image::Rgb<T>, _>::from_raw(w, h, samples)
            .expect("sized by the spec")
            .into(),
        _ => image::ImageBuffer::<image::Luma<T>, _>::from_raw(w, h, samples)
            .expect("sized by the spec")
            .into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names_in(folder: &FsPath) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// A write that fails halfway leaves the file that was there, byte for byte, and no
    /// partial file beside it; one that completes replaces it, keeping its permissions.
    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let output = dir.path().join("frame.npy");
        std::fs::write(&output, b"the input, resized in place").unwrap();
        #[cfg(unix)]
        std::fs::set_permissions(&output, std::os::unix::fs::PermissionsExt::from_mode(0o640))
            .unwrap();
        let before = std::fs::metadata(&output).unwrap().permissions();

        let err = replace_file(&output, |file| {
            file.write_all(b"half a fi")?;
            Err(std::io::Error::other("the disk is full"))
        })
        .unwrap_err();
        assert!(
            err.contains("the disk is full") && err.contains("frame.npy"),
            "{err}"
        );
        assert_eq!(
            std::fs::read(&output).unwrap(),
            b"the input, resized in place"
        );
        assert_eq!(names_in(dir.path()), ["frame.npy"]);

        replace_file(&output, |file| file.write_all(b"resized")).unwrap();
        assert_eq!(std::fs::read(&output).unwrap(), b"resized");
        assert_eq!(std::fs::metadata(&output).unwrap().permissions(), before);
        assert_eq!(names_in(dir.path()), ["frame.npy"]);
    }

    /// Through a symbolic link the file it names is replaced, and the link stays a link.
    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("frame.npy");
        let link = dir.path().join("latest.npy");
        std::fs::write(&file, b"old").unwrap();
        std::os::unix::fs::symlink(&file, &link).unwrap();
        replace_file(&link, |out| out.write_all(b"resized")).unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&file).unwrap(), b"resized");
        assert_eq!(names_in(dir.path()), ["frame.npy", "latest.npy"]);
    }

    /// An output in a folder that does not exist is refused naming the output and the
    /// folder, not the temporary file it would have been written into first.
    #[test]
    fn a_missing_folder_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let output = dir.path().join("missing").join("out.npy");
        let err = replace_file(&output, |file| file.write_all(b"npy")).unwrap_err();
        assert!(
            err.contains("out.npy: the folder") && err.contains("missing does not exist"),
            "{err}"
        );
        assert!(!err.contains(".part"), "{err}");
    }

    /// A new file gets the permissions `File::create` gives one (not a temporary file's
    /// owner-only 0600).
    #[test]
    fn a_new_file_has_an_ordinary_files_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let ordinary = dir.path().join("ordinary");
        File::create(&ordinary).unwrap();
        let written = dir.path().join("written.png");
        replace_file(&written, |file| file.write_all(b"png")).unwrap();
        assert_eq!(
            std::fs::metadata(&written).unwrap().permissions(),
            std::fs::metadata(&ordinary).unwrap().permissions()
        );
    }
}
