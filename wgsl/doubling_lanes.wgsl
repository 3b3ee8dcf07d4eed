// The exact doublings' element operations for RGBA u8 buffers, in the vector gather's integer
// lanes (`lanes_u8.wgsl`, appended before this): two words of two 16-bit lanes per pixel, integer
// weights, the bytes rounded once after both axes. The destination holds two pixels (one 8-byte
// store) per element.
@group(0) @binding(3) var<storage, read_write> dst: array<vec2<u32>>;

alias Sum = vec2<u32>;

fn load_sum(i: u32) -> Sum {
    return load_lanes(i);
}

// `w` is an integer weight in the lanes' units.
fn weigh(w: f32, v: Sum) -> Sum {
    return u32(w) * v;
}

fn store_pair(i: u32, a: Sum, b: Sum) {
    dst[i] = vec2<u32>(lanes_word(a), lanes_word(b));
}
