// Source of the vector gather: groups of four f32 channels.
@group(0) @binding(2) var<storage, read> src: array<vec4<f32>>;

fn load4(i: u32) -> vec4<f32> {
    return src[i];
}

// The same group as integers, for Pillow's fixed point (whose tensors are u8).
fn load4_int(i: u32) -> vec4<i32> {
    return vec4<i32>(load4(i));
}
