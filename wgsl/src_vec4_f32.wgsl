// Source of the vector gather: groups of four f32 channels.
@group(0) @binding(2) var<storage, read> src: array<vec4<f32>>;

fn load4(i: u32) -> vec4<f32> {
    return src[i];
}
