//! Specs with exactly one library's semantics, so that "like PyTorch" gives PyTorch's numbers.
//!
//! Each function returns a [`ResizeSpecBuilder`] with both axes configured; set the batch,
//! channels, layout and element type on it, then [`ResizeSpecBuilder::build`].
//!
//! | preset | the call it reproduces |
//! | --- | --- |
//! | [`torch`] | `torch.nn.functional.interpolate(x, size=.. or scale_factor=.., mode=.., align_corners=.., recompute_scale_factor=.., antialias=..)` |
//! | [`pillow`] | `Image.resize((w, h), resample=..)` on the whole image (modes `F`, `L`, `RGB`, …); with [`ResizeSpecBuilder::crop`], `box=..`; with [`ResizeSpecBuilder::reducing_gap`], `reducing_gap=..` |
//! | [`pillow_thumbnail`] | `Image.thumbnail((w, h), resample=..)` |
//! | [`pillow_reduce`] | `Image.reduce(factor, box=..)` |
//! | [`pillow_fit`] | `ImageOps.fit(image, (w, h), method=.., bleed=.., centering=..)`; [`pillow_contain_size`] and [`pillow_cover_size`] size `ImageOps.contain` and `ImageOps.cover` for [`pillow`] |
//! | [`pillow_pad`] | `ImageOps.pad(image, (w, h), method=.., centering=..)` |
//! | [`opencv`] | `cv2.resize(x, (w, h), interpolation=..)` |
//! | [`opencv_letterbox`] | `cv2.resize` to the aspect-keeping size, then `cv2.copyMakeBorder(.., cv2.BORDER_CONSTANT, value=..)`: a detector's letterbox |
//! | [`onnx`] | ONNX `Resize` (opset 19, as ONNX Runtime computes it) with `sizes` |

use crate::error::SpecError;
use crate::padding::Padding;
use crate::reduction::Reduction;
use crate::spec::{
    AreaRule, AxisResample, Border, CoordinateArithmetic, CoordinateMapping, Filter, NearestRule,
    OpenCvFixedPoint, ResizeSpec, ResizeSpecBuilder, RoundingOrder, Size2,
};

/// PyTorch's `mode` argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TorchMode {
    /// `'nearest'` (the legacy, asymmetric rule).
    Nearest,
    /// `'nearest-exact'`.
    NearestExact,
    /// `'bilinear'`.
    Bilinear,
    /// `'bicubic'` (`a = -0.75`, or `-0.5` with antialias).
    Bicubic,
    /// `'area'` (adaptive average pooling).
    Area,
}

impl TorchMode {
    /// Every mode.
    pub const ALL: [TorchMode; 5] = [
        TorchMode::Nearest,
        TorchMode::NearestExact,
        TorchMode::Bilinear,
        TorchMode::Bicubic,
        TorchMode::Area,
    ];

    /// The `mode` string PyTorch takes: `"nearest"`, `"nearest-exact"`, `"bilinear"`, ….
    pub const fn name(self) -> &'static str {
        match self {
            TorchMode::Nearest => "nearest",
            TorchMode::NearestExact => "nearest-exact",
            TorchMode::Bilinear => "bilinear",
            TorchMode::Bicubic => "bicubic",
            TorchMode::Area => "area",
        }
    }

    /// The mode PyTorch names `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|mode| mode.name() == name)
    }

    /// Whether the mode interpolates (bilinear, bicubic): the modes that take
    /// `align_corners` and `antialias`.
    pub const fn interpolating(self) -> bool {
        matches!(self, TorchMode::Bilinear | TorchMode::Bicubic)
    }
}

/// How PyTorch was told the output size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TorchOutput {
    /// `size=(h, w)`.
    Size(Size2),
    /// `scale_factor=(y, x)`; the output is `floor(in · scale)`. Without
    /// `recompute_scale_factor`, coordinates map with `1/scale` rather than `in/out`.
    ScaleFactor {
        /// Height scale.
        y: f64,
        /// Width scale.
        x: f64,
        /// `recompute_scale_factor=True`.
        recompute: bool,
    },
}

/// The output size PyTorch computes for `output` from `input`.
pub fn torch_output_size(input: Size2, output: TorchOutput) -> Result<Size2, SpecError> {
    match output {
        TorchOutput::Size(size) => Ok(size),
        TorchOutput::ScaleFactor { y, x, .. } => {
            let scaled = |len: u32, scale: f64, what| {
                if !(scale.is_finite() && scale > 0.0) {
                    return Err(SpecError::InvalidParameter {
                        what,
                        value: scale,
                        allowed: "a finite number > 0",
                    });
                }
                Ok((len as f64 * scale).floor().min(u32::MAX as f64) as u32)
            };
            Ok(Size2::new(
                scaled(input.height, y, "y scale factor")?,
                scaled(input.width, x, "x scale factor")?,
            ))
        }
    }
}

/// `F.interpolate(x, size|scale_factor, mode, align_corners, antialias)` on an `input`-sized
/// image. `align_corners` and `antialias` apply to bilinear and bicubic only: for the other
/// modes PyTorch raises `ValueError`, and this returns [`SpecError::Unsupported`], rather than
/// give numbers for a call that PyTorch refuses.
///
/// Bilinear and bicubic ask for PyTorch's 8-bit fixed point
/// ([`ResizeSpecBuilder::torch_fixed_point`]), which applies to u8 elements: their bytes are
/// those of `F.interpolate` on a uint8 tensor on the CPU, every one (`tests/data/torch-u8/`;
/// PyTorch's CUDA kernels take no uint8 in these modes). Float elements are unaffected; so are
/// the nearest modes, which pick bytes. PyTorch's `area` takes no uint8; a u8 spec of it from
/// this preset computes in floats, rounded once.
///
/// Where PyTorch's CPU and CUDA kernels disagree, this follows the CPU: an axis kept at its
/// size under a stated scale (`recompute_scale_factor=False`) is copied in bilinear and
/// antialiased bicubic, as the CPU kernels copy it, where CUDA maps it by the scale
/// (BENCHMARKS.md, 2026-12-05).
pub fn torch(
    input: Size2,
    output: TorchOutput,
    mode: TorchMode,
    align_corners: bool,
    antialias: bool,
) -> Result<ResizeSpecBuilder, SpecError> {
    let out = torch_output_size(input, output)?;
    for (set, option) in [(align_corners, "align_corners"), (antialias, "antialias")] {
        if set && !mode.interpolating() {
            return Err(SpecError::Unsupported(format!(
                "PyTorch's {option} applies to modes 'bilinear' and 'bicubic' only; \
                 F.interpolate raises ValueError for mode={:?} with {option}=True",
                mode.name()
            )));
        }
    }
    // PyTorch's separable CPU kernels (bilinear, and antialiased bicubic) copy an axis kept at
    // its size whatever the stated scale; its other kernels map it by the scale.
    let separable = mode == TorchMode::Bilinear || (mode == TorchMode::Bicubic && antialias);
    let stated =
        |scale: f64, input: u32, output: u32| (!(separable && input == output)).then_some(scale);
    let (scale_y, scale_x) = match output {
        TorchOutput::ScaleFactor {
            y,
            x,
            recompute: false,
        } => (
            stated(y, input.height, out.height),
            stated(x, input.width, out.width),
        ),
        _ => (None, None),
    };
    let mapping = if align_corners {
        CoordinateMapping::AlignCorners
    } else {
        CoordinateMapping::HalfPixel
    };
    let (filter, border) = match mode {
        TorchMode::Nearest => (Filter::Nearest(NearestRule::TorchLegacy), Border::Clamp),
        TorchMode::NearestExact => (Filter::Nearest(NearestRule::TorchExact), Border::Clamp),
        TorchMode::Bilinear if antialias => (Filter::Linear, Border::Renormalize),
        TorchMode::Bilinear => (Filter::Linear, Border::Clamp),
        TorchMode::Bicubic if antialias => (Filter::Cubic { a: -0.5 }, Border::Renormalize),
        TorchMode::Bicubic => (Filter::Cubic { a: -0.75 }, Border::Clamp),
        TorchMode::Area => (Filter::Area(AreaRule::AdaptiveAverage), Border::Clamp),
    };
    let axis = AxisResample {
        filter,
        mapping,
        antialias,
        border,
        scale: None,
        arithmetic: CoordinateArithmetic::F64,
    };
    Ok(ResizeSpec::builder(input, out)
        .y_axis(axis.with_scale(scale_y))
        .x_axis(axis.with_scale(scale_x))
        // uint8 tensors: PyTorch's own fixed point (no effect on floats).
        .torch_fixed_point(mode.interpolating()))
}

/// Pillow's resampling filters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PillowFilter {
    /// `Image.Resampling.NEAREST`.
    Nearest,
    /// `Image.Resampling.BOX`.
    Box,
    /// `Image.Resampling.BILINEAR`.
    Bilinear,
    /// `Image.Resampling.HAMMING`.
    Hamming,
    /// `Image.Resampling.BICUBIC` (`a = -0.5`).
    Bicubic,
    /// `Image.Resampling.LANCZOS` (3 lobes).
    Lanczos,
    /// `Image.Resampling.MKS2013` (Pillow 13): Magic Kernel Sharp 2013.
    Mks2013,
    /// `Image.Resampling.MKS2021` (Pillow 13): Magic Kernel Sharp 2021.
    Mks2021,
}

/// `Image.resize((output.width, output.height), filter)`. Pillow always antialiases a shrink,
/// renormalises at the borders and, in 8-bit modes, rounds between the passes: the builder sets
/// all of that (rounding is a no-op for f32 elements, which is Pillow's `F` mode). The passes run
/// in Pillow 13's order ([`RoundingOrder::Pillow13`]: the vertical pass first where the height
/// shrinks most); for Pillow 12's bytes add `.rounding_order(RoundingOrder::Pillow12)`. The
/// two differ only in 8-bit modes, by rounding, where the orders differ. Pillow resizes `RGBA`
/// images premultiplied: for those (4 channels, NHWC; [`pillow_premultiplies`]) add
/// `.premultiplied_alpha(true)`, as `wgresize --convention pillow` does; the builder cannot,
/// since it learns the channel count later.
pub fn pillow(input: Size2, output: Size2, filter: PillowFilter) -> ResizeSpecBuilder {
    let filter = match filter {
        PillowFilter::Nearest => Filter::Nearest(NearestRule::PillowAffine),
        PillowFilter::Box => Filter::Box,
        PillowFilter::Bilinear => Filter::Linear,
        PillowFilter::Hamming => Filter::Hamming,
        PillowFilter::Bicubic => Filter::Cubic { a: -0.5 },
        PillowFilter::Lanczos => Filter::Lanczos { lobes: 3 },
        PillowFilter::Mks2013 => Filter::MagicKernelSharp2013,
        PillowFilter::Mks2021 => Filter::MagicKernelSharp2021,
    };
    let axis = AxisResample {
        filter,
        mapping: CoordinateMapping::HalfPixel,
        antialias: true,
        border: Border::Renormalize,
        scale: None,
        arithmetic: CoordinateArithmetic::PillowBox,
    };
    ResizeSpec::builder(input, output)
        .both_axes(axis)
        .round_intermediate(true)
        .rounding_order(RoundingOrder::Pillow13)
}

/// Whether Pillow resizes an image of `channels` channels with `filter` premultiplied: `RGBA`
/// (4 channels) with every filter but NEAREST, which copies pixels as they are. Set it on
/// [`pillow`]'s builder with [`ResizeSpecBuilder::premultiplied_alpha`].
pub fn pillow_premultiplies(filter: PillowFilter, channels: u32) -> bool {
    channels == 4 && filter != PillowFilter::Nearest
}

/// The size `Image.thumbnail(bound)` gives an image of `input` pixels: the largest within
/// `bound` of the image's aspect ratio as Pillow rounds it (each side the floor or the ceiling
/// of its exact value, whichever keeps the ratio closer, the floor on a tie, at least 1);
/// `None` where Pillow leaves the image as it is (it fits `bound` already, or the size comes
/// out the image's own).
pub fn pillow_thumbnail_size(input: Size2, bound: Size2) -> Option<Size2> {
    let (width, height) = (f64::from(input.width), f64::from(input.height));
    let (mut x, mut y) = (bound.width, bound.height);
    if x >= input.width && y >= input.height {
        return None;
    }
    let aspect = width / height;
    // Python's min(floor, ceil, key=..) keeps the first of equal keys: the floor.
    let round_aspect = |number: f64, key: &dyn Fn(f64) -> f64| {
        let (floor, ceil) = (number.floor(), number.ceil());
        let best = if key(ceil) < key(floor) { ceil } else { floor };
        best.max(1.0) as u32
    };
    if f64::from(x) / f64::from(y) >= aspect {
        let y_f = f64::from(y);
        x = round_aspect(y_f * aspect, &|n| (aspect - n / y_f).abs());
    } else {
        let x_f = f64::from(x);
        y = round_aspect(x_f / aspect, &|n| {
            if n == 0.0 {
                0.0
            } else {
                (aspect - x_f / n).abs()
            }
        });
    }
    let size = Size2::new(y, x);
    (size != input).then_some(size)
}

/// `Image.thumbnail(bound, filter)`: [`pillow`] to [`pillow_thumbnail_size`] with Pillow's
/// default reducing gap of 2 ([`ResizeSpecBuilder::reducing_gap`]); `None` where Pillow leaves
/// the image as it is. Pillow's JPEG `draft` (decoding at a reduced scale) happens before any
/// pixel reaches a resizer, and is not part of it.
pub fn pillow_thumbnail(
    input: Size2,
    bound: Size2,
    filter: PillowFilter,
) -> Option<ResizeSpecBuilder> {
    let output = pillow_thumbnail_size(input, bound)?;
    Some(pillow(input, output, filter).reducing_gap(Some(PILLOW_THUMBNAIL_GAP)))
}

/// `Image.reduce(factor, box)`: the input, or its `region` (`[top, left, bottom, right]` in
/// pixels: Pillow's box is `(left, top, right, bottom)`), averaged in blocks of `factors` (rows,
/// columns), the last row and column of blocks what is left; the output is the region's size
/// over the factors, rounded up. On u8 elements each block rounds as Pillow rounds it
/// ([`crate::Reduction`]); RGBA is averaged premultiplied where the builder says so, as Pillow
/// does ([`pillow_premultiplies`] with any filter but NEAREST). Every path but the gather
/// refuses it. Factors of 0, or a region outside the input or empty, are errors.
pub fn pillow_reduce(
    input: Size2,
    factors: Size2,
    region: Option<[u32; 4]>,
) -> Result<ResizeSpecBuilder, SpecError> {
    let region = region.unwrap_or([0, 0, input.height, input.width]);
    let reduction = Reduction::new(factors, region);
    let output = reduction.output();
    if output.height == 0 || output.width == 0 {
        return Err(SpecError::Unsupported(format!(
            "Image.reduce by {factors:?} of the region {region:?}: factors must be at least 1, \
             and the region [top, left, bottom, right] must hold a pixel"
        )));
    }
    Ok(pillow(input, output, PillowFilter::Box).reduction_only(reduction))
}

/// The size `ImageOps.contain(image, size)` gives an image of `input` pixels: the largest
/// within `size` of the image's aspect ratio, the side that shrinks more kept and the other
/// rounded as Python's `round` does (half to even); `None` where that side rounds to 0 (Pillow
/// then returns an empty image).
pub fn pillow_contain_size(input: Size2, size: Size2) -> Option<Size2> {
    let sized = pillow_aspect_size(input, size, |image, destination| image > destination);
    (sized.width > 0 && sized.height > 0).then_some(sized)
}

/// The size `ImageOps.cover(image, size)` gives an image of `input` pixels: the smallest that
/// covers `size` with the image's aspect ratio, rounded as [`pillow_contain_size`] rounds.
pub fn pillow_cover_size(input: Size2, size: Size2) -> Size2 {
    pillow_aspect_size(input, size, |image, destination| image < destination)
}

/// `ImageOps.contain`'s and `ImageOps.cover`'s arithmetic: where the image's ratio (width over
/// height) differs from `size`'s, the height follows the width where `height_follows` says so
/// of the two ratios, and the width follows the height otherwise.
fn pillow_aspect_size(
    input: Size2,
    size: Size2,
    height_follows: impl Fn(f64, f64) -> bool,
) -> Size2 {
    let (width, height) = (f64::from(input.width), f64::from(input.height));
    let image_ratio = width / height;
    let destination_ratio = f64::from(size.width) / f64::from(size.height);
    if image_ratio == destination_ratio {
        return size;
    }
    if height_follows(image_ratio, destination_ratio) {
        let height = (height / width * f64::from(size.width)).round_ties_even() as u32;
        Size2::new(height, size.width)
    } else {
        let width = (width / height * f64::from(size.height)).round_ties_even() as u32;
        Size2::new(size.height, width)
    }
}

/// `ImageOps.fit(image, (output.width, output.height), filter, bleed, centering)`: the largest
/// box of the output's aspect ratio inside the image less `bleed` (a fraction of each side
/// trimmed off every edge: 0 to under 0.5, else 0), placed by `centering` (`(x, y)`, each 0 to
/// 1, else 0.5: 0.5 crops evenly, 0 keeps the left or top edge), resized to the output
/// ([`pillow`] with that box, which its arithmetic takes as Pillow's C code does:
/// [`CoordinateArithmetic::PillowBox`]).
pub fn pillow_fit(
    input: Size2,
    output: Size2,
    filter: PillowFilter,
    bleed: f64,
    (centering_x, centering_y): (f64, f64),
) -> ResizeSpecBuilder {
    let centered = |c: f64| if (0.0..=1.0).contains(&c) { c } else { 0.5 };
    let (centering_x, centering_y) = (centered(centering_x), centered(centering_y));
    let bleed = if (0.0..0.5).contains(&bleed) {
        bleed
    } else {
        0.0
    };
    let (width, height) = (f64::from(input.width), f64::from(input.height));
    let bleed_pixels = (bleed * width, bleed * height);
    let live = (width - bleed_pixels.0 * 2.0, height - bleed_pixels.1 * 2.0);
    let live_ratio = live.0 / live.1;
    let output_ratio = f64::from(output.width) / f64::from(output.height);
    let (crop_width, crop_height) = if live_ratio == output_ratio {
        live
    } else if live_ratio >= output_ratio {
        (output_ratio * live.1, live.1)
    } else {
        (live.0, live.0 / output_ratio)
    };
    let left = bleed_pixels.0 + (live.0 - crop_width) * centering_x;
    let top = bleed_pixels.1 + (live.1 - crop_height) * centering_y;
    pillow(input, output, filter).crop(top, left, crop_height, crop_width)
}

/// `ImageOps.pad(image, (size.width, size.height), method=filter, centering=centering)`: the
/// image resized to its `ImageOps.contain` size ([`pillow_contain_size`]) and placed in a
/// `size` output as Pillow pastes it ([`Padding::pillow_pad`]; `centering` is `(x, y)`), the
/// rest filled with the spec's extrapolation value: 0 as built, Pillow's `color=None`; set
/// [`ResizeSpecBuilder::extrapolation_value`] for a `color` of one value in every channel, and
/// [`ResizeSpecBuilder::extrapolation_values`] for a colour (`color=(r, g, b)`).
/// Where the contained size is `size` itself, nothing is padded. An error where a side of the
/// contained image rounds to 0 pixels (Pillow returns an empty image).
pub fn pillow_pad(
    input: Size2,
    size: Size2,
    filter: PillowFilter,
    centering: (f64, f64),
) -> Result<ResizeSpecBuilder, SpecError> {
    let too_thin = || {
        SpecError::Unsupported(format!(
            "ImageOps.pad of a {}x{} image into {}x{}: a side of the contained image rounds to \
             0 pixels",
            input.width, input.height, size.width, size.height
        ))
    };
    let image = pillow_contain_size(input, size).ok_or_else(too_thin)?;
    let padding = Padding::pillow_pad(image, size, centering).ok_or_else(too_thin)?;
    Ok(pillow(input, image, filter).padding(padding))
}

/// The letterbox of YOLO-style detectors' preprocessing: `cv2.resize(image, (w, h),
/// interpolation=..)` to the image's size in `canvas` keeping its aspect ratio, then
/// `cv2.copyMakeBorder(.., top, bottom, left, right, cv2.BORDER_CONSTANT, value=fill)` with
/// `fill` in every channel (114 is the detectors' grey; for a colour, one value per channel,
/// set [`ResizeSpecBuilder::extrapolation_values`] on the builder this returns).
/// [`Padding::letterbox`] gives the sizes and bands (`scale_up: false` leaves smaller images at
/// their size); the resize is
/// [`opencv`]'s, its 8-bit fixed point included, so that u8 images come out as OpenCV's bytes.
pub fn opencv_letterbox(
    input: Size2,
    canvas: Size2,
    interpolation: OpenCvInterpolation,
    scale_up: bool,
    fill: f32,
) -> ResizeSpecBuilder {
    let (image, padding) = Padding::letterbox(input, canvas, scale_up);
    opencv(input, image, interpolation)
        .padding(padding)
        .extrapolation_value(fill)
}

/// The reducing gap of `Image.thumbnail` unless told otherwise.
pub const PILLOW_THUMBNAIL_GAP: f64 = 2.0;

/// OpenCV's `interpolation` flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OpenCvInterpolation {
    /// `cv2.INTER_NEAREST`.
    Nearest,
    /// `cv2.INTER_NEAREST_EXACT`.
    NearestExact,
    /// `cv2.INTER_LINEAR`.
    Linear,
    /// `cv2.INTER_LINEAR_EXACT`: bilinear, which OpenCV computes bit-exactly on 8-bit images
    /// (and as `INTER_LINEAR` on floats).
    LinearExact,
    /// `cv2.INTER_CUBIC` (`a = -0.75`).
    Cubic,
    /// `cv2.INTER_AREA`.
    Area,
    /// `cv2.INTER_LANCZOS4`.
    Lanczos4,
}

/// `cv2.resize(x, (output.width, output.height), interpolation=..)` on float images. OpenCV does
/// not antialias (except `INTER_AREA`) and clamps taps at the border.
///
/// On 8-bit images OpenCV sums `INTER_LINEAR`, `INTER_CUBIC`, `INTER_LANCZOS4` and
/// `INTER_AREA` where an axis grows in 11-bit fixed point, and `INTER_LINEAR_EXACT` in 8-bit.
/// A u8 spec of any of those but `INTER_CUBIC` from this preset runs OpenCV's own
/// ([`ResizeSpecBuilder::opencv_fixed_point`]: its bytes exactly, `tests/data/opencv-u8/`; in
/// floats `INTER_LINEAR` and `INTER_LANCZOS4` had differed by one level on 11.7% and 6.1% of
/// values of random RGB images against OpenCV 4.14). The others compute in floats and round
/// once:
/// - `INTER_CUBIC`: under 0.1% of values one level off (OpenCV's vector code sums its
///   vertical taps in f32, and the columns past the last whole vector in integers, so its own
///   bytes depend on the machine's vector width);
/// - `INTER_AREA` where no axis grows averages by coverage, as OpenCV does in its own order: a
///   few values in 100 000 one level apart (3 of 172 203 on 25 random shapes, against OpenCV
///   4.14 and 5.1, which differ from each other there too);
/// - `INTER_NEAREST` is exact, and `INTER_NEAREST_EXACT` follows OpenCV 5 (the conformance
///   cases'): OpenCV 4.14 picks other pixels at some indices.
pub fn opencv(
    input: Size2,
    output: Size2,
    interpolation: OpenCvInterpolation,
) -> ResizeSpecBuilder {
    let filter = match interpolation {
        OpenCvInterpolation::Nearest => Filter::Nearest(NearestRule::OpenCvNearest),
        OpenCvInterpolation::NearestExact => Filter::Nearest(NearestRule::OpenCvNearestExact),
        OpenCvInterpolation::Linear | OpenCvInterpolation::LinearExact => Filter::Linear,
        OpenCvInterpolation::Cubic => Filter::Cubic { a: -0.75 },
        OpenCvInterpolation::Lanczos4 => Filter::Lanczos { lobes: 4 },
        // OpenCV averages by coverage only when neither axis grows; otherwise both axes use
        // its enlarging rule.
        OpenCvInterpolation::Area
            if output.width <= input.width && output.height <= input.height =>
        {
            Filter::Area(AreaRule::Coverage)
        }
        OpenCvInterpolation::Area => Filter::Area(AreaRule::OpenCvUpscale),
    };
    ResizeSpec::builder(input, output)
        .both_axes(AxisResample {
            filter,
            mapping: CoordinateMapping::HalfPixel,
            antialias: false,
            border: Border::Clamp,
            scale: None,
            arithmetic: CoordinateArithmetic::F64,
        })
        // 8-bit images: OpenCV's own fixed point where it is exact (no effect on floats).
        .opencv_fixed_point(match (interpolation, filter) {
            (OpenCvInterpolation::Linear, _) => Some(OpenCvFixedPoint::Linear),
            (OpenCvInterpolation::LinearExact, _) => Some(OpenCvFixedPoint::LinearExact),
            (OpenCvInterpolation::Lanczos4, _) => Some(OpenCvFixedPoint::Lanczos4),
            (_, Filter::Area(AreaRule::OpenCvUpscale)) => Some(OpenCvFixedPoint::AreaUpscale),
            _ => None,
        })
}

/// ONNX `Resize`'s `mode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OnnxMode {
    /// `"nearest"`.
    Nearest,
    /// `"linear"`.
    Linear,
    /// `"cubic"`.
    Cubic,
}

/// ONNX `Resize`'s `coordinate_transformation_mode`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum OnnxCoordinates {
    /// `"half_pixel"` (the default).
    #[default]
    HalfPixel,
    /// `"half_pixel_symmetric"`.
    HalfPixelSymmetric,
    /// `"pytorch_half_pixel"`.
    PytorchHalfPixel,
    /// `"align_corners"`.
    AlignCorners,
    /// `"asymmetric"`.
    Asymmetric,
    /// `"tf_crop_and_resize"`, with the `roi` of [`OnnxResize::roi`].
    TfCropAndResize,
}

impl OnnxCoordinates {
    /// Every mode, in the order of ONNX's list.
    pub const ALL: [OnnxCoordinates; 6] = [
        Self::HalfPixel,
        Self::HalfPixelSymmetric,
        Self::PytorchHalfPixel,
        Self::AlignCorners,
        Self::Asymmetric,
        Self::TfCropAndResize,
    ];

    /// Parses the attribute's string value.
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "half_pixel" => Self::HalfPixel,
            "half_pixel_symmetric" => Self::HalfPixelSymmetric,
            "pytorch_half_pixel" => Self::PytorchHalfPixel,
            "align_corners" => Self::AlignCorners,
            "asymmetric" => Self::Asymmetric,
            "tf_crop_and_resize" => Self::TfCropAndResize,
            _ => return None,
        })
    }
}

/// The attributes of an ONNX `Resize` node, defaults as in the ONNX specification.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnnxResize {
    /// `mode`. Default: nearest.
    pub mode: OnnxMode,
    /// `coordinate_transformation_mode`. Default: half_pixel.
    pub coordinates: OnnxCoordinates,
    /// `nearest_mode`. Default: round_prefer_floor.
    pub nearest_mode: NearestRule,
    /// `cubic_coeff_a`. Default: -0.75.
    pub cubic_coeff_a: f64,
    /// `exclude_outside`. Default: false.
    pub exclude_outside: bool,
    /// `antialias`. Default: false.
    pub antialias: bool,
    /// `extrapolation_value`. Default: 0.
    pub extrapolation_value: f32,
    /// The height and width entries of `roi` as `[y_start, x_start, y_end, x_end]`, used by
    /// `tf_crop_and_resize`. Default: the whole image.
    pub roi: [f64; 4],
}

impl Default for OnnxResize {
    fn default() -> Self {
        OnnxResize {
            mode: OnnxMode::Nearest,
            coordinates: OnnxCoordinates::HalfPixel,
            nearest_mode: NearestRule::RoundPreferFloor,
            cubic_coeff_a: -0.75,
            exclude_outside: false,
            antialias: false,
            extrapolation_value: 0.0,
            roi: [0.0, 0.0, 1.0, 1.0],
        }
    }
}

/// The first opset whose `Resize` (Resize-11) has the attributes of [`OnnxResize`]. Resize-10
/// had `mode` alone, with coordinates computed as `asymmetric`.
pub const ONNX_FIRST_OPSET: u32 = 11;

impl OnnxResize {
    /// Whether a `Resize` node of `opset` can have these attributes. [`onnx`] computes
    /// Resize-19's definition (the bundled cases are opset 19); a node of an earlier opset
    /// from [`ONNX_FIRST_OPSET`] on is taken where it sets no attribute that opset lacks:
    /// `antialias` came with opset 18 and `half_pixel_symmetric` with 19.
    pub fn check_opset(&self, opset: u32) -> Result<(), SpecError> {
        let needs = |what: &str, since: u32| {
            if opset < since {
                Err(SpecError::Unsupported(format!(
                    "ONNX Resize has {what} from opset {since}, not at opset {opset}"
                )))
            } else {
                Ok(())
            }
        };
        needs("the attributes this preset reads", ONNX_FIRST_OPSET)?;
        if self.antialias {
            needs("antialias", 18)?;
        }
        if self.coordinates == OnnxCoordinates::HalfPixelSymmetric {
            needs("coordinate_transformation_mode half_pixel_symmetric", 19)?;
        }
        Ok(())
    }
}

/// ONNX `Resize` to `sizes = [.., .., output.height, output.width]`.
///
/// Its numbers are ONNX Runtime's on float tensors. On uint8 tensors
/// ([`ResizeSpecBuilder::onnx_fixed_point`]), antialiased `linear` and `cubic` run in ONNX
/// Runtime's own 8-bit fixed point (Pillow's integer passes on its f32 weights), its bytes
/// exactly (`tests/data/onnx-u8/`, against 1.32); plain `linear` runs its own arithmetic, which
/// truncates, in integers on NHWC tensors and in f32 steps on NCHW ones
/// ([`crate::OnnxLinearU8`]; `tests/data/onnx-linear-u8/`, against 1.32), so the spec's layout
/// must be that of the tensor ONNX Runtime would resize; `nearest` agrees as it is, and
/// extrapolation values are cast to bytes as ONNX Runtime casts them. Plain `cubic` on uint8
/// is rounded to nearest from f32; ONNX Runtime 1.32 refused it.
pub fn onnx(
    input: Size2,
    output: Size2,
    node: &OnnxResize,
) -> Result<ResizeSpecBuilder, SpecError> {
    if !matches!(
        node.nearest_mode,
        NearestRule::Floor
            | NearestRule::Ceil
            | NearestRule::RoundPreferFloor
            | NearestRule::RoundPreferCeil
    ) {
        return Err(SpecError::Unsupported(format!(
            "ONNX nearest_mode must be floor, ceil, round_prefer_floor or round_prefer_ceil, not {:?}",
            node.nearest_mode
        )));
    }
    let mapping = |start: f64, end: f64| match node.coordinates {
        OnnxCoordinates::HalfPixel => CoordinateMapping::HalfPixel,
        OnnxCoordinates::HalfPixelSymmetric => CoordinateMapping::HalfPixelSymmetric,
        OnnxCoordinates::PytorchHalfPixel => CoordinateMapping::PytorchHalfPixel,
        OnnxCoordinates::AlignCorners => CoordinateMapping::AlignCorners,
        OnnxCoordinates::Asymmetric => CoordinateMapping::Asymmetric,
        OnnxCoordinates::TfCropAndResize => CoordinateMapping::TfCropAndResize { start, end },
    };
    let (filter, border) = match node.mode {
        OnnxMode::Nearest => (Filter::Nearest(node.nearest_mode), Border::Clamp),
        // ONNX Runtime's antialiased kernels fold out-of-range taps onto the edge like the
        // plain ones, then normalise; with `exclude_outside` they leave them out, for linear
        // as for cubic (the plain linear kernel's two taps are clamped either way).
        OnnxMode::Linear => (
            Filter::Linear,
            if node.exclude_outside && node.antialias {
                Border::Renormalize
            } else {
                Border::Clamp
            },
        ),
        OnnxMode::Cubic => (
            Filter::Cubic {
                a: node.cubic_coeff_a,
            },
            if node.exclude_outside {
                Border::Renormalize
            } else {
                Border::Clamp
            },
        ),
    };
    // ONNX Runtime leaves an axis kept at its size as it is (its scale is 1), whatever the
    // mapping: a `tf_crop_and_resize` region on that axis is not applied (its other mappings
    // keep pixel centres in place at scale 1 anyway).
    let axis = |start, end, kept: bool| AxisResample {
        filter,
        mapping: if kept {
            CoordinateMapping::HalfPixel
        } else {
            mapping(start, end)
        },
        antialias: node.antialias && node.mode != OnnxMode::Nearest,
        border,
        scale: None,
        arithmetic: CoordinateArithmetic::F32,
    };
    let [y0, x0, y1, x1] = node.roi;
    Ok(ResizeSpec::builder(input, output)
        .y_axis(axis(y0, y1, input.height == output.height))
        .x_axis(axis(x0, x1, input.width == output.width))
        .extrapolation_value(node.extrapolation_value)
        // uint8 tensors, antialiased: ONNX Runtime's own fixed point (no effect elsewhere).
        .onnx_fixed_point(true))
}
