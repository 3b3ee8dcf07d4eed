// Eight RGB u8 pixels of packed lanes (`rgb_lanes.wgsl`) stored as 24 bytes, three 8-byte
// words: the destination of the RGB doubling, whose output rows its host keeps whole 8-byte
// words.
@group(0) @binding(3) var<storage, read_write> dst: array<vec2<u32>>;

alias PackedPixels = array<u32, 8>;

// Eight pixels of packed bytes stored as six words from element `i`.
fn store_packed(i: u32, lanes: PackedPixels) {
    var b: array<u32, 8>;
    for (var k = 0u; k < 8u; k++) {
        b[k] = pixel_bytes(lanes[k]);
    }
    dst[i] = vec2<u32>(b[0] | (b[1] << 24u), (b[1] >> 8u) | (b[2] << 16u));
    dst[i + 1u] = vec2<u32>((b[2] >> 16u) | (b[3] << 8u), b[4] | (b[5] << 24u));
    dst[i + 2u] = vec2<u32>((b[5] >> 8u) | (b[6] << 16u), (b[6] >> 16u) | (b[7] << 8u));
}
