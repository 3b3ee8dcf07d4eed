//! Turns the resize flags (`--size`, `--filter`, `--convention`, …) into a spec.

use clap::{Args, ValueEnum};
use wgpu_resize::presets::{
    self, OnnxCoordinates, OnnxMode, OnnxResize, OpenCvInterpolation, PillowFilter, TorchMode,
    TorchOutput,
};
use wgpu_resize::{
    AreaRule, AxisResample, Border, CoordinateMapping, ElementType, Filter, Layout, NearestRule,
    Normalization, Padding, ResizeSpec, ResizeSpecBuilder, RoundingOrder, Size2,
};

/// `--filter` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FilterArg {
    Nearest,
    NearestExact,
    Bilinear,
    /// OpenCV's INTER_LINEAR_EXACT (bit-exact bilinear of 8-bit images): --convention opencv.
    BilinearExact,
    Bicubic,
    Area,
    Box,
    Hamming,
    Lanczos3,
    Lanczos4,
    /// Magic Kernel Sharp 2013 (Pillow 13's MKS2013).
    Mks2013,
    /// Magic Kernel Sharp 2021 (Pillow 13's MKS2021).
    Mks2021,
}

/// `--convention` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Convention {
    /// PyTorch's F.interpolate.
    Torch,
    /// Pillow's Image.resize, as Pillow 13 rounds 8-bit images.
    Pillow,
    /// Pillow's Image.resize, as Pillow 12 and earlier round 8-bit images (the horizontal pass
    /// first, save on images over 100 times as tall as wide).
    Pillow12,
    /// OpenCV's cv2.resize.
    Opencv,
    /// ONNX Resize, as ONNX Runtime computes it (on 8-bit arrays its own arithmetic: plain
    /// bilinear truncates, in integers for --layout nhwc and in f32 steps for nchw).
    Onnx,
}

/// `--layout` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LayoutArg {
    Nhwc,
    Nchw,
}

/// `--coord` values: ONNX's coordinate_transformation_mode names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "snake_case")]
pub enum CoordArg {
    HalfPixel,
    HalfPixelSymmetric,
    PytorchHalfPixel,
    AlignCorners,
    Asymmetric,
}

/// The output size and resampling flags shared by `resize` and `plan`.
#[derive(Args, Debug, Clone)]
pub struct ResizeFlags {
    /// Output size as WIDTHxHEIGHT (width first, as image tools write it).
    #[arg(
        long,
        value_name = "WxH",
        conflicts_with = "scale",
        allow_hyphen_values = true
    )]
    pub size: Option<String>,
    /// Scale factor S, or SXxSY for different factors per axis.
    #[arg(long, value_name = "S|SXxSY", allow_hyphen_values = true)]
    pub scale: Option<String>,
    /// Output the size Pillow's `Image.thumbnail((W, H))` gives: the largest within WxH of the
    /// input's aspect ratio, or the input's own size where it fits already. With Pillow's
    /// reducing gap of 2 unless --reducing-gap says otherwise (--convention pillow or
    /// pillow12; `thumbnail`'s filter is --filter bicubic).
    #[arg(long, value_name = "WxH", conflicts_with_all = ["size", "scale"])]
    pub thumbnail: Option<String>,
    /// Fill WxH as Pillow's `ImageOps.fit(image, (W, H))` does: the largest centred box of that
    /// aspect ratio, resized to WxH (--convention pillow or pillow12; its filter is --filter
    /// bicubic).
    #[arg(long, value_name = "WxH", conflicts_with_all = ["size", "scale", "thumbnail", "crop"])]
    pub fit: Option<String>,
    /// Output the size Pillow's `ImageOps.contain(image, (W, H))` gives: the largest within WxH
    /// of the input's aspect ratio (--convention pillow or pillow12).
    #[arg(long, value_name = "WxH", conflicts_with_all = ["size", "scale", "thumbnail", "fit"])]
    pub contain: Option<String>,
    /// Output the size Pillow's `ImageOps.cover(image, (W, H))` gives: the smallest that
    /// covers WxH with the input's aspect ratio (--convention pillow or pillow12).
    #[arg(
        long,
        value_name = "WxH",
        conflicts_with_all = ["size", "scale", "thumbnail", "fit", "contain"]
    )]
    pub cover: Option<String>,
    /// Output WxH as Pillow's `ImageOps.pad(image, (W, H))` does: the image resized to its
    /// `ImageOps.contain` size and centred, the rest --fill (--convention pillow or pillow12;
    /// its filter is --filter bicubic).
    #[arg(
        long,
        value_name = "WxH",
        conflicts_with_all = ["size", "scale", "thumbnail", "fit", "contain", "cover", "crop"]
    )]
    pub pad: Option<String>,
    /// Output WxH as a detector's letterbox: the image scaled to fit WxH keeping its aspect
    /// ratio (each side rounded), centred, an odd leftover's extra pixel below and right, the
    /// rest --fill; with --convention opencv, `cv2.resize` then `cv2.copyMakeBorder`, byte for
    /// byte.
    #[arg(
        long,
        value_name = "WxH",
        conflicts_with_all = ["size", "scale", "thumbnail", "fit", "contain", "cover", "pad", "crop"]
    )]
    pub letterbox: Option<String>,
    /// With --letterbox, leave an image smaller than WxH at its size (the letterbox's
    /// `scaleup=False`) instead of enlarging it.
    #[arg(long, requires = "letterbox")]
    pub no_scale_up: bool,
    /// The value of the bands of --pad and --letterbox: one number for every channel, or a
    /// colour of one per channel (`255,128,0`; in the file's channel order); in 8-bit levels
    /// for images (0 to 255, whatever their depth), in the array's units for .npy arrays
    /// (normalised as the image is). Default: 114 for --letterbox (detectors' grey), 0 for
    /// --pad (Pillow's black).
    #[arg(
        long,
        value_name = "V[,V...]",
        value_delimiter = ',',
        num_args = 1,
        allow_hyphen_values = true
    )]
    pub fill: Option<Vec<f32>>,
    /// Resize in Pillow's two steps, as `Image.resize(.., reducing_gap=G)`: reduce by whole
    /// factors first, averaging blocks of pixels, so that the resize after changes the size by
    /// at least G (--convention pillow or pillow12; G at least 1).
    #[arg(long, value_name = "G")]
    pub reducing_gap: Option<f64>,
    /// Reduce by whole factors, as Pillow's `Image.reduce(F)` (or `((FX, FY))` as FXxFY):
    /// blocks of pixels averaged, the output the input's size over the factors, rounded up;
    /// with --crop, that box (whole pixels) reduced (--convention pillow or pillow12).
    #[arg(
        long,
        value_name = "F|FXxFY",
        conflicts_with_all = ["size", "scale", "thumbnail", "reducing_gap"]
    )]
    pub reduce: Option<String>,
    /// Memory layout of the .npy arrays: nhwc is shaped n,h,w,c and nchw n,c,h,w (images are
    /// pixels, whatever it says: nchw is refused where no .npy array is resized).
    #[arg(long, value_enum, default_value = "nhwc")]
    pub layout: LayoutArg,
    /// Map corner pixels onto corner pixels (PyTorch's align_corners=True; the pillow and
    /// opencv conventions have no such mode).
    #[arg(long)]
    pub align_corners: bool,
    /// The filter.
    #[arg(long, value_enum, default_value = "bilinear")]
    pub filter: FilterArg,
    /// Reproduce one library's numbers exactly (opencv on 8-bit images: bilinear,
    /// bilinear-exact, lanczos4 and enlarging area in OpenCV's own fixed point; bicubic and
    /// shrinking area in floats, one level off on a few values).
    #[arg(long, value_enum)]
    pub convention: Option<Convention>,
    /// Widen the filter when shrinking (not nearest or area, which have no width; Pillow
    /// always does, and OpenCV never).
    #[arg(long)]
    pub antialias: bool,
    /// Cubic coefficient of --filter bicubic, with no convention or --convention onnx
    /// (default -0.75; the other conventions fix their own: Pillow's and antialiased
    /// PyTorch's is -0.5).
    #[arg(long, value_name = "A", allow_hyphen_values = true)]
    pub cubic_a: Option<f64>,
    /// Coordinate mapping, by ONNX's names, with no convention or --convention onnx (the
    /// other conventions fix their own).
    #[arg(long, value_enum)]
    pub coord: Option<CoordArg>,
    /// ONNX's `exclude_outside`: leave the taps past an edge out and renormalise the rest,
    /// rather than fold them onto the edge (bicubic, and bilinear with --antialias;
    /// --convention onnx only).
    #[arg(long)]
    pub exclude_outside: bool,
    /// Resize only the input region X,Y,W,H (pixels, fractions allowed) onto the whole output,
    /// as Pillow's `resize(size, box=(X, Y, X+W, Y+H))`.
    #[arg(long, value_name = "X,Y,W,H", allow_hyphen_values = true)]
    pub crop: Option<String>,
    /// Resize the slice of the input at X,Y of W x H whole pixels as an image of its own, its
    /// edges the resize's borders, as `cv2.resize(img[Y:Y+H, X:X+W], ..)` or `F.interpolate`
    /// of that slice: every other flag (--scale, --crop, --letterbox, ...) then reads the slice.
    #[arg(long, value_name = "X,Y,W,H")]
    pub cut: Option<String>,
    /// Resize in linear light: decode sRGB before the taps, encode after.
    #[arg(long)]
    pub linear_light: bool,
    /// RGBA: premultiply colour by alpha before the taps and divide after (always on for RGBA
    /// with --convention pillow, as Pillow does, except with nearest).
    #[arg(long)]
    pub premultiplied: bool,
    /// Normalise the output as (v - MEAN) / STD per channel, one mean per channel
    /// (ImageNet's: 0.485,0.456,0.406 with --std 0.229,0.224,0.225). f32 and f16 arrays only.
    #[arg(
        long,
        value_name = "M1,M2,..",
        requires = "std",
        allow_hyphen_values = true
    )]
    pub mean: Option<String>,
    /// Standard deviations of --mean's normalisation, one per channel.
    #[arg(
        long,
        value_name = "S1,S2,..",
        requires = "mean",
        allow_hyphen_values = true
    )]
    pub std: Option<String>,
}

/// The size a `WxH` flag gives, at least 1 pixel a side.
fn sized_flag(flag: &str, text: &str) -> Result<Size2, String> {
    let (w, h) = parse_pair::<u32>(text, flag, "a whole number of pixels")?;
    if w == 0 || h == 0 {
        return Err(format!("{flag} {text:?}: both sides must be at least 1"));
    }
    Ok(Size2::new(h, w))
}

/// The name a flag's value is written with on the command line.
fn arg_name(value: impl ValueEnum) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_owned())
        .unwrap_or_default()
}

/// Filters whose support antialiasing widens (nearest and area have none to widen).
fn antialiasing_filter(filter: FilterArg) -> bool {
    !matches!(
        filter,
        FilterArg::Nearest | FilterArg::NearestExact | FilterArg::Area
    )
}

/// The `--filter` values `convention` takes, for its error messages.
fn convention_filters(convention: Convention) -> &'static str {
    match convention {
        Convention::Torch => "nearest, nearest-exact, bilinear, bicubic and area",
        Convention::Pillow => {
            "nearest, box, bilinear, hamming, bicubic, lanczos3, mks2013 and mks2021"
        }
        Convention::Pillow12 => "nearest, box, bilinear, hamming, bicubic and lanczos3",
        Convention::Opencv => {
            "nearest, nearest-exact, bilinear, bilinear-exact, bicubic, area and lanczos4"
        }
        Convention::Onnx => "nearest, bilinear and bicubic",
    }
}

/// A comma-separated list of numbers of flag `what`.
fn parse_list(text: &str, what: &str) -> Result<Vec<f32>, String> {
    text.split(',')
        .map(|v| {
            v.trim()
                .parse::<f32>()
                .map_err(|_| format!("{what} {text:?}: {v:?} is not a number"))
        })
        .collect()
}

/// Two values `AxB` of flag `what`, each `expected` (said where one is not).
fn parse_pair<T: std::str::FromStr>(
    text: &str,
    what: &str,
    expected: &str,
) -> Result<(T, T), String> {
    let (a, b) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("{what} {text:?} must look like AxB"))?;
    let parse = |s: &str| {
        s.trim()
            .parse::<T>()
            .map_err(|_| format!("{what} {text:?}: {s:?} is not {expected}"))
    };
    Ok((parse(a)?, parse(b)?))
}

impl ResizeFlags {
    /// Per-axis scale factors (y, x) when `--scale` was given.
    fn scales(&self) -> Result<Option<(f64, f64)>, String> {
        let Some(text) = &self.scale else {
            return Ok(None);
        };
        let (sx, sy) = if text.contains(['x', 'X']) {
            parse_pair::<f64>(text, "--scale", "a number")?
        } else {
            let s: f64 = text
                .parse()
                .map_err(|_| format!("--scale {text:?} is not a number"))?;
            (s, s)
        };
        if !(sx.is_finite() && sy.is_finite() && sx > 0.0 && sy > 0.0) {
            return Err(format!("--scale {text:?}: factors must be finite and > 0"));
        }
        Ok(Some((sy, sx)))
    }

    /// `--reduce`'s factors (rows, columns), each at least 1.
    fn reduce_factors(&self) -> Result<Option<Size2>, String> {
        let Some(text) = &self.reduce else {
            return Ok(None);
        };
        let (fx, fy) = if text.contains(['x', 'X']) {
            parse_pair::<u32>(text, "--reduce", "a whole number")?
        } else {
            let f = text
                .parse::<u32>()
                .map_err(|_| format!("--reduce {text:?} is not a whole number"))?;
            (f, f)
        };
        if fx == 0 || fy == 0 {
            return Err(format!("--reduce {text:?}: factors must be at least 1"));
        }
        Ok(Some(Size2::new(fy, fx)))
    }

    /// `--crop X,Y,W,H` as numbers.
    fn crop_numbers(&self) -> Result<Option<[f64; 4]>, String> {
        let Some(text) = &self.crop else {
            return Ok(None);
        };
        let parts: Vec<f64> = text
            .split(',')
            .map(|v| v.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("--crop {text:?} must be four numbers X,Y,W,H"))?;
        let [x, y, w, h] = parts[..] else {
            return Err(format!("--crop {text:?} must be four numbers X,Y,W,H"));
        };
        Ok(Some([x, y, w, h]))
    }

    /// `--cut X,Y,W,H` as the slice `[top, left, bottom, right]` of the input.
    fn cut_box(&self) -> Result<Option<[u32; 4]>, String> {
        let Some(text) = &self.cut else {
            return Ok(None);
        };
        let wrong = || format!("--cut {text:?} must be four whole numbers X,Y,W,H");
        let parts: Vec<u32> = text
            .split(',')
            .map(|v| v.trim().parse::<u32>())
            .collect::<Result<_, _>>()
            .map_err(|_| wrong())?;
        let [x, y, w, h] = parts[..] else {
            return Err(wrong());
        };
        let (Some(bottom), Some(right)) = (y.checked_add(h), x.checked_add(w)) else {
            return Err(wrong());
        };
        Ok(Some([y, x, bottom, right]))
    }

    /// The region `--reduce` reduces: `--crop`'s box, which must be whole pixels, or `None`
    /// for the whole input.
    fn reduce_region(&self) -> Result<Option<[u32; 4]>, String> {
        let Some([x, y, w, h]) = self.crop_numbers()? else {
            return Ok(None);
        };
        let whole = [x, y, w, h].iter().all(|v| *v >= 0.0 && v.fract() == 0.0);
        let wrong = || "--crop with --reduce is Image.reduce's box: whole pixels X,Y,W,H".into();
        if !whole {
            return Err(wrong());
        }
        // (Corners past u32 saturate, and their sums are refused rather than overflow.)
        let [x, y, w, h] = [x, y, w, h].map(|v| v as u32);
        let (Some(bottom), Some(right)) = (y.checked_add(h), x.checked_add(w)) else {
            return Err(wrong());
        };
        Ok(Some([y, x, bottom, right]))
    }

    /// The output size for an input size.
    pub fn output_size(&self, input: Size2) -> Result<Size2, String> {
        if let Some(factors) = self.reduce_factors()? {
            let region = self.reduce_region()?;
            let reduced = presets::pillow_reduce(input, factors, region)
                .map_err(|e| e.to_string())?
                .build()
                .map_err(|e| e.to_string())?;
            return Ok(reduced.output());
        }
        // Pillow's sizing flags: a size each, at least 1 pixel a side.
        if let Some(text) = &self.thumbnail {
            let bound = sized_flag("--thumbnail", text)?;
            return Ok(presets::pillow_thumbnail_size(input, bound).unwrap_or(input));
        }
        if let Some(text) = &self.fit {
            return sized_flag("--fit", text);
        }
        if let Some(text) = &self.contain {
            return presets::pillow_contain_size(input, sized_flag("--contain", text)?).ok_or_else(
                || format!("--contain {text:?}: ImageOps.contain gives an empty image"),
            );
        }
        if let Some(text) = &self.cover {
            return Ok(presets::pillow_cover_size(
                input,
                sized_flag("--cover", text)?,
            ));
        }
        if let Some((image, _)) = self.bands(input)? {
            return Ok(image);
        }
        if let Some(text) = &self.size {
            let (w, h) = parse_pair::<u32>(text, "--size", "a whole number of pixels")?;
            return Ok(Size2::new(h, w));
        }
        match self.scales()? {
            Some((sy, sx)) => presets::torch_output_size(
                input,
                TorchOutput::ScaleFactor {
                    y: sy,
                    x: sx,
                    recompute: false,
                },
            )
            .map_err(|e| e.to_string()),
            None => Err(
                "give the output size with --size WxH, --scale S, --thumbnail WxH or --reduce F"
                    .into(),
            ),
        }
    }

    /// The values of the bands of --pad or --letterbox, where either is given: --fill (one
    /// value, or one per channel), or 114 for a letterbox (detectors' grey) and 0 for a pad
    /// (Pillow's black).
    pub fn band_fill(&self) -> Option<Vec<f32>> {
        let default = match (&self.letterbox, &self.pad) {
            (Some(_), _) => 114.0,
            (None, Some(_)) => 0.0,
            (None, None) => return None,
        };
        Some(self.fill.clone().unwrap_or_else(|| vec![default]))
    }

    /// The image's size and the bands around it that --pad or --letterbox ask for, if either.
    fn bands(&self, input: Size2) -> Result<Option<(Size2, Padding)>, String> {
        if let Some(text) = &self.letterbox {
            let canvas = sized_flag("--letterbox", text)?;
            return Ok(Some(Padding::letterbox(input, canvas, !self.no_scale_up)));
        }
        let Some(text) = &self.pad else {
            return Ok(None);
        };
        let canvas = sized_flag("--pad", text)?;
        let empty = || format!("--pad {text:?}: ImageOps.contain gives an empty image");
        let image = presets::pillow_contain_size(input, canvas).ok_or_else(empty)?;
        let bands = Padding::pillow_pad(image, canvas, (0.5, 0.5)).ok_or_else(empty)?;
        Ok(Some((image, bands)))
    }

    pub fn layout(&self) -> Layout {
        match self.layout {
            LayoutArg::Nhwc => Layout::Nhwc,
            LayoutArg::Nchw => Layout::Nchw,
        }
    }

    fn mapping(&self) -> CoordinateMapping {
        match (self.coord, self.align_corners) {
            (_, true) | (Some(CoordArg::AlignCorners), _) => CoordinateMapping::AlignCorners,
            (Some(CoordArg::HalfPixelSymmetric), _) => CoordinateMapping::HalfPixelSymmetric,
            (Some(CoordArg::PytorchHalfPixel), _) => CoordinateMapping::PytorchHalfPixel,
            (Some(CoordArg::Asymmetric), _) => CoordinateMapping::Asymmetric,
            (Some(CoordArg::HalfPixel), _) | (None, false) => CoordinateMapping::HalfPixel,
        }
    }

    /// The spec for `n` images of `c` channels of `input` size.
    pub fn spec(
        &self,
        n: u32,
        c: u32,
        input: Size2,
        element: ElementType,
    ) -> Result<ResizeSpec, String> {
        let Some(cut @ [top, left, bottom, right]) = self.cut_box()? else {
            return self.image_spec(n, c, input, element);
        };
        // The flags describe the resize of the slice; the tensor is the whole image.
        let slice = Size2::new(
            bottom.saturating_sub(top).max(1),
            right.saturating_sub(left).max(1),
        );
        let spec = self.image_spec(n, c, slice, element)?;
        spec.to_builder()
            .sizes(input, spec.resized())
            .cut(Some(cut))
            .build()
            .map_err(|e| format!("--cut: {e}"))
    }

    /// The spec of the flags for an image of `input` pixels (the slice of `--cut`, or the whole
    /// input).
    fn image_spec(
        &self,
        n: u32,
        c: u32,
        input: Size2,
        element: ElementType,
    ) -> Result<ResizeSpec, String> {
        self.refuse_flags_without_effect()?;
        let output = self.output_size(input)?;
        let unsupported = |convention: Convention| {
            format!(
                "--filter {} has no equivalent in the {} convention; it has {}",
                arg_name(self.filter),
                arg_name(convention),
                convention_filters(convention)
            )
        };
        let mut premultiplied = self.premultiplied;
        let builder: ResizeSpecBuilder = match self.convention {
            None if self.filter == FilterArg::BilinearExact => {
                return Err(
                    "--filter bilinear-exact is OpenCV's INTER_LINEAR_EXACT (bit-exact \
                     bilinear of 8-bit images): give it with --convention opencv"
                        .into(),
                );
            }
            None => self.generic(input, output),
            Some(Convention::Torch) => {
                let mode = match self.filter {
                    FilterArg::Nearest => TorchMode::Nearest,
                    FilterArg::NearestExact => TorchMode::NearestExact,
                    FilterArg::Bilinear => TorchMode::Bilinear,
                    FilterArg::Bicubic => TorchMode::Bicubic,
                    FilterArg::Area => TorchMode::Area,
                    _ => return Err(unsupported(Convention::Torch)),
                };
                let out = match self.scales()? {
                    Some((y, x)) => TorchOutput::ScaleFactor {
                        y,
                        x,
                        recompute: false,
                    },
                    None => TorchOutput::Size(output),
                };
                presets::torch(input, out, mode, self.align_corners, self.antialias)
                    .map_err(|e| e.to_string())?
            }
            Some(convention @ (Convention::Pillow | Convention::Pillow12)) => {
                let filter = match self.filter {
                    FilterArg::Nearest => PillowFilter::Nearest,
                    FilterArg::Box => PillowFilter::Box,
                    FilterArg::Bilinear => PillowFilter::Bilinear,
                    FilterArg::Hamming => PillowFilter::Hamming,
                    FilterArg::Bicubic => PillowFilter::Bicubic,
                    FilterArg::Lanczos3 => PillowFilter::Lanczos,
                    FilterArg::Mks2013 if convention == Convention::Pillow => PillowFilter::Mks2013,
                    FilterArg::Mks2021 if convention == Convention::Pillow => PillowFilter::Mks2021,
                    FilterArg::Mks2013 | FilterArg::Mks2021 => {
                        return Err(format!(
                            "{} (Pillow 13 added the magic kernels: --convention pillow)",
                            unsupported(convention)
                        ));
                    }
                    _ => return Err(unsupported(convention)),
                };
                // RGBA as Pillow resizes it, whether or not --premultiplied says so.
                premultiplied |= presets::pillow_premultiplies(filter, c);
                if let Some(factors) = self.reduce_factors()? {
                    // Image.reduce averages RGBA premultiplied, whatever the filter.
                    premultiplied |= c == 4;
                    return presets::pillow_reduce(input, factors, self.reduce_region()?)
                        .map_err(|e| e.to_string())?
                        .batch(n)
                        .channels(c)
                        .layout(self.layout())
                        .element(element)
                        .premultiplied_alpha(premultiplied)
                        .linear_light(self.linear_light)
                        .normalize(self.normalization()?)
                        .build()
                        .map_err(|e| e.to_string());
                }
                // Image.thumbnail's gap is 2 unless told otherwise.
                let thumbnail_gap = self
                    .thumbnail
                    .as_ref()
                    .map(|_| presets::PILLOW_THUMBNAIL_GAP);
                // ImageOps.fit's box; contain and cover resize the whole image.
                let pillow = match self.fit {
                    Some(_) => presets::pillow_fit(input, output, filter, 0.0, (0.5, 0.5)),
                    None => presets::pillow(input, output, filter),
                };
                pillow
                    .rounding_order(match convention {
                        Convention::Pillow12 => RoundingOrder::Pillow12,
                        _ => RoundingOrder::Pillow13,
                    })
                    .reducing_gap(self.reducing_gap.or(thumbnail_gap))
            }
            Some(Convention::Opencv) => {
                let interpolation = match self.filter {
                    FilterArg::Nearest => OpenCvInterpolation::Nearest,
                    FilterArg::NearestExact => OpenCvInterpolation::NearestExact,
                    FilterArg::Bilinear => OpenCvInterpolation::Linear,
                    FilterArg::BilinearExact => OpenCvInterpolation::LinearExact,
                    FilterArg::Bicubic => OpenCvInterpolation::Cubic,
                    FilterArg::Area => OpenCvInterpolation::Area,
                    FilterArg::Lanczos4 => OpenCvInterpolation::Lanczos4,
                    _ => return Err(unsupported(Convention::Opencv)),
                };
                presets::opencv(input, output, interpolation)
            }
            Some(Convention::Onnx) => {
                let mode = match self.filter {
                    FilterArg::Nearest => OnnxMode::Nearest,
                    FilterArg::Bilinear => OnnxMode::Linear,
                    FilterArg::Bicubic => OnnxMode::Cubic,
                    _ => return Err(unsupported(Convention::Onnx)),
                };
                let coordinates = match self.mapping() {
                    CoordinateMapping::AlignCorners => OnnxCoordinates::AlignCorners,
                    CoordinateMapping::HalfPixelSymmetric => OnnxCoordinates::HalfPixelSymmetric,
                    CoordinateMapping::PytorchHalfPixel => OnnxCoordinates::PytorchHalfPixel,
                    CoordinateMapping::Asymmetric => OnnxCoordinates::Asymmetric,
                    _ => OnnxCoordinates::HalfPixel,
                };
                let node = OnnxResize {
                    mode,
                    coordinates,
                    cubic_coeff_a: self.cubic_a.unwrap_or(-0.75),
                    antialias: self.antialias,
                    exclude_outside: self.exclude_outside,
                    ..OnnxResize::default()
                };
                presets::onnx(input, output, &node).map_err(|e| e.to_string())?
            }
        };
        let builder = match self.crop_numbers()? {
            Some([x, y, w, h]) => builder.crop(y, x, h, w),
            None => builder,
        };
        let builder = match (self.bands(input)?, self.band_fill()) {
            (Some((_, bands)), Some(fill)) => match fill.as_slice() {
                [value] => builder.padding(bands).extrapolation_value(*value),
                colour => builder.padding(bands).extrapolation_values(colour),
            },
            _ => builder,
        };
        builder
            .batch(n)
            .channels(c)
            .layout(self.layout())
            .element(element)
            .linear_light(self.linear_light)
            .premultiplied_alpha(premultiplied)
            .normalize(self.normalization()?)
            .build()
            .map_err(|e| e.to_string())
    }

    /// Refuses a flag that the filter or the convention would ignore, or that contradicts
    /// another, naming what it would have been: a resize that quietly drops `--cubic-a` or
    /// `--coord` gives other numbers than the ones asked for.
    fn refuse_flags_without_effect(&self) -> Result<(), String> {
        let filter = arg_name(self.filter);
        let pillow = matches!(
            self.convention,
            Some(Convention::Pillow | Convention::Pillow12)
        );
        for (flag, given) in [
            ("--reducing-gap", self.reducing_gap.is_some()),
            ("--thumbnail", self.thumbnail.is_some()),
            ("--reduce", self.reduce.is_some()),
            ("--fit", self.fit.is_some()),
            ("--contain", self.contain.is_some()),
            ("--cover", self.cover.is_some()),
            ("--pad", self.pad.is_some()),
        ] {
            if given && !pillow {
                return Err(format!(
                    "{flag} is Pillow's (Image.resize's reducing_gap, Image.thumbnail, \
                     Image.reduce, ImageOps): give it with --convention pillow or pillow12"
                ));
            }
        }
        if self.fill.is_some() && self.pad.is_none() && self.letterbox.is_none() {
            return Err("--fill is the value of --pad's or --letterbox's bands; give one".into());
        }
        if let (Some(coord), true) = (self.coord, self.align_corners)
            && coord != CoordArg::AlignCorners
        {
            return Err(format!(
                "--align-corners and --coord {} name two coordinate mappings; give one",
                arg_name(coord)
            ));
        }
        if self.exclude_outside && self.convention != Some(Convention::Onnx) {
            return Err(
                "--exclude-outside is ONNX's exclude_outside: give it with --convention \
                        onnx (Pillow and antialiased PyTorch leave such taps out of their own \
                        accord)"
                    .into(),
            );
        }
        if self.cubic_a.is_some() && self.filter != FilterArg::Bicubic {
            return Err(format!(
                "--cubic-a sets the bicubic filter's coefficient, and --filter is {filter}"
            ));
        }
        let Some(convention) = self.convention else {
            if self.antialias && !antialiasing_filter(self.filter) {
                return Err(format!(
                    "--antialias widens a filter when shrinking, and --filter {filter} has no \
                     width to widen (bilinear, bicubic, box, hamming and the lanczos filters do)"
                ));
            }
            return Ok(());
        };
        let name = arg_name(convention);
        // What the convention fixes that a flag would otherwise set.
        let fixed_cubic_a = match convention {
            Convention::Torch => Some("-0.75, or -0.5 with --antialias"),
            Convention::Pillow | Convention::Pillow12 => Some("-0.5"),
            Convention::Opencv => Some("-0.75"),
            Convention::Onnx => None,
        };
        if let (Some(_), Some(fixed)) = (self.cubic_a, fixed_cubic_a) {
            return Err(format!(
                "--cubic-a: the {name} convention's bicubic coefficient is {fixed}; leave \
                 --cubic-a out, or use --convention onnx (its cubic_coeff_a) or no convention"
            ));
        }
        if let (Some(coord), false) = (self.coord, convention == Convention::Onnx) {
            return Err(format!(
                "--coord {}: the {name} convention fixes its coordinate mapping (half pixel{}); \
                 --coord takes ONNX's names, for --convention onnx or no convention",
                arg_name(coord),
                if convention == Convention::Torch {
                    ", or align corners with --align-corners"
                } else {
                    ""
                }
            ));
        }
        if self.align_corners
            && matches!(
                convention,
                Convention::Pillow | Convention::Pillow12 | Convention::Opencv
            )
        {
            return Err(format!(
                "--align-corners: the {name} convention maps pixel centres (half pixel) and has \
                 no align-corners mode"
            ));
        }
        // PyTorch refuses antialias for its non-interpolating modes itself (`presets::torch`);
        // ONNX takes the attribute for every mode, and nearest ignores it, as ONNX says.
        let antialias_refused = match convention {
            Convention::Opencv => Some("cv2.resize does not antialias; its shrink filter is area"),
            Convention::Pillow | Convention::Pillow12 if self.filter == FilterArg::Nearest => {
                Some("Pillow's NEAREST takes one input pixel and does not antialias")
            }
            _ => None,
        };
        if let (true, Some(why)) = (self.antialias, antialias_refused) {
            return Err(format!("--antialias with --convention {name}: {why}"));
        }
        Ok(())
    }

    /// No convention: the flags taken literally.
    fn normalization(&self) -> Result<Option<Normalization>, String> {
        let (Some(mean), Some(std)) = (&self.mean, &self.std) else {
            return Ok(None);
        };
        let (mean, std) = (parse_list(mean, "--mean")?, parse_list(std, "--std")?);
        Normalization::new(&mean, &std)
            .map(Some)
            .map_err(|e| format!("--mean/--std: {e}"))
    }

    fn generic(&self, input: Size2, output: Size2) -> ResizeSpecBuilder {
        let filter = match self.filter {
            FilterArg::Nearest => Filter::Nearest(NearestRule::Floor),
            FilterArg::NearestExact => Filter::Nearest(NearestRule::RoundPreferCeil),
            // (bilinear-exact is refused without the opencv convention, in `spec`.)
            FilterArg::Bilinear | FilterArg::BilinearExact => Filter::Linear,
            FilterArg::Bicubic => Filter::Cubic {
                a: self.cubic_a.unwrap_or(-0.75),
            },
            FilterArg::Area => Filter::Area(AreaRule::AdaptiveAverage),
            FilterArg::Box => Filter::Box,
            FilterArg::Hamming => Filter::Hamming,
            FilterArg::Lanczos3 => Filter::Lanczos { lobes: 3 },
            FilterArg::Mks2013 => Filter::MagicKernelSharp2013,
            FilterArg::Mks2021 => Filter::MagicKernelSharp2021,
            FilterArg::Lanczos4 => Filter::Lanczos { lobes: 4 },
        };
        let axis = AxisResample::default()
            .with_filter(filter)
            .with_mapping(self.mapping())
            .with_antialias(self.antialias)
            .with_border(if self.antialias {
                Border::Renormalize
            } else {
                Border::Clamp
            });
        ResizeSpec::builder(input, output).both_axes(axis)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use wgpu_resize::CoordinateMapping;

    /// The resize flags alone, parsed as the command line parses them.
    #[derive(Parser, Debug)]
    struct Flags {
        #[command(flatten)]
        flags: ResizeFlags,
    }

    const INPUT: Size2 = Size2 {
        height: 6,
        width: 8,
    };

    /// The spec the flags in `args` give for one 4-channel f32 image of `INPUT`, or the
    /// message they are refused with (clap's or the flags' own).
    fn spec_of(args: &[&str]) -> Result<ResizeSpec, String> {
        let parsed = Flags::try_parse_from(std::iter::once("wgresize").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        parsed.flags.spec(1, 4, INPUT, ElementType::F32)
    }

    /// The spec the flags `args` give a 640 x 480 RGB photo (8-bit).
    fn photo_spec(args: &[&str]) -> Result<ResizeSpec, String> {
        let parsed =
            Flags::try_parse_from(std::iter::once("wgresize").chain(args.iter().copied())).unwrap();
        parsed
            .flags
            .spec(1, 3, Size2::new(480, 640), ElementType::U8)
    }

    fn refused(args: &[&str]) -> String {
        match spec_of(args) {
            Ok(spec) => panic!("{args:?} gave {spec:?}"),
            Err(message) => message,
        }
    }

    /// Each convention takes the filters its message lists, and refuses the others naming
    /// them by their command-line spelling.
    #[test]
    fn conventions_take_the_filters_they_list() {
        for convention in Convention::value_variants() {
            let listed = convention_filters(*convention);
            for filter in FilterArg::value_variants() {
                let (filter, convention) = (arg_name(*filter), arg_name(*convention));
                let args = [
                    "--size",
                    "4x3",
                    "--filter",
                    &filter,
                    "--convention",
                    &convention,
                ];
                let named = listed
                    .split([',', ' '])
                    .any(|listed_filter| listed_filter == filter);
                match spec_of(&args) {
                    Ok(_) => assert!(named, "{args:?} ran; the list says {listed}"),
                    Err(message) => {
                        assert!(!named, "{args:?}: {message}");
                        assert!(
                            message.contains(&format!("--filter {filter} has no equivalent")),
                            "{message}"
                        );
                    }
                }
            }
        }
    }

    /// A flag that the filter or the convention would drop, or that contradicts another, is
    /// refused with a message naming it; the same flag where it applies is taken.
    #[test]
    fn flags_without_effect_are_refused() {
        let size = ["--size", "4x3"];
        let with = |rest: &[&'static str]| -> Vec<&'static str> {
            size.iter().chain(rest).copied().collect()
        };
        // Each convention but onnx fixes its cubic coefficient, and says at what.
        for (convention, fixed) in [
            ("torch", "-0.75, or -0.5 with --antialias"),
            ("pillow", "-0.5"),
            ("opencv", "-0.75"),
        ] {
            let args = ["--filter", "bicubic", "--cubic-a", "-0.3"];
            let args = with(&args).into_iter().chain(["--convention", convention]);
            let message = refused(&args.collect::<Vec<_>>());
            assert!(
                message.contains(&format!("bicubic coefficient is {fixed};")),
                "{convention}: {message}"
            );
        }
        for (args, needle) in [
            (with(&["--cubic-a", "-0.5"]), "--cubic-a"),
            (
                with(&["--coord", "asymmetric", "--convention", "torch"]),
                "--coord asymmetric",
            ),
            (
                with(&["--coord", "half_pixel", "--convention", "pillow"]),
                "--coord half_pixel",
            ),
            (
                with(&["--align-corners", "--coord", "asymmetric"]),
                "two coordinate mappings",
            ),
            (
                with(&["--align-corners", "--convention", "opencv"]),
                "--align-corners",
            ),
            (
                with(&["--align-corners", "--convention", "pillow"]),
                "--align-corners",
            ),
            (
                with(&["--antialias", "--convention", "opencv"]),
                "--antialias",
            ),
            (
                with(&[
                    "--antialias",
                    "--filter",
                    "nearest",
                    "--convention",
                    "pillow",
                ]),
                "--antialias",
            ),
            (with(&["--antialias", "--filter", "area"]), "--antialias"),
            (
                with(&["--antialias", "--filter", "nearest-exact"]),
                "--antialias",
            ),
            (
                with(&["--exclude-outside", "--convention", "pillow"]),
                "--convention onnx",
            ),
            (with(&["--exclude-outside"]), "--convention onnx"),
            // PyTorch's own refusals, from the preset.
            (
                with(&["--antialias", "--filter", "area", "--convention", "torch"]),
                "antialias",
            ),
            (
                with(&[
                    "--align-corners",
                    "--filter",
                    "nearest",
                    "--convention",
                    "torch",
                ]),
                "align_corners",
            ),
        ] {
            let message = refused(&args);
            assert!(message.contains(needle), "{args:?}: {message}");
        }
        for args in [
            with(&["--filter", "bicubic", "--cubic-a", "-0.3"]),
            with(&[
                "--filter",
                "bicubic",
                "--cubic-a",
                "-0.3",
                "--convention",
                "onnx",
            ]),
            with(&["--coord", "asymmetric", "--convention", "onnx"]),
            with(&["--align-corners", "--coord", "align_corners"]),
            with(&[
                "--align-corners",
                "--filter",
                "bicubic",
                "--convention",
                "torch",
            ]),
            with(&["--antialias", "--convention", "pillow"]),
            with(&["--antialias", "--filter", "nearest", "--convention", "onnx"]),
            with(&["--antialias", "--filter", "box"]),
            with(&["--antialias", "--exclude-outside", "--convention", "onnx"]),
        ] {
            spec_of(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        }
        // ONNX's exclude_outside reaches the spec: antialiased bilinear renormalises without
        // the taps past an edge, and on 8-bit images runs ONNX Runtime's fixed point.
        let onnx = ["--antialias", "--convention", "onnx", "--scale", "0.5"];
        let excluded = [&onnx[..], &["--exclude-outside"]].concat();
        for (args, border) in [
            (&onnx[..], Border::Clamp),
            (&excluded[..], Border::Renormalize),
        ] {
            assert_eq!(spec_of(args).unwrap().x_axis().border, border, "{args:?}");
            assert!(photo_spec(args).unwrap().onnx_fixed_point(), "{args:?}");
        }
    }

    /// Values that start with a minus reach the flags' own parsers: a crop may start left of
    /// or above the image, and a negative size is refused as a size, not as an unknown flag.
    /// `--thumbnail` sizes the output as `Image.thumbnail` does and reduces with its gap of 2
    /// unless `--reducing-gap` says otherwise; both are Pillow's, and refused elsewhere.
    #[test]
    fn thumbnails_and_reducing_gaps_are_pillows() {
        let pillow = ["--convention", "pillow", "--filter", "bicubic"];
        let with = |rest: &[&'static str]| -> Vec<&'static str> {
            pillow.iter().chain(rest).copied().collect()
        };
        // 640 x 480 within 100 x 700: 100 x 75, reduced by int(640 / 100 / 2) = 3 first.
        let spec = photo_spec(&with(&["--thumbnail", "100x700"])).unwrap();
        assert_eq!(spec.output(), Size2::new(75, 100));
        assert_eq!(spec.reducing_gap(), Some(2.0));
        assert_eq!(spec.reduction().unwrap().factors(), Size2::new(3, 3));
        let spec = photo_spec(&with(&["--thumbnail", "100x700", "--reducing-gap", "3"])).unwrap();
        assert_eq!(spec.reduction().unwrap().factors(), Size2::new(2, 2));
        // An image that fits the bound keeps its size.
        let spec = photo_spec(&with(&["--thumbnail", "700x700"])).unwrap();
        assert_eq!(spec.output(), Size2::new(480, 640));
        let spec = photo_spec(&with(&["--size", "64x48", "--reducing-gap", "1.5"])).unwrap();
        assert_eq!(spec.reduction().unwrap().factors(), Size2::new(6, 6));
        for args in [
            vec!["--size", "4x3", "--reducing-gap", "2"],
            vec!["--thumbnail", "4x3", "--convention", "torch"],
        ] {
            let message = refused(&args);
            assert!(
                message.contains("--convention pillow"),
                "{args:?}: {message}"
            );
        }
        let message = refused(&with(&["--thumbnail", "4x3", "--size", "4x3"]));
        assert!(message.contains("cannot be used with"), "{message}");
        let message = refused(&with(&["--size", "4x3", "--reducing-gap", "0.5"]));
        assert!(message.contains("at least 1"), "{message}");
        let message = refused(&with(&["--thumbnail", "0x3"]));
        assert!(message.contains("at least 1"), "{message}");
        // --reduce: Image.reduce's output size, of the whole input or of a box.
        let spec = photo_spec(&with(&["--reduce", "3"])).unwrap();
        assert_eq!(spec.output(), Size2::new(160, 214));
        assert_eq!(spec.reduction().unwrap().factors(), Size2::new(3, 3));
        let spec = photo_spec(&with(&["--reduce", "4x2", "--crop", "10,20,101,50"])).unwrap();
        assert_eq!(spec.output(), Size2::new(25, 26));
        assert_eq!(spec.reduction().unwrap().region(), [20, 10, 70, 111]);
        // ImageOps: 640 x 480 fit to 100 x 100 takes the centred 480 x 480 box; contained in
        // 100 x 100 it is 100 x 75, covering it 133 x 100.
        let spec = photo_spec(&with(&["--fit", "100x100"])).unwrap();
        assert_eq!(spec.output(), Size2::new(100, 100));
        assert_eq!(
            spec.x_axis().mapping,
            wgpu_resize::CoordinateMapping::Region {
                start: 80.0,
                end: 560.0
            }
        );
        let spec = photo_spec(&with(&["--contain", "100x100"])).unwrap();
        assert_eq!(spec.output(), Size2::new(75, 100));
        let spec = photo_spec(&with(&["--cover", "100x100"])).unwrap();
        assert_eq!(spec.output(), Size2::new(100, 133));
        for (args, needle) in [
            (
                with(&["--fit", "4x3", "--crop", "0,0,2,2"]),
                "cannot be used with",
            ),
            (vec!["--cover", "4x3"], "--convention pillow"),
            (with(&["--reduce", "0"]), "at least 1"),
            (
                with(&["--reduce", "2", "--crop", "1.5,0,4,4"]),
                "whole pixels",
            ),
            (
                with(&["--reduce", "2", "--size", "4x4"]),
                "cannot be used with",
            ),
            (vec!["--reduce", "2"], "--convention pillow"),
        ] {
            let message = refused(&args);
            assert!(message.contains(needle), "{args:?}: {message}");
        }
    }

    /// `--pad` places Pillow's contained image as `ImageOps.pad` does, black unless `--fill`
    /// says otherwise; `--letterbox` places the aspect-keeping image centred, 114 grey by
    /// default, under any convention. `--fill` alone, and `--pad` outside Pillow's conventions,
    /// are refused.
    #[test]
    fn pads_and_letterboxes_place_the_image_in_bands() {
        // 640 x 480 into 100 x 100: 100 x 75, 25 rows left over, 12 above (12.5 to even).
        let padded = photo_spec(&["--pad", "100x100", "--convention", "pillow"]).unwrap();
        assert_eq!(padded.output(), Size2::new(100, 100));
        assert_eq!(padded.resized(), Size2::new(75, 100));
        assert_eq!(padded.padding(), Padding::new(12, 0, 13, 0));
        assert_eq!(padded.extrapolation_value(), 0.0);
        // Into 64 x 64 as a detector does: 64 x 48, 8 rows a side, whatever the convention.
        for convention in ["opencv", "torch", "pillow"] {
            let boxed = photo_spec(&["--letterbox", "64x64", "--convention", convention]).unwrap();
            assert_eq!(boxed.output(), Size2::new(64, 64), "{convention}");
            assert_eq!(boxed.padding(), Padding::new(8, 0, 8, 0), "{convention}");
            assert_eq!(boxed.extrapolation_value(), 114.0, "{convention}");
        }
        let kept =
            photo_spec(&["--letterbox", "1000x700", "--no-scale-up", "--fill", "0"]).unwrap();
        assert_eq!(kept.resized(), Size2::new(480, 640));
        assert_eq!(kept.padding(), Padding::new(110, 180, 110, 180));
        assert_eq!(kept.extrapolation_value(), 0.0);
        for (args, needle) in [
            (vec!["--size", "4x3", "--fill", "3"], "--fill is the value"),
            (vec!["--pad", "4x3"], "--convention pillow"),
            (vec!["--letterbox", "0x3"], "at least 1"),
            (
                vec!["--letterbox", "4x3", "--crop", "0,0,2,2"],
                "cannot be used with",
            ),
        ] {
            let message = refused(&args);
            assert!(message.contains(needle), "{args:?}: {message}");
        }
    }

    /// `--cut X,Y,W,H` is the slice `[Y, X, Y+H, X+W]` of the photo, and the other flags read
    /// the slice: `--scale` scales it, `--letterbox` boxes it. Slices that are not four whole
    /// numbers, hold no pixel or pass the photo's edge are refused with what is allowed.
    #[test]
    fn cuts_are_slices_the_other_flags_read() {
        let half = photo_spec(&["--cut", "100,40,200,120", "--scale", "0.5"]).unwrap();
        assert_eq!(half.cut(), Some([40, 100, 160, 300]));
        assert_eq!(half.input(), Size2::new(480, 640));
        assert_eq!(half.output(), Size2::new(60, 100));
        let boxed = photo_spec(&["--cut", "0,0,200,100", "--letterbox", "64x64"]).unwrap();
        assert_eq!(boxed.resized(), Size2::new(32, 64));
        assert_eq!(boxed.padding(), Padding::new(16, 0, 16, 0));
        for (cut, needle) in [
            ("1,2,3", "four whole numbers"),
            ("1.5,2,3,4", "four whole numbers"),
            ("0,0,0,5", "top < bottom"),
            ("600,0,50,5", "left < right <= 640"),
            ("0,4294967295,1,1", "four whole numbers"),
        ] {
            let message = photo_spec(&["--size", "4x3", "--cut", cut]).unwrap_err();
            assert!(message.contains(needle), "{cut}: {message}");
        }
        // `--reduce`'s box, whose corners overflowed u32 when summed (a panic in debug builds).
        let args = [
            "--reduce",
            "2",
            "--crop",
            "0,4294967295,1,1",
            "--convention",
            "pillow",
        ];
        let message = photo_spec(&args).unwrap_err();
        assert!(message.contains("whole pixels"), "{message}");
    }

    #[test]
    fn negative_values_reach_their_parsers() {
        let spec = spec_of(&["--size", "4x3", "--crop", "-1,-2,4,5"]).unwrap();
        assert_eq!(
            spec.x_axis().mapping,
            CoordinateMapping::Region {
                start: -1.0,
                end: 3.0
            }
        );
        assert_eq!(
            spec.y_axis().mapping,
            CoordinateMapping::Region {
                start: -2.0,
                end: 3.0
            }
        );
        let message = refused(&["--size", "-4x3"]);
        assert!(
            message.contains("is not a whole number of pixels"),
            "{message}"
        );
        let message = refused(&["--size", "1.5x3"]);
        assert!(
            message.contains("\"1.5\" is not a whole number"),
            "{message}"
        );
    }
}
