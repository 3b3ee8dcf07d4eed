// Shared by every resize kernel: the parameter block, the weight tables and index decoding.
// Concatenated after srgb.wgsl and in front of a kernel's I/O declarations and body (see
// src/gpu/shaders.rs).

// One pass over one output tensor. Strides are in elements; table offsets in f32 slots.
struct Params {
    out_h: u32,
    out_w: u32,
    channels: u32,
    // Output elements of this pass.
    total: u32,
    src_n: u32,
    src_c: u32,
    src_y: u32,
    src_x: u32,
    dst_n: u32,
    dst_c: u32,
    dst_y: u32,
    dst_x: u32,
    y_table: u32,
    y_taps: u32,
    x_table: u32,
    x_taps: u32,
    // 0: channels innermost (NHWC); 1: planes (NCHW).
    planar: u32,
    // Always 0, which the compiler cannot know (`rounded4`).
    zero: u32,
    // Invocations per row of the dispatch grid: large tensors need a 2-D grid of workgroups.
    row_stride: u32,
    // Stored value of colour 1.0 on load and on store (255 for u8, 1 for f32).
    unit_in: f32,
    unit_out: f32,
    // Table slots between consecutive output images' tables: a crop batch gives each output
    // image its own tables; 0 when every image shares one.
    y_image_stride: u32,
    x_image_stride: u32,
    // Vertical band starts as first + min(max(mul * y + add, 0) / div, last), where the vector
    // gather computes them (ARITHMETIC_Y_STARTS in gather_vec4.wgsl; src/gpu/starts.rs): first
    // is a sub-image's first row, 0 for a whole input.
    y_start_mul: i32,
    y_start_add: i32,
    y_start_div: u32,
    y_start_last: u32,
    // Each axis's band as the source coordinate max(a * i + b, 0) and the largest first input,
    // where the kernel computes its taps (gather_computed.wgsl; src/gpu/computed_taps.rs).
    y_tap_a: f32,
    y_tap_b: f32,
    y_tap_last: u32,
    x_tap_a: f32,
    x_tap_b: f32,
    x_tap_last: u32,
    // Elements of one plane of the tensor a normalising store writes, where it is NCHW
    // (NORM_PLANAR): the channel of a flat index is (index / norm_plane) % NORM_CHANNELS.
    norm_plane: u32,
    // The first input row of the computed vertical band starts (above).
    y_start_first: u32,
    // Align the vectors that follow to 16 bytes.
    pad: u32,
    // Per-channel mean and standard deviation of the normalisation applied on store
    // (NORMALIZE); 0 and 1 elsewhere.
    norm_mean: vec4<f32>,
    norm_std: vec4<f32>,
    // The extrapolation value of channel c in lane c % 4 (`fill_of`, `fill4`).
    fill: vec4<f32>,
}

// Pipeline constants that remove whole code paths from the kernels that do not need them, so
// that the plain resize pays nothing for them in its inner loops.
// 8-bit resampling in Pillow's fixed point: weights are multiples of 2^-22 (the host quantises
// them), sums are integers, and each pass rounds as `(sum + 2^21) >> 22`, clamped to 0..255.
override FIXED_POINT: bool = false;
// In that fixed point, each tap column's vertical sum rounded to 8 bits before the horizontal
// taps (Pillow 13's order where the height shrinks most): the vector and scalar gathers.
override FIXED_Y_FIRST: bool = false;
// In that fixed point, the reduction of Pillow's two-step resize (src/reduction.rs): each output
// the block of inputs that its rows weigh (weights 1/n stored as non-zero integers), their bytes
// summed and rounded as Pillow's `Image.reduce` rounds them (`pillow_block_average`): the vector
// and scalar gathers.
override PILLOW_REDUCE: bool = false;
// The gathers' own arithmetic for 8-bit data (src/gather_arithmetic.rs), 0 off. OpenCV's fixed
// point: 1 for its INTER_LINEAR, 2 for INTER_LANCZOS4, 3 for INTER_LINEAR_EXACT. Weights stored as
// the integers w * 2^11 (2^8 for INTER_LINEAR_EXACT), rows summed in integers, the vertical table
// padded by OPENCV_PAD indices at each end (clamped to the input by `padded_input`) and OpenCV's
// vertical rounding (`opencv_tap`, `opencv_byte`): the scalar gather (`opencv_fixed` in
// gather.wgsl) and the quad and staged ones (`column_bytes` in strided_taps.wgsl).
// ONNX Runtime's plain linear on uint8 (src/gather_arithmetic.rs) takes the same padded tables
// of two taps: 4 for its NHWC integers (weights w * 2^10, the vertical taps summed exactly and
// the sum shifted right by 20, in every kernel that runs OpenCV's), 5 for its NCHW f32 steps
// (the scalar gather, `onnx_f32` in gather.wgsl, and the quad and staged ones, `onnx_f32_bytes`
// in strided_taps.wgsl) and 6 for those across the channels of NHWC rows (the scalar gather
// alone); their horizontal tables stay padded.
override GATHER_ARITHMETIC: u32 = 0u;
// Indices by which OpenCV's tables pad the input at each end (`weights::OPENCV_PAD`).
const OPENCV_PAD: u32 = 4u;
// Colour conversions around the taps: COLOR_* bits, those on load (before the taps) and on
// store (after them). A constant rather than a parameter: with the bits tested per load, a
// band's loads were not issued together across the branches (src/gpu/color.rs).
override COLOR_STEPS: u32 = 0u;
// u8 with weights that are all multiples of 2^-k: the taps sum exactly in integers to the
// stored bytes, in 16-bit lanes in the vector gather (lanes_u8.wgsl) and per channel in the quad
// and staged gathers (strided_taps.wgsl). The host stores each weight times 2^k as an integer's
// bits, each axis's table with its own k, and WEIGHT_BITS is the two k together.
override INTEGER_WEIGHTS: bool = false;
override WEIGHT_BITS: u32 = 0u;
// The last pass normalises what it stores, (v - mean[c]) / std[c] for each element's channel c
// (`ResizeSpecBuilder::normalize`), so that no pass of its own reads and writes the output
// again. A pass may run on a reshaped view of the tensor it writes (src/gpu/channel_blind.rs),
// so the stores find an element's channel from its flat index in that tensor, whose channels
// and layout are these constants (`normalized4` below).
override NORMALIZE: bool = false;
override NORM_CHANNELS: u32 = 1u;
override NORM_PLANAR: bool = false;
// A table row's flag: this output maps outside the input and takes the extrapolation value.
const ROW_OUTSIDE: u32 = 1u;
// No row of the vertical (horizontal) table maps outside the input, so `y_row_outside`
// (`x_row_outside`) never reads the rows' flags: a dependent load and a branch fewer per output
// row (`KernelFeatures::inside` in src/gpu/shaders.rs).
override Y_INSIDE: bool = false;
override X_INSIDE: bool = false;

@group(0) @binding(0) var<uniform> p: Params;
// Both axes' band tables. Each row: [first input index (bits), flags (bits), taps weights].
@group(0) @binding(1) var<storage, read> table: array<f32>;

struct Position {
    n: u32,
    c: u32,
    y: u32,
    x: u32,
}

// The logical position of a flat output index.
fn decode_output(flat: u32) -> Position {
    var pos: Position;
    if p.planar == 0u {
        pos.c = flat % p.channels;
        let pixel = flat / p.channels;
        pos.x = pixel % p.out_w;
        let row = pixel / p.out_w;
        pos.y = row % p.out_h;
        pos.n = row / p.out_h;
    } else {
        pos.x = flat % p.out_w;
        let row = flat / p.out_w;
        pos.y = row % p.out_h;
        let plane = row / p.out_h;
        pos.c = plane % p.channels;
        pos.n = plane / p.channels;
    }
    return pos;
}

fn row_start(row: u32) -> u32 {
    return bitcast<u32>(table[row]);
}

fn row_outside(row: u32) -> bool {
    return (bitcast<u32>(table[row + 1u]) & ROW_OUTSIDE) != 0u;
}

// Whether vertical table row `row` maps outside the input.
fn y_row_outside(row: u32) -> bool {
    return !Y_INSIDE && row_outside(row);
}

// Whether horizontal table row `row` maps outside the input.
fn x_row_outside(row: u32) -> bool {
    return !X_INSIDE && row_outside(row);
}

// The texel of index `i` of a texture end whose rows lie `pitch` four-channel groups apart in
// the kernels' index: the host rounds a texture's row up to a power of two there
// (`PassParams::with_texture_source_rows` and `with_texture_target_rows` in src/gpu/params.rs),
// so that the column and row are a mask and a shift. A division by the width and a remainder on
// every load took a fifth of the 4K frame's vertical pass from a texture (H200, BENCHMARKS.md
// tuning log items 150 and 152). The kernels index no column past the width.
fn texel_at(i: u32, pitch: u32) -> vec2<u32> {
    return vec2<u32>(i & (pitch - 1u), i >> countTrailingZeros(pitch));
}

// Table row of output index `i` in the table at `offset` with `taps` weights per row.
fn table_row(offset: u32, taps: u32, i: u32) -> u32 {
    return offset + i * (taps + 2u);
}

const COLOR_DECODE_SRGB: u32 = 1u;
const COLOR_PREMULTIPLY: u32 = 2u;
const COLOR_ENCODE_SRGB: u32 = 4u;
const COLOR_UNPREMULTIPLY: u32 = 8u;
// Pillow's 8-bit RGBA rule: colour rounded to round(c*a/255) before the taps, and after them
// floor(255*c/a) on the rounded values, except where alpha is 0 or 255.
const COLOR_PREMULTIPLY_8_BIT: u32 = 16u;
const COLOR_UNPREMULTIPLY_8_BIT: u32 = 32u;

// Whether this kernel applies any of the conversions `steps`.
fn color_step(steps: u32) -> bool {
    return (COLOR_STEPS & steps) != 0u;
}

// A stored value on its way to the taps: to 0..1, linear light (alpha stays linear).
fn prepare1(v: f32) -> f32 {
    if !color_step(COLOR_DECODE_SRGB) {
        return v;
    }
    return srgb_to_linear(v / p.unit_in);
}

// A result of the taps on its way to storage.
fn finish1(v: f32) -> f32 {
    if !color_step(COLOR_ENCODE_SRGB) {
        return v;
    }
    return linear_to_srgb(v) * p.unit_out;
}

// An RGBA group on its way to the taps: to 0..1, linear light, premultiplied by alpha.
fn prepare4(v: vec4<f32>) -> vec4<f32> {
    if COLOR_STEPS == 0u {
        return v;
    }
    if color_step(COLOR_PREMULTIPLY_8_BIT) {
        // c·a/255 + 0.5 lies at least 1/510 from a whole number, far beyond the error of a
        // GPU's f32 division, so its floor is Pillow's rounding on any device.
        return vec4<f32>(floor(v.xyz * v.w / 255.0 + 0.5), v.w);
    }
    if !color_step(COLOR_DECODE_SRGB | COLOR_PREMULTIPLY) {
        return v;
    }
    let premultiply = color_step(COLOR_PREMULTIPLY);
    var u = v / p.unit_in;
    if color_step(COLOR_DECODE_SRGB) {
        let alpha = u.w;
        u = vec4<f32>(
            srgb_to_linear(u.x),
            srgb_to_linear(u.y),
            srgb_to_linear(u.z),
            srgb_to_linear(u.w),
        );
        if premultiply {
            u.w = alpha;
        }
    }
    if premultiply {
        u = vec4<f32>(u.xyz * u.w, u.w);
    }
    return u;
}

// An RGBA group of Pillow's fixed point on its way to the taps: colour premultiplied by alpha
// as Pillow's 8-bit rule rounds it, round(c * a / 255), in integers: `(t + (t >> 8)) >> 8` with
// `t = c * a + 128` is that value for every pair of bytes, with no conversion instructions.
fn prepare4_int(v: vec4<i32>) -> vec4<i32> {
    if !color_step(COLOR_PREMULTIPLY_8_BIT) {
        return v;
    }
    let t = v.xyz * v.w + vec3<i32>(128);
    return vec4<i32>((t + (t >> vec3<u32>(8u))) >> vec3<u32>(8u), v.w);
}

// The taps' RGBA result on its way to storage: unpremultiplied, sRGB-encoded.
fn finish4(v: vec4<f32>) -> vec4<f32> {
    if COLOR_STEPS == 0u {
        return v;
    }
    if color_step(COLOR_UNPREMULTIPLY_8_BIT) {
        let q = clamp(floor(v + 0.5), vec4<f32>(0.0), vec4<f32>(255.0));
        if q.w == 0.0 || q.w == 255.0 {
            return q;
        }
        // Pillow's integer division: an f32 quotient, which GPUs need not round correctly
        // (NVIDIA's came out 169.99998 for 170), floors one level low where it is whole.
        let qi = vec4<u32>(q);
        return vec4<f32>(min(vec3<f32>((255u * qi.xyz) / qi.w), vec3<f32>(255.0)), q.w);
    }
    if !color_step(COLOR_ENCODE_SRGB | COLOR_UNPREMULTIPLY) {
        return v;
    }
    let unpremultiply = color_step(COLOR_UNPREMULTIPLY);
    var u = v;
    if unpremultiply {
        u = vec4<f32>(select(vec3<f32>(0.0), u.xyz / u.w, u.w > 0.0), u.w);
    }
    if color_step(COLOR_ENCODE_SRGB) {
        let alpha = u.w;
        u = vec4<f32>(
            linear_to_srgb(u.x),
            linear_to_srgb(u.y),
            linear_to_srgb(u.z),
            linear_to_srgb(u.w),
        );
        if unpremultiply {
            u.w = alpha;
        }
    }
    return u * p.unit_out;
}

// A table weight as an integer: Pillow's coefficient in fixed-point specs, a dyadic weight
// times 2^k with INTEGER_WEIGHTS. The host stores the integer's bits in the f32 slot
// (src/gpu/params.rs), so that no tap pays a conversion, which runs at a quarter of the rate of
// arithmetic on NVIDIA GPUs.
fn fixed_weight(w: f32) -> i32 {
    return bitcast<i32>(w);
}

// Whether a fixed-point weight is 1 (2^22): a horizontal band of that one tap (a vertical pass's
// identity) rounds each 8-bit input back to itself, so the kernels skip its multiply and round.
fn fixed_is_one(w: f32) -> bool {
    return fixed_weight(w) == 4194304;
}

// Pillow's average of `count` bytes summing to `sum`: `((sum + count/2) * m) >> 24`, where Pillow
// computes `m` as 2^32 / (256 count) in float and truncates it, which is the integer quotient
// 2^24 / count for every block of fewer than 2^23 pixels (src/reduction.rs). Neither the sum nor
// the product exceeds 32 bits there.
fn pillow_block_average(sum: u32, count: u32) -> u32 {
    return ((sum + count / 2u) * ((1u << 24u) / count)) >> 24u;
}

// Integer lanes' sums (two 16-bit lanes a word, `wgsl/lanes_u8.wgsl`) of bytes times weights of
// 2^`bits` to the unit, rounded half up to bytes in their lanes: `(s + 2^(bits - 1)) >> bits`,
// the mask dropping what the shift brings down from the lane above. The u8 vector gather, the
// exact doublings and the exact halvings round their lanes here.
fn rounded_lanes(sums: vec2<u32>, bits: u32) -> vec2<u32> {
    let half = ((1u << bits) >> 1u) * 0x00010001u;
    return ((sums + vec2<u32>(half)) >> vec2<u32>(bits)) & vec2<u32>(0x00ff00ffu);
}

// Two lanes' sums of 2^`bits` to the unit as a pixel's stored word of four bytes: rounded half
// up (`rounded_lanes`), or truncated as ONNX Runtime's NHWC integers are (GATHER_ARITHMETIC 4).
// The exact doublings and halvings of RGBA store their pixels here.
fn stored_lanes(sums: vec2<u32>, bits: u32) -> u32 {
    var q = rounded_lanes(sums, bits);
    if GATHER_ARITHMETIC == 4u {
        q = (sums >> vec2<u32>(bits)) & vec2<u32>(0x00ff00ffu);
    }
    return q.x | (q.y << 8u);
}

// A fixed-point sum back to an 8-bit value, as Pillow's `clip8((ss + 2^21) >> 22)`.
fn fixed_round(sum: i32) -> i32 {
    return clamp((sum + 2097152) >> 22u, 0, 255);
}

fn fixed_round4(sum: vec4<i32>) -> vec4<i32> {
    return clamp((sum + vec4<i32>(2097152)) >> vec4<u32>(22u), vec4<i32>(0), vec4<i32>(255));
}

// The input that tap `t` of the padded table's row at `row` reads (GATHER_ARITHMETIC: OpenCV's
// vertical tables, ONNX Runtime's f32 ones on both axes): index `start + t - OPENCV_PAD`,
// clamped into the inputs the table reads (the axis, or a cut's sub-image) by the row's flags,
// whose bits 8-15 are the first tap that reads its own input and bits 16-23 one past the last
// (`clamp_flags` in src/gpu/params.rs), so that taps past an edge read the edge's input.
fn padded_input(row: u32, t: u32) -> u32 {
    let own = own_taps(row);
    return row_start(row) + clamp(t, own.x, own.y) - OPENCV_PAD;
}

// `padded_input` of a two-tap row's taps 0 and 1 (ONNX Runtime's f32 steps), its start and
// flags read once.
fn padded_pair(row: u32) -> vec2<u32> {
    let own = own_taps(row);
    let taps = clamp(vec2<u32>(0u, 1u), vec2<u32>(own.x), vec2<u32>(own.y));
    return vec2<u32>(row_start(row)) + taps - vec2<u32>(OPENCV_PAD);
}

// The first and the last tap of the padded row at `row` that read their own inputs, from its
// flags' bits 8-15 and 16-23 (the last one past).
fn own_taps(row: u32) -> vec2<u32> {
    let flags = bitcast<u32>(table[row + 1u]);
    return vec2<u32>((flags >> 8u) & 255u, ((flags >> 16u) & 255u) - 1u);
}

// `v` as the sum that takes it receives it, rounded: its bits ORed with a zero that the
// compiler cannot see through, so that it fuses no product into a multiply-add, whose one
// rounding would differ from ONNX Runtime's two, and moves no sum.
fn rounded4(v: vec4<f32>) -> vec4<f32> {
    return bitcast<vec4<f32>>(bitcast<vec4<u32>>(v) | vec4<u32>(p.zero));
}

// ONNX Runtime's f32 steps (GATHER_ARITHMETIC 5 and 6) on one 2 x 2 block of bytes, a channel to a
// lane: the products `(wb * wa) * byte` of its top left, top right, bottom left and bottom right
// summed in that order, as ONNX Runtime sums them, each product and partial sum taken rounded
// (`rounded4`) so that no compiler fuses a product into its sum or regroups the four (NVIDIA's
// Vulkan driver fused them, Mesa's GL compiler summed them in pairs); truncated, as its cast to
// uint8_t truncates the sum (never negative).
fn onnx_f32_block(
    wa: vec2<f32>,
    wb: vec2<f32>,
    top_left: vec4<f32>,
    top_right: vec4<f32>,
    bottom_left: vec4<f32>,
    bottom_right: vec4<f32>,
) -> vec4<f32> {
    var sum = rounded4((wb.x * wa.x) * top_left);
    sum = rounded4(sum + rounded4((wb.y * wa.x) * top_right));
    sum = rounded4(sum + rounded4((wb.x * wa.y) * bottom_left));
    sum += rounded4((wb.y * wa.y) * bottom_right);
    return trunc(min(sum, vec4<f32>(255.0)));
}

// One vertical tap of OpenCV's fixed point: each of a column group's horizontal sums times the
// tap's integer weight, as INTER_LINEAR rounds each product (`((row >> 4) * weight) >> 16`) or
// exactly.
fn opencv_tap4(row: vec4<i32>, weight: i32) -> vec4<i32> {
    if GATHER_ARITHMETIC == 1u {
        return ((row >> vec4<u32>(4u)) * weight) >> vec4<u32>(16u);
    }
    return row * weight;
}

fn opencv_tap(row: i32, weight: i32) -> i32 {
    return opencv_tap4(vec4<i32>(row), weight).x;
}

// The bytes of OpenCV's vertical sums: INTER_LINEAR's `(sum + 2) >> 2`, INTER_LINEAR_EXACT's
// `(sum + 2^15) >> 16`, INTER_LANCZOS4's `(sum + 2^21) >> 22`, and ONNX Runtime's integers'
// `sum >> 20`, clamped to 0..255.
fn opencv_bytes(total: vec4<i32>) -> vec4<u32> {
    var bytes = (total + vec4<i32>(2097152)) >> vec4<u32>(22u);
    if GATHER_ARITHMETIC == 1u {
        bytes = (total + vec4<i32>(2)) >> vec4<u32>(2u);
    } else if GATHER_ARITHMETIC == 3u {
        bytes = (total + vec4<i32>(32768)) >> vec4<u32>(16u);
    } else if GATHER_ARITHMETIC == 4u {
        bytes = total >> vec4<u32>(20u);
    }
    return vec4<u32>(clamp(bytes, vec4<i32>(0), vec4<i32>(255)));
}

fn opencv_byte(total: i32) -> u32 {
    return opencv_bytes(vec4<i32>(total)).x;
}

fn round_to_u8(v: f32) -> f32 {
    return clamp(floor(v + 0.5), 0.0, 255.0);
}

// A result as the u8 it is stored as: `round_to_u8` in one truncating conversion of the clamped
// value, which is its floor since it is not negative. A separate floor is a second conversion
// instruction, and conversions run at a quarter of the rate of arithmetic on NVIDIA GPUs.
fn u8_of(v: f32) -> u32 {
    return u32(clamp(v + 0.5, 0.0, 255.5));
}

// The value of channel `c`'s outputs that map outside the input: a colour names at most four
// channels, one to a lane, and a value of every channel is in every lane
// (src/extrapolation.rs). Only a colour (FILL_BY_CHANNEL) picks lanes: picking them by a
// computed index cost the kernels that run without one 2 to 4% (H100, OpenCV's RGB u8 shrink
// and letterbox, Pillow's RGB u8 lanczos shrinks; BENCHMARKS.md tuning log item 187).
override FILL_BY_CHANNEL: bool = false;

fn fill_of(c: u32) -> f32 {
    if !FILL_BY_CHANNEL {
        return p.fill.x;
    }
    return p.fill[c & 3u];
}

// The outside values of a group of channels from `first_channel` on, one channel to a lane.
fn fill4(first_channel: u32) -> vec4<f32> {
    if !FILL_BY_CHANNEL {
        return p.fill;
    }
    let c = (vec4<u32>(first_channel) + vec4<u32>(0u, 1u, 2u, 3u)) & vec4<u32>(3u);
    return vec4<f32>(p.fill[c.x], p.fill[c.y], p.fill[c.z], p.fill[c.w]);
}

fn u8_of4(v: vec4<f32>) -> vec4<u32> {
    return vec4<u32>(clamp(v + vec4<f32>(0.5), vec4<f32>(0.0), vec4<f32>(255.5)));
}

// Four bytes (each below 256) as one little-endian word, the first in the lowest byte.
fn word_of_bytes(b: vec4<u32>) -> u32 {
    return b.x | (b.y << 8u) | (b.z << 16u) | (b.w << 24u);
}

// The channel of the element at flat index `flat` of the tensor a normalising store writes.
fn norm_channel(flat: u32) -> u32 {
    if NORM_PLANAR {
        return (flat / p.norm_plane) % NORM_CHANNELS;
    }
    return flat % NORM_CHANNELS;
}

// Where CHANNEL_KNOWN, the channel of every element an invocation stores, set before its first
// store (the fused kernel's NCHW planes, one plane a workgroup), so that a normalising store of
// planes need not divide its flat index by the plane's size to find it. H200, fused NCHW
// 32x3x512² -> 224² ImageNet-normalised, f32 51.9-52.6 -> 49.4-50.3 µs, f16 44.9-45.0 ->
// 41.9-42.6, 1x3 4K -> 1080p antialiased bicubic 73.7-74.2 -> 70.8-71.5 (BENCHMARKS.md tuning log
// item 160). A constant rather than a flag tested at run time, so that such pipelines carry no
// search by flat index, never taken there: H200, the same ML batch 48.0-49.3 -> 46.5-47.8 µs,
// f16 39.3-39.5 -> 36.8-37.2, the 4K -> 1080p planes 68.7-69.6 -> 66.8-67.7 (item 169).
override CHANNEL_KNOWN: bool = false;
var<private> known_channel: u32;

// `v` normalised, its lanes holding channels `c` (each below NORM_CHANNELS, at most 4).
fn normalized_lanes(v: vec4<f32>, c: vec4<u32>) -> vec4<f32> {
    let mean = vec4<f32>(p.norm_mean[c.x], p.norm_mean[c.y], p.norm_mean[c.z], p.norm_mean[c.w]);
    let deviation = vec4<f32>(p.norm_std[c.x], p.norm_std[c.y], p.norm_std[c.z], p.norm_std[c.w]);
    return (v - mean) / deviation;
}

// Four consecutive elements of the written tensor from flat index `first`, normalised where
// NORMALIZE: their channels from the first's (NHWC), with one division where planes hold whole
// fours (NCHW), per element otherwise.
fn normalized4(v: vec4<f32>, first: u32) -> vec4<f32> {
    if !NORMALIZE {
        return v;
    }
    if NORM_PLANAR && CHANNEL_KNOWN {
        let c = known_channel % NORM_CHANNELS;
        return (v - p.norm_mean[c]) / p.norm_std[c];
    }
    var c = vec4<u32>(norm_channel(first));
    if !NORM_PLANAR {
        c = (c + vec4<u32>(0u, 1u, 2u, 3u)) % NORM_CHANNELS;
    } else if p.norm_plane % 4u != 0u {
        c = vec4<u32>(
            c.x,
            norm_channel(first + 1u),
            norm_channel(first + 2u),
            norm_channel(first + 3u),
        );
    } else {
        // One plane's four elements: one channel's statistics, read once. H200, fused NCHW
        // planes 32x3x512² -> 224², ImageNet-normalised, f32 53.2-53.5 -> 52.0-52.3 µs, f16
        // 46.1-46.3 -> 44.9 (BENCHMARKS.md tuning log item 157).
        return (v - p.norm_mean[c.x]) / p.norm_std[c.x];
    }
    return normalized_lanes(v, c);
}

// A pixel's channels in its four lanes (the tensor store, strided groups), normalised where
// NORMALIZE: the statistics of lanes past the spec's channels are the identity.
fn normalized_pixel(v: vec4<f32>) -> vec4<f32> {
    if !NORMALIZE {
        return v;
    }
    return (v - p.norm_mean) / p.norm_std;
}
