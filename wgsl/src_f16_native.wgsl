// Source tensor of f16 elements read as WGSL's f16 (the device has `shader-f16`). Needs
// `enable f16;` at the top of the module, which the host adds.
@group(0) @binding(2) var<storage, read> src: array<f16>;

fn load(i: u32) -> f32 {
    return f32(src[i]);
}
