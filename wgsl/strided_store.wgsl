// Stores of the vector gather's strided channel groups (see `strided_load.wgsl`): one element at
// a time, the channel stride apart, through the scalar destination file's `store1`. Destinations
// are f32 or WGSL's f16, whose single elements a store can write without touching a
// neighbour's (u8 and packed f16 share a word between neighbours: the quad gather writes
// those). Neighbouring lanes are neighbouring output columns, so each store is as coalesced as
// the layout allows: contiguous for NCHW planes, the pixel stride apart for NHWC.

fn store4v(i: u32, stored: vec4<f32>) {
    // The group's lanes are consecutive channels of the tensor written, from the first's.
    let v = normalized_group(stored, norm_channel(i));
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
