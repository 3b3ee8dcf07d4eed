// Destination of the vector gather: groups of four u8 channels, one u32 word each, rounded half
// up and clamped as every u8 result.
@group(0) @binding(3) var<storage, read_write> dst: array<u32>;

fn store4v(i: u32, v: vec4<f32>) {
    dst[i] = word_of_bytes(u8_of4(v));
}
