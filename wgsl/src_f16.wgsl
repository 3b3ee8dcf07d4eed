// Source tensor of f16 elements, two to a u32 (element 2k in the low half).
@group(0) @binding(2) var<storage, read> src: array<u32>;

fn load(i: u32) -> f32 {
    return unpack2x16float(src[i >> 1u])[i & 1u];
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
