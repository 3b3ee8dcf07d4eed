// normalize.wgsl's words as pairs of f16 packed in a u32, the first element in the low half
// (`pack2x16float`). The last word of an odd count holds one element: its high half, padding
// past the tensor, is stored back as it was.
@group(0) @binding(3) var<storage, read_write> dst: array<u32>;

fn normalize_word(word: u32) {
    let first = 2u * word;
    if first >= p.total {
        return;
    }
    let stored = dst[word];
    let pair = unpack2x16float(stored);
    let low = pack2x16float(vec2<f32>(normalized(pair.x, first), 0.0)) & 0xffffu;
    var high = stored & 0xffff0000u;
    if first + 1u < p.total {
        high = pack2x16float(vec2<f32>(0.0, normalized(pair.y, first + 1u))) & 0xffff0000u;
    }
    dst[word] = low | high;
}
