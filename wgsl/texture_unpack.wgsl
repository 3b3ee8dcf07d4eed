// Texture to staging tensor: one invocation per u32 word of the tensor (four u8 elements, or
// one f32). Any float-sampled 2-D format; BGRA formats read as RGBA, as every sampled texture
// does.

@group(0) @binding(1) var source: texture_2d<f32>;
@group(0) @binding(2) var<storage, read_write> staged: array<u32>;

fn element(e: u32) -> f32 {
    let pixel = e / staging_shape.channels;
    let c = e % staging_shape.channels;
    let at = vec2<u32>(pixel % staging_shape.width, pixel / staging_shape.width);
    var v = textureLoad(source, at, 0)[c];
    if (staging_shape.flags & TEXTURE_SRGB) != 0u && c < 3u {
        v = linear_to_srgb(v);
    }
    if (staging_shape.flags & STAGING_U8) != 0u {
        return clamp(floor(v * 255.0 + 0.5), 0.0, 255.0);
    }
    return v;
}

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let word = gid.x + gid.y * staging_shape.row_stride;
    let total = staging_shape.width * staging_shape.height * staging_shape.channels;
    if (staging_shape.flags & STAGING_U8) == 0u {
        if word < total {
            staged[word] = bitcast<u32>(element(word));
        }
        return;
    }
    let first = word * 4u;
    if first >= total {
        return;
    }
    var bits = 0u;
    for (var k = 0u; k < min(4u, total - first); k++) {
        bits |= u32(element(first + k)) << (8u * k);
    }
    staged[word] = bits;
}
