// Source tensor of f16 elements, two to a u32 (element 2k in the low half).
@group(0) @binding(2) var<storage, read> src: array<u32>;

fn load(i: u32) -> f32 {
    return unpack2x16float(src[i >> 1u])[i & 1u];
}
