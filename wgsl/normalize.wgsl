// The pass that normalises a resize's output in place, (v - mean[c]) / std[c] per channel
// (`ResizeSpecBuilder::normalize`), where the kernel that wrote it could not as it stored: one
// more dispatch after the resize's, in the same compute pass. Each invocation takes one word of
// the output (normalize_quads.wgsl: four f32 or f16 elements; normalize_elements.wgsl: one;
// normalize_pairs.wgsl: two f16 packed in a u32), so no two invocations touch one word.
// Concatenated after common.wgsl, whose parameter block gives the output's shape (`total`
// elements, `channels`, `out_h` x `out_w`, `planar`) and the statistics.

// The channel of the element at flat index `flat` of an NHWC or NCHW tensor.
fn channel_of(flat: u32) -> u32 {
    if p.planar == 0u {
        return flat % p.channels;
    }
    return (flat / (p.out_h * p.out_w)) % p.channels;
}

fn normalized(v: f32, flat: u32) -> f32 {
    let c = channel_of(flat);
    return (v - p.norm_mean[c]) / p.norm_std[c];
}

// Four consecutive elements from flat index `first`: their channels found with one division
// where planes hold whole fours (NCHW) or from the first's (NHWC), per element otherwise.
fn normalized4(v: vec4<f32>, first: u32) -> vec4<f32> {
    var c = vec4<u32>(channel_of(first));
    if p.planar == 0u {
        c = (c + vec4<u32>(0u, 1u, 2u, 3u)) % p.channels;
    } else if (p.out_h * p.out_w) % 4u != 0u {
        c = vec4<u32>(c.x, channel_of(first + 1u), channel_of(first + 2u), channel_of(first + 3u));
    }
    let mean = vec4<f32>(p.norm_mean[c.x], p.norm_mean[c.y], p.norm_mean[c.z], p.norm_mean[c.w]);
    let deviation = vec4<f32>(p.norm_std[c.x], p.norm_std[c.y], p.norm_std[c.z], p.norm_std[c.w]);
    return (v - mean) / deviation;
}

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    normalize_word(gid.y * p.row_stride + gid.x);
}
