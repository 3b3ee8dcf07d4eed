// Sums in f32 for the exact doublings and halvings that read floats (f16 buffers, textures):
// exact for the dyadic weights the host takes (src/gpu/doubling.rs, `exact_bits`).
alias Sum = vec4<f32>;

fn weigh(w: f32, v: Sum) -> Sum {
    return w * v;
}
