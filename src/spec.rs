//! What to do: [`ResizeSpec`], its layouts, element types and per-axis resampling rules, validated
//! on construction so that a bad request is a typed error before any GPU work.

use crate::error::SpecError;
use crate::extrapolation::Extrapolation;
use crate::gather_arithmetic::{GatherArithmetic, OnnxLinearU8, onnx_runtime_byte};
use crate::normalization::Normalization;
use crate::padding::Padding;
use crate::reduction::{MAX_BLOCK_PIXELS, Reduction};

/// Largest extent accepted along any one dimension. Far above any real image, far below the
/// point where index arithmetic in `u32` could overflow.
pub const MAX_DIMENSION: u32 = 1 << 20;

/// Largest stretch of input an antialiased axis may sample: its ratio (input pixels per output
/// pixel) times its output length, in input pixels. An antialiased band widens with the ratio,
/// and its taps are visited one by one when the table is built, so a stated scale or a crop
/// region far out of proportion to the sizes could otherwise ask for 10^300 of them. Four times
/// the largest dimension leaves every consistent spec (which samples at most its input, or a
/// crop a little beyond it) well inside.
pub const MAX_ANTIALIAS_SPAN: f64 = 4.0 * MAX_DIMENSION as f64;

/// Largest magnitude of a cubic filter's coefficient `a`. The kernel's weights grow with `a`;
/// far beyond the usual -0.5 and -0.75 they dwarf the data, and their sums lose every digit.
pub const MAX_CUBIC_COEFFICIENT: f64 = 100.0;

/// The largest sum that a row's positive weights, or its negative weights' magnitudes, may
/// have in Pillow's fixed point, where bytes times weights scaled by 2^22 add up in 32-bit
/// integers in any order: 255 · 2 · 2^22 + 2^21 fits below 2^31.
const MAX_FIXED_POINT_ROW: f64 = 2.0;

/// Largest number of elements of one tensor (input, output or intermediate): every index the
/// shaders compute must fit in a `u32`.
pub const MAX_ELEMENTS: u64 = (u32::MAX as u64) / 4;

/// Memory order of a 4-D tensor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Layout {
    /// `[n, h, w, c]`: channels innermost, the order of images and of most game textures.
    #[default]
    Nhwc,
    /// `[n, c, h, w]`: planes, the order of PyTorch and ONNX tensors.
    Nchw,
}

/// The type of each stored element.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum ElementType {
    /// 32-bit float.
    #[default]
    F32,
    /// 8-bit unsigned integer, stored four to a `u32` on the GPU. Results are rounded half up and
    /// clamped to `0..=255`.
    U8,
    /// 16-bit IEEE half float, stored two to a `u32` on the GPU and converted with WGSL's
    /// `unpack2x16float` / `pack2x16float` (no device feature needed); the taps accumulate in
    /// f32. Results round to a neighbouring half (WGSL leaves the direction to the device);
    /// results beyond the half range (±65504) are not defined.
    F16,
}

impl ElementType {
    /// Bytes per element.
    pub const fn size(self) -> u64 {
        match self {
            ElementType::F32 => 4,
            ElementType::F16 => 2,
            ElementType::U8 => 1,
        }
    }

    /// Short lowercase name, as the CLI and JSON outputs spell it.
    pub const fn name(self) -> &'static str {
        match self {
            ElementType::F32 => "f32",
            ElementType::F16 => "f16",
            ElementType::U8 => "u8",
        }
    }
}

/// How a nearest-neighbour filter turns a source coordinate into an input index.
///
/// The first four round the mapped coordinate as ONNX's `nearest_mode` names say. The others
/// reproduce a library's own index arithmetic, which is not a rounding of a shared coordinate:
/// they ignore the axis' [`CoordinateMapping`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NearestRule {
    /// `floor(x)`.
    Floor,
    /// `ceil(x)`.
    Ceil,
    /// Round to nearest, ties down (ONNX's default).
    RoundPreferFloor,
    /// Round to nearest, ties up.
    RoundPreferCeil,
    /// PyTorch `mode='nearest'`: `floor(dst · scale)` in single precision.
    TorchLegacy,
    /// PyTorch `mode='nearest-exact'`: `floor((dst + 0.5) · scale)` in single precision.
    TorchExact,
    /// Pillow `NEAREST`: `floor((dst + 0.5) · scale)` with the coordinate accumulated step by step
    /// in double precision, as Pillow's affine scaler does.
    PillowAffine,
    /// OpenCV `INTER_NEAREST`: `floor(dst · (1 / (out / in)))` in double precision.
    OpenCvNearest,
    /// OpenCV `INTER_NEAREST_EXACT`: the same stepped pixel-centre rule as Pillow's.
    OpenCvNearestExact,
}

impl NearestRule {
    /// Whether the rule maps whole axes only: its library's index arithmetic has no place for
    /// a crop region, so an axis with this rule takes no [`CoordinateMapping::Region`].
    pub fn maps_whole_axes_only(self) -> bool {
        matches!(
            self,
            NearestRule::TorchLegacy | NearestRule::TorchExact | NearestRule::OpenCvNearest
        )
    }
}

/// Which definition of "area" an area filter uses.
///
/// Each rule averages the footprints of the output pixels over the whole axis (the half-pixel
/// mapping) or over a crop region ([`CoordinateMapping::Region`]), which moves them by its
/// start and scales them by its length: a region of whole pixels gives the crop resized, to the
/// bit. Footprints reaching past the input average the part inside it. Other mappings place
/// sample points rather than footprints, and a spec refuses them with an area rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AreaRule {
    /// PyTorch `mode='area'` (adaptive average pooling): output `i` averages inputs
    /// `floor(i·in/out) .. ceil((i+1)·in/out)` with equal weights.
    AdaptiveAverage,
    /// OpenCV `INTER_AREA` when both axes shrink: each input pixel weighs by the fraction of it that
    /// the output pixel covers.
    Coverage,
    /// OpenCV `INTER_AREA` when some axis grows: a linear interpolation whose fraction is the part
    /// of the output pixel lying past the input pixel edge.
    OpenCvUpscale,
}

/// The 1-D filter applied along an axis.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Filter {
    /// Nearest neighbour, with the given index rule.
    Nearest(NearestRule),
    /// Linear (triangle) interpolation, support 1.
    Linear,
    /// Keys cubic with coefficient `a` (PyTorch and OpenCV use -0.75, Pillow -0.5), support 2.
    Cubic {
        /// The cubic coefficient.
        a: f64,
    },
    /// Box filter, support 0.5 (Pillow `BOX`).
    Box,
    /// Hamming-windowed sinc, support 1 (Pillow `HAMMING`).
    Hamming,
    /// Lanczos-windowed sinc with `lobes` lobes (Pillow `LANCZOS` is 3, OpenCV `INTER_LANCZOS4` 4).
    Lanczos {
        /// Number of lobes: the support radius.
        lobes: u32,
    },
    /// John Costella's Magic Kernel Sharp 2013: the magic kernel's quadratic B-spline with its
    /// sharpening step folded in, support 2.5 (Pillow 13 `MKS2013`).
    MagicKernelSharp2013,
    /// Magic Kernel Sharp 2021, whose sharpening step is wider and flatter, support 4.5
    /// (Pillow 13 `MKS2021`).
    MagicKernelSharp2021,
    /// Area averaging, by the given rule.
    Area(AreaRule),
}

impl Filter {
    /// Short name for messages and tables.
    pub fn name(&self) -> String {
        match self {
            Filter::Nearest(_) => "nearest".into(),
            Filter::Linear => "linear".into(),
            Filter::Cubic { a } => format!("cubic(a={a})"),
            Filter::Box => "box".into(),
            Filter::Hamming => "hamming".into(),
            Filter::Lanczos { lobes } => format!("lanczos{lobes}"),
            Filter::MagicKernelSharp2013 => "mks2013".into(),
            Filter::MagicKernelSharp2021 => "mks2021".into(),
            Filter::Area(_) => "area".into(),
        }
    }
}

/// How an output index maps to a source coordinate (in input pixel-index units, pixel `j`'s
/// centre at `j`). The names are ONNX's `coordinate_transformation_mode`; `ratio` below is
/// input pixels per output pixel (`in/out`, or `1/scale` when the caller gave a scale).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[non_exhaustive]
pub enum CoordinateMapping {
    /// `(dst + 0.5) · ratio - 0.5`: pixel centres line up (PyTorch `align_corners=False`).
    #[default]
    HalfPixel,
    /// Half-pixel about the centre of the image when the output size was rounded from a scale.
    HalfPixelSymmetric,
    /// Half-pixel, except that an output of length 1 samples input coordinate 0.
    PytorchHalfPixel,
    /// `dst · (in - 1) / (out - 1)`: corner pixels line up (`align_corners=True`).
    AlignCorners,
    /// `dst · ratio`: top-left corners line up.
    Asymmetric,
    /// ONNX `tf_crop_and_resize`: samples the region `start..end` (fractions of `in - 1`);
    /// outputs mapping outside the input take the spec's extrapolation value.
    TfCropAndResize {
        /// Start of the region, as a fraction of the axis.
        start: f64,
        /// End of the region, as a fraction of the axis.
        end: f64,
    },
    /// Half-pixel mapping of the input region `start..end` (in input pixels, fractional, pixel
    /// `j` spanning `j..j+1`) onto the whole output: a crop and a resize in one step, as
    /// Pillow's `resize(size, box=...)`. `ratio` is `(end - start) / out`; taps beyond the input
    /// follow the axis' border rule.
    Region {
        /// Where the region starts, in input pixels.
        start: f64,
        /// Where it ends, in input pixels (greater than `start`).
        end: f64,
    },
}

/// How taps that fall outside the input are treated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Border {
    /// Out-of-range taps read the edge pixel; weights are used as the filter gives them
    /// (PyTorch and OpenCV without antialias, ONNX with `exclude_outside=0`).
    #[default]
    Clamp,
    /// Out-of-range taps are dropped and the rest renormalised to sum to 1 (Pillow, PyTorch with
    /// antialias, ONNX with `exclude_outside=1`).
    Renormalize,
}

/// The arithmetic in which source coordinates are computed. It decides exact ties of nearest
/// rounding, so a convention that computes in single precision is reproduced in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CoordinateArithmetic {
    /// Double precision (PyTorch on f64 tensors, OpenCV).
    #[default]
    F64,
    /// Single precision, step by step as ONNX Runtime does.
    F32,
    /// Double precision, with a crop region ([`CoordinateMapping::Region`]) taken as Pillow's C
    /// code takes a box: its corners in single precision, and its length their
    /// single-precision difference (`precompute_coeffs`: `(double)(in1 - in0) / outSize`), so
    /// that a box whose corners f32 does not hold exactly (a third of a pixel, say) gives
    /// Pillow's weights. [`crate::presets::pillow`] sets it.
    PillowBox,
}

/// The resampling rule along one axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisResample {
    /// The 1-D filter. Default: [`Filter::Linear`].
    pub filter: Filter,
    /// Output index to source coordinate. Default: [`CoordinateMapping::HalfPixel`].
    pub mapping: CoordinateMapping,
    /// Widen the filter by `1/scale` when shrinking. No effect on [`Filter::Nearest`] and
    /// [`Filter::Area`], which have no support to widen (ONNX takes the attribute with its
    /// nearest mode and ignores it; PyTorch refuses it there, as [`crate::presets::torch`]
    /// does). Default: `false`.
    pub antialias: bool,
    /// Out-of-range taps. Default: [`Border::Clamp`].
    pub border: Border,
    /// The output/input scale the caller stated (PyTorch's `scale_factor` without
    /// `recompute_scale_factor`, ONNX's `scales`). `None` derives it from the sizes.
    /// Default: `None`.
    pub scale: Option<f64>,
    /// Arithmetic of the coordinate mapping. Default: [`CoordinateArithmetic::F64`].
    pub arithmetic: CoordinateArithmetic,
}

impl Default for AxisResample {
    fn default() -> Self {
        AxisResample {
            filter: Filter::Linear,
            mapping: CoordinateMapping::HalfPixel,
            antialias: false,
            border: Border::Clamp,
            scale: None,
            arithmetic: CoordinateArithmetic::F64,
        }
    }
}

impl AxisResample {
    /// The same rule with another filter.
    pub fn with_filter(mut self, filter: Filter) -> Self {
        self.filter = filter;
        self
    }

    /// The same rule with another coordinate mapping.
    pub fn with_mapping(mut self, mapping: CoordinateMapping) -> Self {
        self.mapping = mapping;
        self
    }

    /// The same rule with antialiasing on or off.
    pub fn with_antialias(mut self, antialias: bool) -> Self {
        self.antialias = antialias;
        self
    }

    /// The same rule with another border treatment.
    pub fn with_border(mut self, border: Border) -> Self {
        self.border = border;
        self
    }

    /// The same rule with a stated output/input scale.
    pub fn with_scale(mut self, scale: Option<f64>) -> Self {
        self.scale = scale;
        self
    }

    /// A crop region's start and length in the rule's arithmetic: as given, or with
    /// [`CoordinateArithmetic::PillowBox`] its corners rounded to f32 and its length their f32
    /// difference.
    pub(crate) fn region_start_and_length(&self, start: f64, end: f64) -> (f64, f64) {
        match self.arithmetic {
            CoordinateArithmetic::PillowBox => {
                let (start, end) = (start as f32, end as f32);
                (f64::from(start), f64::from(end - start))
            }
            _ => (start, end - start),
        }
    }

    /// Input pixels per output pixel when resizing `input_len` to `output_len`: `in/out`, or
    /// `1/scale` when the caller stated a scale, or the region's length over `out`.
    pub(crate) fn ratio(&self, input_len: u32, output_len: u32) -> f64 {
        match (self.mapping, self.scale) {
            (CoordinateMapping::Region { start, end }, _) => {
                self.region_start_and_length(start, end).1 / output_len as f64
            }
            (_, Some(scale)) => 1.0 / scale,
            (_, None) => input_len as f64 / output_len as f64,
        }
    }
}

/// Height and width of an image.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size2 {
    /// Rows.
    pub height: u32,
    /// Columns.
    pub width: u32,
}

impl Size2 {
    /// A size from height and width (note the order: rows first, as in tensor shapes).
    pub const fn new(height: u32, width: u32) -> Self {
        Size2 { height, width }
    }
}

/// How OpenCV rounds a resize of 8-bit images, as `cv2.resize` does
/// ([`ResizeSpecBuilder::opencv_fixed_point`]). Weights are OpenCV's coefficients times 2^11
/// (2^8 for `INTER_LINEAR_EXACT`) rounded to integers, and each input row's horizontal taps
/// sum exactly in integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OpenCvFixedPoint {
    /// `INTER_LINEAR`: each of the two vertical taps as `((row >> 4) · weight) >> 16`, then
    /// `(sum + 2) >> 2`, as OpenCV's vector code rounds.
    Linear,
    /// `INTER_LANCZOS4`: the eight vertical taps summed exactly, then `(sum + 2^21) >> 22`.
    Lanczos4,
    /// `INTER_LINEAR_EXACT`, OpenCV's bit-exact bilinear: coordinates in f64, taps moved inside
    /// the input on both axes, weights of 8 bits, and the two vertical taps summed exactly,
    /// then `(sum + 2^15) >> 16`.
    LinearExact,
    /// `INTER_AREA` where an axis grows: OpenCV's enlarging rule ([`AreaRule::OpenCvUpscale`]),
    /// which it computes and rounds as `INTER_LINEAR`, with the area rule's coefficients.
    AreaUpscale,
}

impl OpenCvFixedPoint {
    /// The filter whose taps it rounds: bilinear, lanczos of 4 lobes, or OpenCV's enlarging
    /// area rule.
    pub fn filter(self) -> Filter {
        match self {
            OpenCvFixedPoint::Linear | OpenCvFixedPoint::LinearExact => Filter::Linear,
            OpenCvFixedPoint::Lanczos4 => Filter::Lanczos { lobes: 4 },
            OpenCvFixedPoint::AreaUpscale => Filter::Area(AreaRule::OpenCvUpscale),
        }
    }
}

/// Which pass runs first in an 8-bit resize that rounds between its passes (Pillow's fixed
/// point, [`ResizeSpec::fixed_point`]): the intermediate is rounded to bytes, so the order is part
/// of the result, and Pillow's releases choose it differently.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RoundingOrder {
    /// The horizontal pass first, always (PyTorch's uint8 kernels; the builder's default).
    #[default]
    HorizontalFirst,
    /// Pillow 12's `Image.resize`: the horizontal pass first, except for an image more than 100
    /// times as tall as it is wide whose height shrinks, which Pillow resizes vertically first,
    /// in a call of its own.
    Pillow12,
    /// Pillow 13's `ImagingResampleInner` (the order of [`crate::presets::pillow`]): the
    /// vertical pass first where the height shrinks by more than twice as many pixels as the
    /// width does (`in_h - out_h > 2 · (in_w - out_w)`, with `in_h > out_h`), the horizontal pass
    /// first otherwise.
    Pillow13,
}

impl RoundingOrder {
    /// Whether a resize of an image from `input` to `output` runs its vertical pass first.
    pub fn vertical_first(self, input: Size2, output: Size2) -> bool {
        let (in_h, in_w) = (i64::from(input.height), i64::from(input.width));
        let (out_h, out_w) = (i64::from(output.height), i64::from(output.width));
        match self {
            RoundingOrder::HorizontalFirst => false,
            RoundingOrder::Pillow12 => in_h > 100 * in_w && out_h < in_h,
            RoundingOrder::Pillow13 => in_h - out_h > 0 && in_h - out_h > 2 * (in_w - out_w),
        }
    }
}

/// A complete, validated description of one resize: `n` images of `c` channels from `input` to
/// `output`, in a layout and element type, with a resampling rule per axis.
///
/// Build one with [`ResizeSpec::builder`] or with a preset from [`crate::presets`]; both validate
/// before returning.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResizeSpec {
    batch: u32,
    channels: u32,
    input: Size2,
    output: Size2,
    layout: Layout,
    element: ElementType,
    y: AxisResample,
    x: AxisResample,
    extrapolation: Extrapolation,
    round_intermediate: bool,
    rounding_order: RoundingOrder,
    opencv_fixed_point: Option<OpenCvFixedPoint>,
    torch_fixed_point: bool,
    onnx_fixed_point: bool,
    linear_light: bool,
    premultiplied_alpha: bool,
    normalization: Option<Normalization>,
    reducing_gap: Option<f64>,
    /// The sub-image resized as an image of its own, `[top, left, bottom, right]`.
    cut: Option<[u32; 4]>,
    padding: Padding,
    stage: Stage,
}

/// Which part of a two-step resize ([`ResizeSpecBuilder::reducing_gap`]) a spec runs: the
/// resizers run a spec with a reduction as its two stages, each a spec of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) enum Stage {
    /// The whole resize, from the caller's input to the caller's output.
    #[default]
    Whole,
    /// A reduction alone: the first stage of a two-step resize, into the reduced image (colour
    /// converted on load, not back), or where `last` the whole resize (`Image.reduce`,
    /// [`crate::presets::pillow_reduce`]).
    Reduce {
        /// The factors and the region.
        reduction: Reduction,
        /// The reduced image is the output: colour converted back, normalised.
        last: bool,
    },
    /// The resize of the reduced image, colour converted back on store, not on load.
    AfterReduce,
}

/// By-value builder of a [`ResizeSpec`]; [`ResizeSpecBuilder::build`] validates.
#[derive(Clone, Copy, Debug)]
pub struct ResizeSpecBuilder {
    spec: ResizeSpec,
}

impl ResizeSpecBuilder {
    /// Input and output sizes, in place of those the builder was started with (the output
    /// before any padding).
    pub fn sizes(mut self, input: Size2, output: Size2) -> Self {
        self.spec.input = input;
        self.spec.output = output;
        self
    }

    /// Number of images. Default: 1.
    pub fn batch(mut self, batch: u32) -> Self {
        self.spec.batch = batch;
        self
    }

    /// Channels per pixel. Default: 1.
    pub fn channels(mut self, channels: u32) -> Self {
        self.spec.channels = channels;
        self
    }

    /// Memory layout of input and output. Default: [`Layout::Nhwc`].
    pub fn layout(mut self, layout: Layout) -> Self {
        self.spec.layout = layout;
        self
    }

    /// Element type of input and output. Default: [`ElementType::F32`].
    pub fn element(mut self, element: ElementType) -> Self {
        self.spec.element = element;
        self
    }

    /// The same rule on both axes.
    pub fn both_axes(mut self, axis: AxisResample) -> Self {
        self.spec.y = axis;
        self.spec.x = axis;
        self
    }

    /// The rule along the height.
    pub fn y_axis(mut self, axis: AxisResample) -> Self {
        self.spec.y = axis;
        self
    }

    /// The rule along the width.
    pub fn x_axis(mut self, axis: AxisResample) -> Self {
        self.spec.x = axis;
        self
    }

    /// The same filter on both axes, keeping the other settings.
    pub fn filter(mut self, filter: Filter) -> Self {
        self.spec.y.filter = filter;
        self.spec.x.filter = filter;
        self
    }

    /// The same coordinate mapping on both axes.
    pub fn mapping(mut self, mapping: CoordinateMapping) -> Self {
        self.spec.y.mapping = mapping;
        self.spec.x.mapping = mapping;
        self
    }

    /// Antialiasing on both axes.
    pub fn antialias(mut self, antialias: bool) -> Self {
        self.spec.y.antialias = antialias;
        self.spec.x.antialias = antialias;
        self
    }

    /// Resize only the input region `height × width` at (`top`, `left`), in input pixels
    /// (fractional allowed), onto the whole output: sets [`CoordinateMapping::Region`] on both
    /// axes, keeping their filters.
    pub fn crop(mut self, top: f64, left: f64, height: f64, width: f64) -> Self {
        self.spec.y.mapping = CoordinateMapping::Region {
            start: top,
            end: top + height,
        };
        self.spec.x.mapping = CoordinateMapping::Region {
            start: left,
            end: left + width,
        };
        self
    }

    /// [`ResizeSpecBuilder::crop`] by the region's corners, `[top, left, bottom, right]` in
    /// input pixels, as Pillow's `box=(left, top, right, bottom)` gives them: the corners taken
    /// as they are, where `crop` adds the height to `top` and the width to `left`, which f64
    /// may round one step away from the bottom and right a caller holds.
    pub fn crop_box(mut self, [top, left, bottom, right]: [f64; 4]) -> Self {
        self.spec.y.mapping = CoordinateMapping::Region {
            start: top,
            end: bottom,
        };
        self.spec.x.mapping = CoordinateMapping::Region {
            start: left,
            end: right,
        };
        self
    }

    /// Resize the sub-image `[top, left, bottom, right]` (whole input pixels, bottom and right
    /// exclusive) as an image of its own, whose edges are the sub-image's: what a library
    /// gives for a slice of the image, `cv2.resize(img[top:bottom, left:right], ..)` or
    /// `F.interpolate(x[..., top:bottom, left:right], ..)`, in that library's own arithmetic
    /// (OpenCV's and PyTorch's 8-bit fixed points included). [`ResizeSpecBuilder::crop`]
    /// differs: its region is sampled in place, its filter reading the pixels around it, as
    /// Pillow's `box` does. The input is the whole image. Every path reads the sub-image where
    /// it lies, through the weight tables of its resize moved there
    /// ([`crate::AxisWeights::for_spec`]; OpenCV's and ONNX Runtime's padded ones clamped into
    /// it): the gather and fused paths in one dispatch, the separable path's first pass too,
    /// its second reading the intermediate through the sub-image's own tables. `None` resizes
    /// the whole input. Takes no reducing gap. Each slice makes a spec of its own, which a resizer
    /// prepares on first use (tables, parameter blocks): for boxes that move every frame, a
    /// crop batch of a template with a cut ([`crate::Resizer::crop_batch`]) resizes them all in
    /// one dispatch, reading each slice in place, without allocating. Default: `None`.
    pub fn cut(mut self, cut: Option<[u32; 4]>) -> Self {
        self.spec.cut = cut;
        self
    }

    /// Value of outputs that map outside the input (under
    /// [`CoordinateMapping::TfCropAndResize`], outside a crop box, in the bands of
    /// [`ResizeSpecBuilder::padding`]), the same in every channel. Default: 0.
    pub fn extrapolation_value(mut self, value: f32) -> Self {
        self.spec.extrapolation = Extrapolation::Uniform(value);
        self
    }

    /// Values of outputs that map outside the input, one per channel: a colour, as Pillow's
    /// `ImageOps.pad(.., color=(r, g, b))`, `cv2.copyMakeBorder(.., value=...)` (in the
    /// image's channel order, BGR for OpenCV's) and torchvision's `Pad(fill=(r, g, b))` give
    /// it. In input units, as [`ResizeSpecBuilder::extrapolation_value`]. `values` must name
    /// every channel of the spec, at most [`crate::extrapolation::MAX_EXTRAPOLATED_CHANNELS`]
    /// (checked by [`ResizeSpecBuilder::build`]).
    pub fn extrapolation_values(mut self, values: &[f32]) -> Self {
        self.spec.extrapolation = Extrapolation::per_channel(values);
        self
    }

    /// The extrapolation values widened to four channels (the added ones repeating the last):
    /// for the kernels that run a spec's pixels as four channels of which the caller keeps the
    /// first.
    pub(crate) fn extrapolation_widened(mut self) -> Self {
        if let Extrapolation::PerChannel { .. } = self.spec.extrapolation {
            self.spec.extrapolation = Extrapolation::per_channel(&self.spec.extrapolation.lanes());
        }
        self
    }

    /// Round (and for u8, clamp) the first pass's result to the element type before the
    /// second pass, as Pillow does in 8-bit modes. The first pass is the horizontal one, unless
    /// [`ResizeSpecBuilder::rounding_order`] says otherwise for 8-bit elements. Default: `false`.
    pub fn round_intermediate(mut self, round: bool) -> Self {
        self.spec.round_intermediate = round;
        self
    }

    /// Which pass runs first where 8-bit elements round between the passes in Pillow's fixed
    /// point ([`ResizeSpec::fixed_point`]); no effect elsewhere, nor in PyTorch's fixed point,
    /// which keeps its own order. Default: [`RoundingOrder::HorizontalFirst`].
    pub fn rounding_order(mut self, order: RoundingOrder) -> Self {
        self.spec.rounding_order = order;
        self
    }

    /// For u8 elements, resample in OpenCV's 8-bit fixed point `rounding`, as `cv2.resize`
    /// computes `INTER_LINEAR`, `INTER_LANCZOS4`, `INTER_LINEAR_EXACT` and `INTER_AREA` where
    /// an axis grows on 8-bit images, so
    /// that results are OpenCV's to the last bit ([`OpenCvFixedPoint`] says how each rounds):
    /// OpenCV's coordinates and coefficients, integer weights, rows summed in integers, and the
    /// taps past an edge read at clamped indices with their own weights where OpenCV does not
    /// move them inside. Takes the filter of `rounding` ([`OpenCvFixedPoint::filter`]) on both
    /// axes, half-pixel, without antialiasing, crops, stated scales, colour conversions or
    /// Pillow's rounding between passes, and runs on the gather path. No effect on f32 and f16.
    /// Default: `None`.
    pub fn opencv_fixed_point(mut self, rounding: Option<OpenCvFixedPoint>) -> Self {
        self.spec.opencv_fixed_point = rounding;
        self
    }

    /// For u8 elements, resample in PyTorch's 8-bit fixed point, as `F.interpolate` computes
    /// bilinear and bicubic (antialiased or not) on uint8 tensors on the CPU, so that results
    /// are PyTorch's to the last bit: each axis' weights computed as PyTorch computes them
    /// ([`crate::AxisWeights::torch_u8`]), stored as integers at the precision PyTorch gives
    /// that axis, each pass summed in integers and rounded to a byte, the horizontal pass
    /// first, and an axis kept at its size left as it is. Runs on every path, as Pillow's fixed
    /// point does. It applies where PyTorch has a result: linear or cubic filters, half-pixel or
    /// aligned corners, clamped borders without antialiasing and renormalised ones with it, no
    /// crop, no colour conversions and no OpenCV fixed point; elsewhere, and on f32 and f16, it
    /// has no effect ([`ResizeSpec::torch_fixed_point`] says whether it applies). Default:
    /// `false`.
    pub fn torch_fixed_point(mut self, torch: bool) -> Self {
        self.spec.torch_fixed_point = torch;
        self
    }

    /// For u8 elements, resample in ONNX Runtime's own 8-bit arithmetic where its CPU `Resize`
    /// has one on uint8 tensors, so that results are ONNX Runtime's to the last bit:
    ///
    /// - Antialiased linear and cubic, in its fixed point: each axis' weights computed in f32
    ///   as ONNX Runtime computes them ([`crate::AxisWeights::onnx_u8`]), stored as integers in
    ///   units of 2^-22, each pass summed in integers and rounded to a byte, the horizontal pass
    ///   first, and an axis kept at its size left as it is. Runs on every path, as Pillow's
    ///   fixed point does. It applies where ONNX Runtime's antialiased kernels do: linear or
    ///   cubic filters antialiased on both axes, in f32 coordinates
    ///   ([`CoordinateArithmetic::F32`]), no colour conversions, no padding and no other fixed
    ///   point ([`ResizeSpec::onnx_fixed_point`] says whether it applies).
    /// - Plain linear (not antialiased), truncated as ONNX Runtime truncates: in its integers
    ///   on NHWC tensors and its f32 steps on NCHW ones ([`crate::OnnxLinearU8`] says which
    ///   and how; [`crate::AxisWeights::onnx_linear`] gives the tables). Runs on the gather
    ///   path alone. It applies to linear filters on both axes, clamped, without antialiasing,
    ///   in f32 coordinates, with no colour conversions, padding, crops of
    ///   [`CoordinateMapping::Region`] or other fixed point ([`ResizeSpec::onnx_linear_u8`]
    ///   says whether and how it applies).
    ///
    /// Either way the extrapolation values are cast to bytes as ONNX Runtime casts them
    /// ([`ResizeSpec::extrapolation_of`]). Elsewhere, and on f32 and f16, it has no effect.
    /// Default: `false`.
    pub fn onnx_fixed_point(mut self, onnx: bool) -> Self {
        self.spec.onnx_fixed_point = onnx;
        self
    }

    /// Resize in linear light: sRGB-encoded values are decoded before the taps and encoded
    /// after them, in the shader. Values are taken as 0..1 for f32 and 0..255 for u8; with
    /// [`ResizeSpecBuilder::premultiplied_alpha`] the fourth channel is alpha and stays linear.
    /// Rounding between passes does not apply: the intermediate keeps full precision.
    /// Default: `false`.
    pub fn linear_light(mut self, linear: bool) -> Self {
        self.spec.linear_light = linear;
        self
    }

    /// Treat the fourth channel of RGBA pixels (NHWC, 4 channels) as straight alpha: colour
    /// is multiplied by alpha before the taps and divided by the resized alpha after them, so
    /// that transparent pixels do not bleed their colour into edges. Rounding between passes
    /// does not apply. Default: `false`.
    pub fn premultiplied_alpha(mut self, premultiply: bool) -> Self {
        self.spec.premultiplied_alpha = premultiply;
        self
    }

    /// Normalise each output channel as `(v - mean[c]) / std[c]` after the resize (and after
    /// any colour conversion), as a model's input wants it; `None` stores the resized values.
    /// The spec's channels must be the normalisation's, and its element type f32 or f16.
    /// The last kernel applies it to its f32 sums as it stores the output, so it costs no
    /// pass of its own and an f16 output is rounded once. A tensor resized into a texture
    /// applies it before the texels are stored ([`Normalization::inverse`] turns a model's
    /// normalised output back into values to show); a texture resized into a texture refuses
    /// it. Default: `None`.
    pub fn normalize(mut self, normalization: Option<Normalization>) -> Self {
        self.spec.normalization = normalization;
        self
    }

    /// Resize in Pillow's two steps, as `Image.resize(.., reducing_gap=gap)` does (and
    /// `Image.thumbnail`, whose gap is 2 by default; [`crate::presets::pillow_thumbnail`]):
    /// first reduce the input by whole factors, averaging blocks of pixels, so that the resize
    /// that follows changes the size by at least `gap`; then resize the reduced image. Pillow's
    /// rule chooses the factors and the region reduced ([`crate::Reduction`]); where both
    /// factors come out 1, or an axis takes a nearest rule (which Pillow never reduces), the
    /// resize is one step as without a gap. Pillow 12's `Image.resize` drops the gap for RGBA
    /// images, and so does a spec of [`RoundingOrder::Pillow12`] with premultiplied alpha.
    ///
    /// The gap must be at least 1. The axes must be Pillow's: antialiased, half-pixel or a
    /// region, without a stated scale; u8 elements must round as Pillow does
    /// ([`ResizeSpecBuilder::round_intermediate`]), and their blocks average as Pillow's
    /// `Image.reduce` rounds them. Floats average in f32. Default: `None` (one step).
    pub fn reducing_gap(mut self, gap: Option<f64>) -> Self {
        self.spec.reducing_gap = gap;
        self
    }

    /// Grow the output by the bands of `padding` around the resized image, and fill the bands
    /// with the extrapolation value ([`ResizeSpecBuilder::extrapolation_value`], or a colour:
    /// [`ResizeSpecBuilder::extrapolation_values`]; in input units: normalised as the image
    /// is, not colour converted). The builder's output size
    /// stays the image's, and [`ResizeSpec::output`] becomes the image and the bands. A
    /// letterbox ([`Padding::letterbox`], [`crate::presets::opencv_letterbox`]) or Pillow's
    /// `ImageOps.pad` ([`crate::presets::pillow_pad`]) then runs in one pass, and the image
    /// inside is the resize to the image's size, to the bit. A two-step resize and video
    /// planes take no padding. Default: [`Padding::NONE`].
    pub fn padding(mut self, padding: Padding) -> Self {
        self.spec.padding = padding;
        self
    }

    /// Makes the spec the reduction `reduction` alone, whose output the builder's output must
    /// be ([`crate::presets::pillow_reduce`]).
    pub(crate) fn reduction_only(mut self, reduction: Reduction) -> Self {
        self.spec.stage = Stage::Reduce {
            reduction,
            last: true,
        };
        self
    }

    /// Validates and returns the spec.
    pub fn build(self) -> Result<ResizeSpec, SpecError> {
        self.spec.validate()?;
        Ok(self.spec)
    }
}

impl ResizeSpec {
    /// Starts a spec from input and output sizes, with one image, one channel, NHWC, f32 and
    /// half-pixel bilinear on both axes.
    pub fn builder(input: Size2, output: Size2) -> ResizeSpecBuilder {
        ResizeSpecBuilder {
            spec: ResizeSpec {
                batch: 1,
                channels: 1,
                input,
                output,
                layout: Layout::Nhwc,
                element: ElementType::F32,
                y: AxisResample::default(),
                x: AxisResample::default(),
                extrapolation: Extrapolation::Uniform(0.0),
                round_intermediate: false,
                rounding_order: RoundingOrder::HorizontalFirst,
                opencv_fixed_point: None,
                torch_fixed_point: false,
                onnx_fixed_point: false,
                linear_light: false,
                premultiplied_alpha: false,
                normalization: None,
                reducing_gap: None,
                cut: None,
                padding: Padding::NONE,
                stage: Stage::Whole,
            },
        }
    }

    /// A builder preloaded with this spec, to derive a variant (another layout, say).
    pub fn to_builder(self) -> ResizeSpecBuilder {
        ResizeSpecBuilder { spec: self }
    }

    /// Number of images.
    pub fn batch(&self) -> u32 {
        self.batch
    }
    /// Channels per pixel.
    pub fn channels(&self) -> u32 {
        self.channels
    }
    /// Input image size.
    pub fn input(&self) -> Size2 {
        self.input
    }
    /// Output image size: the resized image and the bands of padding around it, if any.
    pub fn output(&self) -> Size2 {
        let Padding {
            top,
            left,
            bottom,
            right,
        } = self.padding;
        let grown =
            |len: u32, before: u32, after: u32| len.saturating_add(before).saturating_add(after);
        Size2::new(
            grown(self.output.height, top, bottom),
            grown(self.output.width, left, right),
        )
    }
    /// The bands of the output around the resized image ([`ResizeSpecBuilder::padding`]).
    pub fn padding(&self) -> Padding {
        self.padding
    }
    /// The resized image's size, which the builder was given: the output less the bands of
    /// padding (the output itself, without).
    pub fn resized(&self) -> Size2 {
        self.output
    }
    /// Memory layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }
    /// Element type.
    pub fn element(&self) -> ElementType {
        self.element
    }
    /// Rule along the height.
    pub fn y_axis(&self) -> &AxisResample {
        &self.y
    }
    /// Rule along the width.
    pub fn x_axis(&self) -> &AxisResample {
        &self.x
    }
    /// Value of outputs mapping outside the input, in channel 0 (in every channel unless set
    /// per channel: [`ResizeSpec::extrapolation_of`]).
    pub fn extrapolation_value(&self) -> f32 {
        self.extrapolation_of(0)
    }
    /// Value of channel `channel`'s outputs mapping outside the input. In ONNX Runtime's
    /// 8-bit arithmetic ([`ResizeSpecBuilder::onnx_fixed_point`] on u8 elements) the value
    /// as its kernels store it, `static_cast<uint8_t>(value)` on x86-64: truncated toward zero,
    /// and the low byte of that integer kept (300.7 is 44, -3.5 is 253).
    pub fn extrapolation_of(&self, channel: u32) -> f32 {
        let value = self.extrapolation.of(channel);
        if self.onnx_fixed_point && self.element == ElementType::U8 {
            return f32::from(onnx_runtime_byte(value));
        }
        value
    }
    /// Whether outputs mapping outside the input take different values in different channels
    /// ([`ResizeSpecBuilder::extrapolation_values`], not all equal as
    /// [`ResizeSpec::extrapolation_of`] gives them: values that ONNX Runtime's 8-bit cast makes
    /// one byte are one value).
    pub fn extrapolation_varies_by_channel(&self) -> bool {
        let lanes = self.extrapolation_lanes();
        lanes.iter().any(|v| v.to_bits() != lanes[0].to_bits())
    }
    /// The extrapolation values as the kernels read them, channel `c`'s in lane `c % 4`
    /// ([`ResizeSpec::extrapolation_of`]'s).
    pub(crate) fn extrapolation_lanes(&self) -> [f32; 4] {
        std::array::from_fn(|lane| self.extrapolation_of(lane as u32))
    }
    /// Whether the intermediate between the passes is rounded to the element type (asked for,
    /// and no colour conversion makes the intermediate a float).
    pub fn round_intermediate(&self) -> bool {
        (self.round_intermediate || self.torch_fixed_point() || self.onnx_fixed_point())
            && (!self.converts_color() || self.premultiplies_in_8_bits())
    }

    /// The same resize read as `batch` images of four-channel NHWC pixels from `input` to
    /// `output`: how a pass that weighs each element of a row on its own runs on a tensor whose
    /// rows hold a multiple of four elements (`src/gpu/channel_blind.rs`).
    pub(crate) fn as_rgba_rows(&self, batch: u32, input: Size2, output: Size2) -> ResizeSpec {
        ResizeSpec {
            batch,
            channels: 4,
            layout: Layout::Nhwc,
            input,
            output,
            // The pass's tables, which the caller gives, hold its bands.
            padding: Padding::NONE,
            ..*self
        }
    }

    /// Whether the resize runs in Pillow's 8-bit fixed point: u8 elements rounded between the
    /// passes. Weights are then quantised to multiples of 2^-22 and every pass sums integers, so
    /// that results are Pillow's to the last bit (PyTorch's, where
    /// [`ResizeSpec::torch_fixed_point`] gives the tables, and ONNX Runtime's, where
    /// [`ResizeSpec::onnx_fixed_point`] does).
    pub fn fixed_point(&self) -> bool {
        self.element == ElementType::U8 && self.round_intermediate()
    }

    /// The order asked for between rounded passes ([`ResizeSpecBuilder::rounding_order`]).
    pub fn rounding_order(&self) -> RoundingOrder {
        self.rounding_order
    }

    /// The reducing gap asked for ([`ResizeSpecBuilder::reducing_gap`]).
    pub fn reducing_gap(&self) -> Option<f64> {
        self.reducing_gap
    }

    /// The sub-image resized as an image of its own ([`ResizeSpecBuilder::cut`]),
    /// `[top, left, bottom, right]`.
    pub fn cut(&self) -> Option<[u32; 4]> {
        self.cut
    }

    /// The size of the image the resize reads: the sub-image's where there is one
    /// ([`ResizeSpecBuilder::cut`]), else the input's.
    pub(crate) fn resized_input(&self) -> Size2 {
        match self.cut {
            // (Saturating: a sub-image outside the input is refused where it is validated.)
            Some([top, left, bottom, right]) => {
                Size2::new(bottom.saturating_sub(top), right.saturating_sub(left))
            }
            None => self.input,
        }
    }

    /// The reduction that the resize makes first, where its reducing gap makes one
    /// ([`ResizeSpecBuilder::reducing_gap`]), or the one it is
    /// ([`crate::presets::pillow_reduce`]).
    pub fn reduction(&self) -> Option<Reduction> {
        match self.stage {
            Stage::Reduce {
                reduction,
                last: true,
            } => Some(reduction),
            _ => self.reduction_and_region().map(|(reduction, _)| reduction),
        }
    }

    fn reduction_and_region(&self) -> Option<(Reduction, [f64; 4])> {
        let gap = self.reducing_gap?;
        let nearest = |axis: &AxisResample| matches!(axis.filter, Filter::Nearest(_));
        let pillow12_rgba =
            self.rounding_order == RoundingOrder::Pillow12 && self.premultiplied_alpha;
        if self.stage != Stage::Whole || nearest(&self.y) || nearest(&self.x) || pillow12_rgba {
            return None;
        }
        Reduction::pillow(self.input, self.output, (&self.y, &self.x), gap)
    }

    /// The two stages of a resize that reduces first: the reduction, from the input into the
    /// reduced image (its output), and the resize of the reduced image's region into the
    /// output. `None` for a resize of one step.
    pub(crate) fn stages(&self) -> Option<(ResizeSpec, ResizeSpec)> {
        if let Some(cut) = self.cut {
            return Some(self.cut_stages(cut));
        }
        let (reduction, [top, left, bottom, right]) = self.reduction_and_region()?;
        let reduce = ResizeSpec {
            output: reduction.output(),
            normalization: None,
            reducing_gap: None,
            stage: Stage::Reduce {
                reduction,
                last: false,
            },
            ..*self
        };
        let mut resize = ResizeSpec {
            input: reduction.output(),
            reducing_gap: None,
            stage: Stage::AfterReduce,
            ..*self
        };
        resize.y.mapping = CoordinateMapping::Region {
            start: top,
            end: bottom,
        };
        resize.x.mapping = CoordinateMapping::Region {
            start: left,
            end: right,
        };
        Some((reduce, resize))
    }

    /// The two stages of a resize of the sub-image `cut` ([`ResizeSpecBuilder::cut`]), as the
    /// CPU reference runs it (the GPU paths read the sub-image in place): its copy, a
    /// reduction by blocks of one pixel (u8 in Pillow's integer sums of one byte, floats times
    /// a weight of 1), with none of the spec's conversions; then the whole resize of the copy
    /// into the output.
    fn cut_stages(&self, [top, left, bottom, right]: [u32; 4]) -> (ResizeSpec, ResizeSpec) {
        let reduction = Reduction::new(Size2::new(1, 1), [top, left, bottom, right]);
        // The builder's defaults: none of the spec's conversions, fixed points or bands.
        let defaults = ResizeSpec::builder(self.input, reduction.output()).spec;
        let copy = ResizeSpec {
            batch: self.batch,
            channels: self.channels,
            layout: self.layout,
            element: self.element,
            round_intermediate: self.element == ElementType::U8,
            stage: Stage::Reduce {
                reduction,
                last: false,
            },
            ..defaults
        };
        let resize = ResizeSpec {
            input: reduction.output(),
            cut: None,
            ..*self
        };
        (copy, resize)
    }

    /// The reduction this spec runs where it is one: the first stage of a two-step resize
    /// ([`ResizeSpec::stages`]), or a reduction alone ([`crate::presets::pillow_reduce`]).
    pub(crate) fn reduction_stage(&self) -> Option<Reduction> {
        match self.stage {
            Stage::Reduce { reduction, .. } => Some(reduction),
            _ => None,
        }
    }

    /// Whether the spec's colour conversions apply on load and on store: both for a whole
    /// resize, on load alone for a reduction stage and on store alone for the stage after it.
    pub(crate) fn color_ends(&self) -> (bool, bool) {
        match self.stage {
            Stage::Whole | Stage::Reduce { last: true, .. } => (true, true),
            Stage::Reduce { last: false, .. } => (true, false),
            Stage::AfterReduce => (false, true),
        }
    }

    /// Whether the resize runs in Pillow's 8-bit fixed point with its vertical pass first (see
    /// [`RoundingOrder`]): the separable path then runs the vertical pass first, and the gather
    /// path rounds each tap column's vertical sum before the horizontal taps. Never where an
    /// axis takes the nearest neighbour, whose one tap of weight 1 rounds nothing, so that the
    /// order cannot change a value, nor in PyTorch's fixed point, whose passes run horizontal
    /// first ([`ResizeSpec::torch_fixed_point`]), nor in ONNX Runtime's, whose passes do too
    /// ([`ResizeSpec::onnx_fixed_point`]).
    pub fn rounds_vertical_first(&self) -> bool {
        let nearest = |axis: &AxisResample| matches!(axis.filter, Filter::Nearest(_));
        self.fixed_point()
            && !self.torch_fixed_point()
            && !self.onnx_fixed_point()
            && self.reduction_stage().is_none()
            && !nearest(&self.y)
            && !nearest(&self.x)
            // (The image's size: the bands are no part of Pillow's resize; a sub-image's
            // own, as a resize of the slice alone orders them.)
            && self.rounding_order.vertical_first(self.resized_input(), self.output)
    }

    /// The OpenCV 8-bit fixed point the resize runs in, if any
    /// ([`ResizeSpecBuilder::opencv_fixed_point`] asked for it, and the elements are u8).
    pub fn opencv_fixed_point(&self) -> Option<OpenCvFixedPoint> {
        self.opencv_fixed_point
            .filter(|_| self.element == ElementType::U8)
    }

    /// Whether the resize runs in PyTorch's 8-bit fixed point: asked for
    /// ([`ResizeSpecBuilder::torch_fixed_point`]), on u8 elements, where PyTorch has a result
    /// (bilinear or bicubic as `F.interpolate` has them, no colour conversions, no OpenCV
    /// fixed point). Such a resize is also [`ResizeSpec::fixed_point`]: it runs in Pillow's
    /// integer sums, on PyTorch's tables.
    pub fn torch_fixed_point(&self) -> bool {
        // F.interpolate's bilinear and bicubic: linear or cubic, half-pixel or aligned corners,
        // clamped without antialiasing and renormalised with it.
        let torch_rule = |rule: &AxisResample| {
            matches!(rule.filter, Filter::Linear | Filter::Cubic { .. })
                && matches!(
                    rule.mapping,
                    CoordinateMapping::HalfPixel | CoordinateMapping::AlignCorners
                )
                && rule.border
                    == if rule.antialias {
                        Border::Renormalize
                    } else {
                        Border::Clamp
                    }
        };
        self.torch_fixed_point
            && self.element == ElementType::U8
            && !self.converts_color()
            && self.opencv_fixed_point.is_none()
            && torch_rule(&self.y)
            && torch_rule(&self.x)
    }

    /// How the resize runs ONNX Runtime's plain linear on uint8 tensors, if it does: asked
    /// for ([`ResizeSpecBuilder::onnx_fixed_point`]), on u8 elements, with linear filters on
    /// both axes, clamped, not antialiased, in f32 coordinates, without colour conversions,
    /// padding, crop regions or another fixed point. Which arithmetic follows from the layout
    /// as ONNX Runtime picks its kernel from the scales: integers for NHWC tensors whose height
    /// changes, f32 steps across the channels for NHWC tensors whose height is kept, f32 steps
    /// for NCHW ones ([`OnnxLinearU8`]).
    pub fn onnx_linear_u8(&self) -> Option<OnnxLinearU8> {
        let plain_linear = |rule: &AxisResample| {
            rule.filter == Filter::Linear
                && !rule.antialias
                && rule.border == Border::Clamp
                && rule.arithmetic == CoordinateArithmetic::F32
                && !matches!(rule.mapping, CoordinateMapping::Region { .. })
        };
        let applies = self.onnx_fixed_point
            && self.element == ElementType::U8
            && !self.converts_color()
            && self.padding.is_none()
            && self.reducing_gap.is_none()
            && self.stage == Stage::Whole
            && self.opencv_fixed_point.is_none()
            && !self.torch_fixed_point()
            && !self.round_intermediate
            && plain_linear(&self.y)
            && plain_linear(&self.x);
        if !applies {
            return None;
        }
        // ONNX Runtime's NHWC kernels run where the height's scale is not 1; its scale is the
        // output height over the input's in f32 (or the stated one).
        let height_kept = match self.y.scale {
            Some(scale) => scale as f32 == 1.0,
            None => self.resized_input().height == self.output.height,
        };
        Some(match self.layout {
            Layout::Nchw => OnnxLinearU8::Float,
            Layout::Nhwc if height_kept => OnnxLinearU8::FloatAcrossChannels,
            Layout::Nhwc => OnnxLinearU8::Integer,
        })
    }

    /// The arithmetic in which the resize runs on the gather path alone, if any: OpenCV's
    /// fixed point or ONNX Runtime's plain linear on uint8.
    pub(crate) fn gather_arithmetic(&self) -> Option<GatherArithmetic> {
        self.opencv_fixed_point()
            .map(GatherArithmetic::OpenCv)
            .or_else(|| self.onnx_linear_u8().map(GatherArithmetic::OnnxLinear))
    }

    /// Whether the resize runs in ONNX Runtime's 8-bit fixed point: asked for
    /// ([`ResizeSpecBuilder::onnx_fixed_point`]), on u8 elements, where ONNX Runtime's
    /// antialiased kernels run (linear or cubic, antialiased on both axes, f32 coordinates, no
    /// colour conversions, no padding, no OpenCV or PyTorch fixed point). Such a resize is also
    /// [`ResizeSpec::fixed_point`]: it runs in Pillow's integer sums, on ONNX Runtime's tables.
    pub fn onnx_fixed_point(&self) -> bool {
        let onnx_rule = |rule: &AxisResample| {
            matches!(rule.filter, Filter::Linear | Filter::Cubic { .. })
                && rule.antialias
                && rule.arithmetic == CoordinateArithmetic::F32
        };
        self.onnx_fixed_point
            && self.element == ElementType::U8
            && !self.converts_color()
            && self.padding.is_none()
            && self.opencv_fixed_point.is_none()
            && !self.torch_fixed_point()
            && onnx_rule(&self.y)
            && onnx_rule(&self.x)
    }

    /// Whether alpha is premultiplied as Pillow does it for 8-bit RGBA: colour rounded to
    /// `round(c·a/255)` before the taps (which then round between passes as usual), and after
    /// them divided back as `min(255, floor(255·c/a))`, except where alpha is 0 or 255. This is
    /// the rule for u8 elements with rounding between passes and without linear light; every
    /// other premultiplied resize works in floats.
    pub fn premultiplies_in_8_bits(&self) -> bool {
        self.premultiplied_alpha
            && self.element == ElementType::U8
            && self.round_intermediate
            && !self.linear_light
    }

    /// Whether the resize happens in linear light.
    pub fn linear_light(&self) -> bool {
        self.linear_light
    }

    /// Whether colour is premultiplied by the fourth channel (alpha) around the taps.
    pub fn premultiplied_alpha(&self) -> bool {
        self.premultiplied_alpha
    }

    /// The normalisation applied to the output, if any.
    pub fn normalization(&self) -> Option<Normalization> {
        self.normalization
    }

    /// The same resize storing the resized values as they are: what the resize kernels run,
    /// the normalisation being applied around them.
    pub(crate) fn without_normalization(&self) -> ResizeSpec {
        ResizeSpec {
            normalization: None,
            ..*self
        }
    }

    /// Whether values are converted around the taps (linear light or premultiplied alpha).
    pub fn converts_color(&self) -> bool {
        self.linear_light || self.premultiplied_alpha
    }

    /// The value a stored element of 1.0 in colour terms has: 255 for u8, 1 for floats.
    pub fn color_unit(&self) -> f64 {
        match self.element {
            ElementType::U8 => 255.0,
            ElementType::F32 | ElementType::F16 => 1.0,
        }
    }

    /// Elements in the input tensor.
    pub fn input_len(&self) -> usize {
        self.tensor_elements(self.input) as usize
    }

    /// Elements in the output tensor.
    pub fn output_len(&self) -> usize {
        self.tensor_elements(self.output()) as usize
    }

    /// Input tensor shape in the spec's layout order.
    pub fn input_shape(&self) -> [u32; 4] {
        self.shape(self.input)
    }

    /// Output tensor shape in the spec's layout order.
    pub fn output_shape(&self) -> [u32; 4] {
        self.shape(self.output())
    }

    /// Bytes of the input tensor as stored (u8 rounds up to whole `u32` words on the GPU).
    pub fn input_bytes(&self) -> u64 {
        self.stored_bytes(self.tensor_elements(self.input))
    }

    /// Bytes of the output tensor as stored.
    pub fn output_bytes(&self) -> u64 {
        self.stored_bytes(self.tensor_elements(self.output()))
    }

    /// Whether the four-channel vector kernels apply: NHWC with channels a multiple of 4 (one
    /// `vec4<f32>` or one `u32` word per group of four).
    pub fn vector_friendly(&self) -> bool {
        self.layout == Layout::Nhwc && self.channels.is_multiple_of(4)
    }

    pub(crate) fn stored_bytes(&self, elements: u64) -> u64 {
        (elements * self.element.size()).next_multiple_of(4)
    }

    /// Elements of an `n × c × size` tensor of this spec, saturating: four dimensions of up to
    /// [`MAX_DIMENSION`] can multiply past `u64`, and validation must see such a tensor as too
    /// large rather than wrap around to a small one.
    pub(crate) fn tensor_elements(&self, size: Size2) -> u64 {
        [self.channels, size.height, size.width]
            .into_iter()
            .fold(u64::from(self.batch), |product, dimension| {
                product.saturating_mul(u64::from(dimension))
            })
    }

    fn shape(&self, size: Size2) -> [u32; 4] {
        match self.layout {
            Layout::Nhwc => [self.batch, size.height, size.width, self.channels],
            Layout::Nchw => [self.batch, self.channels, size.height, size.width],
        }
    }

    fn validate(&self) -> Result<(), SpecError> {
        let dims = [
            ("batch", self.batch),
            ("channels", self.channels),
            ("input height", self.input.height),
            ("input width", self.input.width),
            ("output height", self.output.height),
            ("output width", self.output.width),
            // With the bands of padding (saturating: far too large where they overflow).
            ("padded output height", self.output().height),
            ("padded output width", self.output().width),
        ];
        for (what, value) in dims {
            if value == 0 {
                return Err(SpecError::ZeroDimension { what });
            }
            if value > MAX_DIMENSION {
                return Err(SpecError::DimensionTooLarge {
                    what,
                    value,
                    max: MAX_DIMENSION,
                });
            }
        }
        // The largest tensor the passes touch: input, output, or either separable intermediate.
        let output = self.output();
        let sizes = [
            ("input", self.input),
            ("output", output),
            ("intermediate", Size2::new(self.input.height, output.width)),
            ("intermediate", Size2::new(output.height, self.input.width)),
        ];
        for (what, size) in sizes {
            let elements = self.tensor_elements(size);
            if elements > MAX_ELEMENTS {
                return Err(SpecError::TooManyElements {
                    what,
                    elements,
                    max: MAX_ELEMENTS,
                });
            }
        }
        if !self.padding.is_none() && (self.reducing_gap.is_some() || self.stage != Stage::Whole) {
            return Err(SpecError::Unsupported(
                "padding with a reducing gap or a reduction: Pillow's two steps take none \
                 (resize in one step, or pad the reduced image in a second resize)"
                    .into(),
            ));
        }
        // The axes resize the sub-image, where there is one: checked first.
        if let Some(cut) = self.cut {
            self.check_cut(cut)?;
        }
        let resized_input = self.resized_input();
        for (axis, rule, input_len, output_len) in [
            (
                AxisName::Y,
                &self.y,
                resized_input.height,
                self.output.height,
            ),
            (AxisName::X, &self.x, resized_input.width, self.output.width),
        ] {
            validate_axis(axis, rule)?;
            check_stated_scale(axis, rule, input_len, output_len)?;
            // Positive, and finite or infinite, never NaN: `validate_axis` has checked the scale
            // and the region's length.
            let span = rule.ratio(input_len, output_len) * output_len as f64;
            if rule.antialias && span > MAX_ANTIALIAS_SPAN {
                return Err(SpecError::InvalidParameter {
                    what: axis.pick(
                        "input rows the antialiased y axis samples",
                        "input columns the antialiased x axis samples",
                    ),
                    value: span,
                    allowed: "at most MAX_ANTIALIAS_SPAN (4 x 2^20): a stated scale or a crop \
                              region in proportion to the sizes",
                });
            }
        }
        if self.premultiplied_alpha && (self.channels != 4 || self.layout != Layout::Nhwc) {
            return Err(SpecError::Unsupported(format!(
                "premultiplied alpha needs RGBA pixels: 4 channels, NHWC (got {} channels, {:?})",
                self.channels, self.layout
            )));
        }
        if self.fixed_point() {
            self.check_fixed_point_sums()?;
        }
        if let Some(rounding) = self.opencv_fixed_point() {
            self.check_opencv_fixed_point(rounding)?;
        }
        if let Some(normalization) = self.normalization {
            if self.element == ElementType::U8 {
                return Err(SpecError::Unsupported(
                    "normalisation of u8 elements: normalised values are signed fractions, so \
                     the output must be f32 or f16"
                        .into(),
                ));
            }
            if normalization.channels() != self.channels {
                return Err(SpecError::Unsupported(format!(
                    "a normalisation of {} channels on a spec of {}: give a mean and a standard \
                     deviation per channel",
                    normalization.channels(),
                    self.channels
                )));
            }
        }
        self.extrapolation.check(self.channels)?;
        if let Some(gap) = self.reducing_gap {
            self.check_reducing_gap(gap)?;
        }
        if let Some(reduction) = self.reduction_stage() {
            self.check_reduction(reduction)?;
        }
        Ok(())
    }

    /// A sub-image ([`ResizeSpecBuilder::cut`]) of at least one pixel inside the input, in a
    /// resize of one step otherwise; each stage must be a valid spec.
    fn check_cut(&self, [top, left, bottom, right]: [u32; 4]) -> Result<(), SpecError> {
        if top >= bottom || left >= right || bottom > self.input.height || right > self.input.width
        {
            return Err(SpecError::Unsupported(format!(
                "the sub-image [top, left, bottom, right] = {:?} of a {}x{} input (height x \
                 width): it needs top < bottom <= {} and left < right <= {}",
                [top, left, bottom, right],
                self.input.height,
                self.input.width,
                self.input.height,
                self.input.width
            )));
        }
        if self.reducing_gap.is_some() || self.stage != Stage::Whole {
            return Err(SpecError::Unsupported(
                "a sub-image with a reducing gap or a reduction: resize the sub-image in one \
                 step, or reduce it in a second resize"
                    .into(),
            ));
        }
        let (copy, resize) = self.cut_stages([top, left, bottom, right]);
        copy.validate()?;
        resize.validate()
    }

    /// A reduction's blocks lie in the input, make the output (so its factors are at least 1),
    /// and hold fewer than 2^23 pixels (Pillow's 32-bit sums); on u8 elements they round as
    /// Pillow's do, in its arithmetic; a reduction takes no gap of its own.
    fn check_reduction(&self, reduction: Reduction) -> Result<(), SpecError> {
        let [_, _, bottom, right] = reduction.region();
        let factors = reduction.factors();
        if bottom > self.input.height || right > self.input.width {
            return Err(SpecError::Unsupported(format!(
                "the region [top, left, bottom, right] = {:?} of a {:?} input: it must lie \
                 inside the input",
                reduction.region(),
                self.input
            )));
        }
        if reduction.output() != self.output {
            return Err(SpecError::Unsupported(format!(
                "a reduction of {:?} by {factors:?} makes {:?}, not the output {:?}",
                reduction.region(),
                reduction.output(),
                self.output
            )));
        }
        let pixels = reduction.block_pixels();
        if pixels > MAX_BLOCK_PIXELS {
            return Err(SpecError::InvalidParameter {
                what: "pixels in a block of the reduction",
                value: pixels as f64,
                allowed: "fewer than 2^23 (Pillow's 8-bit sums): smaller factors, or a larger gap or output",
            });
        }
        if self.element == ElementType::U8 && !self.pillow_bytes() {
            return Err(SpecError::Unsupported(PILLOW_BYTES_ONLY.into()));
        }
        if self.reducing_gap.is_some() {
            return Err(SpecError::Unsupported(
                "a reduction alone takes no reducing gap".into(),
            ));
        }
        Ok(())
    }

    /// Whether u8 elements round as Pillow's 8-bit code does: its fixed point, not PyTorch's
    /// or OpenCV's.
    fn pillow_bytes(&self) -> bool {
        self.fixed_point()
            && !self.torch_fixed_point()
            && !self.onnx_fixed_point()
            && self.opencv_fixed_point().is_none()
    }

    /// A reducing gap is Pillow's: at least 1, on Pillow's axes, and on u8 elements with
    /// Pillow's rounding, whose blocks then round as Pillow's do; each stage must be a valid
    /// spec, and the blocks small enough for 32-bit sums.
    fn check_reducing_gap(&self, gap: f64) -> Result<(), SpecError> {
        if !(gap >= 1.0 && gap.is_finite()) {
            return Err(SpecError::InvalidParameter {
                what: "reducing gap",
                value: gap,
                allowed: "a finite number of at least 1 (Pillow's reducing_gap)",
            });
        }
        let pillow_rule = |rule: &AxisResample| {
            rule.antialias
                && matches!(
                    rule.mapping,
                    CoordinateMapping::HalfPixel | CoordinateMapping::Region { .. }
                )
                && rule.scale.is_none()
        };
        if !(pillow_rule(&self.y) && pillow_rule(&self.x)) {
            return Err(SpecError::Unsupported(
                "a reducing gap is Pillow's two-step resize: it takes Pillow's axes, \
                 antialiased, half-pixel or a crop region, without a stated scale \
                 (presets::pillow)"
                    .into(),
            ));
        }
        if self.element == ElementType::U8 && !self.pillow_bytes() {
            return Err(SpecError::Unsupported(PILLOW_BYTES_ONLY.into()));
        }
        if let Some((reduce, resize)) = self.stages() {
            reduce.validate()?;
            resize.validate()?;
        }
        Ok(())
    }

    /// OpenCV's 8-bit fixed points are those of its `INTER_LINEAR`, `INTER_LANCZOS4`,
    /// `INTER_LINEAR_EXACT` and enlarging `INTER_AREA`: the rounding's filter on both axes,
    /// half-pixel, with none of the options OpenCV does not have.
    fn check_opencv_fixed_point(&self, rounding: OpenCvFixedPoint) -> Result<(), SpecError> {
        let opencv_rule = |rule: &AxisResample| {
            rule.filter == rounding.filter()
                && rule.mapping == CoordinateMapping::HalfPixel
                && !rule.antialias
                && rule.border == Border::Clamp
                && rule.scale.is_none()
        };
        let why = if !(opencv_rule(&self.y) && opencv_rule(&self.x)) {
            "its own filter (bilinear, lanczos of 4 lobes or OpenCV's enlarging area rule) on \
             both axes, half-pixel, without antialiasing, crops or stated scales"
        } else if self.converts_color() {
            "no linear light and no premultiplied alpha"
        } else if self.round_intermediate {
            "not Pillow's rounding between the passes as well"
        } else {
            return Ok(());
        };
        Err(SpecError::Unsupported(format!(
            "OpenCV's 8-bit fixed point ({rounding:?}) takes {why}"
        )))
    }

    /// Pillow's fixed point sums bytes times weights scaled by 2^22 in 32-bit integers, as
    /// Pillow (and ONNX Runtime, and PyTorch at its own scale) does, in whatever order a
    /// kernel adds them; a row whose positive weights, or negative ones, sum to more than 2 in
    /// magnitude (a cubic of a large coefficient, renormalised near an edge) could overflow
    /// them. The filters of those libraries stay below: ONNX Runtime's antialiased cubic of
    /// -0.75 near an edge has magnitudes summing to 2.15, 1.57 of them positive.
    fn check_fixed_point_sums(&self) -> Result<(), SpecError> {
        let (y, x) = crate::weights::AxisWeights::for_spec(self);
        for (table, axis) in [(&y, AxisName::Y), (&x, AxisName::X)] {
            let one_sign = |i: usize, sign: f64| {
                table
                    .row(i)
                    .iter()
                    .map(|w| (w * sign).max(0.0))
                    .sum::<f64>()
            };
            let widest = (0..table.output_len() as usize)
                .map(|i| one_sign(i, 1.0).max(one_sign(i, -1.0)))
                .fold(0.0, f64::max);
            if widest > MAX_FIXED_POINT_ROW {
                return Err(SpecError::InvalidParameter {
                    what: axis.pick(
                        "sum of a y row's weights of one sign in Pillow's fixed point",
                        "sum of an x row's weights of one sign in Pillow's fixed point",
                    ),
                    value: widest,
                    allowed: "at most 2 in magnitude (255 x 2 x 2^22 fits a 32-bit sum): a \
                              filter without large negative lobes, or no rounding between the \
                              passes",
                });
            }
        }
        Ok(())
    }
}

/// Why a reduction on u8 elements needs Pillow's arithmetic.
const PILLOW_BYTES_ONLY: &str = "a reduction (Pillow's reducing gap or Image.reduce) on u8 \
    elements averages blocks as Pillow's 8-bit code rounds them: it takes Pillow's rounding \
    between the passes (round_intermediate, as presets::pillow sets), not PyTorch's or \
    OpenCV's fixed point";

/// Which axis an error names. `SpecError::InvalidParameter`'s `what` is a static string, so
/// each axis has its own wording.
#[derive(Clone, Copy)]
enum AxisName {
    Y,
    X,
}

impl AxisName {
    /// `y` for the y axis, `x` for the x axis.
    fn pick(self, y: &'static str, x: &'static str) -> &'static str {
        match self {
            AxisName::Y => y,
            AxisName::X => x,
        }
    }
}

/// Checks that a stated scale gives the output size, as PyTorch's `scale_factor` and ONNX's
/// `scales` give it: `input × scale` rounded down (either), to nearest or up. A scale stated
/// the other way round (input over output) maps outputs far past the input, which clamping
/// would hide. A crop region sets its own ratio, so its scale is not checked.
fn check_stated_scale(
    axis: AxisName,
    rule: &AxisResample,
    input_len: u32,
    output_len: u32,
) -> Result<(), SpecError> {
    let Some(scale) = rule.scale else {
        return Ok(());
    };
    if matches!(rule.mapping, CoordinateMapping::Region { .. }) {
        return Ok(());
    }
    let product = input_len as f64 * scale;
    // A relative allowance for a product computed in another order, or from a scale that
    // went through f32 (PyTorch's own scales are doubles).
    let slack = product * 1e-6;
    let (lowest, highest) = ((product - slack).floor(), (product + slack).ceil());
    let output = output_len as f64;
    if output < lowest || output > highest {
        return Err(SpecError::ScaleMismatch {
            axis: axis.pick("y", "x"),
            scale,
            input: input_len,
            product,
            output: output_len,
        });
    }
    Ok(())
}

/// Checks one axis's rule on its own: its stated scale, its nearest rule against a crop
/// region, its filter's parameters and its mapping's numbers.
fn validate_axis(axis: AxisName, rule: &AxisResample) -> Result<(), SpecError> {
    if let Some(scale) = rule.scale
        && !(scale.is_finite() && scale > 0.0)
    {
        return Err(SpecError::InvalidParameter {
            what: axis.pick("y scale", "x scale"),
            value: scale,
            allowed: "a finite number > 0",
        });
    }
    let region = matches!(rule.mapping, CoordinateMapping::Region { .. });
    // The area rules average footprints that tile the axis, or a crop region: a mapping that
    // places sample points (corners, ONNX's variants, a crop-and-resize box) has no footprint
    // for them to average.
    if let Filter::Area(area) = rule.filter
        && !(region || rule.mapping == CoordinateMapping::HalfPixel)
    {
        return Err(SpecError::Unsupported(format!(
            "the area rule {area:?} with the coordinate mapping {:?}: area rules average \
             footprints that tile the axis, half-pixel or a crop region (CoordinateMapping::\
             Region) only",
            rule.mapping
        )));
    }
    if let Filter::Nearest(nearest) = rule.filter
        && nearest.maps_whole_axes_only()
        && region
    {
        return Err(SpecError::Unsupported(format!(
            "a crop region with nearest rule {nearest:?}, which maps whole axes only; \
             use a rounding rule or Pillow's"
        )));
    }
    match rule.filter {
        Filter::Cubic { a } if a.is_nan() || a.abs() > MAX_CUBIC_COEFFICIENT => {
            Err(SpecError::InvalidParameter {
                what: "cubic coefficient",
                value: a,
                allowed: "a number from -100 to 100 (usually -0.5 or -0.75)",
            })
        }
        Filter::Lanczos { lobes } if !(1..=8).contains(&lobes) => {
            Err(SpecError::InvalidParameter {
                what: "lanczos lobes",
                value: lobes as f64,
                allowed: "1 to 8",
            })
        }
        _ => match rule.mapping {
            CoordinateMapping::TfCropAndResize { start, end } if !(end - start).is_finite() => {
                Err(SpecError::InvalidParameter {
                    what: "crop region",
                    value: if start.is_finite() { end } else { start },
                    allowed: "finite fractions a finite distance apart",
                })
            }
            CoordinateMapping::Region { start, end }
                if !((end - start).is_finite() && end > start) =>
            {
                Err(SpecError::InvalidParameter {
                    what: axis.pick("crop height", "crop width"),
                    value: end - start,
                    allowed: "a finite region with end > start, of finite length",
                })
            }
            _ => Ok(()),
        },
    }
}
