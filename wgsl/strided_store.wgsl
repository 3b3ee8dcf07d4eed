// Stores of the vector gather's strided channel groups (see `strided_load.wgsl`): one element at
// a time, the channel stride apart, through the scalar destination file's `store1`. Destinations
// are f32 or WGSL's f16, whose single elements a store can write without touching a
// neighbour's (u8 and packed f16 share a word between neighbours: the quad gather writes
// those). Neighbouring lanes are neighbouring output columns, so each store is as coalesced as
// the layout allows: contiguous for NCHW planes, the pixel stride apart for NHWC.

fn store4v(i: u32, stored: vec4<f32>) {
    // A normalising spec has at most four channels, so its strided group is all of them
    // (`ChannelGroup::strided_for`): the lanes are channels 0 to 3, and no division finds them
    // (H200, 1080p x2 into 3 x 2160 x 3840 f32 planes: normalised 51.8 µs, plain 44.5, with the
    // first lane's channel found from its index; BENCHMARKS.md tuning log item 140).
    let v = normalized_pixel(stored);
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
