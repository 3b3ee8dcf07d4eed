// Gather for u8 outputs without four neighbouring channels (NCHW, and NHWC pixels of 1 to 3
// channels), whose elements share 32-bit words with their neighbours. Each invocation computes
// one output column's group of GROUP_CHANNELS channels, as the vector gather's strided groups
// do, so that neighbouring lanes load neighbouring columns' inputs; the bytes of a row's 64
// columns meet in workgroup memory, and each word of the output is written whole by one
// invocation. In NCHW each channel's 64 columns are 16 words of its plane; in NHWC with
// GROUP_CHANNELS == channels they are 16 * GROUP_CHANNELS consecutive words. The host runs it
// only where the output width is a multiple of 4, so that every row starts on a word, and for
// passes of one row per invocation (shrinks; enlargements take `gather_quad.wgsl`). Groups are
// read by `strided_load.wgsl` and summed by `strided_taps.wgsl`.

// Taps per axis fixed at pipeline creation, so that the loops unroll; 0 reads them from `p`.
override TAPS_Y: u32 = 0u;
override TAPS_X: u32 = 0u;
// Output rows per invocation: the column's table row is found once for all of them.
override ROWS: u32 = 1u;
// Channels per group: 1 to 4, a divisor of the channel count.
override GROUP_CHANNELS: u32 = 4u;
const LANES: u32 = 64u;

// One output row's bytes of the workgroup's columns, one byte to a slot: column c's channel k
// at `c * GROUP_CHANNELS + k` (NHWC, the order of the output) or `k * LANES + c` (NCHW).
var<workgroup> staged: array<u32, 256>;

@compute @workgroup_size(64, 1, 1)
fn main(
    @builtin(workgroup_id) group: vec3<u32>,
    @builtin(local_invocation_index) lane: u32,
) {
    // Every invocation reaches every barrier: the rows loop depends on the workgroup alone, and
    // columns past the output's width compute nothing.
    let first_column = group.x * LANES;
    let x = first_column + lane;
    let first_row = group.y * ROWS;
    let groups = p.channels / GROUP_CHANNELS;
    let n = group.z / groups;
    let first_channel = (group.z % groups) * GROUP_CHANNELS;
    let live = x < p.out_w;
    let rx = table_row(p.x_table + n * p.x_image_stride, p.x_taps, min(x, p.out_w - 1u));
    let x_outside = row_outside(rx);
    let base = n * p.src_n + first_channel * p.src_c + row_start(rx) * p.src_x;
    let columns = min(LANES, p.out_w - first_column);
    let last_row = min(first_row + ROWS, p.out_h);
    for (var y = first_row; y < last_row; y++) {
        let ry = table_row(p.y_table + n * p.y_image_stride, p.y_taps, y);
        var v = vec4<f32>(p.extrapolation);
        if live && !(x_outside || row_outside(ry)) {
            v = finish4(column_sum(ry, rx, base));
        }
        var bytes = u8_of4(v);
        for (var k = 0u; k < GROUP_CHANNELS; k++) {
            staged[select(lane * GROUP_CHANNELS + k, k * LANES + lane, p.planar == 1u)] = bytes[k];
        }
        workgroupBarrier();
        store_words(lane, n, first_channel, first_column, columns, y);
        workgroupBarrier();
    }
}

// Four staged bytes from `slot` on, as one little-endian word.
fn staged_word(slot: u32) -> u32 {
    return staged[slot] | (staged[slot + 1u] << 8u) | (staged[slot + 2u] << 16u)
        | (staged[slot + 3u] << 24u);
}

// Writes row `y` of the workgroup's `columns` columns (a multiple of 4) from the staged bytes:
// invocation `lane` writes words `lane`, `lane + 64`, ... of the row's words.
fn store_words(
    lane: u32,
    n: u32,
    first_channel: u32,
    first_column: u32,
    columns: u32,
    y: u32,
) {
    let words_per_channel = columns / 4u;
    if p.planar == 1u {
        for (var w = lane; w < GROUP_CHANNELS * words_per_channel; w += LANES) {
            let k = w / words_per_channel;
            let word = w % words_per_channel;
            let first = n * p.dst_n + (first_channel + k) * p.dst_c + y * p.dst_y + first_column;
            dst[first / 4u + word] = staged_word(k * LANES + 4u * word);
        }
        return;
    }
    let first = n * p.dst_n + y * p.dst_y + first_column * p.dst_x;
    for (var w = lane; w < GROUP_CHANNELS * words_per_channel; w += LANES) {
        dst[first / 4u + w] = staged_word(4u * w);
    }
}
