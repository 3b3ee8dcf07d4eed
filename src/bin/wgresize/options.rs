//! Turns the resize flags (`--size`, `--filter`, `--convention`, …) into a spec.

use clap::{Args, ValueEnum};
use wgpu_resize::presets::{
    self, OnnxCoordinates, OnnxMode, OnnxResize, OpenCvInterpolation, PillowFilter, TorchMode,
    TorchOutput,
};
use wgpu_resize::{
    AreaRule, AxisResample, Border, CoordinateMapping, ElementType, Filter, Layout, NearestRule,
    Normalization, ResizeSpec, ResizeSpecBuilder, Size2,
};

/// `--filter` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FilterArg {
    Nearest,
    NearestExact,
    Bilinear,
    Bicubic,
    Area,
    Box,
    Hamming,
    Lanczos3,
    Lanczos4,
}

/// `--convention` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Convention {
    Torch,
    Pillow,
    Opencv,
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
    #[arg(long, value_name = "WxH", conflicts_with = "scale")]
    pub size: Option<String>,
    /// Scale factor S, or SXxSY for different factors per axis.
    #[arg(long, value_name = "S|SXxSY", allow_hyphen_values = true)]
    pub scale: Option<String>,
    /// Memory layout of the .npy arrays: nhwc is shaped n,h,w,c and nchw n,c,h,w.
    #[arg(long, value_enum, default_value = "nhwc")]
    pub layout: LayoutArg,
    /// Map corner pixels onto corner pixels (PyTorch's align_corners=True).
    #[arg(long)]
    pub align_corners: bool,
    /// The filter.
    #[arg(long, value_enum, default_value = "bilinear")]
    pub filter: FilterArg,
    /// Reproduce one library's numbers exactly.
    #[arg(long, value_enum)]
    pub convention: Option<Convention>,
    /// Widen the filter when shrinking.
    #[arg(long)]
    pub antialias: bool,
    /// Cubic coefficient (default -0.75; Pillow's and antialiased PyTorch's is -0.5).
    #[arg(long, value_name = "A", allow_hyphen_values = true)]
    pub cubic_a: Option<f64>,
    /// Coordinate mapping, by ONNX's names.
    #[arg(long, value_enum)]
    pub coord: Option<CoordArg>,
    /// Resize only the input region X,Y,W,H (pixels, fractions allowed) onto the whole output,
    /// as Pillow's `resize(size, box=(X, Y, X+W, Y+H))`.
    #[arg(long, value_name = "X,Y,W,H")]
    pub crop: Option<String>,
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

fn parse_pair<T: std::str::FromStr>(text: &str, what: &str) -> Result<(T, T), String> {
    let (a, b) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("{what} {text:?} must look like AxB"))?;
    let parse = |s: &str| {
        s.trim()
            .parse::<T>()
            .map_err(|_| format!("{what} {text:?}: {s:?} is not a number"))
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
            parse_pair::<f64>(text, "--scale")?
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

    /// The output size for an input size.
    pub fn output_size(&self, input: Size2) -> Result<Size2, String> {
        if let Some(text) = &self.size {
            let (w, h) = parse_pair::<u32>(text, "--size")?;
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
            None => Err("give the output size with --size WxH or --scale S".into()),
        }
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
        let output = self.output_size(input)?;
        let unsupported = |convention: &str| {
            format!(
                "--filter {:?} has no equivalent in the {convention} convention",
                self.filter
            )
        };
        let builder: ResizeSpecBuilder = match self.convention {
            None => self.generic(input, output),
            Some(Convention::Torch) => {
                let mode = match self.filter {
                    FilterArg::Nearest => TorchMode::Nearest,
                    FilterArg::NearestExact => TorchMode::NearestExact,
                    FilterArg::Bilinear => TorchMode::Bilinear,
                    FilterArg::Bicubic => TorchMode::Bicubic,
                    FilterArg::Area => TorchMode::Area,
                    _ => return Err(unsupported("torch")),
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
            Some(Convention::Pillow) => {
                let filter = match self.filter {
                    FilterArg::Nearest => PillowFilter::Nearest,
                    FilterArg::Box => PillowFilter::Box,
                    FilterArg::Bilinear => PillowFilter::Bilinear,
                    FilterArg::Hamming => PillowFilter::Hamming,
                    FilterArg::Bicubic => PillowFilter::Bicubic,
                    FilterArg::Lanczos3 => PillowFilter::Lanczos,
                    _ => return Err(unsupported("pillow")),
                };
                presets::pillow(input, output, filter)
            }
            Some(Convention::Opencv) => {
                let interpolation = match self.filter {
                    FilterArg::Nearest => OpenCvInterpolation::Nearest,
                    FilterArg::NearestExact => OpenCvInterpolation::NearestExact,
                    FilterArg::Bilinear => OpenCvInterpolation::Linear,
                    FilterArg::Bicubic => OpenCvInterpolation::Cubic,
                    FilterArg::Area => OpenCvInterpolation::Area,
                    FilterArg::Lanczos4 => OpenCvInterpolation::Lanczos4,
                    _ => return Err(unsupported("opencv")),
                };
                presets::opencv(input, output, interpolation)
            }
            Some(Convention::Onnx) => {
                let mode = match self.filter {
                    FilterArg::Nearest => OnnxMode::Nearest,
                    FilterArg::Bilinear => OnnxMode::Linear,
                    FilterArg::Bicubic => OnnxMode::Cubic,
                    _ => return Err(unsupported("onnx")),
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
                    ..OnnxResize::default()
                };
                presets::onnx(input, output, &node).map_err(|e| e.to_string())?
            }
        };
        let builder = match &self.crop {
            Some(text) => {
                let parts: Vec<f64> = text
                    .split(',')
                    .map(|v| v.trim().parse::<f64>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("--crop {text:?} must be four numbers X,Y,W,H"))?;
                let [x, y, w, h] = parts[..] else {
                    return Err(format!("--crop {text:?} must be four numbers X,Y,W,H"));
                };
                builder.crop(y, x, h, w)
            }
            None => builder,
        };
        let pillow_rgba = self.convention == Some(Convention::Pillow)
            && c == 4
            && self.filter != FilterArg::Nearest;
        builder
            .batch(n)
            .channels(c)
            .layout(self.layout())
            .element(element)
            .linear_light(self.linear_light)
            .premultiplied_alpha(self.premultiplied || pillow_rgba)
            .normalize(self.normalization()?)
            .build()
            .map_err(|e| e.to_string())
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
            FilterArg::Bilinear => Filter::Linear,
            FilterArg::Bicubic => Filter::Cubic {
                a: self.cubic_a.unwrap_or(-0.75),
            },
            FilterArg::Area => Filter::Area(AreaRule::AdaptiveAverage),
            FilterArg::Box => Filter::Box,
            FilterArg::Hamming => Filter::Hamming,
            FilterArg::Lanczos3 => Filter::Lanczos { lobes: 3 },
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
