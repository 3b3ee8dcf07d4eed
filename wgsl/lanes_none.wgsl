// What `lanes_u8.wgsl` and `lanes_u8_store.wgsl` add to the vector gather of u8 buffers, for
// every other vector gather, so that its integer-lane code compiles for every source and
// destination: the host takes integer weights in the vector gather for u8 buffers read and
// written only, so these are never called.

fn load_lanes(i: u32) -> vec2<u32> {
    return vec2<u32>(0u);
}

fn store_lanes(i: u32, sums: vec2<u32>) {}
