// Exact halvings of RGB u8 pixels (three bytes each, NHWC), as `gather_halving.wgsl` does for
// RGBA: output j along an axis takes inputs 2j and 2j + 1 by the axis's two integer weights.
// One invocation takes the input pixels under PIXELS neighbouring output pixels in the two
// input rows of each of ROWS output rows, three whole source words a row, and writes the
// PIXELS outputs as three whole destination words: by fours from 8-byte words
// (`halving_rgb_fours.wgsl`, input widths a multiple of 8; by eights from 16-byte words ran no
// faster, tuning log item 196). The sums run in packed lanes
// (`rgb_lanes.wgsl`), the bytes rounded once after both axes (truncated in ONNX Runtime's NHWC
// integers, `stored_packed`), or in Pillow's fixed point (FIXED_POINT; PyTorch's and ONNX
// Runtime's on their own tables) each row's horizontal sums rounded to bytes before the
// vertical weights take them, and those sums by the vertical bits alone. The host takes it where
// the weights keep every lane below 1024 (src/gpu/halving.rs).
//
// Why: RGB bytes do not fall into the vector kernels' four-channel groups, and the staged
// gather that served these shapes weighs every output byte's taps on its own (BENCHMARKS.md
// tuning log items 191, 194 and 196).
//
// Appended after `rgb_lanes.wgsl` (the packed lanes), the form's file (the source and the
// destination, PIXELS, the word sizes, `row_sums` and `store_packed`) and
// `halving_weights.wgsl` (the constants).

@compute @workgroup_size(GROUP_X, GROUP_Y, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let first = gid.y * ROWS;
    if gid.x >= p.out_w / PIXELS || first >= p.out_h {
        return;
    }
    let n = gid.z;
    // Strides in the source's and the destination's words (the host takes widths that keep
    // rows and images whole words).
    let sy = p.src_y / SRC_WORD_BYTES;
    let dy = p.dst_y / DST_WORD_BYTES;
    var words = n * (p.src_n / SRC_WORD_BYTES) + 2u * first * sy + 3u * gid.x;
    var out = n * (p.dst_n / DST_WORD_BYTES) + first * dy + 3u * gid.x;
    // Both axes' bits; in Pillow's fixed point the horizontal sums are bytes already.
    let shift = select(X_BITS + Y_BITS, Y_BITS, FIXED_POINT);
    for (var r = 0u; r < ROWS; r++) {
        if first + r >= p.out_h {
            break;
        }
        let top = row_sums(words);
        let bottom = row_sums(words + sy);
        var pixels: PackedPixels;
        for (var k = 0u; k < PIXELS; k++) {
            pixels[k] = stored_packed(u32(WYA) * top[k] + u32(WYB) * bottom[k], shift);
        }
        store_packed(out, pixels);
        words += 2u * sy;
        out += dy;
    }
}

// The horizontal sums of two outputs from the four pixels in 4-byte words `w0` to `w2`
// (starting at bytes 0 and 3 of `w0`, 2 of `w1` and 1 of `w2`); in Pillow's fixed point rounded
// to bytes, as the vertical weights then take them.
fn pair_sums(w0: u32, w1: u32, w2: u32) -> vec2<u32> {
    let left = u32(WXA) * lanes3(w0) + u32(WXB) * lanes3((w0 >> 24u) | (w1 << 8u));
    let right = u32(WXA) * lanes3((w1 >> 16u) | (w2 << 16u)) + u32(WXB) * lanes3(w2 >> 8u);
    if FIXED_POINT {
        return vec2<u32>(rounded_packed(left, X_BITS), rounded_packed(right, X_BITS));
    }
    return vec2<u32>(left, right);
}
