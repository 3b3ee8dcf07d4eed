// Exact halvings of RGB u8 pixels (three bytes each, NHWC), as `gather_halving.wgsl` does for
// RGBA: output j along an axis takes inputs 2j and 2j + 1 by the axis's two integer weights.
// Sixteen input pixels are 48 bytes, three whole 16-byte words, so one invocation takes the
// sixteen pixels under eight neighbouring output pixels in the two input rows of each of ROWS
// output rows, and writes the eight as three 8-byte stores. The sums run in packed lanes
// (`rgb_lanes.wgsl`), the bytes rounded once after both axes (truncated in ONNX Runtime's NHWC
// integers, `stored_packed`), or in Pillow's fixed point (FIXED_POINT; PyTorch's and ONNX
// Runtime's on their own tables) each row's horizontal sums rounded to bytes before the
// vertical weights take them, and those sums by the vertical bits alone. The host takes it where the input width is a multiple of 16, so that every group
// starts on a 16-byte word, and the weights keep every lane below 1024 (src/gpu/halving.rs).
//
// Why: RGB bytes do not fall into the vector kernels' four-channel groups, and the staged
// gather that served these shapes weighs every output byte's taps on its own (BENCHMARKS.md
// tuning log item 191).
//
// Appended after `rgb_lanes.wgsl` (the destination and the lanes) and `halving_weights.wgsl`
// (the source and the constants).

@compute @workgroup_size(GROUP_X, GROUP_Y, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let first = gid.y * ROWS;
    if gid.x >= p.out_w / 8u || first >= p.out_h {
        return;
    }
    let n = gid.z;
    // Strides in 16-byte words of the input and in 8-byte words of the output (the host takes
    // widths that keep rows and images whole words).
    let sy = p.src_y / 16u;
    let dy = p.dst_y / 8u;
    var quad = n * (p.src_n / 16u) + 2u * first * sy + 3u * gid.x;
    var out = n * (p.dst_n / 8u) + first * dy + 3u * gid.x;
    // Both axes' bits; in Pillow's fixed point the horizontal sums are bytes already.
    let shift = select(X_BITS + Y_BITS, Y_BITS, FIXED_POINT);
    for (var r = 0u; r < ROWS; r++) {
        if first + r >= p.out_h {
            break;
        }
        let top = row_sums(quad);
        let bottom = row_sums(quad + sy);
        var pixels: PackedPixels;
        for (var k = 0u; k < 8u; k++) {
            pixels[k] = stored_packed(u32(WYA) * top[k] + u32(WYB) * bottom[k], shift);
        }
        store_packed(out, pixels);
        quad += 2u * sy;
        out += dy;
    }
}

// The eight outputs' horizontal sums in the input row of sixteen pixels from word `i`.
fn row_sums(i: u32) -> PackedPixels {
    let a = quads[i];
    let b = quads[i + 1u];
    let c = quads[i + 2u];
    // Every three words are four pixels: two outputs' sums each.
    let s0 = pair_sums(a.x, a.y, a.z);
    let s1 = pair_sums(a.w, b.x, b.y);
    let s2 = pair_sums(b.z, b.w, c.x);
    let s3 = pair_sums(c.y, c.z, c.w);
    return PackedPixels(s0.x, s0.y, s1.x, s1.y, s2.x, s2.y, s3.x, s3.y);
}

// The horizontal sums of two outputs from the four pixels in words `w0` to `w2` (starting at
// bytes 0 and 3 of `w0`, 2 of `w1` and 1 of `w2`); in Pillow's fixed point rounded to bytes, as
// the vertical weights then take them.
fn pair_sums(w0: u32, w1: u32, w2: u32) -> vec2<u32> {
    let left = u32(WXA) * lanes3(w0) + u32(WXB) * lanes3((w0 >> 24u) | (w1 << 8u));
    let right = u32(WXA) * lanes3((w1 >> 16u) | (w2 << 16u)) + u32(WXB) * lanes3(w2 >> 8u);
    if FIXED_POINT {
        return vec2<u32>(rounded_packed(left, X_BITS), rounded_packed(right, X_BITS));
    }
    return vec2<u32>(left, right);
}
