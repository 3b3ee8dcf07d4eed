// Destination tensor of f32 elements.
@group(0) @binding(3) var<storage, read_write> dst: array<f32>;

// Stores the first `count` of four consecutive outputs starting at element `word * 4`.
fn store4(word: u32, stored: vec4<f32>, count: u32) {
    let first = word * 4u;
    let v = normalized4(stored, first);
    for (var k = 0u; k < count; k++) {
        dst[first + k] = v[k];
    }
}

// Stores one output element (the vector gather's strided groups: `strided_store.wgsl`, which
// normalises them).
fn store1(i: u32, v: f32) {
    dst[i] = v;
}
