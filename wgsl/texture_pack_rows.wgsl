// Staging tensor to rows a copy can take: a buffer-to-texture copy needs rows at multiples of
// 256 bytes, and a tensor's rows are `width * channels` elements apart. One invocation per
// word of a padded row; the bytes after a row's end in its last word, and the padding after
// it, are not copied.

@group(0) @binding(1) var<storage, read> staged: array<u32>;
@group(0) @binding(2) var<storage, read_write> rows: array<u32>;

@compute @workgroup_size(64, 4)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let element_bytes = select(4u, 1u, (staging_shape.flags & STAGING_U8) != 0u);
    let row_bytes = staging_shape.width * staging_shape.channels * element_bytes;
    if gid.x * 4u >= row_bytes || gid.y >= staging_shape.height {
        return;
    }
    // The word's first byte in the tensor: not word-aligned where u8 rows are not whole words.
    let start = gid.y * row_bytes + gid.x * 4u;
    let index = start >> 2u;
    let shift = (start & 3u) * 8u;
    var word = staged[index] >> shift;
    if shift != 0u && index + 1u < arrayLength(&staged) {
        word |= staged[index + 1u] << (32u - shift);
    }
    rows[gid.y * staging_shape.pitch_words + gid.x] = word;
}
