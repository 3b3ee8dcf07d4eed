// Exact doublings of RGB u8 pixels (three bytes each, NHWC), as `gather_doubling.wgsl` does for
// RGBA: output 2i + k along an axis weighs inputs i - 1 + k and i + k (clamped to the axis) by
// its phase's two integer weights, the bytes rounded once after both axes. Four input pixels
// are three whole words, so one invocation takes four neighbouring pixels of ROWS input rows
// (and the pixel on either side), and writes the eight output pixels of each of the two output
// rows around every input row as six words: three 8-byte stores. The host takes it where the
// input width is a multiple of 4, so that every group starts on a word, and where the tables
// fit the phases edges included (src/gpu/doubling.rs).
//
// Pillow's 8-bit fixed point (FIXED_POINT; PyTorch's and ONNX Runtime's on their own tables)
// rounds each row's horizontal sums to bytes before the vertical taps weigh them, and those sums
// by the vertical axis's bits alone.
//
// OpenCV's 8-bit INTER_LINEAR and INTER_LINEAR_EXACT (GATHER_ARITHMETIC, src/gpu/doubling.rs
// `choose_opencv`) run here in their own arithmetic: the horizontal sums as above in their
// units (the edge columns weigh one clamped input by the whole unit, which the clamped pixel
// gives), each vertical product rounded as OpenCV rounds it (`opencv_tap4`; exact for
// INTER_LINEAR_EXACT), and the bytes rounded as `opencv_bytes` says.
//
// Why: RGB bytes do not fall into the vector kernels' four-channel groups, and the quad gather
// that served these shapes reads and weighs every output byte's taps on its own: on an H200,
// RGB u8 1080p -> 2160p took 33.8 µs there, against 15.4 for RGBA through the doubling with a
// third more bytes (BENCHMARKS.md).
//
// Appended after `src_vec4_u8.wgsl` (the source words), `doubling_phases.wgsl` (the
// constants), `rgb_lanes.wgsl` (the packed lanes) and `rgb_eights.wgsl` (the destination).

// Eight output pixels of one row: the horizontal sums of an input row, then the sums of both
// axes.
alias Pixels = array<vec3<u32>, 8>;

// Pillow's fixed point with weights of at most 2 bits an axis (bilinear's quarters) sums a
// pixel's three channels in packed lanes (`packed_rows`, `rgb_lanes.wgsl`): each rounding
// leaves a byte in every lane before the next axis weighs them.
// H100, PyTorch's RGB 1080p -> 2160p 29.1-29.2 -> 27.1-27.9 µs, 4K -> 8K 92.8-93.2 -> 89.0-89.1
// (BENCHMARKS.md tuning log item 189).
fn packed() -> bool {
    return FIXED_POINT && X_BITS <= 2u && Y_BITS <= 2u;
}
// The group's word offset in its row, and those of the words holding the pixels on either side
// (the group's own first and last words at the row's ends, whose pixels then repeat).
var<private> words: vec3<u32>;
var<private> at_left_edge: bool;
var<private> at_right_edge: bool;

@compute @workgroup_size(GROUP_X, GROUP_Y, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let in_w = p.out_w / 2u;
    let in_h = p.out_h / 2u;
    let groups = in_w / 4u;
    let g = gid.x;
    let first = gid.y * ROWS;
    if g >= groups || first >= in_h {
        return;
    }
    let n = gid.z;
    at_left_edge = g == 0u;
    at_right_edge = g + 1u == groups;
    // Strides in words (the host takes widths that keep rows and images whole words).
    let sy = p.src_y / 4u;
    words = vec3<u32>(n * (p.src_n / 4u) + 3u * g, 0u, 0u);
    words.y = select(words.x - 1u, words.x, at_left_edge);
    words.z = select(words.x + 3u, words.x + 2u, at_right_edge);
    // Output row 2 * first, at the group's eight pixels: 24 bytes, three 8-byte elements.
    let dy = p.dst_y / 8u;
    var out = (n * p.dst_n + 2u * first * p.dst_y) / 8u + 3u * g;
    if packed() {
        packed_rows(first, in_h, sy, out, dy);
        return;
    }
    var above = row_sums((max(first, 1u) - 1u) * sy);
    var here = row_sums(first * sy);
    for (var r = 0u; r < ROWS; r++) {
        let y = first + r;
        if y >= in_h {
            break;
        }
        let below = row_sums(min(y + 1u, in_h - 1u) * sy);
        var top: Pixels;
        var bottom: Pixels;
        if GATHER_ARITHMETIC != 0u {
            for (var k = 0u; k < 8u; k++) {
                top[k] = opencv_taps(above[k], WY0A, here[k], WY0B);
                bottom[k] = opencv_taps(here[k], WY1A, below[k], WY1B);
            }
        } else {
            for (var k = 0u; k < 8u; k++) {
                top[k] = u32(WY0A) * above[k] + u32(WY0B) * here[k];
                bottom[k] = u32(WY1A) * here[k] + u32(WY1B) * below[k];
            }
        }
        store_pixels(out, top);
        store_pixels(out + dy, bottom);
        above = here;
        here = below;
        out += 2u * dy;
    }
}

// The words that the group's outputs read in the input row at word offset `row`: its own three,
// then those holding the pixels before and after it.
fn row_words(row: u32) -> array<u32, 5> {
    return array<u32, 5>(
        src[row + words.x],
        src[row + words.x + 1u],
        src[row + words.x + 2u],
        src[row + words.y],
        src[row + words.z],
    );
}

// The horizontal sums of the group's eight outputs in the input row at word offset `row`.
fn row_sums(row: u32) -> Pixels {
    let w = row_words(row);
    let w0 = w[0];
    let w1 = w[1];
    let w2 = w[2];
    let before = w[3];
    let after = w[4];
    // Pixels -1 to 4 of the group: bytes 12g - 3 to 12g + 14 of the row.
    var px: array<vec3<u32>, 6>;
    px[1] = bytes3(w0, 0u);
    px[2] = vec3<u32>(w0 >> 24u, w1 & 0xffu, (w1 >> 8u) & 0xffu);
    px[3] = vec3<u32>((w1 >> 16u) & 0xffu, w1 >> 24u, w2 & 0xffu);
    px[4] = bytes3(w2, 8u);
    // At the row's ends the pixel beyond is the end pixel itself.
    px[0] = select(bytes3(before, 8u), px[1], at_left_edge);
    px[5] = select(bytes3(after, 0u), px[4], at_right_edge);
    var sums: Pixels;
    for (var j = 0u; j < 4u; j++) {
        sums[2u * j] = between_axes(u32(WX0A) * px[j] + u32(WX0B) * px[j + 1u]);
        sums[2u * j + 1u] = between_axes(u32(WX1A) * px[j + 1u] + u32(WX1B) * px[j + 2u]);
    }
    return sums;
}

// A horizontal sum as the vertical taps weigh it: rounded to bytes in Pillow's fixed point (the
// host's weights sum to at most one unit, so no byte passes 255), else the sum itself.
fn between_axes(sum: vec3<u32>) -> vec3<u32> {
    if FIXED_POINT {
        return (sum + vec3<u32>((1u << X_BITS) >> 1u)) >> vec3<u32>(X_BITS);
    }
    return sum;
}

// The main loop in packed lanes (`packed()`): the horizontal sums of each input row rounded to
// bytes, the vertical sums of the two output rows around it rounded by the vertical bits, with
// one operation for a pixel's three channels where the loop above takes three.
fn packed_rows(first: u32, in_h: u32, sy: u32, first_out: u32, dy: u32) {
    var out = first_out;
    var above = packed_row_sums((max(first, 1u) - 1u) * sy);
    var here = packed_row_sums(first * sy);
    for (var r = 0u; r < ROWS; r++) {
        let y = first + r;
        if y >= in_h {
            break;
        }
        let below = packed_row_sums(min(y + 1u, in_h - 1u) * sy);
        var top: PackedPixels;
        var bottom: PackedPixels;
        for (var k = 0u; k < 8u; k++) {
            top[k] = rounded_packed(u32(WY0A) * above[k] + u32(WY0B) * here[k], Y_BITS);
            bottom[k] = rounded_packed(u32(WY1A) * here[k] + u32(WY1B) * below[k], Y_BITS);
        }
        store_packed(out, top);
        store_packed(out + dy, bottom);
        above = here;
        here = below;
        out += 2u * dy;
    }
}

// `row_sums` in packed lanes, each sum rounded to bytes.
fn packed_row_sums(row: u32) -> PackedPixels {
    let w = row_words(row);
    var px: array<u32, 6>;
    px[1] = lanes3(w[0]);
    px[2] = lanes3((w[0] >> 24u) | (w[1] << 8u));
    px[3] = lanes3((w[1] >> 16u) | (w[2] << 16u));
    px[4] = lanes3(w[2] >> 8u);
    px[0] = select(lanes3(w[3] >> 8u), px[1], at_left_edge);
    px[5] = select(lanes3(w[4]), px[4], at_right_edge);
    var sums: PackedPixels;
    for (var j = 0u; j < 4u; j++) {
        let even = u32(WX0A) * px[j] + u32(WX0B) * px[j + 1u];
        let odd = u32(WX1A) * px[j + 1u] + u32(WX1B) * px[j + 2u];
        sums[2u * j] = rounded_packed(even, X_BITS);
        sums[2u * j + 1u] = rounded_packed(odd, X_BITS);
    }
    return sums;
}

// A pixel's two vertical taps in OpenCV's arithmetic, each product rounded on its own: `a`
// times weight `wa` and `b` times `wb`. At the first and last output rows one of the two is
// the other clamped, and OpenCV keeps both products there too.
fn opencv_taps(a: vec3<u32>, wa: f32, b: vec3<u32>, wb: f32) -> vec3<u32> {
    let first = opencv_tap4(vec4<i32>(vec3<i32>(a), 0), i32(wa));
    let second = opencv_tap4(vec4<i32>(vec3<i32>(b), 0), i32(wb));
    return vec3<u32>((first + second).xyz);
}

// The three bytes of `w` from bit `shift` on.
fn bytes3(w: u32, shift: u32) -> vec3<u32> {
    return (vec3<u32>(w) >> vec3<u32>(shift, shift + 8u, shift + 16u)) & vec3<u32>(0xffu);
}

// Eight pixels' sums rounded to bytes, rounded half up as `lanes_word` does (`(s + half) >>
// bits` is floor(s / 2^bits + 0.5); the host's integer weights keep every sum within
// 255 · 2^bits), or as OpenCV rounds its vertical sums (`opencv_bytes`), and stored as six
// words from element `i`.
fn store_pixels(i: u32, sums: Pixels) {
    // Both axes' bits; in Pillow's fixed point the horizontal sums are bytes already, and the
    // vertical bits alone round them.
    let shift = select(X_BITS + Y_BITS, Y_BITS, FIXED_POINT);
    let half = vec3<u32>((1u << shift) >> 1u);
    let bits = vec3<u32>(shift);
    var b: Pixels;
    for (var k = 0u; k < 8u; k++) {
        if GATHER_ARITHMETIC != 0u {
            b[k] = opencv_bytes(vec4<i32>(vec3<i32>(sums[k]), 0)).xyz;
        } else {
            b[k] = (sums[k] + half) >> bits;
        }
    }
    let left = words_of(b[0], b[1], b[2], b[3]);
    let right = words_of(b[4], b[5], b[6], b[7]);
    dst[i] = left.xy;
    dst[i + 1u] = vec2<u32>(left.z, right.x);
    dst[i + 2u] = right.yz;
}

// Four pixels' bytes as the three words they fill.
fn words_of(a: vec3<u32>, b: vec3<u32>, c: vec3<u32>, d: vec3<u32>) -> vec3<u32> {
    return vec3<u32>(
        a.x | (a.y << 8u) | (a.z << 16u) | (b.x << 24u),
        b.y | (b.z << 8u) | (c.x << 16u) | (c.y << 24u),
        c.z | (d.x << 8u) | (d.y << 16u) | (d.z << 24u),
    );
}
