// What `src_u8.wgsl` adds to a scalar source, for the other source files (f32, f16 packed or
// WGSL's f16), appended to them so that the kernels using it compile for every source type:
// Pillow's fixed point and the windows of bytes read u8 tensors only.

// An element as an integer.
fn load_int(i: u32) -> i32 {
    return i32(load(i));
}

const SOURCE_BYTES: bool = false;
const WINDOW_WORDS: u32 = 12u;

fn load_window(first: u32, count: u32) -> array<u32, WINDOW_WORDS> {
    return array<u32, WINDOW_WORDS>();
}
