// Destination of the vector gather: groups of four f16 channels, 8 bytes each.
@group(0) @binding(3) var<storage, read_write> dst: array<vec2<u32>>;

fn store4v(i: u32, stored: vec4<f32>) {
    let v = normalized4(stored, 4u * i);
    dst[i] = vec2<u32>(pack2x16float(v.xy), pack2x16float(v.zw));
}
