// The exact halvings' element operations for RGBA f16 buffers: four input pixels are two 16-byte
// words, each pixel widened to f32 and summed in f32 (exact for the dyadic weights the host
// takes), and two output pixels narrowed into one 16-byte store.
@group(0) @binding(3) var<storage, read_write> dst: array<vec4<u32>>;

alias Sum = vec4<f32>;

const VEC4_ELEMENTS: u32 = 8u;
const QUAD_VEC4S: u32 = 2u;

fn pixel(w: vec2<u32>) -> vec4<f32> {
    return vec4<f32>(unpack2x16float(w.x), unpack2x16float(w.y));
}

fn weigh(w: f32, v: Sum) -> Sum {
    return w * v;
}

// The two output pixels' horizontal sums in the input row of four pixels at word `i`.
fn row_sums(i: u32) -> array<Sum, 2> {
    let left = quads[i];
    let right = quads[i + 1u];
    return array<Sum, 2>(
        weigh(WXA, pixel(left.xy)) + weigh(WXB, pixel(left.zw)),
        weigh(WXA, pixel(right.xy)) + weigh(WXB, pixel(right.zw)),
    );
}

fn store_pair(i: u32, a: Sum, b: Sum) {
    dst[i] = vec4<u32>(
        pack2x16float(a.xy),
        pack2x16float(a.zw),
        pack2x16float(b.xy),
        pack2x16float(b.zw),
    );
}
