// normalize.wgsl's words as four elements, one 16-byte (f32) or 8-byte (f16) load and store
// each: for outputs of a multiple of four elements. NORM_ELEMENT is `f32`, or `f16` on a device
// with `shader-f16` (replaced when the pipeline is built, src/gpu/shaders.rs).
@group(0) @binding(3) var<storage, read_write> dst: array<vec4<NORM_ELEMENT>>;

fn normalize_word(word: u32) {
    let first = 4u * word;
    if first >= p.total {
        return;
    }
    dst[word] = vec4<NORM_ELEMENT>(normalized4(vec4<f32>(dst[word]), first));
}
