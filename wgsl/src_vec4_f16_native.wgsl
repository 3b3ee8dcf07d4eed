// Source of the vector gather on a device with `shader-f16`: groups of four f16 channels read as
// WGSL's own f16 (one 8-byte load) and widened to f32 for the taps. Needs `enable f16;` at the
// top of the module, which the host adds.
@group(0) @binding(2) var<storage, read> src: array<vec4<f16>>;

fn load4(i: u32) -> vec4<f32> {
    return vec4<f32>(src[i]);
}
