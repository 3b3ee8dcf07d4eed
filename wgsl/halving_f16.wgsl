// The exact halvings' element operations for RGBA f16 buffers: four input pixels are two 16-byte
// words, each pixel widened to f32 and summed in f32, and two output pixels stored in pairs by
// `f16_pairs.wgsl`.
@group(0) @binding(2) var<storage, read> quads: array<vec4<u32>>;

const VEC4_ELEMENTS: u32 = 8u;
const QUAD_VEC4S: u32 = 2u;

fn pixel(w: vec2<u32>) -> vec4<f32> {
    return vec4<f32>(unpack2x16float(w.x), unpack2x16float(w.y));
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
