// Destination tensor of u8 elements, four to a u32: one invocation owns one whole word, so no
// two invocations race on a word.
@group(0) @binding(3) var<storage, read_write> dst: array<u32>;

fn store4(word: u32, v: vec4<f32>, count: u32) {
    let bytes = select(vec4<u32>(0u), u8_of4(v), vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(count));
    dst[word] = word_of_bytes(bytes);
}
