// Gather for u8 outputs without four neighbouring channels (NCHW, and NHWC pixels of 1 to 3
// channels), whose elements share 32-bit words with their neighbours. Each invocation computes
// one output column's group of GROUP_CHANNELS channels, as the vector gather's strided groups
// do, so that neighbouring lanes load neighbouring columns' inputs; the bytes of a row's LANES
// columns meet in workgroup memory, and each word of the output is written by one invocation
// with all of the workgroup's bytes in it. In NCHW each channel's LANES columns are a run of
// LANES bytes of its plane; in NHWC with GROUP_CHANNELS == channels they are one run of
// LANES * GROUP_CHANNELS bytes. Runs need not start on a word (`dst_u8_runs.wgsl` writes the
// words they share with their neighbours atomically).
// The host runs it for shrinks, with one row per workgroup or two (enlargements take
// `gather_quad.wgsl`). Groups are read by `strided_load.wgsl` and summed by `strided_taps.wgsl`.

// Taps per axis fixed at pipeline creation, so that the loops unroll; 0 reads them from `p`.
override TAPS_Y: u32 = 0u;
override TAPS_X: u32 = 0u;
// Output rows per invocation: the column's table row is found once for all of them.
override ROWS: u32 = 1u;
// Channels per group: 1 to 4, a divisor of the channel count.
override GROUP_CHANNELS: u32 = 4u;
// NCHW (channels are planes) rather than NHWC pixels whose group is every channel.
override PLANAR: bool = false;
// Output columns per workgroup, one to a lane (the host's `STAGED_COLUMNS`).
override LANES: u32 = 256u;
override SLOTS: u32 = 4u * LANES;

// One output row's bytes of the workgroup's columns, one byte to a slot: column c's channel k
// at `c * GROUP_CHANNELS + k` (NHWC, the order of the output) or `k * LANES + c` (NCHW).
var<workgroup> staged: array<u32, SLOTS>;

@compute @workgroup_size(LANES, 1, 1)
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
    let x_outside = x_row_outside(rx);
    let base = n * p.src_n + first_channel * p.src_c + row_start(rx) * p.src_x;
    let columns = min(LANES, p.out_w - first_column);
    let last_row = min(first_row + ROWS, p.out_h);
    let outside_bytes = u8_of4(fill4(first_channel));
    for (var y = first_row; y < last_row; y++) {
        let ry = table_row(p.y_table + n * p.y_image_stride, p.y_taps, y);
        var bytes = outside_bytes;
        if live && !(x_outside || y_row_outside(ry)) {
            if integer_taps() {
                bytes = column_bytes(ry, rx, base);
            } else {
                bytes = u8_of4(finish4(column_sum(ry, rx, base)));
            }
        }
        for (var k = 0u; k < GROUP_CHANNELS; k++) {
            staged[select(lane * GROUP_CHANNELS + k, k * LANES + lane, PLANAR)] = bytes[k];
        }
        workgroupBarrier();
        store_words(lane, n, first_channel, first_column, columns, y);
        workgroupBarrier();
    }
}

// Writes word `w` of the output's run of elements `first` to `first + count - 1`, whose bytes are
// in staged slots `slot0` on: all four of its bytes, or those of them in the run.
fn store_run_word(w: u32, first: u32, count: u32, slot0: u32) {
    let slot = slot0 + 4u * w - first;
    if 4u * w >= first && 4u * w + 4u <= first + count {
        atomicStore(&dst[w], staged[slot] | (staged[slot + 1u] << 8u) | (staged[slot + 2u] << 16u)
            | (staged[slot + 3u] << 24u));
        return;
    }
    var word = 0u;
    var mask = 0u;
    for (var k = 0u; k < 4u; k++) {
        let e = 4u * w + k;
        if e >= first && e < first + count {
            word |= staged[slot0 + e - first] << (8u * k);
            mask |= 0xffu << (8u * k);
        }
    }
    store_masked(w, word, mask);
}

// Writes row `y` of the workgroup's `columns` columns from the staged bytes, one word per
// invocation and step: in NCHW a run of `columns` bytes in each channel's plane (the channels'
// words taken together, so that the lanes share them out), in NHWC one run of the pixels' bytes.
fn store_words(
    lane: u32,
    n: u32,
    first_channel: u32,
    first_column: u32,
    columns: u32,
    y: u32,
) {
    if PLANAR {
        // A run of `columns` bytes touches at most `span` words.
        let span = (columns + 3u) / 4u + 1u;
        for (var i = lane; i < GROUP_CHANNELS * span; i += LANES) {
            let k = i / span;
            let first = n * p.dst_n + (first_channel + k) * p.dst_c + y * p.dst_y + first_column;
            let w = first / 4u + i % span;
            if w <= (first + columns - 1u) / 4u {
                store_run_word(w, first, columns, k * LANES);
            }
        }
        return;
    }
    let first = n * p.dst_n + y * p.dst_y + first_column * p.dst_x;
    let count = columns * GROUP_CHANNELS;
    for (var w = first / 4u + lane; w <= (first + count - 1u) / 4u; w += LANES) {
        store_run_word(w, first, count, 0u);
    }
}
