// Source of the vector gather read straight from an RGBA texture's mip 0 (one image, four
// channels, NHWC indexing). Values come back as stored values, as the staged tensor would hold
// them: sRGB formats have their colour encoded again (the hardware decoded it), and u8 specs see
// 0..255.
//
// Rows lie `p.src_y / 4` groups apart, a power of two (`texel_at` in common.wgsl).

@group(0) @binding(2) var src_texture: texture_2d<f32>;

// The texture's format is sRGB.
override TEXTURE_SRGB: bool = false;
// The spec's elements are u8: texels scale to 0..255 and round as every u8 value.
override TEXTURE_U8: bool = false;

fn load4(i: u32) -> vec4<f32> {
    var v = textureLoad(src_texture, texel_at(i, p.src_y / 4u), 0);
    if TEXTURE_SRGB {
        v = stored_srgb8(v);
    }
    if TEXTURE_U8 {
        return clamp(floor(v * 255.0 + 0.5), vec4<f32>(0.0), vec4<f32>(255.0));
    }
    return v;
}
