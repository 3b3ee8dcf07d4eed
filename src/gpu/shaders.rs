//! WGSL sources of every kernel variant the library builds, assembled from the files in `wgsl/`.

use super::color::{ColorSteps, PassColor};
pub use super::sums_layout::SumsLayout;
use crate::gather_arithmetic::{GatherArithmetic, OnnxLinearU8};
use crate::spec::{ElementType, OpenCvFixedPoint};
use crate::weights::AxisWeights;

const SRGB: &str = include_str!("../../wgsl/srgb.wgsl");
const COMMON: &str = include_str!("../../wgsl/common.wgsl");
const SRC_F32: &str = include_str!("../../wgsl/src_f32.wgsl");
const SRC_U8: &str = include_str!("../../wgsl/src_u8.wgsl");
const SRC_F16: &str = include_str!("../../wgsl/src_f16.wgsl");
const SRC_NOT_U8: &str = include_str!("../../wgsl/src_not_u8.wgsl");
const DST_F16: &str = include_str!("../../wgsl/dst_f16.wgsl");
const SRC_VEC4_F16: &str = include_str!("../../wgsl/src_vec4_f16.wgsl");
const DST_VEC4_F16: &str = include_str!("../../wgsl/dst_vec4_f16.wgsl");
const SRC_F16_NATIVE: &str = include_str!("../../wgsl/src_f16_native.wgsl");
const DST_F16_NATIVE: &str = include_str!("../../wgsl/dst_f16_native.wgsl");
const SRC_VEC4_F16_NATIVE: &str = include_str!("../../wgsl/src_vec4_f16_native.wgsl");
const DST_VEC4_F16_NATIVE: &str = include_str!("../../wgsl/dst_vec4_f16_native.wgsl");
const DST_F32: &str = include_str!("../../wgsl/dst_f32.wgsl");
const DST_U8: &str = include_str!("../../wgsl/dst_u8.wgsl");
const DST_U8_RUNS: &str = include_str!("../../wgsl/dst_u8_runs.wgsl");
const GATHER: &str = include_str!("../../wgsl/gather.wgsl");
const GATHER_VEC4: &str = include_str!("../../wgsl/gather_vec4.wgsl");
const GATHER_QUAD: &str = include_str!("../../wgsl/gather_quad.wgsl");
const GATHER_STAGED: &str = include_str!("../../wgsl/gather_staged.wgsl");
const GATHER_WIDE_U8: &str = include_str!("../../wgsl/gather_wide_u8.wgsl");
const GATHER_SPLIT: &str = include_str!("../../wgsl/gather_split.wgsl");
const GATHER_COMPUTED: &str = include_str!("../../wgsl/gather_computed.wgsl");
const GATHER_DOUBLING: &str = include_str!("../../wgsl/gather_doubling.wgsl");
const GATHER_DOUBLING_RGB: &str = include_str!("../../wgsl/gather_doubling_rgb.wgsl");
const DOUBLING_PHASES: &str = include_str!("../../wgsl/doubling_phases.wgsl");
const DOUBLING_LANES: &str = include_str!("../../wgsl/doubling_lanes.wgsl");
const DOUBLING_FLOATS: &str = include_str!("../../wgsl/doubling_floats.wgsl");
const DOUBLING_TEXTURE: &str = include_str!("../../wgsl/doubling_texture.wgsl");
const GATHER_HALVING: &str = include_str!("../../wgsl/gather_halving.wgsl");
const GATHER_HALVING_RGB: &str = include_str!("../../wgsl/gather_halving_rgb.wgsl");
const RGB_LANES: &str = include_str!("../../wgsl/rgb_lanes.wgsl");
const RGB_EIGHTS: &str = include_str!("../../wgsl/rgb_eights.wgsl");
const HALVING_RGB_FOURS: &str = include_str!("../../wgsl/halving_rgb_fours.wgsl");
const HALVING_WEIGHTS: &str = include_str!("../../wgsl/halving_weights.wgsl");
const HALVING_LANES: &str = include_str!("../../wgsl/halving_lanes.wgsl");
const HALVING_F16: &str = include_str!("../../wgsl/halving_f16.wgsl");
const F16_PAIRS: &str = include_str!("../../wgsl/f16_pairs.wgsl");
const FLOAT_SUMS: &str = include_str!("../../wgsl/float_sums.wgsl");
const STRIDED_TAPS: &str = include_str!("../../wgsl/strided_taps.wgsl");
const FUSED_TILED: &str = include_str!("../../wgsl/fused_tiled.wgsl");
const BAND_VEC4: &str = include_str!("../../wgsl/band_vec4.wgsl");
const STRIDED_LOAD: &str = include_str!("../../wgsl/strided_load.wgsl");
const STRIDED_STORE: &str = include_str!("../../wgsl/strided_store.wgsl");
const SRC_VEC4_F32: &str = include_str!("../../wgsl/src_vec4_f32.wgsl");
const SRC_VEC4_U8: &str = include_str!("../../wgsl/src_vec4_u8.wgsl");
const SRC_VEC4_NOT_U8: &str = include_str!("../../wgsl/src_vec4_not_u8.wgsl");
const DST_VEC4_F32: &str = include_str!("../../wgsl/dst_vec4_f32.wgsl");
const DST_TENSOR: &str = include_str!("../../wgsl/dst_tensor.wgsl");
const DST_VEC4_U8: &str = include_str!("../../wgsl/dst_vec4_u8.wgsl");
const SRC_VEC4_TEXTURE: &str = include_str!("../../wgsl/src_vec4_texture.wgsl");
const DST_VEC4_TEXTURE: &str = include_str!("../../wgsl/dst_vec4_texture.wgsl");
const LANES_U8: &str = include_str!("../../wgsl/lanes_u8.wgsl");
const LANES_U8_STORE: &str = include_str!("../../wgsl/lanes_u8_store.wgsl");
const LANES_U8_TEXTURE_STORE: &str = include_str!("../../wgsl/lanes_u8_texture_store.wgsl");
const LANES_NONE: &str = include_str!("../../wgsl/lanes_none.wgsl");
const TEXTURE_COMMON: &str = include_str!("../../wgsl/texture_common.wgsl");
const TEXTURE_UNPACK: &str = include_str!("../../wgsl/texture_unpack.wgsl");
const TEXTURE_PACK: &str = include_str!("../../wgsl/texture_pack.wgsl");
const TEXTURE_PACK_STORAGE: &str = include_str!("../../wgsl/texture_pack_storage.wgsl");
const TEXTURE_PACK_RENDER: &str = include_str!("../../wgsl/texture_pack_render.wgsl");
const TEXTURE_PACK_ROWS: &str = include_str!("../../wgsl/texture_pack_rows.wgsl");

/// Largest tap count baked into a specialised pipeline of the fused, quad and staged kernels
/// (the vector gather's is [`MAX_VECTOR_TAPS`]); wider bands read theirs at run time. 16 rather
/// than 8 covered the 12-tap antialiased lanczos3 at a 2x shrink, whose gather took 157 µs
/// instead of 197 on 4K -> 1080p once its loops unrolled (H200).
pub const MAX_SPECIALISED_TAPS: u32 = 16;

/// The same for the vector gather, whose wide bands are the vertical passes of large shrinks
/// (one horizontal tap) on the separable path and from a frame: with the count baked in, every
/// tap's load is issued at once, where a band read at run time issues them RUN_STEP at a time
/// and the rest in a loop (`wgsl/band_vec4.wgsl`). H200, µs, 16 -> 64: antialiased
/// bicubic 4K -> 224² separable 69.0 -> 65.9, lanczos3 80.2 -> 76.4 (39- and 58-tap vertical
/// passes); a 4K frame -> 224² RGB planes 41.8 -> 37.2 (its vertical pass from the frame, 20
/// taps, 30.9 -> 26.2); the other antialiased shrinks of `bench --extended` within 0.4
/// (BENCHMARKS.md tuning log item 151).
pub const MAX_VECTOR_TAPS: u32 = 64;

/// A workgroup's width and height in invocations (its depth is 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Workgroup {
    /// Invocations along x (output columns).
    pub x: u32,
    /// Invocations along y (output rows, or blocks of them).
    pub y: u32,
}

impl Default for Workgroup {
    /// 64 x 4: warps of 32 neighbouring columns of one row, which buffers store in runs.
    fn default() -> Self {
        let shape = Vec4Shape::default();
        Workgroup {
            x: shape.group_x,
            y: shape.group_y,
        }
    }
}

/// Shape of the vector gather's work: workgroup size, output rows per invocation and the
/// channels each invocation computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Vec4Shape {
    /// Workgroup width (output columns).
    pub group_x: u32,
    /// Workgroup height (blocks of rows).
    pub group_y: u32,
    /// Output rows per invocation.
    pub rows: u32,
    /// Four-byte words of workgroup memory the kernel declares without using them (0: none):
    /// see `VERTICAL_RESERVE_WORDS` in `src/gpu/launch.rs`.
    pub reserve: u32,
    /// The vertical bands' first input rows are computed from the output row with the pass's
    /// `y_start_*` parameters rather than read from the table (`ARITHMETIC_Y_STARTS` in
    /// `wgsl/gather_vec4.wgsl`; see `src/gpu/starts.rs`).
    pub arithmetic_y_starts: bool,
    /// How an invocation's channels are read and written.
    pub channels: ChannelGroup,
}

impl Default for Vec4Shape {
    fn default() -> Self {
        Vec4Shape {
            group_x: 64,
            group_y: 4,
            rows: 1,
            reserve: 0,
            arithmetic_y_starts: false,
            channels: ChannelGroup::Vector,
        }
    }
}

/// The channels one invocation of the vector gather computes, and how it reads and writes them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChannelGroup {
    /// Four neighbouring channels in one vector load per tap and one store per output: NHWC
    /// with channels a multiple of 4.
    #[default]
    Vector,
    /// This many channels (1 to 4, a divisor of the channel count), each loaded and stored as
    /// one element, the channel stride apart (`wgsl/strided_load.wgsl`, `wgsl/strided_store.wgsl`): NCHW, and NHWC with
    /// other channel counts. Destinations are f32 or WGSL's f16 only: u8 and packed f16
    /// neighbours share a word that two invocations would both write.
    Strided(u32),
}

impl ChannelGroup {
    /// The strided group for `channels` channels: the largest of 4, 3, 2, 1 that divides it,
    /// so that every group is whole.
    pub fn strided_for(channels: u32) -> Self {
        let size = (1..=4)
            .rev()
            .find(|&k| channels.is_multiple_of(k))
            .unwrap_or(1);
        ChannelGroup::Strided(size)
    }

    /// Channels per group.
    pub fn size(self) -> u32 {
        match self {
            ChannelGroup::Vector => 4,
            ChannelGroup::Strided(size) => size,
        }
    }
}

/// Code paths compiled into a kernel only when a spec needs them (pipeline constants
/// `FIXED_POINT`, `COLOR_STEPS` and `INTEGER_WEIGHTS` in `wgsl/common.wgsl`), and where its
/// source comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KernelFeatures {
    /// Pillow's 8-bit fixed point.
    pub fixed_point: bool,
    /// In that fixed point, the vertical taps summed and rounded first (`FIXED_Y_FIRST`: Pillow
    /// 13's order where the height shrinks most, [`crate::RoundingOrder`]): the vector and
    /// scalar gathers alone run it. Harmless on a pass with an identity axis, whose rounding
    /// gives each byte back.
    pub fixed_y_first: bool,
    /// In that fixed point, the reduction of Pillow's two-step resize (`PILLOW_REDUCE`): each
    /// block's bytes summed and rounded as Pillow's `Image.reduce` rounds them. The vector and
    /// scalar gathers alone run it.
    pub pillow_reduce: bool,
    /// OpenCV's 8-bit fixed point (`GATHER_ARITHMETIC`), and how it rounds: the quad, staged and
    /// scalar gathers alone run it.
    pub opencv_fixed_point: Option<OpenCvFixedPoint>,
    /// ONNX Runtime's plain linear on uint8 (`GATHER_ARITHMETIC` 4 to 6), in its integers or its
    /// f32 steps: the quad, staged and scalar gathers run its integers and its f32 steps on
    /// NCHW planes, the scalar gather alone its f32 steps across the channels of NHWC rows.
    pub onnx_linear_u8: Option<OnnxLinearU8>,
    /// The extrapolation values differ by channel (`FILL_BY_CHANNEL`: a colour, which each
    /// kernel picks per lane); otherwise every lane holds the one value, read as it is.
    pub fill_by_channel: bool,
    /// Colour conversions around the taps: those of the pass's ends (see [`ColorSteps`]).
    pub color: ColorSteps,
    /// The source is an RGBA texture read by the vector kernels themselves
    /// (`wgsl/src_vec4_texture.wgsl`) rather than a storage buffer.
    pub texture_source: Option<TextureSource>,
    /// The destination is an RGBA storage texture of this format written by the vector kernels
    /// themselves (`wgsl/dst_vec4_texture.wgsl`) rather than a storage buffer.
    pub texture_target: Option<wgpu::TextureFormat>,
    /// The destination is the caller's tensor of one image holding the first channels of each
    /// four-channel result, as planes or narrower pixels (`wgsl/dst_tensor.wgsl`): f32, or
    /// f16 as WGSL's `f16`.
    pub tensor_target: Option<TensorTarget>,
    /// f16 tensors are read and written as WGSL's `f16` (the device has `shader-f16`:
    /// `wgsl/*f16_native.wgsl`) rather than as packed `u32` words unpacked with
    /// `unpack2x16float`. Either way the taps sum in f32.
    pub native_f16: bool,
    /// The weights are stored as integers, multiples of 2^-bits with `bits` those of both axes
    /// together, and the u8 gathers sum them exactly to the stored bytes, rounding by a shift
    /// of this many bits: the vector gather of RGBA in 16-bit lanes (`wgsl/lanes_u8.wgsl`), the
    /// quad and staged gathers per channel (`column_bytes` in `wgsl/strided_taps.wgsl`). Only
    /// for tables the host checked (see `integer_weights` in `src/gpu/launch.rs`).
    pub integer_weights: Option<u32>,
    /// No row of the pass's vertical table maps outside the input, so the kernel never reads
    /// the rows' flags (`Y_INSIDE` in `wgsl/common.wgsl`); set per pass from its tables.
    pub rows_inside: bool,
    /// The same for the horizontal table (`X_INSIDE`).
    pub columns_inside: bool,
    /// The kernel normalises what it stores by the statistics in its parameter block
    /// (`NORMALIZE` in `wgsl/common.wgsl`): the last pass of a normalising spec.
    pub normalized: Option<NormalizedStore>,
}

/// The tensor a normalising store writes, by which it finds each element's channel
/// ([`KernelFeatures::normalized`]; `NORM_CHANNELS` and `NORM_PLANAR` in `wgsl/common.wgsl`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NormalizedStore {
    /// Channels of the tensor written: 1 to 4.
    pub channels: u32,
    /// Planes (NCHW) rather than pixels (NHWC).
    pub planar: bool,
}

impl NormalizedStore {
    /// The store of `spec`'s output.
    pub fn of(spec: &crate::ResizeSpec) -> Self {
        NormalizedStore {
            channels: spec.channels(),
            planar: spec.layout() == crate::Layout::Nchw,
        }
    }
}

/// The caller's tensor that a kernel summing four channels writes ([`KernelFeatures::tensor_target`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TensorTarget {
    /// The first channels kept: 1 to 4.
    pub channels: u32,
    /// As planes (NCHW) rather than pixels (NHWC).
    pub planar: bool,
}

/// How a kernel reads an RGBA texture as its source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TextureSource {
    /// The texture's format is sRGB: colour is encoded again after the hardware's decoding.
    pub srgb: bool,
}

impl KernelFeatures {
    /// The arithmetic of the gathers' own (`GATHER_ARITHMETIC`), if any.
    pub(crate) fn gather_arithmetic(&self) -> Option<GatherArithmetic> {
        self.opencv_fixed_point
            .map(GatherArithmetic::OpenCv)
            .or(self.onnx_linear_u8.map(GatherArithmetic::OnnxLinear))
    }

    /// The features of `arithmetic` alone (the kernel examples').
    fn with_gather_arithmetic(arithmetic: GatherArithmetic) -> Self {
        let (opencv_fixed_point, onnx_linear_u8) = match arithmetic {
            GatherArithmetic::OpenCv(rounding) => (Some(rounding), None),
            GatherArithmetic::OnnxLinear(onnx) => (None, Some(onnx)),
        };
        KernelFeatures {
            opencv_fixed_point,
            onnx_linear_u8,
            ..KernelFeatures::default()
        }
    }

    /// What `spec` needs, reading a buffer.
    pub fn of(spec: &crate::ResizeSpec) -> Self {
        KernelFeatures {
            fixed_point: spec.fixed_point(),
            fixed_y_first: spec.rounds_vertical_first(),
            pillow_reduce: spec.fixed_point() && spec.reduction_stage().is_some(),
            opencv_fixed_point: spec.opencv_fixed_point(),
            onnx_linear_u8: spec.onnx_linear_u8(),
            fill_by_channel: spec.extrapolation_varies_by_channel(),
            color: ColorSteps::of(spec, PassColor::WHOLE),
            texture_source: None,
            texture_target: None,
            tensor_target: None,
            native_f16: false,
            integer_weights: None,
            rows_inside: false,
            columns_inside: false,
            normalized: spec.normalization().map(|_| NormalizedStore::of(spec)),
        }
    }

    /// The same features for a pass over the tables `y` and `x`: each axis whose table has no
    /// row outside the input skips reading its rows' flags, a dependent load and a branch per
    /// output row (H200, vector gather µs, two rounds, flags read / not: u8 1080p x2 30.3, 30.7
    /// / 27.9, 27.9; nearest f32 1080p x2 57.4, 57.2 / 53.4, 54.2; f16 1080p x2 37.0, 37.3 /
    /// 36.6, 36.7; BENCHMARKS.md tuning log item 70).
    pub(crate) fn inside(self, y: &AxisWeights, x: &AxisWeights) -> Self {
        KernelFeatures {
            rows_inside: !y.any_outside(),
            columns_inside: !x.any_outside(),
            ..self.over(y, x)
        }
    }

    /// The same features for a pass over the tables `y` and `x` as far as choosing its kernel
    /// goes: the vertical-first rounding only where both axes resize (a separable pass's
    /// identity axis rounds each byte back to itself in either order, so its pass keeps the
    /// faster kernels).
    pub(crate) fn over(self, y: &AxisWeights, x: &AxisWeights) -> Self {
        KernelFeatures {
            fixed_y_first: self.fixed_y_first && !y.is_identity() && !x.is_identity(),
            ..self
        }
    }

    fn constants(self, src: ElementType, dst: ElementType) -> Vec<(&'static str, f64)> {
        let mut all = vec![
            ("FIXED_POINT", self.fixed_point as u32 as f64),
            ("COLOR_STEPS", self.color.bits() as f64),
            (
                "INTEGER_WEIGHTS",
                self.integer_weights.is_some() as u32 as f64,
            ),
            ("WEIGHT_BITS", self.integer_weights.unwrap_or(0) as f64),
            ("Y_INSIDE", self.rows_inside as u32 as f64),
            ("X_INSIDE", self.columns_inside as u32 as f64),
            ("NORMALIZE", self.normalized.is_some() as u32 as f64),
            (
                "NORM_CHANNELS",
                self.normalized.map_or(1, |store| store.channels) as f64,
            ),
            (
                "NORM_PLANAR",
                self.normalized.is_some_and(|store| store.planar) as u32 as f64,
            ),
        ];
        // Declared by every kernel (common.wgsl) but set only where it is on, as the kernel
        // that runs it is one.
        if self.fixed_y_first {
            all.push(("FIXED_Y_FIRST", 1.0));
        }
        if self.pillow_reduce {
            all.push(("PILLOW_REDUCE", 1.0));
        }
        if self.fill_by_channel {
            all.push(("FILL_BY_CHANNEL", 1.0));
        }
        if let Some(arithmetic) = self.gather_arithmetic() {
            all.push(("GATHER_ARITHMETIC", f64::from(arithmetic.code())));
        }
        if let Some(texture) = self.texture_source {
            all.push(("TEXTURE_SRGB", texture.srgb as u32 as f64));
            all.push(("TEXTURE_U8", (src == ElementType::U8) as u32 as f64));
        }
        if self.texture_target.is_some() {
            all.push(("TEXTURE_TARGET_U8", (dst == ElementType::U8) as u32 as f64));
        }
        if let Some(tensor) = self.tensor_target {
            all.push(("OUT_CHANNELS", tensor.channels as f64));
            all.push(("OUT_PLANAR", tensor.planar as u32 as f64));
        }
        all
    }
}

/// The colour steps of an example kernel with colour conversions (`on`): Pillow's 8-bit rule
/// with its fixed point, as the host builds it; otherwise, by turns, every float step, alpha
/// alone and linear light alone, so that the translation tests compile each branch.
fn example_color(on: bool, fixed_point: bool, k: usize) -> ColorSteps {
    let linear = ColorSteps::DECODE_SRGB.with(ColorSteps::ENCODE_SRGB);
    let alpha = ColorSteps::PREMULTIPLY.with(ColorSteps::UNPREMULTIPLY);
    match (on, fixed_point, k % 3) {
        (false, ..) => ColorSteps::NONE,
        (true, true, _) => ColorSteps::PREMULTIPLY_8_BIT.with(ColorSteps::UNPREMULTIPLY_8_BIT),
        (true, false, 0) => linear.with(alpha),
        (true, false, 1) => alpha,
        (true, false, _) => linear,
    }
}

/// The normalising store of an example kernel: 1 to 4 channels, and NHWC and NCHW, by turns.
fn example_store(k: usize) -> NormalizedStore {
    NormalizedStore {
        channels: 1 + k as u32 % 4,
        planar: k % 2 == 1,
    }
}

/// One compiled kernel with its features: the pipeline cache's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kernel {
    /// The kernel.
    pub variant: KernelVariant,
    /// The optional code paths compiled in.
    pub features: KernelFeatures,
}

impl Kernel {
    /// Every example variant, each with one of the four feature combinations in turn, and the
    /// u8 gathers with integer weights: what the shader tests validate and translate.
    pub fn examples() -> Vec<Kernel> {
        let mut all: Vec<Kernel> = KernelVariant::examples()
            .into_iter()
            .enumerate()
            .map(|(k, variant)| {
                let vector = variant.vector_io();
                let strided = matches!(variant, KernelVariant::GatherVec4 { .. }) && !vector;
                let texture_target = vector && k % 4 == 1;
                Kernel {
                    variant,
                    features: KernelFeatures {
                        fixed_point: k % 2 == 1,
                        // Every third fixed-point gather rounds its vertical sums first.
                        fixed_y_first: k % 6 == 3
                            && matches!(
                                variant,
                                KernelVariant::Gather { .. } | KernelVariant::GatherVec4 { .. }
                            ),
                        // Every third fixed-point gather one step later reduces as Pillow.
                        pillow_reduce: k % 6 == 5
                            && matches!(
                                variant,
                                KernelVariant::Gather { .. } | KernelVariant::GatherVec4 { .. }
                            ),
                        opencv_fixed_point: None,
                        onnx_linear_u8: None,
                        // Every other kernel's extrapolation a colour, by turns with the fixed
                        // point.
                        fill_by_channel: k % 4 < 2,
                        color: example_color(k % 4 >= 2, k % 2 == 1, k),
                        // Every third vector kernel reads a texture, sRGB every other time;
                        // every fourth writes one.
                        texture_source: (vector && k % 3 == 0)
                            .then_some(TextureSource { srgb: k % 2 == 0 }),
                        texture_target: texture_target.then_some(wgpu::TextureFormat::Rgba8Unorm),
                        tensor_target: None,
                        // Every other kernel as a device with `shader-f16` builds it; strided
                        // groups write f16 only as WGSL's f16.
                        native_f16: k % 2 == 0 || strided && variant.dst() == ElementType::F16,
                        integer_weights: None,
                        // By turns: the vertical flags skipped, both, the horizontal ones,
                        // neither.
                        rows_inside: k % 4 < 2,
                        columns_inside: k % 4 == 1 || k % 4 == 2,
                        // Two float destinations in three normalised (a texture's four
                        // channels as pixels), 1 to 4 channels and NHWC and NCHW by turns.
                        normalized: (variant.dst() != ElementType::U8 && k % 3 != 1).then_some(
                            match texture_target {
                                true => NormalizedStore {
                                    channels: 4,
                                    planar: false,
                                },
                                false => example_store(k),
                            },
                        ),
                    },
                }
            })
            .collect();
        // Textures into the caller's tensor: each vector gather and fused kernel above that
        // reads a texture into a buffer, once more writing 3, 2 or 1 channel(s) by turns, as
        // planes or pixels, f32 and f16 (as WGSL's f16) by turns.
        let tensors: Vec<Kernel> = all
            .iter()
            .filter(|kernel| {
                kernel.features.texture_source.is_some() && kernel.features.texture_target.is_none()
            })
            .enumerate()
            .filter_map(|(j, kernel)| {
                let dst = [ElementType::F32, ElementType::F16][j % 2];
                let variant = match kernel.variant {
                    KernelVariant::GatherVec4 {
                        src,
                        taps_y,
                        taps_x,
                        shape,
                        ..
                    } => KernelVariant::GatherVec4 {
                        src,
                        dst,
                        taps_y,
                        taps_x,
                        shape,
                    },
                    KernelVariant::Fused {
                        src,
                        taps_y,
                        taps_x,
                        tile,
                        ..
                    } => KernelVariant::Fused {
                        src,
                        dst,
                        taps_y,
                        taps_x,
                        tile,
                    },
                    _ => return None,
                };
                Some(Kernel {
                    variant,
                    features: KernelFeatures {
                        tensor_target: Some(TensorTarget {
                            channels: 3 - j as u32 % 3,
                            planar: j % 4 < 2,
                        }),
                        // The kernels' four channels as pixels.
                        normalized: (j % 5 < 3).then_some(NormalizedStore {
                            channels: 4,
                            planar: false,
                        }),
                        native_f16: dst == ElementType::F16,
                        ..kernel.features
                    },
                })
            })
            .collect();
        all.extend(tensors);
        // Integer weights, as the host builds them: u8 buffers, no fixed point or colour; the
        // vector, quad and staged gathers, baked and run-time tap counts, one row and several,
        // NHWC and NCHW, 0 to 8 bits.
        let u8s = (ElementType::U8, ElementType::U8);
        let integer = [
            (2, 2, 4, 4),
            (2, 2, 8, 2),
            (1, 1, 8, 0),
            (4, 4, 1, 6),
            (0, 0, 1, 8),
        ];
        for (k, (taps_y, taps_x, rows, bits)) in integer.into_iter().enumerate() {
            let shape = |channels| Vec4Shape {
                rows,
                channels,
                ..Default::default()
            };
            let strided = shape(ChannelGroup::Strided(1 + k as u32 % 3));
            let planar = k % 2 == 1;
            let variants = [
                KernelVariant::vec4_for(u8s.0, u8s.1, taps_y, taps_x, shape(ChannelGroup::Vector)),
                KernelVariant::quad_for(u8s.0, u8s.1, taps_y, taps_x, strided, planar),
                KernelVariant::staged_for(u8s.0, u8s.1, taps_y, taps_x, strided, planar),
            ];
            all.extend(variants.map(|variant| Kernel {
                variant,
                features: KernelFeatures {
                    integer_weights: Some(bits),
                    ..KernelFeatures::default()
                },
            }));
            // The vector gather's lanes into an 8-bit RGBA texture.
            all.push(Kernel {
                variant: KernelVariant::vec4_for(
                    u8s.0,
                    u8s.1,
                    taps_y,
                    taps_x,
                    shape(ChannelGroup::Vector),
                ),
                features: KernelFeatures {
                    integer_weights: Some(bits),
                    texture_target: Some(wgpu::TextureFormat::Rgba8Unorm),
                    ..KernelFeatures::default()
                },
            });
        }
        // The gathers in OpenCV's fixed points and ONNX Runtime's integers, as the host builds
        // them, u8 both ways: the scalar one, and the quad (RGB, two taps, rows reused) and
        // staged (NCHW planes, eight taps) ones of strided groups.
        let u8s = ElementType::U8;
        for arithmetic in [
            GatherArithmetic::OpenCv(OpenCvFixedPoint::Linear),
            GatherArithmetic::OpenCv(OpenCvFixedPoint::Lanczos4),
            GatherArithmetic::OpenCv(OpenCvFixedPoint::LinearExact),
            GatherArithmetic::OnnxLinear(OnnxLinearU8::Integer),
        ] {
            let taps = if arithmetic == GatherArithmetic::OpenCv(OpenCvFixedPoint::Lanczos4) {
                8
            } else {
                2
            };
            let quads = Vec4Shape {
                rows: 4,
                channels: ChannelGroup::Strided(3),
                ..Vec4Shape::default()
            };
            let planes = Vec4Shape {
                channels: ChannelGroup::Strided(1),
                ..Vec4Shape::default()
            };
            for variant in [
                KernelVariant::Gather { src: u8s, dst: u8s },
                KernelVariant::quad_for(u8s, u8s, taps, taps, quads, false),
                KernelVariant::staged_for(u8s, u8s, taps, taps, planes, true),
            ] {
                all.push(Kernel {
                    variant,
                    features: KernelFeatures::with_gather_arithmetic(arithmetic),
                });
            }
        }
        // ONNX Runtime's f32 steps, u8 both ways: on NCHW planes in the scalar, quad and staged
        // gathers, across the channels of NHWC rows in the scalar one.
        let planes = Vec4Shape {
            channels: ChannelGroup::Strided(1),
            ..Vec4Shape::default()
        };
        let quad_planes = Vec4Shape { rows: 4, ..planes };
        let float = GatherArithmetic::OnnxLinear(OnnxLinearU8::Float);
        for variant in [
            KernelVariant::Gather { src: u8s, dst: u8s },
            KernelVariant::quad_for(u8s, u8s, 2, 2, quad_planes, true),
            KernelVariant::staged_for(u8s, u8s, 2, 2, planes, true),
        ] {
            all.push(Kernel {
                variant,
                features: KernelFeatures::with_gather_arithmetic(float),
            });
        }
        all.push(Kernel {
            variant: KernelVariant::Gather { src: u8s, dst: u8s },
            features: KernelFeatures::with_gather_arithmetic(GatherArithmetic::OnnxLinear(
                OnnxLinearU8::FloatAcrossChannels,
            )),
        });
        // The split gather in Pillow's fixed point, u8 both ways (the intermediate of Pillow's
        // order) and u8 to f32.
        for (src, dst, split) in [
            (ElementType::U8, ElementType::U8, 8),
            (ElementType::U8, ElementType::F32, 4),
        ] {
            all.push(Kernel {
                variant: KernelVariant::GatherSplit { src, dst, split },
                features: KernelFeatures {
                    fixed_point: true,
                    color: example_color(split == 8, true, 0),
                    ..KernelFeatures::default()
                },
            });
        }
        // The split gather and the computed taps, f32 and f16 both ways; with and without
        // colour and WGSL's f16; the split gather reading the outside flags or not, the
        // computed taps with one or two taps per axis and one to three channel groups.
        let floats = [ElementType::F32, ElementType::F16];
        for (k, (src, dst)) in floats
            .into_iter()
            .flat_map(|src| floats.map(|dst| (src, dst)))
            .enumerate()
        {
            all.push(Kernel {
                variant: KernelVariant::GatherSplit {
                    src,
                    dst,
                    split: [4, 8][k % 2],
                },
                features: KernelFeatures {
                    color: example_color(k % 2 == 1, false, k),
                    native_f16: k >= 2,
                    rows_inside: k % 3 == 0,
                    columns_inside: k % 3 == 0,
                    normalized: (k % 2 == 0).then_some(example_store(k)),
                    ..KernelFeatures::default()
                },
            });
            all.push(Kernel {
                variant: KernelVariant::GatherComputed {
                    src,
                    dst,
                    taps_y: [2, 1, 2, 1][k],
                    taps_x: [2, 2, 1, 1][k],
                    groups: [1, 2, 1, 3][k],
                    group: Workgroup::default(),
                },
                features: KernelFeatures {
                    color: example_color(k % 2 == 0, false, k),
                    native_f16: k >= 2,
                    rows_inside: true,
                    columns_inside: true,
                    normalized: (k % 2 == 1).then_some(example_store(k)),
                    ..KernelFeatures::default()
                },
            });
        }
        // The computed taps with u8 ends summed in floats (colour conversions), and reading
        // and writing textures, u8 and f32.
        let (u8s, f32s) = (ElementType::U8, ElementType::F32);
        for (k, (src, dst)) in [
            (u8s, u8s),
            (u8s, f32s),
            (f32s, u8s),
            (u8s, u8s),
            (f32s, f32s),
        ]
        .into_iter()
        .enumerate()
        {
            let textures = k >= 3;
            all.push(Kernel {
                variant: KernelVariant::GatherComputed {
                    src,
                    dst,
                    taps_y: [2, 1, 2, 2, 1][k],
                    taps_x: [2, 2, 1, 2, 2][k],
                    groups: 1,
                    // The texture ends' workgroups (src/gpu/texture_groups.rs).
                    group: if textures {
                        Workgroup { x: 8, y: 32 }
                    } else {
                        Workgroup::default()
                    },
                },
                features: KernelFeatures {
                    color: example_color(k < 3, false, k),
                    texture_source: textures.then_some(TextureSource { srgb: k == 3 }),
                    texture_target: textures.then_some(if k == 3 {
                        wgpu::TextureFormat::Rgba8Unorm
                    } else {
                        wgpu::TextureFormat::Rgba16Float
                    }),
                    rows_inside: true,
                    columns_inside: true,
                    ..KernelFeatures::default()
                },
            });
        }
        // The exact doublings: bilinear u8 in lanes, nearest u8, bilinear f16 packed and as
        // WGSL's f16, RGB u8 bilinear and nearest, and RGBA and RGB u8 bilinear in Pillow's
        // fixed point; then between textures.
        let bilinear = DoublingPhases {
            units: [[1, 3], [3, 1]],
            bits: 2,
        };
        let nearest = DoublingPhases {
            units: [[0, 1], [1, 0]],
            bits: 0,
        };
        for (k, (element, channels, phases, fixed_point)) in [
            (ElementType::U8, 4, bilinear, false),
            (ElementType::U8, 4, nearest, false),
            (ElementType::F16, 4, bilinear, false),
            (ElementType::F16, 4, bilinear, false),
            (ElementType::U8, 3, bilinear, false),
            (ElementType::U8, 3, nearest, false),
            (ElementType::U8, 4, bilinear, true),
            (ElementType::U8, 3, bilinear, true),
        ]
        .into_iter()
        .enumerate()
        {
            let lanes = element == ElementType::U8;
            all.push(Kernel {
                variant: KernelVariant::GatherDoubling {
                    element,
                    channels,
                    lanes,
                    rows: if lanes { 4 } else { 2 },
                    group: Workgroup::default(),
                    y: phases,
                    x: phases,
                },
                features: KernelFeatures {
                    integer_weights: (lanes && !fixed_point).then_some(2 * phases.bits),
                    fixed_point,
                    native_f16: k == 3,
                    rows_inside: true,
                    columns_inside: true,
                    normalized: (k == 3).then_some(example_store(0)),
                    ..KernelFeatures::default()
                },
            });
        }
        // OpenCV's INTER_LINEAR and INTER_LINEAR_EXACT doublings of RGB u8, and ONNX Runtime's
        // NHWC integers, each in its arithmetic; the three of RGBA u8 in the lanes, at the
        // quarters' two bits.
        for (arithmetic, channels) in [
            (GatherArithmetic::OpenCv(OpenCvFixedPoint::Linear), 3),
            (GatherArithmetic::OpenCv(OpenCvFixedPoint::LinearExact), 3),
            (GatherArithmetic::OnnxLinear(OnnxLinearU8::Integer), 3),
            (GatherArithmetic::OpenCv(OpenCvFixedPoint::Linear), 4),
            (GatherArithmetic::OpenCv(OpenCvFixedPoint::LinearExact), 4),
            (GatherArithmetic::OnnxLinear(OnnxLinearU8::Integer), 4),
        ] {
            let bits = match channels {
                3 => arithmetic.weight_bits().expect("integer weights"),
                _ => 2,
            };
            let unit = 1 << bits;
            let phases = DoublingPhases {
                units: [[unit / 4, 3 * unit / 4], [3 * unit / 4, unit / 4]],
                bits,
            };
            all.push(Kernel {
                variant: KernelVariant::GatherDoubling {
                    element: ElementType::U8,
                    channels,
                    lanes: true,
                    rows: 2,
                    group: Workgroup::default(),
                    y: phases,
                    x: phases,
                },
                features: KernelFeatures {
                    rows_inside: true,
                    columns_inside: true,
                    ..KernelFeatures::with_gather_arithmetic(arithmetic)
                },
            });
        }
        // From a texture, in floats: u8 from an sRGB texture into `rgba8unorm`; f16 into a
        // buffer as WGSL's f16 (normalised) and as packed words.
        let rgba8 = Some(wgpu::TextureFormat::Rgba8Unorm);
        for (element, target, native_f16) in [
            (ElementType::U8, rgba8, false),
            (ElementType::F16, None, true),
            (ElementType::F16, None, false),
        ] {
            all.push(Kernel {
                variant: KernelVariant::GatherDoubling {
                    element,
                    channels: 4,
                    lanes: false,
                    rows: 2,
                    group: match target {
                        None => Workgroup { x: 4, y: 64 },
                        Some(_) => Workgroup::default(),
                    },
                    y: bilinear,
                    x: nearest,
                },
                features: KernelFeatures {
                    texture_source: Some(TextureSource { srgb: true }),
                    texture_target: target,
                    native_f16,
                    rows_inside: true,
                    columns_inside: true,
                    normalized: native_f16.then_some(example_store(0)),
                    ..KernelFeatures::default()
                },
            });
        }
        // The exact halving: bilinear, and a nearest rule's one tap across; RGBA u8 in lanes,
        // f16, and u8 bilinear in Pillow's fixed point; RGB u8 in packed lanes, both ways.
        for (element, channels, x_units, rows, fixed_point) in [
            (ElementType::U8, 4, [1, 1], 1, false),
            (ElementType::U8, 4, [0, 1], 2, false),
            (ElementType::F16, 4, [1, 1], 1, false),
            (ElementType::U8, 4, [1, 1], 1, true),
            (ElementType::U8, 3, [1, 1], 1, false),
            (ElementType::U8, 3, [0, 1], 2, false),
            (ElementType::U8, 3, [1, 1], 2, true),
        ] {
            let lanes = element == ElementType::U8;
            all.push(Kernel {
                variant: KernelVariant::GatherHalving {
                    element,
                    channels,
                    shape: Vec4Shape {
                        rows,
                        ..Default::default()
                    },
                    y: HalvingWeights {
                        units: [1, 1],
                        bits: 1,
                    },
                    x: HalvingWeights {
                        units: x_units,
                        bits: 1,
                    },
                },
                features: KernelFeatures {
                    integer_weights: (lanes && !fixed_point).then_some(2),
                    fixed_point,
                    rows_inside: true,
                    columns_inside: true,
                    normalized: (!lanes).then_some(example_store(3)),
                    ..KernelFeatures::default()
                },
            });
        }
        // The exact halving of RGBA and RGB u8 in ONNX Runtime's NHWC integers (truncated) and
        // OpenCV's INTER_LINEAR (rounded).
        for (channels, arithmetic) in [
            (4, GatherArithmetic::OnnxLinear(OnnxLinearU8::Integer)),
            (3, GatherArithmetic::OnnxLinear(OnnxLinearU8::Integer)),
            (3, GatherArithmetic::OpenCv(OpenCvFixedPoint::Linear)),
        ] {
            let half = HalvingWeights {
                units: [1, 1],
                bits: 1,
            };
            all.push(Kernel {
                variant: KernelVariant::GatherHalving {
                    element: ElementType::U8,
                    channels,
                    shape: Vec4Shape::default(),
                    y: half,
                    x: half,
                },
                features: KernelFeatures {
                    rows_inside: true,
                    columns_inside: true,
                    ..KernelFeatures::with_gather_arithmetic(arithmetic)
                },
            });
        }
        // The wide gather, reading the outside flags of both axes or of neither, two taps,
        // one or both.
        for (k, (rows, inside)) in [(4, false), (16, true), (8, false)].into_iter().enumerate() {
            all.push(Kernel {
                variant: KernelVariant::GatherWide {
                    taps_y: [2, 1, 1][k],
                    taps_x: [2, 1, 2][k],
                    shape: Vec4Shape {
                        rows,
                        ..Default::default()
                    },
                },
                features: KernelFeatures {
                    integer_weights: Some(4),
                    rows_inside: inside,
                    columns_inside: inside,
                    ..KernelFeatures::default()
                },
            });
        }
        all
    }

    /// Values of every pipeline-overridable constant.
    pub fn constants(&self) -> Vec<(&'static str, f64)> {
        let mut all = self.variant.constants();
        all.extend(
            self.features
                .constants(self.variant.src(), self.variant.dst()),
        );
        if self.features.texture_target.is_some() {
            let padded = pads_target_rows(&self.variant, self.features.texture_source.is_some());
            all.push(("TARGET_ROWS_PADDED", padded as u32 as f64));
        }
        all
    }

    /// The complete WGSL source: the variant's, reading or writing textures where the features
    /// say so.
    pub fn source(&self) -> String {
        let features = self.features;
        let (src, dst) = (self.variant.src(), self.variant.dst());
        let (native_src, native_dst) = self.native_f16_ends();
        // An `enable` directive must come before every declaration.
        let enable = if native_src || native_dst {
            "enable f16;"
        } else {
            ""
        };
        // One element at a time: the scalar gather's and the strided groups' I/O. Sources other
        // than u8 take what the u8 file adds for Pillow's fixed point and windows of bytes.
        let scalar_src = match (native_src, src) {
            (true, _) => [SRC_F16_NATIVE, SRC_NOT_U8].join("\n"),
            (false, ElementType::U8) => SRC_U8.to_string(),
            (false, _) => [scalar_source(src), SRC_NOT_U8].join("\n"),
        };
        let scalar_src = scalar_src.as_str();
        let scalar_dst = if native_dst {
            DST_F16_NATIVE
        } else {
            scalar_destination(dst)
        };
        // The vector kernels' destination: the texture, the tensor store of fewer channels or
        // planes, or four-channel groups of the buffer.
        let vector_dst = match (features.texture_target, features.tensor_target) {
            (Some(format), _) => texture_destination(format),
            // f32, or f16 as WGSL's f16 (`Resizer::prepare` takes no other).
            (None, Some(_)) if native_dst => DST_TENSOR.replace("TENSOR_ELEMENT", "f16"),
            (None, Some(_)) => DST_TENSOR.replace("TENSOR_ELEMENT", "f32"),
            (None, None) if native_dst => DST_VEC4_F16_NATIVE.to_string(),
            (None, None) => vec4_destination(dst).to_string(),
        };
        let body = match self.variant {
            KernelVariant::GatherVec4 { shape, .. }
                if matches!(shape.channels, ChannelGroup::Strided(_)) =>
            {
                return [
                    enable,
                    SRGB,
                    COMMON,
                    scalar_src,
                    scalar_dst,
                    STRIDED_LOAD,
                    STRIDED_STORE,
                    BAND_VEC4,
                    LANES_NONE,
                    GATHER_VEC4,
                ]
                .join("\n");
            }
            KernelVariant::GatherQuad { .. } | KernelVariant::GatherStaged { .. } => {
                let body = match self.variant {
                    KernelVariant::GatherQuad { .. } => GATHER_QUAD,
                    _ => GATHER_STAGED,
                };
                // Their destination is u8, written in runs of bytes.
                return [
                    enable,
                    SRGB,
                    COMMON,
                    scalar_src,
                    DST_U8_RUNS,
                    STRIDED_LOAD,
                    STRIDED_TAPS,
                    body,
                ]
                .join("\n");
            }
            // RGBA u8 buffers only, in integer lanes; it declares its own destination.
            KernelVariant::GatherWide { .. } => {
                return [enable, SRGB, COMMON, SRC_VEC4_U8, LANES_U8, GATHER_WIDE_U8].join("\n");
            }
            // RGB u8 buffers, four output pixels per invocation in packed lanes; the form's file
            // declares the source and destination.
            KernelVariant::GatherHalving { channels: 3, .. } => {
                return [
                    enable,
                    SRGB,
                    COMMON,
                    RGB_LANES,
                    HALVING_RGB_FOURS,
                    HALVING_WEIGHTS,
                    GATHER_HALVING_RGB,
                ]
                .join("\n");
            }
            // RGBA u8 (integer lanes) or f16 buffers; it declares its own source and
            // destination.
            KernelVariant::GatherHalving { element, .. } => {
                let io = if element == ElementType::U8 {
                    HALVING_LANES.to_string()
                } else {
                    [FLOAT_SUMS, F16_PAIRS, HALVING_F16].join("\n")
                };
                return [enable, SRGB, COMMON, &io, HALVING_WEIGHTS, GATHER_HALVING].join("\n");
            }
            // RGB u8 buffers, four pixels per invocation; it declares its own destination.
            KernelVariant::GatherDoubling { channels: 3, .. } => {
                return [
                    enable,
                    SRGB,
                    COMMON,
                    SRC_VEC4_U8,
                    DOUBLING_PHASES,
                    RGB_LANES,
                    RGB_EIGHTS,
                    GATHER_DOUBLING_RGB,
                ]
                .join("\n");
            }
            // From an RGBA texture: texels in, f32 sums, texels or an f16 buffer's pixels out,
            // two to a store in a buffer. (`doubling::choose` takes no tensor store of fewer
            // channels or planes, and no u8 buffer: those run staged.)
            KernelVariant::GatherDoubling { .. } if features.texture_source.is_some() => {
                let dst = match features.texture_target {
                    Some(_) => [vector_dst.as_str(), DOUBLING_TEXTURE].join("\n"),
                    None => F16_PAIRS.to_string(),
                };
                return [
                    enable,
                    SRGB,
                    COMMON,
                    SRC_VEC4_TEXTURE,
                    FLOAT_SUMS,
                    &dst,
                    DOUBLING_FLOATS,
                    DOUBLING_PHASES,
                    GATHER_DOUBLING,
                ]
                .join("\n");
            }
            // RGBA u8 (integer lanes) or f16 buffers; it declares its own destination.
            KernelVariant::GatherDoubling { element, .. } => {
                let io = if element == ElementType::U8 {
                    [SRC_VEC4_U8, LANES_U8, DOUBLING_LANES].join("\n")
                } else if native_src {
                    [SRC_VEC4_F16_NATIVE, FLOAT_SUMS, F16_PAIRS, DOUBLING_FLOATS].join("\n")
                } else {
                    [SRC_VEC4_F16, FLOAT_SUMS, F16_PAIRS, DOUBLING_FLOATS].join("\n")
                };
                return [enable, SRGB, COMMON, &io, DOUBLING_PHASES, GATHER_DOUBLING].join("\n");
            }
            KernelVariant::GatherVec4 { .. } => GATHER_VEC4,
            KernelVariant::GatherSplit { .. } => GATHER_SPLIT,
            KernelVariant::GatherComputed { .. } => GATHER_COMPUTED,
            KernelVariant::Fused { .. } => FUSED_TILED,
            // Textures are read and written by the vector kernels only.
            KernelVariant::Gather { .. } => {
                return [enable, SRGB, COMMON, scalar_src, scalar_dst, GATHER].join("\n");
            }
        };
        let src_io = match features.texture_source {
            Some(_) => SRC_VEC4_TEXTURE,
            None if native_src => SRC_VEC4_F16_NATIVE,
            None => vec4_source(src),
        };
        // Vector sources other than u8 buffers take what the u8 file adds for Pillow's fixed
        // point.
        let u8_buffer = features.texture_source.is_none() && src == ElementType::U8;
        let src_io = if u8_buffer {
            src_io.to_string()
        } else {
            [src_io, SRC_VEC4_NOT_U8].join("\n")
        };
        // The vector gather's integer lanes read u8 buffers and write u8 buffers or, where the
        // host takes integer weights into one, an 8-bit texture.
        let lanes = match self.variant {
            KernelVariant::Fused { .. }
            | KernelVariant::GatherSplit { .. }
            | KernelVariant::GatherComputed { .. } => String::new(),
            _ if u8_buffer && dst == ElementType::U8 => match features.texture_target {
                None => [LANES_U8, LANES_U8_STORE].join("\n"),
                Some(_) if features.integer_weights.is_some() => {
                    [LANES_U8, LANES_U8_TEXTURE_STORE].join("\n")
                }
                Some(_) => LANES_NONE.to_string(),
            },
            _ => LANES_NONE.to_string(),
        };
        [
            enable,
            SRGB,
            COMMON,
            &src_io,
            &vector_dst,
            BAND_VEC4,
            &lanes,
            body,
        ]
        .join("\n")
    }

    /// Which ends read or write an f16 buffer as WGSL's `f16`: (source, destination). A texture
    /// end never does, and only with [`KernelFeatures::native_f16`].
    fn native_f16_ends(&self) -> (bool, bool) {
        let features = self.features;
        let native =
            |element, texture: bool| features.native_f16 && element == ElementType::F16 && !texture;
        (
            native(self.variant.src(), features.texture_source.is_some()),
            native(self.variant.dst(), features.texture_target.is_some()),
        )
    }

    /// Whether the kernel reads or writes an f16 buffer as WGSL's `f16` (its module enables
    /// `f16`, so the device needs `shader-f16`).
    pub fn uses_native_f16(&self) -> bool {
        let (src, dst) = self.native_f16_ends();
        src || dst
    }

    /// A label for graphics debuggers and messages.
    pub fn label(&self) -> String {
        let mut label = self.variant.label();
        if self.features.fixed_point {
            label.push_str(" fixed-point");
        }
        if let Some(arithmetic) = self.features.gather_arithmetic() {
            label.push_str(&format!(" arithmetic {arithmetic:?}"));
        }
        if self.features.pillow_reduce {
            label.push_str(" block averages");
        }
        if self.features.color.any() {
            label.push_str(&format!(" color steps {}", self.features.color.bits()));
        }
        if let Some(bits) = self.features.integer_weights {
            label.push_str(&format!(" integer weights of {bits} bits"));
        }
        if self.features.rows_inside {
            label.push_str(" rows inside");
        }
        if self.features.columns_inside {
            label.push_str(" columns inside");
        }
        if let Some(texture) = self.features.texture_source {
            label.push_str(if texture.srgb {
                " from sRGB texture"
            } else {
                " from texture"
            });
        }
        if let Some(format) = self.features.texture_target {
            label.push_str(&format!(" to {format:?} texture"));
        }
        if let Some(tensor) = self.features.tensor_target {
            let form = if tensor.planar { "planes" } else { "pixels" };
            label.push_str(&format!(" to {} channel(s) as {form}", tensor.channels));
        }
        if self.uses_native_f16() {
            label.push_str(" native f16");
        }
        label
    }
}

/// One axis of an exact doubling ([`KernelVariant::GatherDoubling`]): output `2i + k` takes
/// `units[k][0]` times input `i - 1 + k` and `units[k][1]` times input `i + k`, clamped to the
/// axis, in units of 2^-`bits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DoublingPhases {
    /// Each phase's two weights, in units of 2^-`bits`.
    pub units: [[u32; 2]; 2],
    /// The weights' fractional bits.
    pub bits: u32,
}

impl DoublingPhases {
    /// The kernel's four constants for this axis (`W{axis}0A`, `0B`, `1A`, `1B`): the units
    /// themselves for integer lanes, the weights for floats.
    fn constants(&self, lanes: bool) -> [f64; 4] {
        let [[a0, b0], [a1, b1]] = self.units;
        [a0, b0, a1, b1].map(|u| weight_constant(u, self.bits, lanes))
    }
}

/// A weight of `units` in units of 2^-`bits` as a kernel's constant: the units themselves for
/// integer lanes, which sum units and shift, the weight itself for floats.
fn weight_constant(units: u32, bits: u32, lanes: bool) -> f64 {
    if lanes {
        f64::from(units)
    } else {
        f64::from(units) / f64::from(1u32 << bits)
    }
}

/// One axis of an exact halving ([`KernelVariant::GatherHalving`]): output `j` takes
/// `units[0]` times input `2j` and `units[1]` times input `2j + 1`, in units of 2^-`bits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HalvingWeights {
    /// The two weights, in units of 2^-`bits`.
    pub units: [u32; 2],
    /// The weights' fractional bits.
    pub bits: u32,
}

impl HalvingWeights {
    /// The kernel's two constants for this axis (`W{axis}A`, `W{axis}B`): the units themselves
    /// for integer lanes, the weights for floats.
    fn constants(&self, lanes: bool) -> [f64; 2] {
        self.units.map(|u| weight_constant(u, self.bits, lanes))
    }
}

/// One kernel's source and shape; see [`Kernel`] for the cache key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KernelVariant {
    /// Four consecutive output elements per invocation, scalar loads, any layout and channel count.
    Gather {
        /// Element type read.
        src: ElementType,
        /// Element type written.
        dst: ElementType,
    },
    /// One channel group per invocation and row: four channels with one load per tap (NHWC,
    /// channels % 4 == 0), or a strided group of 1 to 4 (any layout; f32 and WGSL f16 outputs).
    GatherVec4 {
        /// Element type read.
        src: ElementType,
        /// Element type written.
        dst: ElementType,
        /// Taps along y baked in (0: read at run time).
        taps_y: u32,
        /// Taps along x baked in (0: read at run time).
        taps_x: u32,
        /// Workgroup and rows per invocation.
        shape: Vec4Shape,
    },
    /// Four neighbouring output columns of a strided channel group per invocation and row, a
    /// run of bytes of a u8 output (NCHW, or NHWC with 1 to 3 channels) written whole words
    /// where it fills them and atomically where it shares a word with a neighbouring run
    /// (`wgsl/gather_quad.wgsl`, `wgsl/dst_u8_runs.wgsl`).
    GatherQuad {
        /// Element type read.
        src: ElementType,
        /// Element type written.
        dst: ElementType,
        /// Taps along y baked in (0: read at run time).
        taps_y: u32,
        /// Taps along x baked in (0: read at run time).
        taps_x: u32,
        /// Workgroup (in quads of columns), rows per invocation and the strided channel group.
        shape: Vec4Shape,
        /// NCHW planes; otherwise NHWC pixels whose group is every channel.
        planar: bool,
    },
    /// One output column of a strided channel group per invocation and row, the bytes of a
    /// row's [`STAGED_COLUMNS`] columns gathered in workgroup memory and written as runs of a u8
    /// output, as [`KernelVariant::GatherQuad`]'s: the same tensors, for passes of one row per
    /// invocation (`wgsl/gather_staged.wgsl`).
    GatherStaged {
        /// Element type read.
        src: ElementType,
        /// Element type written.
        dst: ElementType,
        /// Taps along y baked in (0: read at run time).
        taps_y: u32,
        /// Taps along x baked in (0: read at run time).
        taps_x: u32,
        /// Rows per invocation and the strided channel group (workgroups are
        /// [`STAGED_COLUMNS`] columns wide).
        shape: Vec4Shape,
        /// NCHW planes; otherwise NHWC pixels whose group is every channel.
        planar: bool,
    },
    /// Four neighbouring output pixels of an RGBA u8 buffer per invocation and row, summed in
    /// integer lanes with one or two taps on each axis and written with one 16-byte store:
    /// bilinear and nearest enlargements by 2 or more (`wgsl/gather_wide_u8.wgsl`).
    GatherWide {
        /// Taps along y, 1 or 2.
        taps_y: u32,
        /// Taps along x, 1 or 2.
        taps_x: u32,
        /// Workgroup (in fours of pixels) and rows per invocation.
        shape: Vec4Shape,
    },
    /// One output's horizontal band split over `split` lanes, whose partial sums are added in
    /// workgroup memory: passes of one vertical tap and wide horizontal bands (the separable
    /// path's second pass of a large shrink), NHWC with channels % 4 == 0, f32 and f16, or any
    /// element type in Pillow's fixed point (`wgsl/gather_split.wgsl`).
    GatherSplit {
        /// Element type read.
        src: ElementType,
        /// Element type written.
        dst: ElementType,
        /// Lanes per output, a power of two dividing [`SPLIT_GROUP`] (4 or 8).
        split: u32,
    },
    /// Exact doublings of RGBA and RGB buffers: one invocation per input column (four for RGB)
    /// writes the 2 x 2 outputs of each of `rows` input pixels from their neighbours, by
    /// per-phase weights and no table (`wgsl/gather_doubling.wgsl`,
    /// `wgsl/gather_doubling_rgb.wgsl`): u8 in integer lanes, f16 in f32 sums.
    GatherDoubling {
        /// Element type read and written: u8 or f16.
        element: ElementType,
        /// Channels of a pixel: 4 (RGBA, one group per invocation), or 3 (RGB u8, four pixels
        /// per invocation: `wgsl/gather_doubling_rgb.wgsl`).
        channels: u32,
        /// Sums in integer lanes, the phases' weights as integers (u8 buffers); else in f32,
        /// the weights as themselves (f16 buffers, textures).
        lanes: bool,
        /// Input rows per invocation.
        rows: u32,
        /// The workgroup, in invocations (64 x 4 but from an f16 texture into a tensor).
        group: Workgroup,
        /// The vertical phases.
        y: DoublingPhases,
        /// The horizontal phases.
        x: DoublingPhases,
    },
    /// Exact halvings of RGBA and RGB buffers: one invocation per two neighbouring output pixels
    /// (four of RGB) and `shape.rows` rows, each output row's input pixels read as whole words
    /// (16 bytes; 8 of RGB), by per-axis weights and no table (`wgsl/gather_halving.wgsl`,
    /// `wgsl/gather_halving_rgb.wgsl` with `wgsl/halving_rgb_fours.wgsl`): u8 in integer lanes,
    /// f16 in f32 sums.
    GatherHalving {
        /// Element type read and written: u8 or f16.
        element: ElementType,
        /// Channels of a pixel: 4 (RGBA), or 3 (RGB u8, a pixel's channels in packed 10-bit
        /// lanes: `wgsl/rgb_lanes.wgsl`).
        channels: u32,
        /// Workgroup (in the invocations' groups of output pixels) and output rows per
        /// invocation.
        shape: Vec4Shape,
        /// The vertical weights.
        y: HalvingWeights,
        /// The horizontal weights.
        x: HalvingWeights,
    },
    /// One output's four-channel group per invocation, its one or two taps per axis computed
    /// from the output's position rather than read from the table: bilinear and nearest passes
    /// whose tables follow the coordinate mapping exactly, summed in floats, NHWC with channels
    /// % 4 == 0, buffers or RGBA textures (`wgsl/gather_computed.wgsl`,
    /// `src/gpu/computed_taps.rs`).
    GatherComputed {
        /// Element type read.
        src: ElementType,
        /// Element type written.
        dst: ElementType,
        /// Taps along y, 1 or 2.
        taps_y: u32,
        /// Taps along x, 1 or 2.
        taps_x: u32,
        /// Four-channel groups per pixel (the channel count over 4).
        groups: u32,
        /// The workgroup: the vector gather's that it replaces.
        group: Workgroup,
    },
    /// The fused tiled kernel: NHWC with channels % 4 == 0, or NCHW planes whose rows hold
    /// whole vectors ([`FusedTile::planar`]); footprints that fit its tile.
    Fused {
        /// Element type read.
        src: ElementType,
        /// Element type written.
        dst: ElementType,
        /// Taps along y baked in (0: read at run time).
        taps_y: u32,
        /// Taps along x baked in (0: read at run time).
        taps_x: u32,
        /// Output tile width and workgroup array.
        tile: FusedTile,
    },
}

/// Invocations per workgroup of [`KernelVariant::GatherSplit`]: `split` lanes for each of
/// `SPLIT_GROUP / split` outputs.
pub const SPLIT_GROUP: u32 = 256;

/// Output columns per workgroup of the staged u8 gather (`LANES` in `gather_staged.wgsl`), one
/// to an invocation. Workgroups of 256 rather than 64: on the H200 a store-only grid of 64-lane
/// workgroups took three times as long as one of 256 (129 600 workgroups, 83 against 25 µs), and
/// the staged passes gained 1 to 16% (RGB u8 4K x0.5 23.1 -> 19.8 µs, Pillow's lanczos RGB u8
/// 4K -> 768x1366 148.4 -> 135.9; BENCHMARKS.md tuning log items 105 and 106).
pub const STAGED_COLUMNS: u32 = 256;

/// The fused kernel's output rows per tile (`TILE_H` in `fused_tiled.wgsl`).
pub const FUSED_TILE_H: u32 = 4;
/// The fused kernel's output tile widths, widest first (`TILE_W` in `fused_tiled.wgsl`): a spec
/// takes the widest whose workgroup array fits. Wide tiles load the fewest inputs twice (the
/// first-axis footprints of neighbouring tiles overlap); narrow ones let large shrinks fit.
pub const FUSED_TILE_WIDTHS: [u32; 3] = [64, 32, 16];

/// How the fused kernel covers one spec: its tile width and the four-channel groups in its
/// workgroup array of first-axis sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FusedTile {
    /// Workgroup width, one of [`FUSED_TILE_WIDTHS`]: the lanes over the first axis's columns.
    pub width: u32,
    /// Output columns per tile, at most `width`: fewer where that lets the lanes cover the
    /// tile's input columns in fewer rounds (see `fused_fits` in `src/gpu/fused_fit.rs`).
    pub columns: u32,
    /// Four-channel groups in the workgroup array (see [`fused_capacity`]).
    pub capacity: u32,
    /// Most input rows between neighbouring output rows' vertical band starts, where the
    /// vertical step runs rows in pairs (`PAIR_STEP` in `fused_tiled.wgsl`); 0 for one row at a
    /// time.
    pub pair_step: u32,
    /// Whether the vertical step takes two input columns per turn (`COLUMN_PAIRS` in
    /// `fused_tiled.wgsl`; see `column_pairs` in `src/gpu/fused_fit.rs`).
    pub column_pairs: bool,
    /// NCHW planes, each an image of its own whose vectors hold four neighbouring elements of
    /// a row (`PLANAR` in `fused_tiled.wgsl`): `columns` counts outputs, four to a lane, and
    /// `capacity` the array's vectors, one per input column of the footprint (holding the
    /// tile's four rows) and the spares `layout` keeps (one after every 8 or 16).
    pub planar: bool,
    /// Where the sums lie in the array and which output each lane of the horizontal step
    /// weighs: NHWC strands and lane order, planes' spares ([`SumsLayout::PLAIN`] for
    /// Pillow's fixed point).
    pub layout: SumsLayout,
}
/// Most workgroup memory the fused kernel asks for, in bytes (what every Vulkan, Metal and DX12
/// device offers; the downlevel default is 16 KiB, and a device that has less gets no fused
/// path for larger footprints).
pub const FUSED_MAX_WORKGROUP_BYTES: u32 = 32 * 1024;

/// The fused kernel's workgroup array for `groups` four-channel sums, rounded up to a multiple
/// of [`FUSED_CAPACITY_STEP`].
pub fn fused_capacity(groups: u64) -> u64 {
    groups
        .next_multiple_of(FUSED_CAPACITY_STEP)
        .max(FUSED_CAPACITY_STEP)
}

/// Vectors the fused kernel's workgroup array is rounded up to: 256 bytes. The kernel's time
/// steps with the array's size (the ML batch 51 µs at 512 vectors, 53 at 544 to 608, 55.5 at
/// 640 to 768, 64 from 832; tuning log item 168), by a driver rule that was not found, and
/// rounding it up to 4 KiB (so that nearby footprints shared a pipeline) cost the ML batch.
/// H200, fused µs, a step of 256 vectors / 64 / 16 (BENCHMARKS.md tuning log item 162):
/// 32x512² -> 224² antialiased bilinear 55.5-55.8 / 55.5 / 52.6-52.7, f16 46.7-47.1 /
/// 46.5-46.7 / 41.5-41.7; NCHW 32x3x512² -> 224² 44.6-44.7 / 42.9-43.0 / 42.0-42.5;
/// antialiased bicubic 4K -> 1080p 63.7-63.9 / 63.3-63.9 / 62.7-63.5, 8x1024² -> 512² lanczos3
/// 81.1-82.6 / 82.0-82.2 / 80.3-81.4; but lanczos3 4K -> 1080p 78.1-78.6 / 78.4-78.9 /
/// 79.3-79.8 and 16x448² -> 224² bicubic 31.8-32.0 / 32.0-32.1 / 32.1-32.5.
pub const FUSED_CAPACITY_STEP: u64 = 16;

/// Whether a pass of `variant` that writes a storage texture has the host put the target's rows
/// a power of two apart (`PassParams::with_texture_target_rows`), so that each store finds its
/// texel with a mask and a shift (`TARGET_ROWS_PADDED` in `wgsl/dst_vec4_texture.wgsl`), rather
/// than a division by the width and a remainder; the pass reads a texture where
/// `reads_texture`. H200, µs, two rounds each, rows the width apart -> padded (BENCHMARKS.md
/// tuning log item 152): a tensor into a texture, u8 1080p x2 36.1 -> 30.8-31.1, 4K x0.5
/// 17.0-17.2 -> 15.6, 720p x1.5 17.6-17.7 -> 16.3-16.4, f16 1080p x2 52.1-52.2 -> 49.8-49.9, f32
/// -0.6 to +0.3; texture to texture, u8 720p x1.5 25.5-26.0 -> 24.2, 1080p x0.75 22.2-22.6 ->
/// 21.3-21.5, f16 720p x1.5 23.0-23.3 -> 22.3; but the u8 doubling from a texture into a
/// texture 47.9-48.3 -> 52.8-52.9 (f16 and 384x640 within 0.3), so exact doublings between
/// textures keep their rows the width apart.
pub(crate) fn pads_target_rows(variant: &KernelVariant, reads_texture: bool) -> bool {
    !(reads_texture && matches!(variant, KernelVariant::GatherDoubling { .. }))
}

fn specialised(taps: u32) -> u32 {
    if taps <= MAX_SPECIALISED_TAPS {
        taps
    } else {
        0
    }
}

impl KernelVariant {
    /// The vector gather for a band of `taps_y × taps_x`, each count baked in up to
    /// [`MAX_VECTOR_TAPS`].
    pub fn vec4_for(
        src: ElementType,
        dst: ElementType,
        taps_y: u32,
        taps_x: u32,
        shape: Vec4Shape,
    ) -> Self {
        let baked = |taps: u32| if taps <= MAX_VECTOR_TAPS { taps } else { 0 };
        KernelVariant::GatherVec4 {
            src,
            dst,
            taps_y: baked(taps_y),
            taps_x: baked(taps_x),
            shape,
        }
    }

    /// The quad gather for a band of `taps_y × taps_x`, specialised when both are small, of
    /// NCHW planes where `planar`.
    pub fn quad_for(
        src: ElementType,
        dst: ElementType,
        taps_y: u32,
        taps_x: u32,
        shape: Vec4Shape,
        planar: bool,
    ) -> Self {
        KernelVariant::GatherQuad {
            src,
            dst,
            taps_y: specialised(taps_y),
            taps_x: specialised(taps_x),
            shape,
            planar,
        }
    }

    /// The staged gather for a band of `taps_y × taps_x`, specialised when both are small, of
    /// NCHW planes where `planar`.
    pub fn staged_for(
        src: ElementType,
        dst: ElementType,
        taps_y: u32,
        taps_x: u32,
        shape: Vec4Shape,
        planar: bool,
    ) -> Self {
        KernelVariant::GatherStaged {
            src,
            dst,
            taps_y: specialised(taps_y),
            taps_x: specialised(taps_x),
            shape,
            planar,
        }
    }

    /// The fused kernel for a band of `taps_y × taps_x`, specialised when both are small.
    pub fn fused_for(
        src: ElementType,
        dst: ElementType,
        taps_y: u32,
        taps_x: u32,
        tile: FusedTile,
    ) -> Self {
        KernelVariant::Fused {
            src,
            dst,
            taps_y: specialised(taps_y),
            taps_x: specialised(taps_x),
            tile,
        }
    }

    /// A representative set of the variants the library builds, for tests that validate and
    /// translate them: every element-type pair, and the vector kernel generic and specialised.
    pub fn examples() -> Vec<KernelVariant> {
        let types = [ElementType::F32, ElementType::F16, ElementType::U8];
        let mut all: Vec<KernelVariant> = types
            .iter()
            .flat_map(|&src| {
                types
                    .iter()
                    .map(move |&dst| KernelVariant::Gather { src, dst })
            })
            .collect();
        let shapes = [
            Vec4Shape::default(),
            Vec4Shape {
                group_x: 32,
                group_y: 8,
                rows: 2,
                ..Default::default()
            },
            Vec4Shape {
                group_x: 256,
                group_y: 1,
                rows: 4,
                ..Default::default()
            },
        ];
        // Strided groups of every size, f32 and f16 destinations (u8 never gets them).
        for (k, size) in (1..=4).enumerate() {
            for &src in &types {
                for dst in [ElementType::F32, ElementType::F16] {
                    all.push(Self::vec4_for(
                        src,
                        dst,
                        [0, 2, 5, 3][k],
                        [0, 2, 4, 17][k],
                        Vec4Shape {
                            rows: [1, 4, 2, 4][k],
                            channels: ChannelGroup::Strided(size),
                            ..Default::default()
                        },
                    ));
                }
            }
        }
        // Vertical passes of wide bands with reserved workgroup memory: vector (40 taps, baked)
        // and strided (80, read at run time).
        for (k, channels) in [ChannelGroup::Vector, ChannelGroup::Strided(3)]
            .into_iter()
            .enumerate()
        {
            all.push(Self::vec4_for(
                types[k],
                ElementType::F32,
                [40, 80][k],
                1,
                Vec4Shape {
                    reserve: 4096,
                    arithmetic_y_starts: k == 0,
                    channels,
                    ..Default::default()
                },
            ));
        }
        // u8 columns in quads and staged, from each source type, groups of every size.
        for (k, size) in (1..=4).enumerate() {
            all.push(Self::staged_for(
                types[(k + 1) % types.len()],
                ElementType::U8,
                [1, 12, 0, 3][k],
                [8, 1, 20, 3][k],
                Vec4Shape {
                    channels: ChannelGroup::Strided(size),
                    ..Default::default()
                },
                k % 2 == 0,
            ));
            all.push(Self::quad_for(
                types[k % types.len()],
                ElementType::U8,
                [2, 0, 4, 1][k],
                [2, 3, 0, 5][k],
                Vec4Shape {
                    rows: [4, 1, 2, 1][k],
                    channels: ChannelGroup::Strided(size),
                    ..Default::default()
                },
                k % 2 == 1,
            ));
        }
        let taps = [(0, 0), (1, 1), (2, 2), (4, 4), (1, 8), (8, 2), (12, 3)];
        for (k, (ty, tx)) in taps.into_iter().enumerate() {
            for &src in &types {
                for &dst in &types {
                    all.push(Self::vec4_for(src, dst, ty, tx, shapes[k % shapes.len()]));
                    all.push(Self::fused_for(
                        src,
                        dst,
                        ty,
                        tx,
                        FusedTile {
                            width: FUSED_TILE_WIDTHS[k % FUSED_TILE_WIDTHS.len()],
                            columns: FUSED_TILE_WIDTHS[k % FUSED_TILE_WIDTHS.len()] - k as u32 % 3,
                            pair_step: k as u32 % 3,
                            column_pairs: k % 2 == 0,
                            capacity: fused_capacity(u64::from(FUSED_TILE_H * (128 + tx))) as u32,
                            planar: k % 4 == 1,
                            layout: if k % 4 == 1 {
                                SumsLayout::planes(3 + k as u32 % 2)
                            } else if k % 4 == 2 {
                                SumsLayout {
                                    strands: 2 + k as u32 % 15,
                                    strand_len: 130,
                                    lane_stride: 1 + k as u32 % 8,
                                    spare_shift: 0,
                                }
                            } else {
                                SumsLayout::PLAIN
                            },
                        },
                    ));
                }
            }
        }
        all
    }

    /// A label for graphics debuggers and messages.
    pub fn label(&self) -> String {
        match self {
            KernelVariant::Gather { src, dst } => {
                format!("wgpu-resize gather {}->{}", src.name(), dst.name())
            }
            KernelVariant::GatherVec4 {
                src,
                dst,
                taps_y,
                taps_x,
                shape,
            } => format!(
                "wgpu-resize gather vec4 {}->{} taps {taps_y}x{taps_x} group {}x{} rows {} \
                 reserve {}{}{}",
                src.name(),
                dst.name(),
                shape.group_x,
                shape.group_y,
                shape.rows,
                shape.reserve,
                if shape.arithmetic_y_starts {
                    " computed starts"
                } else {
                    ""
                },
                match shape.channels {
                    ChannelGroup::Vector => String::new(),
                    ChannelGroup::Strided(size) => format!(" strided groups of {size}"),
                }
            ),
            KernelVariant::GatherQuad {
                src,
                dst,
                taps_y,
                taps_x,
                shape,
                planar,
            } => format!(
                "wgpu-resize gather quads {}->{} taps {taps_y}x{taps_x} group {}x{} rows {} \
                 channels {}{}",
                src.name(),
                dst.name(),
                shape.group_x,
                shape.group_y,
                shape.rows,
                shape.channels.size(),
                if *planar { " planar" } else { "" }
            ),
            KernelVariant::GatherStaged {
                src,
                dst,
                taps_y,
                taps_x,
                shape,
                planar,
            } => format!(
                "wgpu-resize gather staged {}->{} taps {taps_y}x{taps_x} rows {} channels {}{}",
                src.name(),
                dst.name(),
                shape.rows,
                shape.channels.size(),
                if *planar { " planar" } else { "" }
            ),
            KernelVariant::GatherWide {
                taps_y,
                taps_x,
                shape,
            } => format!(
                "wgpu-resize gather wide u8->u8 taps {taps_y}x{taps_x} group {}x{} rows {}",
                shape.group_x, shape.group_y, shape.rows
            ),
            KernelVariant::GatherDoubling {
                element,
                channels,
                lanes,
                rows,
                group,
                y,
                x,
            } => format!(
                "wgpu-resize gather doubling {0}->{0} channels {channels}{5} group {6}x{7} rows \
                 {rows} phases y {1:?} x {2:?} of 2^-{3} and 2^-{4}",
                element.name(),
                y.units,
                x.units,
                y.bits,
                x.bits,
                if *lanes { " lanes" } else { "" },
                group.x,
                group.y,
            ),
            KernelVariant::GatherHalving {
                element,
                channels,
                shape,
                y,
                x,
            } => format!(
                "wgpu-resize gather halving {0}->{0} channels {channels} group {1}x{2} \
                 rows {3} weights y {4:?} x {5:?} of 2^-{6} and 2^-{7}",
                element.name(),
                shape.group_x,
                shape.group_y,
                shape.rows,
                y.units,
                x.units,
                y.bits,
                x.bits
            ),
            KernelVariant::GatherSplit { src, dst, split } => format!(
                "wgpu-resize gather split {}->{} lanes per output {split}",
                src.name(),
                dst.name()
            ),
            KernelVariant::GatherComputed {
                src,
                dst,
                taps_y,
                taps_x,
                groups,
                group,
            } => format!(
                "wgpu-resize gather computed taps {}->{} taps {taps_y}x{taps_x} groups {groups} \
                 workgroup {}x{}",
                src.name(),
                dst.name(),
                group.x,
                group.y
            ),
            KernelVariant::Fused {
                src,
                dst,
                taps_y,
                taps_x,
                tile,
            } => format!(
                "wgpu-resize fused tiled {}->{} taps {taps_y}x{taps_x} tile {}x{FUSED_TILE_H} \
                 lanes {} capacity {} pair step {} column pairs {}{} strands {}x{} lane stride {}{}",
                src.name(),
                dst.name(),
                tile.columns,
                tile.width,
                tile.capacity,
                tile.pair_step,
                tile.column_pairs,
                if tile.planar { " planar" } else { "" },
                tile.layout.strands,
                tile.layout.strand_len,
                tile.layout.lane_stride,
                match tile.layout.spare_shift {
                    0 => String::new(),
                    shift => format!(" spare every {}", 1u32 << shift),
                },
            ),
        }
    }

    /// The element type the kernel reads.
    pub fn src(&self) -> ElementType {
        match *self {
            KernelVariant::Gather { src, .. }
            | KernelVariant::GatherVec4 { src, .. }
            | KernelVariant::GatherQuad { src, .. }
            | KernelVariant::GatherStaged { src, .. }
            | KernelVariant::GatherSplit { src, .. }
            | KernelVariant::GatherComputed { src, .. }
            | KernelVariant::Fused { src, .. } => src,
            KernelVariant::GatherWide { .. } => ElementType::U8,
            KernelVariant::GatherDoubling { element, .. }
            | KernelVariant::GatherHalving { element, .. } => element,
        }
    }

    /// The element type the kernel writes.
    pub fn dst(&self) -> ElementType {
        match *self {
            KernelVariant::Gather { dst, .. }
            | KernelVariant::GatherVec4 { dst, .. }
            | KernelVariant::GatherQuad { dst, .. }
            | KernelVariant::GatherStaged { dst, .. }
            | KernelVariant::GatherSplit { dst, .. }
            | KernelVariant::GatherComputed { dst, .. }
            | KernelVariant::Fused { dst, .. } => dst,
            KernelVariant::GatherWide { .. } => ElementType::U8,
            KernelVariant::GatherDoubling { element, .. }
            | KernelVariant::GatherHalving { element, .. } => element,
        }
    }

    /// Values of the shader's pipeline-overridable constants.
    pub fn constants(&self) -> Vec<(&'static str, f64)> {
        match *self {
            KernelVariant::Gather { .. } => Vec::new(),
            KernelVariant::GatherVec4 {
                taps_y,
                taps_x,
                shape,
                ..
            } => {
                let unit = match shape.channels {
                    ChannelGroup::Vector => 4.0,
                    ChannelGroup::Strided(_) => 1.0,
                };
                let mut all = gather_constants(taps_y, taps_x, shape);
                all.extend([
                    ("GROUP_X", shape.group_x as f64),
                    ("GROUP_Y", shape.group_y as f64),
                    ("UNIT", unit),
                    ("RESERVE", shape.reserve.max(1) as f64),
                    (
                        "ARITHMETIC_Y_STARTS",
                        f64::from(u8::from(shape.arithmetic_y_starts)),
                    ),
                ]);
                all
            }
            KernelVariant::GatherQuad {
                taps_y,
                taps_x,
                shape,
                planar,
                ..
            } => {
                let mut all = gather_constants(taps_y, taps_x, shape);
                all.extend([
                    ("GROUP_X", shape.group_x as f64),
                    ("GROUP_Y", shape.group_y as f64),
                    ("PLANAR", planar as u32 as f64),
                ]);
                all
            }
            KernelVariant::GatherStaged {
                taps_y,
                taps_x,
                shape,
                planar,
                ..
            } => {
                let mut all = gather_constants(taps_y, taps_x, shape);
                all.extend([
                    ("PLANAR", planar as u32 as f64),
                    ("LANES", STAGED_COLUMNS as f64),
                ]);
                all
            }
            KernelVariant::GatherWide {
                taps_y,
                taps_x,
                shape,
            } => vec![
                ("TAPS_Y", taps_y as f64),
                ("TAPS_X", taps_x as f64),
                ("ROWS", shape.rows as f64),
                ("GROUP_X", shape.group_x as f64),
                ("GROUP_Y", shape.group_y as f64),
            ],
            KernelVariant::GatherDoubling {
                lanes,
                rows,
                group,
                y,
                x,
                ..
            } => {
                let [y0a, y0b, y1a, y1b] = y.constants(lanes);
                let [x0a, x0b, x1a, x1b] = x.constants(lanes);
                vec![
                    ("ROWS", rows as f64),
                    ("GROUP_X", group.x as f64),
                    ("GROUP_Y", group.y as f64),
                    ("WY0A", y0a),
                    ("WY0B", y0b),
                    ("WY1A", y1a),
                    ("WY1B", y1b),
                    ("WX0A", x0a),
                    ("WX0B", x0b),
                    ("WX1A", x1a),
                    ("WX1B", x1b),
                    ("X_BITS", x.bits as f64),
                    ("Y_BITS", y.bits as f64),
                ]
            }
            KernelVariant::GatherHalving {
                element,
                shape,
                y,
                x,
                ..
            } => {
                let lanes = element == ElementType::U8;
                let ([ya, yb], [xa, xb]) = (y.constants(lanes), x.constants(lanes));
                vec![
                    ("ROWS", shape.rows as f64),
                    ("GROUP_X", shape.group_x as f64),
                    ("GROUP_Y", shape.group_y as f64),
                    ("WYA", ya),
                    ("WYB", yb),
                    ("WXA", xa),
                    ("WXB", xb),
                    ("X_BITS", x.bits as f64),
                    ("Y_BITS", y.bits as f64),
                ]
            }
            KernelVariant::GatherSplit { split, .. } => vec![
                ("SPLIT", split as f64),
                ("OUTPUTS", (SPLIT_GROUP / split) as f64),
                ("SLOTS", SPLIT_GROUP as f64),
            ],
            KernelVariant::GatherComputed {
                taps_y,
                taps_x,
                groups,
                group,
                ..
            } => vec![
                ("TAPS_Y", taps_y as f64),
                ("TAPS_X", taps_x as f64),
                ("GROUPS", groups as f64),
                ("GROUP_X", group.x as f64),
                ("GROUP_Y", group.y as f64),
            ],
            KernelVariant::Fused {
                taps_y,
                taps_x,
                tile,
                ..
            } => vec![
                ("TAPS_Y", taps_y as f64),
                ("TAPS_X", taps_x as f64),
                ("TILE_W", tile.width as f64),
                ("TILE_COLUMNS", tile.columns as f64),
                ("PAIR_STEP", tile.pair_step as f64),
                ("COLUMN_PAIRS", if tile.column_pairs { 1.0 } else { 0.0 }),
                ("GROUP_Y", if tile.pair_step > 0 { 2.0 } else { 4.0 }),
                ("CAPACITY", tile.capacity as f64),
                ("PLANAR", if tile.planar { 1.0 } else { 0.0 }),
                // Planes set each store's channel (`known_channel` in `wgsl/common.wgsl`).
                ("CHANNEL_KNOWN", if tile.planar { 1.0 } else { 0.0 }),
                ("STRANDS", tile.layout.strands as f64),
                ("STRAND_LEN", tile.layout.strand_len as f64),
                ("LANE_STRIDE", tile.layout.lane_stride as f64),
                ("SPARE_SHIFT", tile.layout.spare_shift as f64),
            ],
        }
    }

    /// The complete WGSL source, with no optional code paths (see [`Kernel::source`]).
    pub fn source(&self) -> String {
        Kernel {
            variant: *self,
            features: KernelFeatures::default(),
        }
        .source()
    }

    /// Whether the kernel reads and writes four-channel groups as vectors: the kernels that
    /// can read and write RGBA textures directly.
    pub fn vector_io(&self) -> bool {
        match self {
            KernelVariant::Gather { .. } => false,
            KernelVariant::GatherVec4 { shape, .. } => shape.channels == ChannelGroup::Vector,
            KernelVariant::GatherQuad { .. }
            | KernelVariant::GatherStaged { .. }
            | KernelVariant::GatherWide { .. }
            | KernelVariant::GatherHalving { .. }
            | KernelVariant::GatherSplit { .. } => false,
            // The RGBA doublings read and write textures through `doubling_texture.wgsl`.
            KernelVariant::GatherDoubling { channels, .. } => *channels == 4,
            KernelVariant::GatherComputed { .. } | KernelVariant::Fused { .. } => true,
        }
    }
}

/// The pipeline constants every gather of baked taps and rows declares: tap counts, rows per
/// invocation and channels per group.
fn gather_constants(taps_y: u32, taps_x: u32, shape: Vec4Shape) -> Vec<(&'static str, f64)> {
    vec![
        ("TAPS_Y", taps_y as f64),
        ("TAPS_X", taps_x as f64),
        ("ROWS", shape.rows as f64),
        ("GROUP_CHANNELS", shape.channels.size() as f64),
    ]
}

/// The scalar gather's source I/O file for `src` (f16 as packed words).
fn scalar_source(src: ElementType) -> &'static str {
    match src {
        ElementType::F32 => SRC_F32,
        ElementType::F16 => SRC_F16,
        ElementType::U8 => SRC_U8,
    }
}

/// The scalar gather's destination I/O file for `dst` (f16 as packed words).
fn scalar_destination(dst: ElementType) -> &'static str {
    match dst {
        ElementType::F32 => DST_F32,
        ElementType::F16 => DST_F16,
        ElementType::U8 => DST_U8,
    }
}

/// The vector kernels' source I/O file for `src`.
fn vec4_source(src: ElementType) -> &'static str {
    match src {
        ElementType::F32 => SRC_VEC4_F32,
        ElementType::F16 => SRC_VEC4_F16,
        ElementType::U8 => SRC_VEC4_U8,
    }
}

/// WGSL's name of a float storage texel format, for the formats the library writes through a
/// storage binding.
pub fn wgsl_storage_format(format: wgpu::TextureFormat) -> Option<&'static str> {
    use wgpu::TextureFormat as F;
    Some(match format {
        F::R8Unorm => "r8unorm",
        F::Rg8Unorm => "rg8unorm",
        F::Rgba8Unorm => "rgba8unorm",
        F::Rgba8Snorm => "rgba8snorm",
        F::Bgra8Unorm => "bgra8unorm",
        F::R16Float => "r16float",
        F::Rg16Float => "rg16float",
        F::Rgba16Float => "rgba16float",
        F::R32Float => "r32float",
        F::Rg32Float => "rg32float",
        F::Rgba32Float => "rgba32float",
        F::Rgb10a2Unorm => "rgb10a2unorm",
        F::Rg11b10Ufloat => "rg11b10ufloat",
        _ => return None,
    })
}

/// The vector kernels' destination I/O file for `dst`.
fn vec4_destination(dst: ElementType) -> &'static str {
    match dst {
        ElementType::F32 => DST_VEC4_F32,
        ElementType::F16 => DST_VEC4_F16,
        ElementType::U8 => DST_VEC4_U8,
    }
}

/// The texture staging shaders (see `src/gpu/texture.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StagingShader {
    /// Texture to staging tensor (compute, `main`).
    Unpack,
    /// Staging tensor to a storage texture of this WGSL texel format (compute, `main`).
    PackStorage(&'static str),
    /// Staging tensor to a render target (`vertex` and `fragment`).
    PackRender,
    /// Staging tensor to rows padded for a buffer-to-texture copy (compute, `main`).
    PackRows,
}

impl StagingShader {
    /// The complete WGSL source.
    pub fn source(&self) -> String {
        match self {
            StagingShader::Unpack => [SRGB, TEXTURE_COMMON, TEXTURE_UNPACK].join("\n"),
            StagingShader::PackStorage(format) => [
                TEXTURE_COMMON,
                TEXTURE_PACK,
                &TEXTURE_PACK_STORAGE.replace("STORAGE_FORMAT", format),
            ]
            .join("\n"),
            StagingShader::PackRender => {
                [SRGB, TEXTURE_COMMON, TEXTURE_PACK, TEXTURE_PACK_RENDER].join("\n")
            }
            StagingShader::PackRows => [TEXTURE_COMMON, TEXTURE_PACK_ROWS].join("\n"),
        }
    }

    /// One of each, with two storage formats: what the shader tests validate and translate.
    pub fn examples() -> [StagingShader; 5] {
        [
            StagingShader::Unpack,
            StagingShader::PackStorage("rgba8unorm"),
            StagingShader::PackStorage("r32float"),
            StagingShader::PackRender,
            StagingShader::PackRows,
        ]
    }
}

/// The vector kernels' texture destination (`wgsl/dst_vec4_texture.wgsl`) for a target of
/// `format`, its texel format filled in.
fn texture_destination(format: wgpu::TextureFormat) -> String {
    DST_VEC4_TEXTURE.replace(
        "STORAGE_FORMAT",
        wgsl_storage_format(format).unwrap_or("rgba8unorm"),
    )
}

/// Every `.wgsl` file shipped, by name: what the shader tests parse one by one.
pub const FILES: [(&str, &str); 61] = [
    ("srgb.wgsl", SRGB),
    ("common.wgsl", COMMON),
    ("src_f32.wgsl", SRC_F32),
    ("src_u8.wgsl", SRC_U8),
    ("src_f16.wgsl", SRC_F16),
    ("src_not_u8.wgsl", SRC_NOT_U8),
    ("dst_f16.wgsl", DST_F16),
    ("src_vec4_f16.wgsl", SRC_VEC4_F16),
    ("dst_vec4_f16.wgsl", DST_VEC4_F16),
    ("src_f16_native.wgsl", SRC_F16_NATIVE),
    ("dst_f16_native.wgsl", DST_F16_NATIVE),
    ("src_vec4_f16_native.wgsl", SRC_VEC4_F16_NATIVE),
    ("dst_vec4_f16_native.wgsl", DST_VEC4_F16_NATIVE),
    ("dst_tensor.wgsl", DST_TENSOR),
    ("dst_f32.wgsl", DST_F32),
    ("dst_u8.wgsl", DST_U8),
    ("dst_u8_runs.wgsl", DST_U8_RUNS),
    ("gather.wgsl", GATHER),
    ("gather_vec4.wgsl", GATHER_VEC4),
    ("gather_quad.wgsl", GATHER_QUAD),
    ("gather_staged.wgsl", GATHER_STAGED),
    ("strided_taps.wgsl", STRIDED_TAPS),
    ("src_vec4_f32.wgsl", SRC_VEC4_F32),
    ("src_vec4_u8.wgsl", SRC_VEC4_U8),
    ("src_vec4_not_u8.wgsl", SRC_VEC4_NOT_U8),
    ("dst_vec4_f32.wgsl", DST_VEC4_F32),
    ("dst_vec4_u8.wgsl", DST_VEC4_U8),
    ("src_vec4_texture.wgsl", SRC_VEC4_TEXTURE),
    ("dst_vec4_texture.wgsl", DST_VEC4_TEXTURE),
    ("fused_tiled.wgsl", FUSED_TILED),
    ("band_vec4.wgsl", BAND_VEC4),
    ("strided_load.wgsl", STRIDED_LOAD),
    ("strided_store.wgsl", STRIDED_STORE),
    ("lanes_u8.wgsl", LANES_U8),
    ("lanes_u8_store.wgsl", LANES_U8_STORE),
    ("lanes_u8_texture_store.wgsl", LANES_U8_TEXTURE_STORE),
    ("gather_wide_u8.wgsl", GATHER_WIDE_U8),
    ("gather_doubling.wgsl", GATHER_DOUBLING),
    ("gather_doubling_rgb.wgsl", GATHER_DOUBLING_RGB),
    ("doubling_phases.wgsl", DOUBLING_PHASES),
    ("doubling_lanes.wgsl", DOUBLING_LANES),
    ("doubling_floats.wgsl", DOUBLING_FLOATS),
    ("doubling_texture.wgsl", DOUBLING_TEXTURE),
    ("gather_halving.wgsl", GATHER_HALVING),
    ("halving_lanes.wgsl", HALVING_LANES),
    ("gather_halving_rgb.wgsl", GATHER_HALVING_RGB),
    ("rgb_lanes.wgsl", RGB_LANES),
    ("rgb_eights.wgsl", RGB_EIGHTS),
    ("halving_rgb_fours.wgsl", HALVING_RGB_FOURS),
    ("halving_weights.wgsl", HALVING_WEIGHTS),
    ("halving_f16.wgsl", HALVING_F16),
    ("f16_pairs.wgsl", F16_PAIRS),
    ("float_sums.wgsl", FLOAT_SUMS),
    ("gather_split.wgsl", GATHER_SPLIT),
    ("lanes_none.wgsl", LANES_NONE),
    ("texture_common.wgsl", TEXTURE_COMMON),
    ("texture_unpack.wgsl", TEXTURE_UNPACK),
    ("texture_pack.wgsl", TEXTURE_PACK),
    ("texture_pack_storage.wgsl", TEXTURE_PACK_STORAGE),
    ("texture_pack_render.wgsl", TEXTURE_PACK_RENDER),
    ("texture_pack_rows.wgsl", TEXTURE_PACK_ROWS),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::AxisResample;
    use crate::weights::convention_tests::partly_outside;

    #[test]
    fn an_axis_with_a_row_outside_keeps_reading_its_flags() {
        let outside = partly_outside();
        let inside = AxisWeights::compute(10, 20, &AxisResample::default());
        assert!(outside.any_outside() && !inside.any_outside());
        let base = KernelFeatures::default();
        let features = base.inside(&outside, &inside);
        assert!(!features.rows_inside && features.columns_inside);
        let features = base.inside(&inside, &outside);
        assert!(features.rows_inside && !features.columns_inside);
        let constants = features.constants(ElementType::F32, ElementType::F32);
        assert!(constants.contains(&("Y_INSIDE", 1.0)) && constants.contains(&("X_INSIDE", 0.0)));
    }
}
