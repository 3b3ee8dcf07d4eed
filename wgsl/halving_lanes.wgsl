// The exact halvings' element operations for RGBA u8 buffers, in the vector gather's integer
// lanes: a pixel's four bytes as two words of two 16-bit lanes (as `load_lanes` splits them),
// integer weights, the bytes rounded once after both axes (as `lanes_word` rounds them), or
// after each axis in Pillow's fixed point. Four input pixels are one 16-byte word; two output
// pixels one 8-byte store.
@group(0) @binding(2) var<storage, read> quads: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read_write> dst: array<vec2<u32>>;

alias Sum = vec2<u32>;

const VEC4_ELEMENTS: u32 = 16u;
const QUAD_VEC4S: u32 = 1u;

fn lanes(w: u32) -> vec2<u32> {
    return vec2<u32>(w, w >> 8u) & vec2<u32>(0x00ff00ffu);
}

// `w` is an integer weight in the lanes' units.
fn weigh(w: f32, v: Sum) -> Sum {
    return u32(w) * v;
}

// The two output pixels' horizontal sums in the input row of four pixels at word `i`; in
// Pillow's fixed point (FIXED_POINT) rounded to bytes, as the vertical taps then weigh them.
fn row_sums(i: u32) -> array<Sum, 2> {
    let q = quads[i];
    let sums = array<Sum, 2>(
        weigh(WXA, lanes(q.x)) + weigh(WXB, lanes(q.y)),
        weigh(WXA, lanes(q.z)) + weigh(WXB, lanes(q.w)),
    );
    if FIXED_POINT {
        return array<Sum, 2>(rounded_lanes(sums[0], X_BITS), rounded_lanes(sums[1], X_BITS));
    }
    return sums;
}

// A pixel's stored word from its lanes' sums, by both axes' bits; in Pillow's fixed point the
// horizontal sums are bytes already, and the vertical axis's bits alone round them. Rounded half
// up, as OpenCV rounds its halvings' exact sums too, or truncated as ONNX Runtime's NHWC integers
// are (`stored_lanes`).
fn word_of(sums: Sum) -> u32 {
    return stored_lanes(sums, select(X_BITS + Y_BITS, Y_BITS, FIXED_POINT));
}

fn store_pair(i: u32, a: Sum, b: Sum) {
    dst[i] = vec2<u32>(word_of(a), word_of(b));
}
