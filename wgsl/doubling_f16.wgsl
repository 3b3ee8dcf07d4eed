// The exact doublings' element operations for RGBA f16 buffers: each group widened to f32 by
// the vector source in front of this (packed words, or WGSL's f16), summed in f32 and stored in
// pairs by `f16_pairs.wgsl`.
fn load_sum(i: u32) -> Sum {
    return load4(i);
}
