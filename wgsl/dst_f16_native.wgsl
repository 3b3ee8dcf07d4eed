// Destination tensor of f16 elements written as WGSL's f16 (the device has `shader-f16`): each
// invocation owns its four consecutive elements.
@group(0) @binding(3) var<storage, read_write> dst: array<f16>;

// Stores the first `count` of four consecutive outputs starting at element `word * 4`.
fn store4(word: u32, stored: vec4<f32>, count: u32) {
    let first = word * 4u;
    let v = normalized4(stored, first);
    for (var k = 0u; k < count; k++) {
        dst[first + k] = f16(v[k]);
    }
}

// Stores one output element (the vector gather's strided groups: `strided_store.wgsl`, which
// normalises them): a 2-byte store, which no neighbouring invocation's store touches.
fn store1(i: u32, v: f32) {
    dst[i] = f16(v);
}
