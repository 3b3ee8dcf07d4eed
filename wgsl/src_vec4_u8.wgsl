// Source of the vector gather: groups of four u8 channels, one u32 word each (little-endian).
@group(0) @binding(2) var<storage, read> src: array<u32>;

// Group `i`'s four bytes.
fn bytes_of(i: u32) -> vec4<u32> {
    let w = src[i];
    return vec4<u32>(w, w >> 8u, w >> 16u, w >> 24u) & vec4<u32>(0xffu);
}

fn load4(i: u32) -> vec4<f32> {
    return vec4<f32>(bytes_of(i));
}

// The same group as integers, for Pillow's fixed point: no conversion instructions.
fn load4_int(i: u32) -> vec4<i32> {
    return vec4<i32>(bytes_of(i));
}
