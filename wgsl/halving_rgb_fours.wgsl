// The RGB halving by fours (`gather_halving_rgb.wgsl`): eight input pixels of a row are 24
// bytes, three 8-byte words, under four output pixels, 12 bytes stored as three 4-byte words.
// The host takes it where the input width is a multiple of 8 (3840, 1920, 1080, 360): input rows
// then start on 8-byte words, output rows on 4-byte words.
@group(0) @binding(2) var<storage, read> pairs: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read_write> dst: array<u32>;

const PIXELS: u32 = 4u;
const SRC_WORD_BYTES: u32 = 8u;
const DST_WORD_BYTES: u32 = 4u;

alias PackedPixels = array<u32, 4>;

// The four outputs' horizontal sums in the input row of eight pixels from word `i`.
fn row_sums(i: u32) -> PackedPixels {
    let a = pairs[i];
    let b = pairs[i + 1u];
    let c = pairs[i + 2u];
    let s0 = pair_sums(a.x, a.y, b.x);
    let s1 = pair_sums(b.y, c.x, c.y);
    return PackedPixels(s0.x, s0.y, s1.x, s1.y);
}

// Four pixels of packed bytes stored as three words from element `i`.
fn store_packed(i: u32, lanes: PackedPixels) {
    var b: array<u32, 4>;
    for (var k = 0u; k < 4u; k++) {
        b[k] = pixel_bytes(lanes[k]);
    }
    dst[i] = b[0] | (b[1] << 24u);
    dst[i + 1u] = (b[1] >> 8u) | (b[2] << 16u);
    dst[i + 2u] = (b[2] >> 16u) | (b[3] << 8u);
}
