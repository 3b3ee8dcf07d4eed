// The exact doublings' element operations for RGBA u8 buffers, in the vector gather's integer
// lanes (`lanes_u8.wgsl`, appended before this): two words of two 16-bit lanes per pixel, integer
// weights, the bytes rounded once after both axes, or after each axis in Pillow's fixed point
// (FIXED_POINT: the horizontal sums rounded to bytes before the vertical taps weigh them, each
// axis's weights at most 8 bits, so that its sums fit their lanes). The destination holds two
// pixels (one 8-byte store) per element.
@group(0) @binding(3) var<storage, read_write> dst: array<vec2<u32>>;

alias Sum = vec2<u32>;

fn load_sum(i: u32) -> Sum {
    return load_lanes(i);
}

// `w` is an integer weight in the lanes' units.
fn weigh(w: f32, v: Sum) -> Sum {
    return u32(w) * v;
}

// The horizontal sums as the vertical taps weigh them: rounded to bytes in Pillow's fixed point,
// else the sums themselves.
fn between_axes(s: Sum) -> Sum {
    if FIXED_POINT {
        return rounded_lanes(s, X_BITS);
    }
    return s;
}

// A pixel's two vertical taps: `a` times weight `wa` and `b` times `wb`. OpenCV's INTER_LINEAR
// (GATHER_ARITHMETIC 1) rounds each product on its own, `((row >> 4) * weight) >> 16` of 2^-11
// units, which in the lanes' units (2^-X_BITS and 2^-Y_BITS, at most 7 bits an axis and at
// least 2 between them: src/gpu/doubling.rs) is the product floored by X_BITS + Y_BITS - 2
// bits; `stored_word` then rounds their sum by 2 bits (`opencv_bytes`' `(sum + 2) >> 2`).
fn vertical(wa: f32, a: Sum, wb: f32, b: Sum) -> Sum {
    if GATHER_ARITHMETIC == 1u {
        // (The host takes at least 2 bits between the axes; `max` keeps other launches'
        // constants from wrapping.)
        let shift = max(X_BITS + Y_BITS, 2u) - 2u;
        // The shift brings bits of the lane above down into a lane's top: masked off.
        let mask = vec2<u32>((0xffffu >> shift) * 0x00010001u);
        let bits = vec2<u32>(shift);
        return ((weigh(wa, a) >> bits) & mask) + ((weigh(wb, b) >> bits) & mask);
    }
    return weigh(wa, a) + weigh(wb, b);
}

fn store_pair(i: u32, a: Sum, b: Sum) {
    dst[i] = vec2<u32>(stored_word(a), stored_word(b));
}

// A pixel's stored word from its lanes' sums, by both axes' bits, or by the vertical axis's
// alone in Pillow's fixed point, whose horizontal sums are bytes already, or by 2 in OpenCV's
// INTER_LINEAR, whose products are floored to that (`vertical`): rounded half up, as OpenCV
// rounds its sums (GATHER_ARITHMETIC 1 and 3), or truncated as ONNX Runtime's NHWC integers
// are (GATHER_ARITHMETIC 4).
fn stored_word(sums: Sum) -> u32 {
    var bits = select(X_BITS + Y_BITS, Y_BITS, FIXED_POINT);
    if GATHER_ARITHMETIC == 1u {
        bits = 2u;
    }
    return stored_lanes(sums, bits);
}
