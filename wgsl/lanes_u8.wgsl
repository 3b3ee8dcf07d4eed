// Integer lanes of the vector gather (INTEGER_WEIGHTS in common.wgsl), for RGBA u8 buffers read
// and written: a group's four bytes as two words of two 16-bit lanes, red and blue in one, green
// and alpha in the other, so that one integer multiply-add weighs two channels and no byte is
// converted to a float and back (conversions run at a quarter of the rate of arithmetic on
// NVIDIA GPUs). Appended, with `lanes_u8_store.wgsl`, to the vector gather of u8 buffers to u8
// buffers (`lanes_none.wgsl` stands in for both in every other), and to the wide gather
// (`gather_wide_u8.wgsl`), which stores its words itself.

// Group `i` as (red | blue << 16, green | alpha << 16).
fn load_lanes(i: u32) -> vec2<u32> {
    let w = src[i];
    return vec2<u32>(w, w >> 8u) & vec2<u32>(0x00ff00ffu);
}

// The stored word of a group from its lanes' sums of bytes times integer weights of
// 2^WEIGHT_BITS to the unit, rounded half up: `(s + 2^(WEIGHT_BITS - 1)) >> WEIGHT_BITS` is
// floor(s / 2^WEIGHT_BITS + 0.5), what `u8_of4` makes of the same sum, exact in f32. The sums fit
// their lanes and need no clamp: the host takes integer lanes only where each table's weights
// sum to at most 2^k in a row and WEIGHT_BITS is at most 8, so that no sum passes 255 · 2^8
// (src/gpu/launch.rs, `integer_weights`). `rounded_lanes` (common.wgsl) rounds them.
fn lanes_word(sums: vec2<u32>) -> u32 {
    let q = rounded_lanes(sums, WEIGHT_BITS);
    return q.x | (q.y << 8u);
}
