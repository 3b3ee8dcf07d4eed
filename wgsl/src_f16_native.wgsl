// Source tensor of f16 elements read as WGSL's f16 (the device has `shader-f16`). Needs
// `enable f16;` at the top of the module, which the host adds.
@group(0) @binding(2) var<storage, read> src: array<f16>;

fn load(i: u32) -> f32 {
    return f32(src[i]);
}

// An element as an integer: Pillow's fixed point reads u8 tensors only (src_u8.wgsl); this keeps
// the kernels that can take it compiling for every source type.
fn load_int(i: u32) -> i32 {
    return i32(load(i));
}

// Windows of bytes are a u8 source's (src_u8.wgsl); these keep the kernels that read them
// compiling for every source type.
const SOURCE_BYTES: bool = false;
const WINDOW_WORDS: u32 = 12u;

fn load_window(first: u32, count: u32) -> array<u32, WINDOW_WORDS> {
    return array<u32, WINDOW_WORDS>();
}
