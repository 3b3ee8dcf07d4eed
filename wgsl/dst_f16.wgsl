// Destination tensor of f16 elements, two to a u32: the four outputs of one invocation fill two
// whole words, so no two invocations race on a word.
@group(0) @binding(3) var<storage, read_write> dst: array<u32>;

fn store4(word: u32, stored: vec4<f32>, count: u32) {
    let v = normalized4(stored, word * 4u);
    // Halves past the tensor's end are written as 0 within the tensor's last word.
    let low = vec2<f32>(v.x, select(0.0, v.y, count > 1u));
    dst[word * 2u] = pack2x16float(low);
    if count > 2u {
        dst[word * 2u + 1u] = pack2x16float(vec2<f32>(v.z, select(0.0, v.w, count > 3u)));
    }
}
