// Texture to staging tensor. Any float-sampled 2-D format; BGRA formats read as RGBA, as every
// sampled texture does. Each texel is loaded once: for f32 staging one invocation per pixel
// writes its channels; for u8 one invocation per u32 word writes four elements (one RGBA
// pixel, or two or four pixels of a 1- or 2-channel format).

@group(0) @binding(1) var source: texture_2d<f32>;
@group(0) @binding(2) var<storage, read_write> staged: array<u32>;

// Pixel `pixel` as stored values: sRGB colour encoded again, u8 on the 0..255 scale.
fn stored_texel(pixel: u32) -> vec4<f32> {
    let at = vec2<u32>(pixel % staging_shape.width, pixel / staging_shape.width);
    var v = textureLoad(source, at, 0);
    if (staging_shape.flags & TEXTURE_SRGB) != 0u {
        v = vec4<f32>(linear_to_srgb(v.x), linear_to_srgb(v.y), linear_to_srgb(v.z), v.w);
    }
    if (staging_shape.flags & STAGING_U8) != 0u {
        return clamp(floor(v * 255.0 + 0.5), vec4<f32>(0.0), vec4<f32>(255.0));
    }
    return v;
}

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let word = gid.x + gid.y * staging_shape.row_stride;
    let channels = staging_shape.channels;
    let total = staging_shape.width * staging_shape.height * channels;
    if (staging_shape.flags & STAGING_U8) == 0u {
        // The grid has one invocation per word, more than there are pixels.
        let pixel = word;
        if pixel < staging_shape.width * staging_shape.height {
            let texel = stored_texel(pixel);
            for (var c = 0u; c < channels; c++) {
                staged[pixel * channels + c] = bitcast<u32>(texel[c]);
            }
        }
        return;
    }
    let first = word * 4u;
    if first >= total {
        return;
    }
    // Words never split a pixel: channels are 1, 2 or 4.
    var bits = 0u;
    var pixel = first / channels;
    var texel = stored_texel(pixel);
    for (var k = 0u; k < min(4u, total - first); k++) {
        let e = first + k;
        if e / channels != pixel {
            pixel = e / channels;
            texel = stored_texel(pixel);
        }
        bits |= u32(texel[e % channels]) << (8u * k);
    }
    staged[word] = bits;
}
