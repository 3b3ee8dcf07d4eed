// Stores group `i` of the vector gather's integer lanes into an 8-bit RGBA storage texture (a u8
// tensor resized into `rgba8unorm` or `bgra8unorm`), in place of `lanes_u8_store.wgsl`'s buffer
// word: the lanes' bytes as k/255, which the unorm conversion turns back into exactly k, so the
// texels are the bytes a buffer would hold. Indexing as `store4v` in `dst_vec4_texture.wgsl`.
fn store_lanes(i: u32, sums: vec2<u32>) {
    textureStore(dst_texture, target_texel(i), unpack4x8unorm(lanes_word(sums)));
}
