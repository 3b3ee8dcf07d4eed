// The exact doublings' element operations from an RGBA texture: each texel read as its stored
// value by the texture source in front of this (`src_vec4_texture.wgsl`: 0 to 255 for u8
// specs), summed in f32, and written one pixel at a time by the vector gather's destination in
// front of this: a texture's (`dst_vec4_texture.wgsl`) or an RGBA buffer's, which round u8
// results. Integer texels times the phases' dyadic weights sum exactly in f32, as f16 texels
// do, so the results are the vector gather's.
alias Sum = vec4<f32>;

fn load_sum(i: u32) -> Sum {
    return load4(i);
}

fn weigh(w: f32, v: Sum) -> Sum {
    return w * v;
}

// Pair `i` is groups 2i and 2i + 1 of the target.
fn store_pair(i: u32, a: Sum, b: Sum) {
    store4v(2u * i, a);
    store4v(2u * i + 1u, b);
}
