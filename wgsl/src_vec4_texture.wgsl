// Source of the vector gather read straight from an RGBA texture's mip 0 (one image, four
// channels, NHWC indexing). Values come back as stored values, as the staged tensor would hold
// them: sRGB formats have their colour encoded again (the hardware decoded it), and u8 specs see
// 0..255.
//
// The host sets the row stride `p.src_y / 4` to the width rounded up to a power of two
// (`PassParams::with_texture_rows` in src/gpu/params.rs), so that an index's column and row are
// a mask and a shift: a division and a remainder by the width on every load took a fifth of the
// 4K frame's vertical pass (H200, BENCHMARKS.md tuning log item 150). The kernels index no
// column past the width.

@group(0) @binding(2) var src_texture: texture_2d<f32>;

// The texture's format is sRGB.
override TEXTURE_SRGB: bool = false;
// The spec's elements are u8: texels scale to 0..255 and round as every u8 value.
override TEXTURE_U8: bool = false;

fn load4(i: u32) -> vec4<f32> {
    let pitch = p.src_y / 4u;
    let texel = vec2<u32>(i & (pitch - 1u), i >> countTrailingZeros(pitch));
    var v = textureLoad(src_texture, texel, 0);
    if TEXTURE_SRGB {
        v = stored_srgb8(v);
    }
    if TEXTURE_U8 {
        return clamp(floor(v * 255.0 + 0.5), vec4<f32>(0.0), vec4<f32>(255.0));
    }
    return v;
}
