// Staging tensor to texture: the texel of one output pixel, read from the resize's output.

@group(0) @binding(1) var<storage, read> staged: array<u32>;

fn staged_element(e: u32) -> f32 {
    if (staging_shape.flags & STAGING_U8) != 0u {
        return f32((staged[e >> 2u] >> ((e & 3u) * 8u)) & 0xffu);
    }
    return bitcast<f32>(staged[e]);
}

// Pixel (x, y) as stored values in 0..1 (u8) or as they are (f32); missing channels 0, alpha 1.
fn staged_texel(x: u32, y: u32) -> vec4<f32> {
    let pixel = y * staging_shape.width + x;
    let u8 = (staging_shape.flags & STAGING_U8) != 0u;
    if staging_shape.channels == 4u {
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
    let first = pixel * staging_shape.channels;
    for (var c = 0u; c < staging_shape.channels; c++) {
        texel[c] = staged_to_texel(staged_element(first + c));
    }
    return texel;
}
