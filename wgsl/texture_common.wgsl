// Shared by the texture staging shaders: a texture image as the tensor the resize kernels read
// and write (one image, NHWC with the texture's channels, or as the caller's tensor asks; u8 four
// to a u32, f16 two to a u32 where the caller's tensor is f16, or f32).

struct Staging {
    width: u32,
    height: u32,
    channels: u32,
    // STAGING_* and TEXTURE_* bits.
    flags: u32,
    // Invocations per row of the dispatch grid (the unpack kernel's 2-D grid).
    row_stride: u32,
    // Words from one row to the next in the copy pack's padded rows.
    pitch_words: u32,
    // RGBA pixels an unpack invocation (1 or 2), 256 apart (`texture_unpack.wgsl`).
    pixels_each: u32,
    pad: u32,
}

// The staging tensor holds u8 values (else f32).
const STAGING_U8: u32 = 1u;
// The texture's format is sRGB: the hardware decodes on load and encodes on render, while the
// staging tensor holds the stored (encoded) values, as a buffer of the image file's bytes would.
const TEXTURE_SRGB: u32 = 2u;
// The staging tensor is NCHW: one plane per channel (the caller's tensor, read or written).
const STAGING_NCHW: u32 = 4u;
// The staging tensor holds f16 values, two to a u32 (the caller's tensor, read or written).
const STAGING_F16: u32 = 8u;

@group(0) @binding(0) var<uniform> staging_shape: Staging;

// A staged value as a texture value: u8 to 0..1.
fn staged_to_texel(v: f32) -> f32 {
    if (staging_shape.flags & STAGING_U8) != 0u {
        return v / 255.0;
    }
    return v;
}
