// Staging tensor to texture: the texel of one output pixel, read from the resize's output.

@group(0) @binding(1) var<storage, read> staged: array<u32>;

fn staged_element(e: u32) -> f32 {
    if (staging_shape.flags & STAGING_U8) != 0u {
        return f32((staged[e >> 2u] >> ((e & 3u) * 8u)) & 0xffu);
    }
    if (staging_shape.flags & STAGING_F16) != 0u {
        let pair = unpack2x16float(staged[e >> 1u]);
        return select(pair.x, pair.y, (e & 1u) == 1u);
    }
    return bitcast<f32>(staged[e]);
}

// Pixel (x, y) as stored values in 0..1 (u8) or as they are (f32, f16); channels the tensor
// lacks 0, alpha 1. The tensor is pixels (NHWC) or planes (NCHW, the caller's tensor).
fn staged_texel(x: u32, y: u32) -> vec4<f32> {
    let pixel = y * staging_shape.width + x;
    let u8 = (staging_shape.flags & STAGING_U8) != 0u;
    let pixels_of_words = (staging_shape.flags & (STAGING_NCHW | STAGING_F16)) == 0u;
    if staging_shape.channels == 4u && pixels_of_words {
        // Without run-time indexing into the texel: one u8 word, or four f32 words.
        if u8 {
            return unpack4x8unorm(staged[pixel]);
        }
        let first = pixel * 4u;
        return bitcast<vec4<f32>>(
            vec4<u32>(staged[first], staged[first + 1u], staged[first + 2u], staged[first + 3u]),
        );
    }
    var texel = vec4<f32>(0.0, 0.0, 0.0, 1.0);
    var first = pixel * staging_shape.channels;
    var step = 1u;
    if (staging_shape.flags & STAGING_NCHW) != 0u {
        first = pixel;
        step = staging_shape.width * staging_shape.height;
    }
    for (var c = 0u; c < staging_shape.channels; c++) {
        texel[c] = staged_to_texel(staged_element(first + c * step));
    }
    return texel;
}
