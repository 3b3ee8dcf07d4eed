// Loads of strided channel groups, for tensors without four neighbouring channels: NCHW, whose
// channels are planes, and NHWC with a channel count that is not a multiple of 4. A group is
// GROUP_CHANNELS channels (1 to 4, a divisor of the channel count; the kernel declares it) at one
// position, loaded one element at a time the channel stride apart through the scalar source
// file's `load` and `load_int`; the unused lanes of the vector are 0. Indices count elements.
// Read by the vector gather (with `strided_store.wgsl`) and the quad gather.

fn load4(i: u32) -> vec4<f32> {
    var v = vec4<f32>(load(i), 0.0, 0.0, 0.0);
    if GROUP_CHANNELS > 1u {
        v.y = load(i + p.src_c);
    }
    if GROUP_CHANNELS > 2u {
        v.z = load(i + 2u * p.src_c);
    }
    if GROUP_CHANNELS > 3u {
        v.w = load(i + 3u * p.src_c);
    }
    return v;
}

// The same group as integers, for Pillow's fixed point.
fn load4_int(i: u32) -> vec4<i32> {
    var v = vec4<i32>(load_int(i), 0, 0, 0);
    if GROUP_CHANNELS > 1u {
        v.y = load_int(i + p.src_c);
    }
    if GROUP_CHANNELS > 2u {
        v.z = load_int(i + 2u * p.src_c);
    }
    if GROUP_CHANNELS > 3u {
        v.w = load_int(i + 3u * p.src_c);
    }
    return v;
}
