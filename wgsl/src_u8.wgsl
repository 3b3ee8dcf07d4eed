// Source tensor of u8 elements, four to a u32, little-endian.
@group(0) @binding(2) var<storage, read> src: array<u32>;

fn load(i: u32) -> f32 {
    return f32((src[i >> 2u] >> ((i & 3u) * 8u)) & 0xffu);
}

// The same element as an integer, for Pillow's fixed point: no conversion instruction.
fn load_int(i: u32) -> i32 {
    return i32((src[i >> 2u] >> ((i & 3u) * 8u)) & 0xffu);
}
