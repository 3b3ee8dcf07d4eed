// The RGB halving by eights (`gather_halving_rgb.wgsl`): sixteen input pixels of a row are 48
// bytes, three 16-byte words, under eight output pixels, stored by `rgb_eights.wgsl` as three
// 8-byte words. The host takes it where the input width is a multiple of 16, so that every
// group starts on a 16-byte word.
@group(0) @binding(2) var<storage, read> quads: array<vec4<u32>>;

const PIXELS: u32 = 8u;
const SRC_WORD_BYTES: u32 = 16u;
const DST_WORD_BYTES: u32 = 8u;

// The eight outputs' horizontal sums in the input row of sixteen pixels from word `i`.
fn row_sums(i: u32) -> PackedPixels {
    let a = quads[i];
    let b = quads[i + 1u];
    let c = quads[i + 2u];
    // Every three 4-byte words are four pixels: two outputs' sums each.
    let s0 = pair_sums(a.x, a.y, a.z);
    let s1 = pair_sums(a.w, b.x, b.y);
    let s2 = pair_sums(b.z, b.w, c.x);
    let s3 = pair_sums(c.y, c.z, c.w);
    return PackedPixels(s0.x, s0.y, s1.x, s1.y, s2.x, s2.y, s3.x, s3.y);
}
