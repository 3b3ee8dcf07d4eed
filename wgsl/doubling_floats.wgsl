// The exact doublings' loads for sums in f32: each RGBA group widened to f32 by the vector
// source in front of this (an f16 buffer's packed words or WGSL's f16, or a texture's texels as
// stored values); `float_sums.wgsl` gives `Sum` and `weigh`, and the destination in front of
// this `store_pair`.
fn load_sum(i: u32) -> Sum {
    return load4(i);
}

// A pixel's two vertical taps: `a` times weight `wa` and `b` times `wb`.
fn vertical(wa: f32, a: Sum, wb: f32, b: Sum) -> Sum {
    return weigh(wa, a) + weigh(wb, b);
}

// The horizontal sums as the vertical taps weigh them: f32 sums are kept whole (Pillow's fixed
// point, which rounds between the axes, runs on u8 buffers' lanes alone).
fn between_axes(s: Sum) -> Sum {
    return s;
}
