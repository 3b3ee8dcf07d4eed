// Gather, four output columns per invocation: u8 tensors without four neighbouring channels
// (NCHW, and NHWC with 1 to 3 channels), whose elements share 32-bit words with their
// neighbours. An invocation writes one run of bytes per row: four neighbouring columns (fewer at
// the row's end) of a group of GROUP_CHANNELS channels, on `ROWS` consecutive rows. In NCHW each
// channel's four columns are a run of four bytes of its plane; in NHWC with GROUP_CHANNELS ==
// channels the four pixels are one run of 4 * GROUP_CHANNELS bytes, whole words where the row
// starts on one (`dst_u8_runs.wgsl` writes the words a run shares with its neighbours
// atomically). The host runs it for passes whose rows it can reuse (enlargements: several rows
// per invocation); other passes take `gather_staged.wgsl`. Groups are read by
// `strided_load.wgsl` and summed by `strided_taps.wgsl`.

// Taps per axis fixed at pipeline creation, so that the loops unroll; 0 reads them from `p`.
override TAPS_Y: u32 = 0u;
override TAPS_X: u32 = 0u;
// Output rows per invocation: the columns' table rows are found once for all of them.
override ROWS: u32 = 1u;
override GROUP_X: u32 = 64u;
override GROUP_Y: u32 = 4u;
// Channels per group: 1 to 4, a divisor of the channel count.
override GROUP_CHANNELS: u32 = 4u;
// NCHW (channels are planes) rather than NHWC pixels whose group is every channel.
override PLANAR: bool = false;
const QUAD: u32 = 4u;

// The value of the invocation's outputs that map outside the input, its channels' own.
var<private> outside_value: vec4<f32>;

@compute @workgroup_size(GROUP_X, GROUP_Y, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let first_column = gid.x * QUAD;
    let first_row = gid.y * ROWS;
    if first_column >= p.out_w || first_row >= p.out_h {
        return;
    }
    // Columns of this quad inside the row; the others repeat the last one's taps, unstored.
    let quad_columns = min(QUAD, p.out_w - first_column);
    let groups = p.channels / GROUP_CHANNELS;
    let n = gid.z / groups;
    let first_channel = (gid.z % groups) * GROUP_CHANNELS;
    outside_value = fill4(first_channel);
    var columns: array<u32, QUAD>;
    var starts: array<u32, QUAD>;
    var outside: array<bool, QUAD>;
    for (var j = 0u; j < QUAD; j++) {
        let x = min(first_column + j, p.out_w - 1u);
        columns[j] = table_row(p.x_table + n * p.x_image_stride, p.x_taps, x);
        outside[j] = x_row_outside(columns[j]);
        starts[j] = n * p.src_n + first_channel * p.src_c + row_start(columns[j]) * p.src_x;
    }
    let out_base = n * p.dst_n + first_channel * p.dst_c + first_column * p.dst_x;
    let last_row = min(first_row + ROWS, p.out_h);
    // (ONNX Runtime's f32 steps, GATHER_ARITHMETIC 5, sum no rows: each output reads its block.)
    let integer_rows = INTEGER_WEIGHTS || (GATHER_ARITHMETIC != 0u && GATHER_ARITHMETIC != 5u);
    if TAPS_Y == 2u && ROWS > 1u && integer_rows {
        two_tap_bytes(first_row, last_row, n, columns, starts, outside, out_base, quad_columns);
        return;
    }
    if TAPS_Y == 2u && ROWS > 1u && !FIXED_POINT && GATHER_ARITHMETIC == 0u {
        two_tap_rows(first_row, last_row, n, columns, starts, outside, out_base, quad_columns);
        return;
    }
    let outside_bytes = u8_of4(outside_value);
    for (var y = first_row; y < last_row; y++) {
        let ry = table_row(p.y_table + n * p.y_image_stride, p.y_taps, y);
        var bytes: array<vec4<u32>, QUAD>;
        for (var j = 0u; j < QUAD; j++) {
            bytes[j] = outside_bytes;
            if !(outside[j] || y_row_outside(ry)) {
                if integer_taps() {
                    bytes[j] = column_bytes(ry, columns[j], starts[j]);
                } else {
                    bytes[j] = u8_of4(finish4(column_sum(ry, columns[j], starts[j])));
                }
            }
        }
        store_quad(out_base + y * p.dst_y, bytes, quad_columns);
    }
}

// Two-tap vertical bands over several rows (bilinear enlargements), as in gather_vec4.wgsl:
// neighbouring output rows read the same input rows, so the four columns' horizontal sums of
// the last two input rows are kept and only new rows are loaded.
fn two_tap_rows(
    first_row: u32,
    last_row: u32,
    n: u32,
    columns: array<u32, QUAD>,
    starts: array<u32, QUAD>,
    outside: array<bool, QUAD>,
    out_base: u32,
    quad_columns: u32,
) {
    var have = false;
    var top = 0u;
    var h0: array<vec4<f32>, QUAD>;
    var h1: array<vec4<f32>, QUAD>;
    for (var y = first_row; y < last_row; y++) {
        let ry = table_row(p.y_table + n * p.y_image_stride, p.y_taps, y);
        var values: array<vec4<f32>, QUAD>;
        for (var j = 0u; j < QUAD; j++) {
            values[j] = outside_value;
        }
        if !y_row_outside(ry) {
            let y0 = row_start(ry);
            let step = have && y0 == top + 1u;
            let fresh = !have || (y0 != top && !step);
            for (var j = 0u; j < QUAD; j++) {
                if step {
                    h0[j] = h1[j];
                    h1[j] = row_sum(columns[j], starts[j], y0 + 1u);
                } else if fresh {
                    h0[j] = row_sum(columns[j], starts[j], y0);
                    h1[j] = row_sum(columns[j], starts[j], y0 + 1u);
                }
                if !outside[j] {
                    values[j] = finish4(table[ry + 2u] * h0[j] + table[ry + 3u] * h1[j]);
                }
            }
            have = true;
            top = y0;
        }
        // Converted after the row's four columns rather than each as it is computed: H200, RGB
        // u8 1080p x2 in linear light (quads of 16 rows) 95.7 -> 75.5 µs, NCHW 94.6 -> 93.4,
        // bilinear 720p -> 4K 37.9 -> 36.8. A variant that converted through a function taking
        // the array, and did the same in the other loop, lost (NCHW in linear light 129 µs;
        // BENCHMARKS.md tuning log item 52).
        var bytes: array<vec4<u32>, QUAD>;
        for (var j = 0u; j < QUAD; j++) {
            bytes[j] = u8_of4(values[j]);
        }
        store_quad(out_base + y * p.dst_y, bytes, quad_columns);
    }
}

// The input row that tap `t` of the vertical table's row at `ry` reads: OpenCV's padded tables
// clamp it (`padded_input`); the others index rows directly.
fn input_row(ry: u32, t: u32) -> u32 {
    if GATHER_ARITHMETIC != 0u {
        return padded_input(ry, t);
    }
    return row_start(ry) + t;
}

// `two_tap_rows` with integer weights (INTEGER_WEIGHTS: dyadic tables), summed exactly in
// integers to the stored bytes with no conversion to f32 and back; and in OpenCV's fixed point
// (GATHER_ARITHMETIC), whose padded vertical table reads clamped rows (`input_row`) and whose taps
// round as `opencv_tap4` says. Rows are kept by their table index, so two indices that clamp
// to one row are still two taps, as OpenCV's are.
fn two_tap_bytes(
    first_row: u32,
    last_row: u32,
    n: u32,
    columns: array<u32, QUAD>,
    starts: array<u32, QUAD>,
    outside: array<bool, QUAD>,
    out_base: u32,
    quad_columns: u32,
) {
    var have = false;
    var top = 0u;
    var h0: array<vec4<i32>, QUAD>;
    var h1: array<vec4<i32>, QUAD>;
    let outside_bytes = u8_of4(outside_value);
    for (var y = first_row; y < last_row; y++) {
        let ry = table_row(p.y_table + n * p.y_image_stride, p.y_taps, y);
        var bytes: array<vec4<u32>, QUAD>;
        for (var j = 0u; j < QUAD; j++) {
            bytes[j] = outside_bytes;
        }
        if !y_row_outside(ry) {
            let y0 = row_start(ry);
            let step = have && y0 == top + 1u;
            let fresh = !have || (y0 != top && !step);
            let w0 = fixed_weight(table[ry + 2u]);
            let w1 = fixed_weight(table[ry + 3u]);
            for (var j = 0u; j < QUAD; j++) {
                if step {
                    h0[j] = h1[j];
                    h1[j] = row_sum_int(columns[j], starts[j], input_row(ry, 1u));
                } else if fresh {
                    h0[j] = row_sum_int(columns[j], starts[j], input_row(ry, 0u));
                    h1[j] = row_sum_int(columns[j], starts[j], input_row(ry, 1u));
                }
                if !outside[j] {
                    if GATHER_ARITHMETIC != 0u {
                        bytes[j] = opencv_bytes(opencv_tap4(h0[j], w0) + opencv_tap4(h1[j], w1));
                    } else {
                        bytes[j] = integer_bytes(w0 * h0[j] + w1 * h1[j]);
                    }
                }
            }
            have = true;
            top = y0;
        }
        store_quad(out_base + y * p.dst_y, bytes, quad_columns);
    }
}

// Word `w` of an NHWC quad's run of bytes: byte `b` is channel `b % GROUP_CHANNELS` of pixel
// `b / GROUP_CHANNELS`.
fn quad_word(bytes: array<vec4<u32>, QUAD>, w: u32) -> u32 {
    var v = bytes;
    var word = 0u;
    for (var i = 0u; i < 4u; i++) {
        let b = 4u * w + i;
        word |= v[b / GROUP_CHANNELS][b % GROUP_CHANNELS] << (8u * i);
    }
    return word;
}

// The mask of the bytes of word `w` of a run of `count` bytes.
fn run_mask(count: u32, w: u32) -> u32 {
    let bytes = min(max(i32(count) - 4 * i32(w), 0), 4);
    return select((1u << (8u * u32(bytes))) - 1u, 0xffffffffu, bytes == 4);
}

// Writes the first `columns` columns of a quad whose first element is `first`, from their
// stored bytes (rounded and clamped). In NHWC the quad's bytes are packed into GROUP_CHANNELS
// words first (`quad_word`), then shifted onto the output's words.
fn store_quad(first: u32, bytes: array<vec4<u32>, QUAD>, columns: u32) {
    var v = bytes;
    if PLANAR {
        for (var k = 0u; k < GROUP_CHANNELS; k++) {
            let word = v[0][k] | (v[1][k] << 8u) | (v[2][k] << 16u) | (v[3][k] << 24u);
            let at = first + k * p.dst_c;
            if at % 4u == 0u && columns == QUAD {
                atomicStore(&dst[at / 4u], word);
            } else {
                store_bytes(at, word, columns);
            }
        }
        return;
    }
    let count = columns * GROUP_CHANNELS;
    let shift = 8u * (first % 4u);
    if shift == 0u && columns == QUAD {
        // Whole words (the row starts on a word and the quad is whole): no masks to work out,
        // which the u8 enlargements, bound by their instructions, would pay for.
        for (var w = 0u; w < GROUP_CHANNELS; w++) {
            atomicStore(&dst[first / 4u + w], quad_word(bytes, w));
        }
        return;
    }
    var carry = 0u;
    var carry_mask = 0u;
    for (var w = 0u; w < GROUP_CHANNELS; w++) {
        let word = quad_word(bytes, w);
        let mask = run_mask(count, w);
        store_masked(first / 4u + w, (word << shift) | carry, (mask << shift) | carry_mask);
        if shift != 0u {
            carry = word >> (32u - shift);
            carry_mask = mask >> (32u - shift);
        }
    }
    if shift != 0u {
        store_masked(first / 4u + GROUP_CHANNELS, carry, carry_mask);
    }
}
