// What `src_vec4_u8.wgsl` adds to a vector source, for the other vector sources (f32, f16 packed
// or WGSL's f16, textures), appended to them so that the kernels using it compile for every
// source: Pillow's fixed point reads u8 tensors only.

// A group as integers.
fn load4_int(i: u32) -> vec4<i32> {
    return vec4<i32>(load4(i));
}
