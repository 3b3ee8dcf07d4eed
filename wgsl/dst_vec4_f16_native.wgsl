// Destination of the vector gather on a device with `shader-f16`: groups of four f16 channels,
// narrowed from the f32 sums (one 8-byte store).
@group(0) @binding(3) var<storage, read_write> dst: array<vec4<f16>>;

fn store4v(i: u32, v: vec4<f32>) {
    dst[i] = vec4<f16>(normalized4(v, 4u * i));
}
