// The exact halvings' element operations for RGBA u8 buffers, in the vector gather's integer
// lanes: a pixel's four bytes as two words of two 16-bit lanes (as `load_lanes` splits them),
// integer weights, the bytes rounded once after both axes (as `lanes_word` rounds them). Four
// input pixels are one 16-byte word; two output pixels one 8-byte store.
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

// The two output pixels' horizontal sums in the input row of four pixels at word `i`.
fn row_sums(i: u32) -> array<Sum, 2> {
    let q = quads[i];
    return array<Sum, 2>(
        weigh(WXA, lanes(q.x)) + weigh(WXB, lanes(q.y)),
        weigh(WXA, lanes(q.z)) + weigh(WXB, lanes(q.w)),
    );
}

// A pixel's stored word from its lanes' sums, rounded half up: `lanes_word` of `lanes_u8.wgsl`,
// which reads a source of its own and cannot be appended here.
fn word_of(sums: Sum) -> u32 {
    let half = ((1u << WEIGHT_BITS) >> 1u) * 0x00010001u;
    let q = ((sums + vec2<u32>(half)) >> vec2<u32>(WEIGHT_BITS)) & vec2<u32>(0x00ff00ffu);
    return q.x | (q.y << 8u);
}

fn store_pair(i: u32, a: Sum, b: Sum) {
    dst[i] = vec2<u32>(word_of(a), word_of(b));
}
