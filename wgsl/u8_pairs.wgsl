// The exact doublings' destination for RGBA u8 buffers whose sums are in f32 (from a texture:
// `float_sums.wgsl`): two output pixels rounded half up and clamped as every u8 result, in one
// 8-byte store, as the buffers' doubling stores them. A pixel a store (the vector gather's
// `dst_vec4_u8.wgsl`) took 35.3 µs for 1080p -> 2160p from `rgba8unorm` on an H200, pairs 33.7
// (BENCHMARKS.md tuning log item 145).
@group(0) @binding(3) var<storage, read_write> dst: array<vec2<u32>>;

fn store_pair(i: u32, first: Sum, second: Sum) {
    dst[i] = vec2<u32>(word_of_bytes(u8_of4(first)), word_of_bytes(u8_of4(second)));
}
