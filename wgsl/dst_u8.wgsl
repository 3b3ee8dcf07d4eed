// Destination tensor of u8 elements, four to a u32: one invocation owns one whole word, so no
// two invocations race on a word.
@group(0) @binding(3) var<storage, read_write> dst: array<u32>;

fn store4(word: u32, v: vec4<f32>, count: u32) {
    let bytes = vec4<u32>(
        u32(round_to_u8(v.x)),
        select(0u, u32(round_to_u8(v.y)), count > 1u),
        select(0u, u32(round_to_u8(v.z)), count > 2u),
        select(0u, u32(round_to_u8(v.w)), count > 3u),
    );
    dst[word] = bytes.x | (bytes.y << 8u) | (bytes.z << 16u) | (bytes.w << 24u);
}
