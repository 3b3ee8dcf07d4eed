// Destination of the vector gather written straight into an RGBA storage texture's mip 0 (one
// image, four channels, NHWC indexing; rows lie `p.dst_y / 4` groups apart). `STORAGE_FORMAT` is
// replaced by the texture's WGSL texel format when the pipeline is built (src/gpu/shaders.rs).

@group(0) @binding(3) var dst_texture: texture_storage_2d<STORAGE_FORMAT, write>;

// The spec's elements are u8: results are rounded as every u8 result, then stored as k/255,
// which the unorm conversion turns back into exactly k.
override TEXTURE_TARGET_U8: bool = false;
// The host put the rows a power of two apart (`texel_at` in common.wgsl); false where that
// measured slower, the texture-to-texture doublings (`pads_target_rows` in
// src/gpu/shaders.rs), whose rows are the width apart.
override TARGET_ROWS_PADDED: bool = true;

// The texel that group `i` of the output is stored to.
fn target_texel(i: u32) -> vec2<u32> {
    let pitch = p.dst_y / 4u;
    if TARGET_ROWS_PADDED {
        return texel_at(i, pitch);
    }
    return vec2<u32>(i % pitch, i / pitch);
}

fn store4v(i: u32, v: vec4<f32>) {
    // A normalising spec (f32 and f16, a tensor resized into a texture) maps the texel's
    // channels as it stores them (common.wgsl).
    var texel = normalized_pixel(v);
    if TEXTURE_TARGET_U8 {
        texel = clamp(floor(v + 0.5), vec4<f32>(0.0), vec4<f32>(255.0)) / 255.0;
    }
    textureStore(dst_texture, target_texel(i), texel);
}
