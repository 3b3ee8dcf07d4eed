// Source tensor of f32 elements.
@group(0) @binding(2) var<storage, read> src: array<f32>;

fn load(i: u32) -> f32 {
    return src[i];
}
