// Source of the vector gather: groups of four f16 channels, 8 bytes each.
@group(0) @binding(2) var<storage, read> src: array<vec2<u32>>;

fn load4(i: u32) -> vec4<f32> {
    let w = src[i];
    return vec4<f32>(unpack2x16float(w.x), unpack2x16float(w.y));
}
