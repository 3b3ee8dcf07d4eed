// Destination of the u8 gathers of strided groups (`gather_quad.wgsl`, `gather_staged.wgsl`):
// u8 elements four to a 32-bit word, each invocation writing runs of consecutive elements. A run
// need not start or end on a word (rows whose width is not a multiple of 4, planes of an odd
// size): the words it fills are stored whole, and a word it shares with a neighbouring run
// (another invocation's, or another row's) has the run's bytes cleared and then set by atomic
// AND and OR. Those commute with the neighbour's, which touch only its own bytes, so the word
// ends right in either order.
@group(0) @binding(3) var<storage, read_write> dst: array<atomic<u32>>;

// Stores the bytes of `word` that `mask` selects into word `i` of the output.
fn store_masked(i: u32, word: u32, mask: u32) {
    if mask == 0xffffffffu {
        atomicStore(&dst[i], word);
    } else if mask != 0u {
        atomicAnd(&dst[i], ~mask);
        atomicOr(&dst[i], word & mask);
    }
}

// Stores the `count` (1 to 4) low bytes of `bytes` as output elements `first`, `first + 1`, ...
fn store_bytes(first: u32, bytes: u32, count: u32) {
    let shift = 8u * (first % 4u);
    let ones = select(0xffffffffu, (1u << (8u * count)) - 1u, count < 4u);
    store_masked(first / 4u, bytes << shift, ones << shift);
    if shift != 0u {
        // The bytes past the first word's end.
        store_masked(first / 4u + 1u, bytes >> (32u - shift), ones >> (32u - shift));
    }
}
