// Destination of the vector gather written straight into an RGBA storage texture's mip 0 (one
// image, four channels, NHWC indexing: a row is `p.dst_y / 4` groups). `STORAGE_FORMAT` is
// replaced by the texture's WGSL texel format when the pipeline is built (src/gpu/shaders.rs).

@group(0) @binding(3) var dst_texture: texture_storage_2d<STORAGE_FORMAT, write>;

// The spec's elements are u8: results are rounded as every u8 result, then stored as k/255,
// which the unorm conversion turns back into exactly k.
override TEXTURE_TARGET_U8: bool = false;

fn store4v(i: u32, v: vec4<f32>) {
    let width = p.dst_y / 4u;
    // A normalising spec (f32 and f16, a tensor resized into a texture) maps the texel's
    // channels as it stores them (common.wgsl).
    var texel = normalized_pixel(v);
    if TEXTURE_TARGET_U8 {
        texel = clamp(floor(v + 0.5), vec4<f32>(0.0), vec4<f32>(255.0)) / 255.0;
    }
    textureStore(dst_texture, vec2<u32>(i % width, i / width), texel);
}
