// Staging tensor to a render target: for formats that cannot be storage textures (sRGB, BGRA
// without its storage feature, most 1- and 2-channel formats). One full-screen triangle; each
// fragment reads its pixel. sRGB targets encode on write, so colour is decoded here first.

@vertex
fn vertex(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let corner = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
    return vec4<f32>(corner * 2.0 - 1.0, 0.0, 1.0);
}

@fragment
fn fragment(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    var texel = staged_texel(u32(position.x), u32(position.y));
    if (staging_shape.flags & TEXTURE_SRGB) != 0u {
        let rgb = vec3<f32>(
            srgb_to_linear(texel.x),
            srgb_to_linear(texel.y),
            srgb_to_linear(texel.z),
        );
        texel = vec4<f32>(rgb, texel.w);
    }
    return texel;
}
