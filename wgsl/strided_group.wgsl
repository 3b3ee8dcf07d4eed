// I/O of the vector gather for tensors without four neighbouring channels: NCHW, whose channels
// are planes, and NHWC with a channel count that is not a multiple of 4. A group is
// GROUP_CHANNELS channels (1 to 4, a divisor of the channel count) at one position, loaded and
// stored one element at a time, the channel stride apart; the unused lanes of the vector are 0.
// Indices count elements (UNIT is 1). Elements come from the scalar I/O files' `load` and
// `store1`; destinations are f32 or WGSL's f16, whose single elements a store can write
// without touching a neighbour's (u8 and packed f16 share a word between neighbours).
// Neighbouring lanes are neighbouring output columns, so each of a group's loads and stores is
// as coalesced as the layout allows: contiguous for NCHW planes, the pixel stride apart for NHWC.

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

fn store4v(i: u32, v: vec4<f32>) {
    store1(i, v.x);
    if GROUP_CHANNELS > 1u {
        store1(i + p.dst_c, v.y);
    }
    if GROUP_CHANNELS > 2u {
        store1(i + 2u * p.dst_c, v.z);
    }
    if GROUP_CHANNELS > 3u {
        store1(i + 3u * p.dst_c, v.w);
    }
}
