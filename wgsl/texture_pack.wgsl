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
    if (staging_shape.flags & STAGING_U8) != 0u && staging_shape.channels == 4u {
        // One RGBA pixel is one word.
        return unpack4x8unorm(staged[pixel]);
    }
    var texel = vec4<f32>(0.0, 0.0, 0.0, 1.0);
    let first = pixel * staging_shape.channels;
    for (var c = 0u; c < staging_shape.channels; c++) {
        texel[c] = staged_to_texel(staged_element(first + c));
    }
    return texel;
}
