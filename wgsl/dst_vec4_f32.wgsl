// Destination of the vector gather: groups of four f32 channels.
@group(0) @binding(3) var<storage, read_write> dst: array<vec4<f32>>;

fn store4v(i: u32, v: vec4<f32>) {
    dst[i] = normalized4(v, 4u * i);
}
