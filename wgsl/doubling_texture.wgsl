// The exact doublings' destination into an RGBA texture: the f32 sums of the texels read by the
// texture source (`float_sums.wgsl`, `doubling_floats.wgsl`: 0 to 255 for u8 specs) written one
// texel at a time by the vector gather's texture destination in front of this
// (`dst_vec4_texture.wgsl`), which rounds u8 results. Integer texels times the phases' dyadic
// weights sum exactly in f32, as f16 texels do, so the results are the vector gather's.

// Pair `i` is groups 2i and 2i + 1 of the target.
fn store_pair(i: u32, a: Sum, b: Sum) {
    store4v(2u * i, a);
    store4v(2u * i + 1u, b);
}
