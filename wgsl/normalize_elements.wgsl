// normalize.wgsl's words as whole elements: NORM_ELEMENT is `f32`, or `f16` on a device with
// `shader-f16` (replaced when the pipeline is built, src/gpu/shaders.rs).
@group(0) @binding(3) var<storage, read_write> dst: array<NORM_ELEMENT>;

fn normalize_word(word: u32) {
    if word >= p.total {
        return;
    }
    dst[word] = NORM_ELEMENT(normalized(f32(dst[word]), word));
}
