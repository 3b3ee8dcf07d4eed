//! Which kernel runs a pass and with what grid ([`Launch::choose`]), by the rules measured on
//! an H200 that each constant below cites: rows per invocation, the split, wide, quad and
//! staged gathers and where each serves; and whether a u8 resize sums integer weights
//! ([`integer_weights`]). The exact doublings and halvings and the computed taps then refine a
//! chosen launch (`doubling.rs`, `halving.rs`, `computed_taps.rs`).

use super::params::{PassShape, check_grid, dispatch_grid};
use super::passes::PlannedPass;
use super::shaders::{self, ChannelGroup, KernelFeatures, KernelVariant};
use crate::OnnxLinearU8;
use crate::spec::{ElementType, ResizeSpec};
use crate::weights::AxisWeights;

/// Most bits of integer weights, both axes together: in the vector gather's 16-bit lanes, sums
/// of bytes times weights of 2^8 to the unit stay below 2^16 (`wgsl/lanes_u8.wgsl`). The exact
/// doublings and halvings hold their lanes to it too (src/gpu/doubling.rs).
pub(super) const MAX_WEIGHT_BITS: u32 = 8;

/// The bits of each axis's integer weights, for [`integer_weights`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct WeightBits {
    pub(super) y: u32,
    pub(super) x: u32,
}

/// Whether a resize sums integer weights to its stored bytes, and with which bits: u8 buffers
/// read (`texture_source` false; the lanes write a u8 buffer or an 8-bit RGBA storage texture,
/// `wgsl/lanes_u8_texture_store.wgsl`) in one pass that is not fused, without colour
/// conversions or Pillow's fixed point (which has integer weights of its own), whose tables are
/// dyadic ([`AxisWeights::dyadic_bits`]) with at most [`MAX_WEIGHT_BITS`] bits between them, and
/// that the vector gather (RGBA, in 16-bit lanes: `wgsl/lanes_u8.wgsl`) or the quad and staged
/// gathers (NCHW, and NHWC of 1 to 3 channels: `column_bytes` in `wgsl/strided_taps.wgsl`) run.
/// The sums are then exact in integers as in f32, and the results the same, without converting
/// a byte to f32 and back. H200, gather µs: RGBA u8 1080p x2 48.1 -> 33.4, nearest x2 48.0 ->
/// 25.8, 4K x0.5 21.5 -> 18.9 (BENCHMARKS.md tuning log item 47). The caller still checks that
/// the pass takes one of those kernels ([`Launch::choose`]).
pub(super) fn integer_weights(
    passes: &[PlannedPass],
    (wy, wx): (&AxisWeights, &AxisWeights),
    texture_source: bool,
) -> Option<WeightBits> {
    let [pass] = passes else {
        return None;
    };
    let (spec, shape) = (&pass.spec, &pass.shape);
    if pass.elements != (ElementType::U8, ElementType::U8) {
        return None;
    }
    let kernels_serve = spec.vector_friendly() || quads_serve(spec, ElementType::U8).is_some();
    if shape.fused.is_some()
        || !kernels_serve
        || texture_source
        || spec.converts_color()
        || spec.fixed_point()
        || spec.gather_arithmetic().is_some()
    {
        return None;
    }
    let y = wy.dyadic_bits(MAX_WEIGHT_BITS)?;
    let x = wx.dyadic_bits(MAX_WEIGHT_BITS - y)?;
    Some(WeightBits { y, x })
}

/// Output rows per invocation for shrinks whose vertical bands overlap.
const WINDOW_ROWS: u32 = 4;

/// Fewest invocations a windowed shrink may leave: below this (about one H200's resident
/// threads) fewer, longer invocations hide less memory latency than they save loads.
const WINDOW_MIN_INVOCATIONS: u64 = 1 << 18;

/// Whether a shrink pass runs [`WINDOW_ROWS`] rows per invocation, loading each input row of
/// their overlapping bands once. On an H200 (medians, µs) it paid where each input row costs
/// several horizontal taps, the bands overlap at least threefold and enough invocations remain:
/// 4K -> 1080p antialiased bicubic gather 161 -> 92, lanczos 417 -> 194. It cost where a row is
/// one load (the separable path's vertical pass: 4K -> 224x224 bicubic 103 -> 114) or the
/// output is small (4K -> 224x224 gather 551 -> 793), and 8 rows were slower than 4 throughout.
/// `channels` is how the pass's invocations split the channels.
fn window_pays(spec: &ResizeSpec, shape: &PassShape, channels: ChannelGroup) -> bool {
    let (src, out) = (shape.src_size, shape.dst_size);
    let groups = spec.channels() / channels.size();
    let invocations = out.width as u64 * out.height as u64 * spec.batch() as u64 * groups as u64
        / WINDOW_ROWS as u64;
    !spec.fixed_point()
        && shape.x.1 > 1
        && shape.y.1 as u64 * out.height as u64 >= 3 * src.height as u64
        && invocations >= WINDOW_MIN_INVOCATIONS
}

/// Which kernel runs a pass, and its grid.
pub(super) struct Launch {
    pub(super) variant: KernelVariant,
    pub(super) workgroups: (u32, u32, u32),
    /// Invocations per grid row, for the flat kernel's index.
    pub(super) row_stride: u32,
}

/// Output rows per invocation of the gathers' enlargements by 2 or more (before
/// [`more_rows`]).
const ENLARGING_ROWS: u32 = 4;

/// Output rows per invocation of the gathers. Enlargements read the same inputs for neighbouring
/// rows: several rows per invocation reuse the column's taps and raise the loads in flight
/// (H200: 1080p x2 53 -> 49 µs from 2 to 4 rows). Shrinks take one row, or [`WINDOW_ROWS`] where
/// `windows` (see [`window_pays`]).
fn rows_per_invocation(shape: &PassShape, windows: bool) -> u32 {
    let (src, out) = (shape.src_size.height, shape.dst_size.height);
    if out >= 2 * src {
        ENLARGING_ROWS
    } else if out > src {
        2
    } else if windows {
        WINDOW_ROWS
    } else {
        1
    }
}

/// Most rows per invocation of the u8 quads' enlargements by 2 or more, and the fewest
/// invocations they may leave. A quad's four columns of taps cost more to set up than a vector
/// column's, and more rows spread that over more outputs, as long as enough invocations remain
/// to keep the GPU busy. H200, `wgresize plan`, gather µs for 4 / 8 / 16 / 32 rows: RGB u8 1080p
/// x2 57.8 / 49.4 / 45.9 / 51.5, NCHW 58.3 / 49.2 / 44.8 / 49.7, grey 45.5 / 37.2 / 33.6 / 35.2;
/// but RGB 640x360 x2 16.6 / 24.9 / 42.0 with 8 / 16 / 32 rows (29k, 14k and 7k invocations),
/// and the NCHW u8 batch 32x112² x2 18.2 with 4 or 8 rows (BENCHMARKS.md tuning log item 48).
const QUADS_MAX_ROWS: u32 = 16;
const QUADS_MIN_INVOCATIONS: u64 = 1 << 16;

/// The same for the vector gather of RGBA u8 in integer lanes and of f16, and for the integer
/// lanes' shrinks without windows (one row otherwise). H200, gather µs: RGBA u8 lanes for 4 / 8
/// / 16 rows, 1080p x2 33.4 / 30.6 / 30.9, x4 31.4 / 28.0 / 27.6, nearest x2 25.8 / 23.6 /
/// 23.3; f16 1080p x2 39.6 / 37.0 / 37.7, x4 37.8 / 33.9 / 34.4, NCHW f16 1080p x2 42.5 / 38.9
/// / 38.7; but 640x360 x2 8.7 / 9.1 / 11.0 (u8) and 9.4 / 9.7 / 11.4 (f16), 115k invocations
/// with 8 rows. Shrinks in lanes for 1 / 2 / 4 / 8 rows: 4K x0.5 18.9 / 16.6 / 15.8 / 15.7,
/// 1440p x0.5 10.9 / 10.0 / 9.6 / 10.3, 4K x0.25 8.7 / 8.1 / 8.4 / 9.6 (tuning log item 50). f32
/// sums lost with 8 rows (item 18).
const VECTOR_MAX_ROWS: u32 = 8;
const VECTOR_MIN_INVOCATIONS: u64 = 1 << 17;

/// The same for the staged u8 columns (shrinks), whose invocations take one row otherwise, with
/// horizontal bands baked into the pipeline. H200, gather or separable µs for 1 / 2 / 4 rows:
/// RGB u8 4K x0.5 25.7 / 21.1 / 20.9, NCHW 26.3 / 24.4 / 24.6, Pillow lanczos RGB u8 4K ->
/// 1080p 124.5 / 118.6 / 119.2; a first pass of 32-tap bands read at run time lost (Pillow
/// bicubic 4K -> 480x270 76.0 / 76.9 / 83.6), and the NCHW u8 batch 32x512² -> 224²
/// antialiased did not move (tuning log item 51).
const STAGED_MAX_ROWS: u32 = 2;
const STAGED_MIN_INVOCATIONS: u64 = 1 << 19;

/// Workgroup memory, in four-byte words, that the vector gather declares without using it in
/// vertical passes (one horizontal tap: the separable path's) of [`VERTICAL_RESERVE_MIN_TAPS`]
/// or more: H200, separable µs with 0 / 8 / 12 / 16 / 20 / 24 / 32 KiB per workgroup of 256
/// invocations, antialiased lanczos3 4K -> 224² 134.8 / 125.2 / 106.5 / 101.3 / 106.7 / 106.6 /
/// 155; bicubic (39 taps) 102.6 / 98.3 / 85.6 / 84.4 / 88.1 / 88.4 / 126.4; 4096² -> 512² (48
/// taps) 238.8 / 221.0 / 188.5 / 187.0 / 198.1 / 198.4 / 281.6 (BENCHMARKS.md tuning log item
/// 59). Which of the driver's choices it moves was not isolated: the split of each SM's memory
/// between workgroup memory and L1, or how many workgroups it keeps resident. Bands of 24 taps
/// gained less or lost (4K -> 960x540 lanczos3 119 -> 124 with 16 KiB), 12 and 5 taps lost
/// (lanczos3 4K -> 1080p 124 -> 146, the ML batch 82 -> 96). Only where the device offers
/// twice the reservation, and not in Pillow's fixed point, whose vertical passes were not
/// measured so.
const VERTICAL_RESERVE_WORDS: u32 = 4096;
const VERTICAL_RESERVE_MIN_TAPS: u32 = 32;

/// The reservation of [`VERTICAL_RESERVE_WORDS`] for a vector-gather pass of `rows` rows per
/// invocation, or 0.
fn vertical_reserve(
    shape: &PassShape,
    rows: u32,
    features: KernelFeatures,
    limits: &wgpu::Limits,
) -> u32 {
    let vertical = shape.x.1 == 1 && rows == 1 && shape.y.1 >= VERTICAL_RESERVE_MIN_TAPS;
    let room = limits.max_compute_workgroup_storage_size >= 2 * 4 * VERTICAL_RESERVE_WORDS;
    if vertical && room && !features.fixed_point {
        VERTICAL_RESERVE_WORDS
    } else {
        0
    }
}

/// Rows per invocation of a pass that would take `single` invocations at one row each: `rows`,
/// doubled up to `max` while at least `min_invocations` remain.
pub(super) fn more_rows(mut rows: u32, single: u64, max: u32, min_invocations: u64) -> u32 {
    while rows * 2 <= max && single / (rows as u64 * 2) >= min_invocations {
        rows *= 2;
    }
    rows
}

/// Horizontal bands of at least this many taps, in passes of one vertical tap, take the split
/// gather (`wgsl/gather_split.wgsl`); measured: see [`split_lanes`].
const SPLIT_MIN_TAPS: u32 = 24;
/// The same in Pillow's fixed point, whose u8 inputs are a quarter of f32's bytes, so that the
/// vector gather's neighbouring lanes share more of each cache line. H200, Pillow's RGBA u8
/// presets 4K -> 224², separable µs, vector gather against split: lanczos3 (103 taps)
/// 138.1-140.2 -> 107.6-108.4, bicubic (69 taps) 87.6-88.2 -> 87.6-88.4; 4K -> 640x360
/// lanczos3 (36 taps) 107.3-108.1 -> 123.8-124.2 (BENCHMARKS.md tuning log item 83).
const SPLIT_MIN_TAPS_FIXED_POINT: u32 = 80;

/// Lanes per output of the split gather where it serves, `None` elsewhere: NHWC four-channel
/// groups, one vertical tap and horizontal bands of [`SPLIT_MIN_TAPS`] or more (the separable
/// path's second pass of a large shrink); f32 and f16 buffers, or any in Pillow's fixed point,
/// whose integer sums come out the same in any order, from [`SPLIT_MIN_TAPS_FIXED_POINT`] taps
/// (the first pass of Pillow's horizontal-first order). Not for u8 sums in floats (a tie could
/// round the other way in another order) or integer weights, and not at a texture end or into
/// a tensor of fewer channels (`features.tensor_target`), which only the vector kernels read and
/// write (a frame from a texture took the staged route instead: H200, 4K RGBA8 -> 224² RGB
/// planes separable, 193 µs; tuning log item 148). 4 lanes, 8 for bands of 64 taps
/// or more. H200, separable µs, the vector gather against 4 / 8 / 16 / 32 / 64 lanes
/// (BENCHMARKS.md tuning log item 81): antialiased bicubic 4K -> 224² (69 taps) 84.5 against
/// 77.5 / 77.2 / 78.3 / 83.0 / 92.9; lanczos3 (103 taps) 101.8 against 90.6 / 89.2 / 89.0 /
/// 98.6 / 104.2; 4096² -> 512² lanczos3 (48 taps) 186 against 152 / 153 / 163 / 196 / 240;
/// the horizontal pass alone of 448x3840 -> 448² bicubic (35 taps) 46.0 against 20.4 / 23.9 /
/// 30.7; 4K -> 960x540 lanczos3 (24 taps) 121.9 against 109.5 with 4 lanes, but 4K -> 640x360
/// bicubic (24 taps) 95.1 against 94.1, and 32 lanes on 24 taps lost (121 -> 207).
fn split_lanes(
    spec: &ResizeSpec,
    shape: &PassShape,
    src: ElementType,
    dst: ElementType,
    features: KernelFeatures,
) -> Option<u32> {
    let float = |element| matches!(element, ElementType::F32 | ElementType::F16);
    let min_taps = if features.fixed_point {
        SPLIT_MIN_TAPS_FIXED_POINT
    } else {
        SPLIT_MIN_TAPS
    };
    let serves = spec.vector_friendly()
        && shape.y.1 == 1
        && shape.x.1 >= min_taps
        && (features.fixed_point || float(src) && float(dst))
        && !features.fixed_y_first
        && !features.pillow_reduce
        && features.integer_weights.is_none()
        && features.texture_source.is_none()
        && features.texture_target.is_none()
        && features.tensor_target.is_none();
    serves.then_some(if shape.x.1 >= 64 { 8 } else { 4 })
}

/// Output pixels per invocation and row of the wide gather (`COLUMNS` in
/// `wgsl/gather_wide_u8.wgsl`).
const WIDE_COLUMNS: u32 = 4;

/// Most rows per invocation of the wide gather, and the fewest invocations it may leave (at 4
/// rows, to be taken at all). H200, gather µs, the vector gather's 8 rows against the wide one's
/// 4 / 8 / 16 / 32: RGBA u8 1080p -> 2160p 27.5 against 29.4 / 24.2 / 21.7 / 26.0, 540p x4 25.1
/// against 27.0 / 21.2 / 19.0 / 20.6; but 640x360 x2 8.4 against 8.9 with 4 rows (58k
/// invocations), and 8 x 256² x2 11.0 against 10.8 with 8 (BENCHMARKS.md tuning log item 75).
const WIDE_MAX_ROWS: u32 = 16;
const WIDE_MIN_INVOCATIONS: u64 = 1 << 16;

/// Rows per invocation of the wide gather where it serves and pays, `None` elsewhere: RGBA u8
/// buffers summed in integer lanes (`features.integer_weights`, which the host sets for u8
/// buffers read) and written (not a texture target, whose texels take one store each) with one
/// or two taps on each axis (bilinear, nearest), enlarging by 2 or more along y and at least 2
/// along x (where measured), an output width that is a multiple of 4 (whole 16-byte stores) and
/// enough invocations. Nearest neighbours gained most (H200, u8 1080p x2 21.7 -> 16.0 µs;
/// BENCHMARKS.md tuning log item 78). Its shrinks lost to the vector gather (RGBA u8 4K x0.5
/// 14.4 against 21.7 µs at best).
fn wide_rows(
    spec: &ResizeSpec,
    shape: &PassShape,
    src: ElementType,
    dst: ElementType,
    features: KernelFeatures,
) -> Option<u32> {
    let (input, out) = (shape.src_size, shape.dst_size);
    let serves = src == ElementType::U8
        && dst == ElementType::U8
        && features.integer_weights.is_some()
        && spec.layout() == crate::spec::Layout::Nhwc
        && spec.channels() == 4
        && (1..=2).contains(&shape.y.1)
        && (1..=2).contains(&shape.x.1)
        && input.width >= 2
        && input.height >= 2
        && out.height >= 2 * input.height
        && out.width >= 2 * input.width
        && out.width.is_multiple_of(WIDE_COLUMNS)
        && features.texture_target.is_none();
    let single = (out.width / WIDE_COLUMNS) as u64 * out.height as u64 * spec.batch() as u64;
    (serves && single / ENLARGING_ROWS as u64 >= WIDE_MIN_INVOCATIONS)
        .then(|| more_rows(ENLARGING_ROWS, single, WIDE_MAX_ROWS, WIDE_MIN_INVOCATIONS))
}

/// Whether the vector gather's strided channel groups can run a pass that writes `dst` with
/// `features`: single f32 or WGSL f16 elements can be stored without touching a neighbour's
/// word. Linear light converts each channel on its own, as strided groups can; premultiplied
/// alpha needs whole RGBA pixels, which are vectors.
fn strided_groups_serve(spec: &ResizeSpec, features: KernelFeatures, dst: ElementType) -> bool {
    let single_stores = dst == ElementType::F32 || (dst == ElementType::F16 && features.native_f16);
    single_stores && !spec.premultiplied_alpha()
}

/// The channel group of the u8 gathers of strided groups (quads and staged columns) for a pass
/// that writes `dst`, where they serve: u8 outputs in NCHW or as NHWC pixels of 1 to 3 channels
/// (whose bytes are then consecutive runs), in linear light or not (premultiplied alpha needs
/// whole RGBA pixels, which are vectors).
fn quads_serve(spec: &ResizeSpec, dst: ElementType) -> Option<ChannelGroup> {
    if dst != ElementType::U8 || spec.premultiplied_alpha() {
        return None;
    }
    match spec.layout() {
        crate::spec::Layout::Nchw => Some(ChannelGroup::strided_for(spec.channels())),
        _ if spec.channels() < 4 => Some(ChannelGroup::Strided(spec.channels())),
        _ => None,
    }
}

/// The channel group in which the quad and staged u8 gathers run OpenCV's fixed point for a
/// pass that writes `dst`: [`quads_serve`]'s, and RGBA pixels (NHWC, 4 channels) as groups of
/// four, whose bytes are runs as those of fewer channels are (the vector gather, which RGBA
/// takes elsewhere, has no OpenCV rounding).
fn opencv_group(spec: &ResizeSpec, dst: ElementType) -> Option<ChannelGroup> {
    match spec.layout() {
        crate::spec::Layout::Nhwc if dst == ElementType::U8 && spec.channels() == 4 => {
            Some(ChannelGroup::Strided(4))
        }
        _ => quads_serve(spec, dst),
    }
}

impl Launch {
    /// The kernel and grid for one pass of `spec` whose kernels take `features`: the vector
    /// gather where its channel groups serve (four-channel vectors, else strided groups), the
    /// quad or staged gather for the u8 outputs they serve, the scalar gather otherwise.
    pub(super) fn choose(
        spec: &ResizeSpec,
        shape: &PassShape,
        src: ElementType,
        dst: ElementType,
        features: KernelFeatures,
        limits: &wgpu::Limits,
    ) -> Self {
        let max_groups = limits.max_compute_workgroups_per_dimension;
        let out = shape.dst_size;
        if let Some(tile) = shape.fused {
            return Launch {
                variant: KernelVariant::fused_for(src, dst, shape.y.1, shape.x.1, tile),
                workgroups: (
                    out.width.div_ceil(tile.columns),
                    out.height.div_ceil(shaders::FUSED_TILE_H),
                    super::fused_fit::tile_layers(spec, tile.planar),
                ),
                row_stride: 0,
            };
        }
        // The scalar gather: four consecutive outputs per invocation, any tensor.
        let scalar = || {
            let total = spec.tensor_elements(out) as u32;
            let ((x, y), row_stride) = dispatch_grid(total.div_ceil(4), max_groups);
            Launch {
                variant: KernelVariant::Gather { src, dst },
                workgroups: (x, y, 1),
                row_stride,
            }
        };
        // ONNX Runtime's f32 steps across the channels of NHWC rows run on the scalar gather
        // alone (`onnx_f32` in wgsl/gather.wgsl).
        if features.onnx_linear_u8 == Some(OnnxLinearU8::FloatAcrossChannels) {
            return scalar();
        }
        // OpenCV's fixed point, and ONNX Runtime's integers and f32 steps on NCHW planes, run
        // on the quad and staged u8 gathers where their groups serve (`column_bytes` in
        // wgsl/strided_taps.wgsl), else on the scalar gather (`opencv_fixed` and `onnx_f32` in
        // wgsl/gather.wgsl).
        if features.gather_arithmetic().is_some() {
            return opencv_group(spec, dst)
                .and_then(|group| Self::strided_u8(spec, shape, (src, dst), group, max_groups))
                .unwrap_or_else(scalar);
        }
        // Pillow's reduction runs on the scalar gather too, but for NHWC pixels of four
        // channels, which the vector gather reads a word at a time (and premultiplied RGBA,
        // which it alone converts).
        if features.pillow_reduce && !spec.vector_friendly() {
            return scalar();
        }
        // Images times channel groups of `size`: the grid's third dimension.
        let images_and_groups = |size: u32| spec.batch() * (spec.channels() / size);
        let fits = |grid: (u32, u32, u32)| check_grid(grid, max_groups).is_ok();
        let channels = if spec.vector_friendly() {
            Some(ChannelGroup::Vector)
        } else if strided_groups_serve(spec, features, dst) {
            Some(ChannelGroup::strided_for(spec.channels()))
        } else {
            None
        };
        if let Some(split) = split_lanes(spec, shape, src, dst, features) {
            let grid = (
                out.width.div_ceil(shaders::SPLIT_GROUP / split),
                out.height,
                images_and_groups(4),
            );
            if fits(grid) {
                return Launch {
                    variant: KernelVariant::GatherSplit { src, dst, split },
                    workgroups: grid,
                    row_stride: 0,
                };
            }
        }
        if let Some(rows) = wide_rows(spec, shape, src, dst, features) {
            let work = shaders::Vec4Shape {
                rows,
                ..Default::default()
            };
            let grid = (
                (out.width / WIDE_COLUMNS).div_ceil(work.group_x),
                out.height.div_ceil(work.group_y * rows),
                spec.batch(),
            );
            if fits(grid) {
                return Launch {
                    variant: KernelVariant::GatherWide {
                        taps_y: shape.y.1,
                        taps_x: shape.x.1,
                        shape: work,
                    },
                    workgroups: grid,
                    row_stride: 0,
                };
            }
        }
        if let Some(channels) = channels {
            let mut rows = rows_per_invocation(shape, window_pays(spec, shape, channels));
            // Integer lanes' enlargements and shrinks without windows, and f16 enlargements.
            let lanes = features.integer_weights.is_some() && (rows == ENLARGING_ROWS || rows == 1);
            if lanes || (src == ElementType::F16 && rows == ENLARGING_ROWS) {
                let single = out.width as u64
                    * out.height as u64
                    * images_and_groups(channels.size()) as u64;
                rows = more_rows(rows, single, VECTOR_MAX_ROWS, VECTOR_MIN_INVOCATIONS);
            }
            let work = shaders::Vec4Shape {
                rows,
                reserve: vertical_reserve(shape, rows, features, limits),
                channels,
                ..Default::default()
            };
            let grid = (
                out.width.div_ceil(work.group_x),
                out.height.div_ceil(work.group_y * work.rows),
                images_and_groups(channels.size()),
            );
            if fits(grid) {
                return Launch {
                    variant: KernelVariant::vec4_for(src, dst, shape.y.1, shape.x.1, work),
                    workgroups: grid,
                    row_stride: 0,
                };
            }
        } else if let Some(launch) = quads_serve(spec, dst)
            .filter(|_| !features.fixed_y_first)
            .and_then(|group| Self::strided_u8(spec, shape, (src, dst), group, max_groups))
        {
            return launch;
        }
        scalar()
    }

    /// The u8 gathers of strided groups of `group` channels (quads of columns for passes that
    /// reuse rows, staged columns for the others), if their grid fits `max_groups`.
    fn strided_u8(
        spec: &ResizeSpec,
        shape: &PassShape,
        (src, dst): (ElementType, ElementType),
        group: ChannelGroup,
        max_groups: u32,
    ) -> Option<Self> {
        let out = shape.dst_size;
        let images_and_groups = spec.batch() * (spec.channels() / group.size());
        // Passes that reuse rows (enlargements) take quads of columns, with their two-tap
        // rows; the others one column per invocation, staged, whose loads are four times
        // denser (H200, Pillow lanczos RGB u8 4K -> 1080p 237.5 -> 151.8 µs; RGB u8 1080p
        // x2 60.4 in quads, 67.1 staged: BENCHMARKS.md tuning log item 39).
        let mut rows = rows_per_invocation(shape, false);
        if rows == ENLARGING_ROWS {
            let quads = out.width.div_ceil(4) as u64 * out.height as u64 * images_and_groups as u64;
            rows = more_rows(rows, quads, QUADS_MAX_ROWS, QUADS_MIN_INVOCATIONS);
        }
        let planar = spec.layout() == crate::spec::Layout::Nchw;
        let work = shaders::Vec4Shape {
            rows,
            channels: group,
            ..Default::default()
        };
        let (variant, grid) = if rows > 1 {
            (
                KernelVariant::quad_for(src, dst, shape.y.1, shape.x.1, work, planar),
                (
                    out.width.div_ceil(4).div_ceil(work.group_x),
                    out.height.div_ceil(work.group_y * work.rows),
                    images_and_groups,
                ),
            )
        } else {
            let columns = out.width.div_ceil(shaders::STAGED_COLUMNS);
            let mut rows = 1;
            if shape.x.1 <= shaders::MAX_SPECIALISED_TAPS {
                let single = (columns * shaders::STAGED_COLUMNS) as u64
                    * out.height as u64
                    * images_and_groups as u64;
                rows = more_rows(1, single, STAGED_MAX_ROWS, STAGED_MIN_INVOCATIONS);
            }
            let work = shaders::Vec4Shape { rows, ..work };
            (
                KernelVariant::staged_for(src, dst, shape.y.1, shape.x.1, work, planar),
                (columns, out.height.div_ceil(rows), images_and_groups),
            )
        };
        check_grid(grid, max_groups).is_ok().then_some(Launch {
            variant,
            workgroups: grid,
            row_stride: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::color::{ColorSteps, PassColor};
    use super::super::passes::Operand;
    use super::super::shaders::{FusedTile, TensorTarget, TextureSource};
    use super::*;
    use crate::plan::Path;
    use crate::presets::{self, PillowFilter};
    use crate::spec::Size2;

    /// The launch `Launch::choose` gives a one-pass resize of a 20x30 input to `output`, with
    /// 2x2 taps, `channels` channels of `element` in `layout`, kernels taking `features`.
    fn launch_for(
        layout: crate::spec::Layout,
        channels: u32,
        element: ElementType,
        output: Size2,
        features: KernelFeatures,
    ) -> Launch {
        let input = Size2::new(20, 30);
        launch_between(layout, channels, element, (input, output), 2, features)
    }

    /// [`launch_for`] from any input, with `taps_x` horizontal taps.
    fn launch_between(
        layout: crate::spec::Layout,
        channels: u32,
        element: ElementType,
        ends: (Size2, Size2),
        taps_x: u32,
        features: KernelFeatures,
    ) -> Launch {
        let limits = wgpu::Limits::default();
        launch_on(
            layout,
            channels,
            element,
            ends,
            (2, taps_x),
            features,
            &limits,
        )
    }

    /// [`launch_between`] with any vertical taps, on a device of `limits`.
    fn launch_on(
        layout: crate::spec::Layout,
        channels: u32,
        element: ElementType,
        (input, output): (Size2, Size2),
        (taps_y, taps_x): (u32, u32),
        features: KernelFeatures,
        limits: &wgpu::Limits,
    ) -> Launch {
        let spec = ResizeSpec::builder(input, output)
            .channels(channels)
            .layout(layout)
            .element(element)
            .build()
            .unwrap();
        let shape = PassShape {
            src_size: spec.input(),
            dst_size: spec.output(),
            y: (0, taps_y),
            x: (0, taps_x),
            fused: None,
            color: PassColor::WHOLE,
        };
        Launch::choose(&spec, &shape, element, element, features, limits)
    }

    /// Vertical passes of 32 taps or more (one horizontal tap) reserve workgroup memory on
    /// devices with room for twice the reservation; other passes, narrower bands, Pillow's
    /// fixed point and smaller devices do not.
    #[test]
    fn vertical_reserve_for_wide_bands() {
        use crate::spec::Layout::{self, Nchw, Nhwc};
        let room = wgpu::Limits {
            max_compute_workgroup_storage_size: 32 * 1024,
            ..wgpu::Limits::default()
        };
        let reserve = |layout: Layout, channels, taps, fixed_point, limits| {
            let ends = (Size2::new(2160, 3840), Size2::new(224, 3840));
            let features = KernelFeatures {
                fixed_point,
                ..KernelFeatures::default()
            };
            let f32s = ElementType::F32;
            match launch_on(layout, channels, f32s, ends, taps, features, limits).variant {
                KernelVariant::GatherVec4 { shape, .. } => shape.reserve,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(
            reserve(Nhwc, 4, (59, 1), false, &room),
            VERTICAL_RESERVE_WORDS
        );
        assert_eq!(
            reserve(Nchw, 3, (32, 1), false, &room),
            VERTICAL_RESERVE_WORDS
        );
        assert_eq!(reserve(Nhwc, 4, (31, 1), false, &room), 0);
        assert_eq!(reserve(Nhwc, 4, (59, 6), false, &room), 0);
        assert_eq!(reserve(Nhwc, 4, (59, 1), true, &room), 0);
        let downlevel = wgpu::Limits::default();
        assert_eq!(reserve(Nhwc, 4, (59, 1), false, &downlevel), 0);
    }

    /// The vector gather serves every tensor whose groups it can store whole: four-channel
    /// vectors for NHWC with channels a multiple of 4, strided groups (the largest of 4, 3, 2, 1
    /// dividing the channels) for NCHW and other NHWC channel counts where single f32 or WGSL
    /// f16 elements are written, in linear light or not; the scalar gather otherwise.
    #[test]
    fn strided_groups_where_vectors_cannot_serve() {
        use crate::spec::Layout;
        let choose = |layout: Layout, channels: u32, element: ElementType, features| {
            let launch = launch_for(layout, channels, element, Size2::new(40, 60), features);
            match launch.variant {
                KernelVariant::GatherVec4 { shape, .. } => {
                    // The grid covers every channel group once.
                    let groups = channels / shape.channels.size();
                    assert_eq!(launch.workgroups.2, groups, "{channels} {layout:?}");
                    Some(shape.channels)
                }
                _ => None,
            }
        };
        let plain = KernelFeatures::default();
        let native = KernelFeatures {
            native_f16: true,
            ..plain
        };
        let color = KernelFeatures {
            color: ColorSteps::DECODE_SRGB.with(ColorSteps::ENCODE_SRGB),
            ..plain
        };
        let (f32, f16, u8) = (ElementType::F32, ElementType::F16, ElementType::U8);
        use ChannelGroup::{Strided, Vector};
        use Layout::{Nchw, Nhwc};
        assert_eq!(choose(Nhwc, 8, f32, plain), Some(Vector));
        assert_eq!(choose(Nhwc, 4, u8, plain), Some(Vector));
        assert_eq!(choose(Nchw, 3, f32, plain), Some(Strided(3)));
        assert_eq!(choose(Nchw, 4, f32, plain), Some(Strided(4)));
        assert_eq!(choose(Nhwc, 3, f32, plain), Some(Strided(3)));
        assert_eq!(choose(Nhwc, 6, f32, plain), Some(Strided(3)));
        assert_eq!(choose(Nhwc, 10, f32, plain), Some(Strided(2)));
        assert_eq!(choose(Nchw, 7, f32, plain), Some(Strided(1)));
        assert_eq!(choose(Nchw, 3, f16, native), Some(Strided(3)));
        // Linear light converts each channel alone (premultiplied alpha is NHWC RGBA, vectors).
        assert_eq!(choose(Nchw, 4, f32, color), Some(Strided(4)));
        assert_eq!(choose(Nhwc, 3, f32, color), Some(Strided(3)));
        // u8 and packed f16 neighbours share words.
        assert_eq!(choose(Nchw, 3, u8, plain), None);
        assert_eq!(choose(Nhwc, 3, f16, plain), None);
    }

    /// u8 outputs that strided groups cannot write (neighbours share words) are written in runs
    /// of bytes, in NCHW or as NHWC pixels of 1 to 3 channels, of any width, in linear light or
    /// not: quads of columns where the pass reuses rows (enlargements), one column per invocation
    /// staged through workgroup memory otherwise.
    #[test]
    fn u8_runs_of_strided_groups() {
        use crate::spec::Layout::{self, Nchw, Nhwc};
        let choose = |layout: Layout, channels: u32, height: u32, width: u32, color: bool| {
            let features = KernelFeatures {
                color: if color {
                    ColorSteps::DECODE_SRGB.with(ColorSteps::ENCODE_SRGB)
                } else {
                    ColorSteps::NONE
                },
                ..KernelFeatures::default()
            };
            let output = Size2::new(height, width);
            let launch = launch_for(layout, channels, ElementType::U8, output, features);
            let groups = |shape: shaders::Vec4Shape| channels / shape.channels.size();
            match launch.variant {
                KernelVariant::GatherQuad { shape, planar, .. } => {
                    assert_eq!(planar, layout == Nchw, "planes are NCHW's alone");
                    // One invocation per four columns, per row block, per group.
                    assert_eq!(
                        launch.workgroups.0,
                        width.div_ceil(4).div_ceil(shape.group_x)
                    );
                    assert_eq!(launch.workgroups.2, groups(shape));
                    Some(("quads", shape.channels.size()))
                }
                KernelVariant::GatherStaged { shape, planar, .. } => {
                    assert_eq!(planar, layout == Nchw, "planes are NCHW's alone");
                    // One workgroup per STAGED_COLUMNS columns, per row, per group.
                    assert_eq!(launch.workgroups.0, width.div_ceil(shaders::STAGED_COLUMNS));
                    assert_eq!(launch.workgroups.1, height);
                    assert_eq!(launch.workgroups.2, groups(shape));
                    Some(("staged", shape.channels.size()))
                }
                KernelVariant::GatherVec4 { .. } => Some(("vector", 4)),
                _ => None,
            }
        };
        assert_eq!(choose(Nhwc, 3, 40, 60, false), Some(("quads", 3)));
        assert_eq!(choose(Nhwc, 1, 40, 60, false), Some(("quads", 1)));
        assert_eq!(choose(Nchw, 3, 40, 1024, false), Some(("quads", 3)));
        assert_eq!(choose(Nchw, 6, 40, 60, false), Some(("quads", 3)));
        assert_eq!(choose(Nhwc, 3, 10, 60, false), Some(("staged", 3)));
        assert_eq!(choose(Nchw, 2, 20, 132, false), Some(("staged", 2)));
        assert_eq!(choose(Nhwc, 4, 40, 60, false), Some(("vector", 4)));
        // Linear light converts each channel alone.
        assert_eq!(choose(Nhwc, 3, 40, 60, true), Some(("quads", 3)));
        assert_eq!(choose(Nchw, 3, 10, 60, true), Some(("staged", 3)));
        // Rows that start inside a word: the last quad of a row is partial.
        assert_eq!(choose(Nhwc, 3, 40, 62, false), Some(("quads", 3)));
        assert_eq!(choose(Nchw, 3, 10, 62, false), Some(("staged", 3)));
        assert_eq!(choose(Nhwc, 1, 40, 1, false), Some(("quads", 1)));
        // NHWC pixels of 6 channels in groups of 3 are not consecutive runs of a group's bytes.
        assert_eq!(choose(Nhwc, 6, 40, 60, false), None);
    }

    /// OpenCV's fixed point takes the quad gather where rows are reused and the staged one
    /// elsewhere, for NCHW planes and for NHWC pixels of 1 to 4 channels (RGBA in groups of
    /// four, not the vector gather, which has no OpenCV rounding); NHWC pixels of more
    /// channels, and any grid too large for those kernels, take the scalar gather.
    #[test]
    fn opencv_fixed_point_on_the_strided_u8_gathers() {
        use crate::spec::Layout::{self, Nchw, Nhwc};
        let features = KernelFeatures {
            opencv_fixed_point: Some(crate::spec::OpenCvFixedPoint::Linear),
            ..KernelFeatures::default()
        };
        let choose = |layout: Layout, channels: u32, height: u32, width: u32| {
            let output = Size2::new(height, width);
            match launch_for(layout, channels, ElementType::U8, output, features).variant {
                KernelVariant::GatherQuad { shape, .. } => ("quads", shape.channels.size()),
                KernelVariant::GatherStaged { shape, .. } => ("staged", shape.channels.size()),
                KernelVariant::Gather { .. } => ("scalar", 1),
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(choose(Nhwc, 3, 40, 60), ("quads", 3));
        assert_eq!(choose(Nhwc, 3, 10, 15), ("staged", 3));
        assert_eq!(choose(Nhwc, 1, 10, 15), ("staged", 1));
        assert_eq!(choose(Nchw, 3, 10, 15), ("staged", 3));
        assert_eq!(choose(Nchw, 5, 40, 60), ("quads", 1));
        assert_eq!(choose(Nhwc, 4, 40, 60), ("quads", 4));
        assert_eq!(choose(Nhwc, 4, 10, 15), ("staged", 4));
        assert_eq!(choose(Nhwc, 5, 10, 15), ("scalar", 1));
        // A device whose grid is too small for the staged workgroups keeps the scalar gather.
        let tiny = wgpu::Limits {
            max_compute_workgroups_per_dimension: 4,
            ..wgpu::Limits::default()
        };
        let ends = (Size2::new(20, 30), Size2::new(10, 15));
        let launch = launch_on(Nhwc, 3, ElementType::U8, ends, (2, 2), features, &tiny);
        assert!(
            matches!(launch.variant, KernelVariant::Gather { .. }),
            "{:?}",
            launch.variant
        );
    }

    /// ONNX Runtime's plain linear on uint8 takes the strided u8 gathers as OpenCV's fixed
    /// point does, its NHWC integers and its f32 steps on NCHW planes alike; its f32 steps
    /// across the channels of NHWC rows take the scalar gather alone.
    #[test]
    fn onnx_plain_linear_u8_on_the_gathers_that_run_it() {
        use crate::OnnxLinearU8::{self, Float, FloatAcrossChannels, Integer};
        use crate::spec::Layout::{self, Nchw, Nhwc};
        let choose = |onnx: OnnxLinearU8, layout: Layout, channels: u32, height: u32| {
            let features = KernelFeatures {
                onnx_linear_u8: Some(onnx),
                ..KernelFeatures::default()
            };
            let output = Size2::new(height, 60);
            match launch_for(layout, channels, ElementType::U8, output, features).variant {
                KernelVariant::GatherQuad { .. } => "quads",
                KernelVariant::GatherStaged { .. } => "staged",
                KernelVariant::Gather { .. } => "scalar",
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(choose(Integer, Nhwc, 3, 40), "quads");
        assert_eq!(choose(Integer, Nhwc, 3, 10), "staged");
        assert_eq!(choose(Float, Nchw, 3, 40), "quads");
        assert_eq!(choose(Float, Nchw, 3, 10), "staged");
        assert_eq!(choose(FloatAcrossChannels, Nhwc, 3, 40), "scalar");
        assert_eq!(choose(FloatAcrossChannels, Nhwc, 3, 10), "scalar");
    }

    /// Integer weights take u8 buffers in one pass of the vector, quad or staged gathers with
    /// dyadic tables of at most 8 bits between the axes, and nothing else.
    #[test]
    fn integer_weights_where_tables_are_dyadic() {
        use crate::spec::{Filter, NearestRule};
        let lanes = |builder: crate::spec::ResizeSpecBuilder, path: Path, texture_source: bool| {
            let spec = builder.build().unwrap();
            let (wy, wx) = AxisWeights::for_spec(&spec);
            let shape = PassShape {
                src_size: spec.input(),
                dst_size: spec.output(),
                y: (0, wy.taps()),
                x: (1, wx.taps()),
                fused: (path == Path::Fused).then_some(FusedTile {
                    width: 64,
                    columns: 64,
                    capacity: 256,
                    pair_step: 0,
                    column_pairs: false,
                    planar: false,
                    layout: crate::gpu::shaders::SumsLayout::PLAIN,
                }),
                color: PassColor::WHOLE,
            };
            let pass = PlannedPass {
                shape,
                spec,
                src: Operand::Input,
                dst: Operand::Output,
                elements: (spec.element(), spec.element()),
            };
            integer_weights(&[pass], (&wy, &wx), texture_source).map(|b| (b.y, b.x))
        };
        let rgba = |input: (u32, u32), output: (u32, u32)| {
            ResizeSpec::builder(Size2::new(input.0, input.1), Size2::new(output.0, output.1))
                .channels(4)
                .element(ElementType::U8)
        };
        let gather = Path::Gather;
        assert_eq!(lanes(rgba((9, 7), (18, 14)), gather, false), Some((2, 2)));
        assert_eq!(lanes(rgba((9, 7), (72, 56)), gather, false), Some((4, 4)));
        assert_eq!(lanes(rgba((18, 14), (9, 7)), gather, false), Some((1, 1)));
        assert_eq!(lanes(rgba((9, 28), (18, 7)), gather, false), Some((2, 1)));
        let halving = rgba((18, 14), (9, 7)).antialias(true);
        assert_eq!(lanes(halving, gather, false), Some((3, 3)));
        let nearest = rgba((9, 7), (27, 21)).filter(Filter::Nearest(NearestRule::Floor));
        assert_eq!(lanes(nearest, gather, false), Some((0, 0)));
        // 2^-5 along both axes: 10 bits, wider than the lanes.
        assert_eq!(lanes(rgba((9, 7), (144, 112)), gather, false), None);
        // Weights that are not multiples of a power of 2, or negative.
        assert_eq!(lanes(rgba((9, 7), (27, 21)), gather, false), None);
        let cubic = rgba((9, 7), (18, 14)).filter(Filter::Cubic { a: -0.75 });
        assert_eq!(lanes(cubic, gather, false), None);
        // Other elements, colour, Pillow's fixed point, textures, the fused kernel.
        let f32s = rgba((9, 7), (18, 14)).element(ElementType::F32);
        assert_eq!(lanes(f32s, gather, false), None);
        // Quads and staged columns sum them too; NHWC pixels of 6 channels take the scalar
        // gather.
        let rgb = rgba((9, 7), (18, 14)).channels(3);
        assert_eq!(lanes(rgb, gather, false), Some((2, 2)));
        let nchw = rgba((18, 14), (9, 7)).layout(crate::spec::Layout::Nchw);
        assert_eq!(lanes(nchw, gather, false), Some((1, 1)));
        let six = rgba((9, 7), (18, 14)).channels(6);
        assert_eq!(lanes(six, gather, false), None);
        let premultiplied = rgba((9, 7), (18, 14)).premultiplied_alpha(true);
        assert_eq!(lanes(premultiplied, gather, false), None);
        let pillow = presets::pillow(Size2::new(9, 7), Size2::new(18, 14), PillowFilter::Bilinear)
            .channels(4)
            .element(ElementType::U8);
        assert_eq!(lanes(pillow, gather, false), None);
        // From a texture (whose texels are read as floats); into one the lanes write texels.
        assert_eq!(lanes(rgba((9, 7), (18, 14)), gather, true), None);
        assert_eq!(lanes(rgba((9, 7), (18, 14)), Path::Fused, false), None);
    }

    /// Enlargements by 2 or more take more rows per invocation in the u8 quads (up to 16), in
    /// integer lanes and in f16 (up to 8), and shrinks in integer lanes (up to 8), where enough
    /// invocations remain; the others keep theirs.
    #[test]
    fn more_rows_where_invocations_remain() {
        use crate::spec::Layout::{self, Nchw, Nhwc};
        let rows_of = |layout: Layout, channels, element, input, output, lanes: bool, taps_x| {
            // A device with `shader-f16`, whose strided groups write f16.
            let features = KernelFeatures {
                integer_weights: lanes.then_some(4),
                native_f16: element == ElementType::F16,
                ..KernelFeatures::default()
            };
            let ends = (input, output);
            match launch_between(layout, channels, element, ends, taps_x, features).variant {
                KernelVariant::GatherQuad { shape, .. } => shape.rows,
                KernelVariant::GatherVec4 { shape, .. } => shape.rows,
                KernelVariant::GatherStaged { shape, .. } => shape.rows,
                other => panic!("{other:?}"),
            }
        };
        let rows = |layout, channels, element, input, output, lanes| {
            rows_of(layout, channels, element, input, output, lanes, 2)
        };
        let (u8s, f16s, f32s) = (ElementType::U8, ElementType::F16, ElementType::F32);
        let small = Size2::new(20, 30);
        let (uhd, qhd, hd) = (
            Size2::new(2160, 3840),
            Size2::new(1440, 2560),
            Size2::new(720, 1280),
        );
        // Quads.
        assert_eq!(rows(Nhwc, 3, u8s, small, uhd, false), 16);
        assert_eq!(rows(Nchw, 3, u8s, small, uhd, false), 16);
        assert_eq!(rows(Nhwc, 3, u8s, small, qhd, false), 8);
        assert_eq!(rows(Nhwc, 3, u8s, small, hd, false), 4);
        // Vector gathers: integer lanes (outputs whose width is not a multiple of 4, which the
        // wide gather takes) and f16, enlarging.
        let (uhd_odd, hd_odd) = (Size2::new(2160, 3842), Size2::new(720, 1282));
        assert_eq!(rows(Nhwc, 4, u8s, small, uhd_odd, true), 8);
        assert_eq!(rows(Nhwc, 4, u8s, small, hd_odd, true), 4);
        assert_eq!(rows(Nhwc, 4, f16s, small, uhd, false), 8);
        assert_eq!(rows(Nchw, 3, f16s, small, uhd, false), 8);
        assert_eq!(rows(Nhwc, 4, f16s, small, hd, false), 4);
        // Integer lanes shrinking: 2 to 8 rows instead of 1.
        assert_eq!(rows(Nhwc, 4, u8s, uhd, Size2::new(1080, 1920), true), 8);
        assert_eq!(rows(Nhwc, 4, u8s, Size2::new(1440, 2560), hd, true), 4);
        assert_eq!(rows(Nhwc, 4, u8s, uhd, Size2::new(540, 960), true), 2);
        assert_eq!(rows(Nhwc, 4, u8s, uhd, Size2::new(54, 96), true), 1);
        // f32 keeps 4 rows enlarging and 1 shrinking; enlargements by less than 2 keep 2.
        assert_eq!(rows(Nhwc, 4, f32s, small, uhd, false), 4);
        assert_eq!(rows(Nhwc, 4, f32s, uhd, Size2::new(1080, 1920), false), 1);
        assert_eq!(
            rows(
                Nhwc,
                3,
                u8s,
                Size2::new(20, 3000),
                Size2::new(30, 3840),
                false
            ),
            2
        );
        // Staged columns: 2 rows where baked bands leave enough invocations.
        let fhd = Size2::new(1080, 1920);
        assert_eq!(rows(Nhwc, 3, u8s, uhd, fhd, false), 2);
        assert_eq!(rows(Nchw, 3, u8s, uhd, fhd, true), 2);
        assert_eq!(rows(Nhwc, 3, u8s, uhd, Size2::new(270, 480), false), 1);
        assert_eq!(rows_of(Nhwc, 3, u8s, uhd, fhd, false, 32), 1);
    }

    /// The split gather takes passes of one vertical tap and horizontal bands of 24 taps or
    /// more, f32 and f16 four-channel groups, or any in Pillow's fixed point from 80 taps; 4
    /// lanes below 64 taps and 8 from 64; not vertical or two-axis bands, narrower bands, u8
    /// summed in floats, strided groups, integer weights, texture ends or tensors of fewer
    /// channels.
    #[test]
    fn split_gather_where_it_serves() {
        use crate::spec::Layout::{Nchw, Nhwc};
        let plain = KernelFeatures::default();
        let split = |layout, channels, element, taps, features| {
            let ends = (Size2::new(224, 3840), Size2::new(224, 224));
            let limits = wgpu::Limits::default();
            match launch_on(layout, channels, element, ends, taps, features, &limits) {
                Launch {
                    variant: KernelVariant::GatherSplit { split, .. },
                    workgroups,
                    ..
                } => Some((split, workgroups)),
                _ => None,
            }
        };
        let (f32s, f16s) = (ElementType::F32, ElementType::F16);
        // 224 outputs a row: 64 a workgroup with 4 lanes, 32 with 8; two channel groups of 8.
        assert_eq!(split(Nhwc, 4, f32s, (1, 24), plain), Some((4, (4, 224, 1))));
        assert_eq!(split(Nhwc, 4, f32s, (1, 63), plain), Some((4, (4, 224, 1))));
        assert_eq!(split(Nhwc, 4, f16s, (1, 64), plain), Some((8, (7, 224, 1))));
        assert_eq!(
            split(Nhwc, 8, f32s, (1, 103), plain),
            Some((8, (7, 224, 2)))
        );
        let texture = KernelFeatures {
            texture_source: Some(TextureSource { srgb: false }),
            ..plain
        };
        let planes = KernelFeatures {
            tensor_target: Some(TensorTarget {
                channels: 3,
                planar: true,
            }),
            ..plain
        };
        let fixed = KernelFeatures {
            fixed_point: true,
            ..plain
        };
        let u8s = ElementType::U8;
        assert_eq!(split(Nhwc, 4, u8s, (1, 103), fixed), Some((8, (7, 224, 1))));
        assert_eq!(split(Nhwc, 4, f32s, (1, 80), fixed), Some((8, (7, 224, 1))));
        assert_eq!(split(Nhwc, 4, u8s, (1, 79), fixed), None);
        let lanes = KernelFeatures {
            integer_weights: Some(4),
            ..plain
        };
        for (layout, channels, element, taps, features) in [
            (Nhwc, 4, f32s, (1, 23), plain),
            (Nhwc, 4, f32s, (2, 69), plain),
            (Nhwc, 4, f32s, (69, 1), plain),
            (Nhwc, 3, f32s, (1, 69), plain),
            (Nchw, 4, f32s, (1, 69), plain),
            (Nhwc, 4, u8s, (1, 69), plain),
            (Nhwc, 4, u8s, (1, 69), lanes),
            (Nhwc, 3, u8s, (1, 69), fixed),
            (Nhwc, 4, f32s, (1, 69), texture),
            (Nhwc, 4, f32s, (1, 69), planes),
        ] {
            assert_eq!(
                split(layout, channels, element, taps, features),
                None,
                "{layout:?} {channels} {element:?} {taps:?} {features:?}"
            );
        }
    }

    /// The wide gather takes RGBA u8 enlargements by 2 or more in integer lanes with one or two
    /// taps per axis, output widths that are multiples of 4 and at least 2^16 invocations of 4
    /// rows, with up to 16 rows while 2^16 remain; everything else keeps its kernel.
    #[test]
    fn wide_gather_where_it_serves_and_pays() {
        use crate::spec::Layout::{Nchw, Nhwc};
        let lanes = KernelFeatures {
            integer_weights: Some(4),
            ..KernelFeatures::default()
        };
        let wide = |layout, channels, element, ends: (Size2, Size2), taps, features| {
            let limits = wgpu::Limits::default();
            match launch_on(layout, channels, element, ends, taps, features, &limits) {
                Launch {
                    variant: KernelVariant::GatherWide { shape, .. },
                    workgroups,
                    ..
                } => Some((shape.rows, workgroups)),
                _ => None,
            }
        };
        let u8s = ElementType::U8;
        let (fhd, uhd) = (Size2::new(1080, 1920), Size2::new(2160, 3840));
        // 960 x 2160 invocations of one row: 16 rows leave 129600; 15 x 34 x 1 workgroups.
        // Nearest neighbours (one tap) and one of each alike.
        for taps in [(2, 2), (1, 1), (1, 2), (2, 1)] {
            assert_eq!(
                wide(Nhwc, 4, u8s, (fhd, uhd), taps, lanes),
                Some((16, (15, 34, 1)))
            );
        }
        assert_eq!(
            wide(Nhwc, 4, u8s, (Size2::new(540, 960), uhd), (2, 2), lanes),
            Some((16, (15, 34, 1)))
        );
        // 512 x 1024: 4 rows leave exactly 2^16; 8 rows too few.
        let (k1, k2) = (Size2::new(512, 512), Size2::new(1024, 1024));
        assert_eq!(
            wide(Nhwc, 4, u8s, (k1, k2), (2, 2), lanes),
            Some((4, (4, 64, 1)))
        );
        // Too few invocations, a width not a multiple of 4, enlarging by less than 2 on
        // either axis, shrinking, other tap counts, no integer lanes, other elements, channels
        // and layouts.
        let hd = Size2::new(720, 1280);
        assert_eq!(
            wide(Nhwc, 4, u8s, (Size2::new(360, 640), hd), (2, 2), lanes),
            None
        );
        let odd = Size2::new(2160, 3842);
        assert_eq!(wide(Nhwc, 4, u8s, (fhd, odd), (2, 2), lanes), None);
        let taller = Size2::new(2160, 2880);
        assert_eq!(wide(Nhwc, 4, u8s, (fhd, taller), (2, 2), lanes), None);
        assert_eq!(
            wide(Nhwc, 4, u8s, (Size2::new(1440, 1920), uhd), (2, 2), lanes),
            None
        );
        assert_eq!(wide(Nhwc, 4, u8s, (uhd, fhd), (2, 2), lanes), None);
        assert_eq!(wide(Nhwc, 4, u8s, (fhd, uhd), (4, 4), lanes), None);
        assert_eq!(wide(Nhwc, 4, u8s, (fhd, uhd), (2, 3), lanes), None);
        let floats = KernelFeatures::default();
        assert_eq!(wide(Nhwc, 4, u8s, (fhd, uhd), (2, 2), floats), None);
        assert_eq!(
            wide(Nhwc, 4, ElementType::F16, (fhd, uhd), (2, 2), lanes),
            None
        );
        assert_eq!(wide(Nhwc, 8, u8s, (fhd, uhd), (2, 2), lanes), None);
        assert_eq!(wide(Nchw, 4, u8s, (fhd, uhd), (2, 2), lanes), None);
        // Nor into a texture, whose texels take one store each: the vector gather's lanes.
        let into_texture = KernelFeatures {
            texture_target: Some(wgpu::TextureFormat::Rgba8Unorm),
            ..lanes
        };
        assert_eq!(wide(Nhwc, 4, u8s, (fhd, uhd), (2, 2), into_texture), None);
    }
}
