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

// An 8-bit sRGB texel as stored (colour `k / 255`), from the linear value the hardware decoded
// it to when the shader loaded it: encoded again, then snapped to its byte. The hardware's
// decode and this encode round differently (lavapipe: up to a third of a byte step), which a
// float target or an f32 spec would otherwise carry into its results.
fn stored_srgb8(v: vec4<f32>) -> vec4<f32> {
    let encoded = vec3<f32>(linear_to_srgb(v.x), linear_to_srgb(v.y), linear_to_srgb(v.z));
    return vec4<f32>(round(encoded * 255.0) / 255.0, v.w);
}
