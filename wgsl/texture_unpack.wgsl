// Texture to staging tensor. Any float-sampled 2-D format; BGRA formats read as RGBA, as every
// sampled texture does. The tensor holds the first `channels` of each texel (all of them where
// a texture is resized into another), as pixels (NHWC) or as planes (NCHW, `STAGING_NCHW`). RGBA
// pixels (u8 and f32) take `pixels_each` an invocation; everything else one invocation per u32
// word of the tensor.

@group(0) @binding(1) var source: texture_2d<f32>;
@group(0) @binding(2) var<storage, read_write> staged: array<u32>;

// Pixel `pixel` as stored values in 0..1: sRGB colour encoded again (`stored_srgb8`).
fn stored_texel(pixel: u32) -> vec4<f32> {
    let at = vec2<u32>(pixel % staging_shape.width, pixel / staging_shape.width);
    let v = textureLoad(source, at, 0);
    if (staging_shape.flags & TEXTURE_SRGB) != 0u {
        return stored_srgb8(v);
    }
    return v;
}

// Element `e` of the tensor: a channel of a pixel (NHWC) or a pixel of a plane (NCHW).
fn staged_value(e: u32, channels: u32, pixels: u32) -> f32 {
    if (staging_shape.flags & STAGING_NCHW) != 0u {
        return stored_texel(e % pixels)[e / pixels];
    }
    return stored_texel(e / channels)[e % channels];
}

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let word = gid.x + gid.y * staging_shape.row_stride;
    let channels = staging_shape.channels;
    let pixels = staging_shape.width * staging_shape.height;
    let u8 = (staging_shape.flags & STAGING_U8) != 0u;
    // The common cases without run-time indexing into a texel: an RGBA pixel is one u8 word
    // (rounded as every u8 result, `floor(255 v + 0.5)`) or four f32 words.
    if channels == 4u && (staging_shape.flags & (STAGING_NCHW | STAGING_F16)) == 0u {
        // Each workgroup's 256 invocations take a run of 256 * `pixels_each` pixels, invocation
        // i its pixels i, i + 256, ..., so that each load and store of a warp covers
        // neighbouring pixels. Two pixels an invocation read a 1080p u8 frame faster on an
        // H200 (BENCHMARKS.md tuning log item 147).
        let each = staging_shape.pixels_each;
        let first_pixel = (word / 256u) * 256u * each + word % 256u;
        for (var k = 0u; k < each; k++) {
            let pixel = first_pixel + k * 256u;
            if pixel >= pixels {
                return;
            }
            let texel = stored_texel(pixel);
            if u8 {
                staged[pixel] = pack4x8unorm(texel);
            } else {
                let first = pixel * 4u;
                staged[first] = bitcast<u32>(texel.x);
                staged[first + 1u] = bitcast<u32>(texel.y);
                staged[first + 2u] = bitcast<u32>(texel.z);
                staged[first + 3u] = bitcast<u32>(texel.w);
            }
        }
        return;
    }
    let total = pixels * channels;
    if (staging_shape.flags & STAGING_F16) != 0u {
        // Two elements a word, the second 0 past the end.
        let first = word * 2u;
        if first >= total {
            return;
        }
        var second = 0.0;
        if first + 1u < total {
            second = staged_value(first + 1u, channels, pixels);
        }
        staged[word] = pack2x16float(vec2<f32>(staged_value(first, channels, pixels), second));
        return;
    }
    if !u8 {
        if word < total {
            staged[word] = bitcast<u32>(staged_value(word, channels, pixels));
        }
        return;
    }
    // u8: a word holds four elements, of one pixel or more.
    let first = word * 4u;
    if first >= total {
        return;
    }
    var bits = 0u;
    for (var k = 0u; k < min(4u, total - first); k++) {
        let e = first + k;
        let value = staged_value(e, channels, pixels);
        bits |= u32(clamp(floor(value * 255.0 + 0.5), 0.0, 255.0)) << (8u * k);
    }
    staged[word] = bits;
}
