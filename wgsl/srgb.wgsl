// The sRGB transfer function and its inverse, on values in 0..1 (IEC 61966-2-1): shared by
// the resize kernels (linear-light resizing) and the texture staging shaders.

fn srgb_to_linear(v: f32) -> f32 {
    return select(pow((v + 0.055) / 1.055, 2.4), v / 12.92, v <= 0.04045);
}

// Negative values (filter overshoot) encode to 0.
fn linear_to_srgb(v: f32) -> f32 {
    let c = max(v, 0.0);
    return select(1.055 * pow(c, 1.0 / 2.4) - 0.055, c * 12.92, c <= 0.0031308);
}
