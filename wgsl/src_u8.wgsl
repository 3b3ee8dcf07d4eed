// Source tensor of u8 elements, four to a u32, little-endian.
@group(0) @binding(2) var<storage, read> src: array<u32>;

// Element `i`'s byte.
fn byte_of(i: u32) -> u32 {
    return (src[i >> 2u] >> ((i & 3u) * 8u)) & 0xffu;
}

fn load(i: u32) -> f32 {
    return f32(byte_of(i));
}

// The same element as an integer, for Pillow's fixed point: no conversion instruction.
fn load_int(i: u32) -> i32 {
    return i32(byte_of(i));
}

// Words of consecutive bytes: the u8 gathers of strided groups read a column's horizontal taps
// of NHWC pixels (every channel of TAPS_X neighbouring pixels, at most 16 x 3 bytes) as whole
// words instead of one word load per byte (see `strided_taps.wgsl`).
const SOURCE_BYTES: bool = true;
const WINDOW_WORDS: u32 = 12u;

// Elements `first` to `first + count - 1` (`count` at most 4 * WINDOW_WORDS), four to a word, the
// first in the low byte of word 0: `count / 4` rounded up plus one word loads, shifted together.
fn load_window(first: u32, count: u32) -> array<u32, WINDOW_WORDS> {
    // The word after a window may lie past the tensor's last word; it is then not needed.
    let last = arrayLength(&src) - 1u;
    let w0 = first >> 2u;
    let shift = (first & 3u) * 8u;
    var words: array<u32, WINDOW_WORDS>;
    var next = src[w0];
    for (var j = 0u; j < (count + 3u) / 4u; j++) {
        let here = next;
        next = src[min(w0 + j + 1u, last)];
        words[j] = select((here >> shift) | (next << (32u - shift)), here, shift == 0u);
    }
    return words;
}
