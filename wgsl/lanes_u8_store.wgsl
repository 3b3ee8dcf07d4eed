// Stores group `i` of the vector gather's u8 destination (one u32 word per RGBA group) from its
// integer lanes' sums (`lanes_word` in `lanes_u8.wgsl`).
fn store_lanes(i: u32, sums: vec2<u32>) {
    dst[i] = lanes_word(sums);
}
