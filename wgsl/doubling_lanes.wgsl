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

fn store_pair(i: u32, a: Sum, b: Sum) {
    dst[i] = vec2<u32>(stored_word(a), stored_word(b));
}

// A pixel's stored word from its lanes' sums, by both axes' bits, or by the vertical axis's
// alone in Pillow's fixed point, whose horizontal sums are bytes already: rounded half up, as
// OpenCV's INTER_LINEAR_EXACT rounds its exact sums too (GATHER_ARITHMETIC 3), or truncated as
// ONNX Runtime's NHWC integers are (GATHER_ARITHMETIC 4).
fn stored_word(sums: Sum) -> u32 {
    return stored_lanes(sums, select(X_BITS + Y_BITS, Y_BITS, FIXED_POINT));
}
