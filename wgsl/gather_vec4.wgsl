// Gather, vector form. Each invocation computes one output column's group of channels on `ROWS`
// consecutive output rows. NHWC tensors whose channel count is a multiple of 4 have one load per
// tap and one store per output for a group of four (16 bytes for f32, one u32 word for u8: see
// the `*_vec4_*.wgsl` I/O files); any other tensor (NCHW, whose channels are planes, or NHWC with
// 1, 2, 3, 5... channels) has groups of GROUP_CHANNELS channels loaded and stored one element at
// a time, the channel stride apart (`strided_load.wgsl`, `strided_store.wgsl`), with the same
// arithmetic. The grid is 3-D (x: output column, y: block of rows, z: image and channel group),
// so no index needs a division but the channel-group split.

// Taps per axis fixed at pipeline creation, so that the loops unroll; 0 reads them from `p`.
override TAPS_Y: u32 = 0u;
override TAPS_X: u32 = 0u;
// Output rows per invocation, at most MAX_ROWS: the column's x taps and weights are read once
// for all of them, and input rows that several of their bands share are loaded once.
override ROWS: u32 = 1u;
const MAX_ROWS: u32 = 8u;
// Four-byte words of workgroup memory that the kernel declares and never uses: on an H200 this
// made vertical passes of wide bands 18 to 27% faster (see `VERTICAL_RESERVE_WORDS` in
// src/gpu/launch.rs). 1 elsewhere: the array is then never touched and compiled away.
override RESERVE: u32 = 1u;
var<workgroup> reserved: array<f32, RESERVE>;
// The vertical bands' first input rows computed from the output row (see `y_band_start`)
// instead of read from the table: the table read is a dependent load before each row's input
// loads (H200, f16 4K x0.5 27.3 -> 25.4 µs; src/gpu/starts.rs). The host sets it only where
// the formula gives every row's start, no row lies outside the input and an invocation runs
// one output row (`computed_starts_pay`).
override ARITHMETIC_Y_STARTS: bool = false;
override GROUP_X: u32 = 64u;
override GROUP_Y: u32 = 4u;
// Channels per group, and elements per index of `load4` and `store4v`: 4 and 4 for the vector
// I/O files (one index per four-channel group), 1 to 4 and 1 for strided groups (one index
// per element).
override GROUP_CHANNELS: u32 = 4u;
override UNIT: u32 = 4u;

// The column's horizontal weights, read from the table once per invocation when the x tap count
// is baked in and at most HELD_X_TAPS: every input row of the
// column's bands uses them, and neighbouring lanes' table rows lie a row of weights apart, so a
// load per tap and row costs as many cache lines as the input loads themselves.
const HELD_X_TAPS: u32 = 16u;
var<private> x_weights: array<f32, HELD_X_TAPS>;

fn hold_x_weights(rx: u32) {
    for (var tx = 0u; tx < min(TAPS_X, HELD_X_TAPS); tx++) {
        x_weights[tx] = table[rx + 2u + tx];
    }
}

// Weight of tap `tx` of the column whose table row is `rx`.
fn x_weight(rx: u32, tx: u32) -> f32 {
    if TAPS_X != 0u && TAPS_X <= HELD_X_TAPS {
        return x_weights[tx];
    }
    return table[rx + 2u + tx];
}

// The value of the invocation's outputs that map outside the input, its channels' own.
var<private> outside_value: vec4<f32>;

// The first input row of output row `y`'s vertical band, whose table row is `ry`.
fn y_band_start(ry: u32, y: u32) -> u32 {
    if ARITHMETIC_Y_STARTS {
        let n = max(i32(y) * p.y_start_mul + p.y_start_add, 0);
        return p.y_start_first + min(u32(n) / p.y_start_div, p.y_start_last);
    }
    return row_start(ry);
}

@compute @workgroup_size(GROUP_X, GROUP_Y, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    // Never true (no pass has an empty output), but the driver cannot know it, so the reserved
    // array stays in the compiled kernel.
    if RESERVE > 1u && p.out_w == 0u {
        reserved[gid.x % RESERVE] = 0.0;
    }
    let x = gid.x;
    let first_row = gid.y * ROWS;
    if x >= p.out_w || first_row >= p.out_h {
        return;
    }
    let groups_per_pixel = p.channels / GROUP_CHANNELS;
    let n = gid.z / groups_per_pixel;
    let c4 = gid.z % groups_per_pixel;
    let taps_y = select(p.y_taps, TAPS_Y, TAPS_Y != 0u);
    let taps_x = select(p.x_taps, TAPS_X, TAPS_X != 0u);
    // Strides in units of `load4`'s index: for vector groups every NHWC stride is a multiple of
    // the channel count, so of 4.
    let sy = p.src_y / UNIT;
    let sx = p.src_x / UNIT;
    let rx = table_row(p.x_table + n * p.x_image_stride, p.x_taps, x);
    let x_outside = x_row_outside(rx);
    hold_x_weights(rx);
    let first_channel = c4 * GROUP_CHANNELS;
    outside_value = fill4(first_channel);
    let base = (n * p.src_n + first_channel * p.src_c) / UNIT + row_start(rx) * sx;
    let out_base = (n * p.dst_n + x * p.dst_x + first_channel * p.dst_c) / UNIT;
    let last_row = min(first_row + ROWS, p.out_h);
    let fixed = FIXED_POINT;
    if INTEGER_WEIGHTS {
        lane_rows(first_row, last_row, n, rx, x_outside, base, out_base);
        return;
    }
    if ROWS > 1u && !fixed {
        if TAPS_Y == 2u {
            two_tap_rows(first_row, last_row, n, rx, x_outside, base, out_base);
        } else {
            window_rows(first_row, last_row, n, rx, x_outside, base, out_base);
        }
        return;
    }
    for (var y = first_row; y < last_row; y++) {
        let ry = table_row(p.y_table + n * p.y_image_stride, p.y_taps, y);
        var acc = outside_value;
        if fixed && PILLOW_REDUCE {
            let block = block_average4(base, rx, ry, y_band_start(ry, y), taps_y, taps_x);
            acc = finish4(vec4<f32>(block));
        } else if fixed && !(x_outside || y_row_outside(ry)) {
            let y0 = y_band_start(ry, y);
            var total = vec4<i32>(0);
            if TAPS_X == 1u && fixed_is_one(x_weight(rx, 0u)) {
                // A vertical pass: each input row's horizontal sum is the input itself.
                for (var ty = 0u; ty < taps_y; ty++) {
                    let input = prepare4_int(load4_int(base + (y0 + ty) * sy));
                    total += fixed_weight(table[ry + 2u + ty]) * input;
                }
            } else if FIXED_Y_FIRST {
                // Pillow 13's order: each tap column's vertical sum rounded, then the columns.
                for (var tx = 0u; tx < taps_x; tx++) {
                    let column = base + tx * sx;
                    var sum = vec4<i32>(0);
                    for (var ty = 0u; ty < taps_y; ty++) {
                        let input = prepare4_int(load4_int(column + (y0 + ty) * sy));
                        sum += fixed_weight(table[ry + 2u + ty]) * input;
                    }
                    total += fixed_weight(x_weight(rx, tx)) * fixed_round4(sum);
                }
            } else {
                for (var ty = 0u; ty < taps_y; ty++) {
                    let line = base + (y0 + ty) * sy;
                    var sum = vec4<i32>(0);
                    for (var tx = 0u; tx < taps_x; tx++) {
                        let input = prepare4_int(load4_int(line + tx * sx));
                        sum += fixed_weight(x_weight(rx, tx)) * input;
                    }
                    total += fixed_weight(table[ry + 2u + ty]) * fixed_round4(sum);
                }
            }
            acc = finish4(vec4<f32>(fixed_round4(total)));
        } else if !(x_outside || y_row_outside(ry)) {
            acc = vec4<f32>(0.0);
            let y0 = y_band_start(ry, y);
            var ty = 0u;
            if TAPS_Y == 0u {
                // A run-time tap count: RUN_STEP rows' sums first, then their weights, so
                // that their loads are in flight together (RUN_STEP: band_vec4.wgsl).
                for (; ty + RUN_STEP <= taps_y; ty += RUN_STEP) {
                    var h: array<vec4<f32>, RUN_STEP>;
                    for (var k = 0u; k < RUN_STEP; k++) {
                        h[k] = horizontal_sum(base, rx, y0 + ty + k, sy, sx);
                    }
                    for (var k = 0u; k < RUN_STEP; k++) {
                        acc += table[ry + 2u + ty + k] * h[k];
                    }
                }
            }
            for (; ty < taps_y; ty++) {
                acc += table[ry + 2u + ty] * horizontal_sum(base, rx, y0 + ty, sy, sx);
            }
            acc = finish4(acc);
        }
        store4v(out_base + y * (p.dst_y / UNIT), acc);
    }
}

// Pillow's reduction (PILLOW_REDUCE): the column's block of inputs from input row `y0`, the taps
// that weigh anything, each channel's bytes summed and averaged as Pillow rounds them. No row of
// a reduction lies outside the input.
fn block_average4(base: u32, rx: u32, ry: u32, y0: u32, taps_y: u32, taps_x: u32) -> vec4<u32> {
    let sy = p.src_y / UNIT;
    let sx = p.src_x / UNIT;
    var sum = vec4<u32>(0u);
    var rows = 0u;
    var columns = 0u;
    for (var tx = 0u; tx < taps_x; tx++) {
        columns += u32(fixed_weight(x_weight(rx, tx)) != 0);
    }
    for (var ty = 0u; ty < taps_y; ty++) {
        if fixed_weight(table[ry + 2u + ty]) == 0 {
            continue;
        }
        rows++;
        let line = base + (y0 + ty) * sy;
        for (var tx = 0u; tx < taps_x; tx++) {
            if fixed_weight(x_weight(rx, tx)) != 0 {
                sum += vec4<u32>(prepare4_int(load4_int(line + tx * sx)));
            }
        }
    }
    let count = rows * columns;
    return vec4<u32>(
        pillow_block_average(sum.x, count),
        pillow_block_average(sum.y, count),
        pillow_block_average(sum.z, count),
        pillow_block_average(sum.w, count),
    );
}

// The horizontal taps of input row `row` for the invocation's column.
fn horizontal_sum(line_base: u32, rx: u32, row: u32, sy: u32, sx: u32) -> vec4<f32> {
    let line = line_base + row * sy;
    if TAPS_X == 0u {
        return run_time_band(rx, line, sx, p.x_taps);
    }
    var sum = vec4<f32>(0.0);
    for (var tx = 0u; tx < TAPS_X; tx++) {
        sum += x_weight(rx, tx) * prepare4(load4(line + tx * sx));
    }
    return sum;
}

// Two-tap vertical bands over several rows (bilinear enlargements): neighbouring output rows
// read the same input rows, so the horizontal sums of the last two input rows are kept and only
// new rows are loaded and converted (H200, 1080p x2 minimum: u8 52.8 -> 48.2 µs, f32 48.1 ->
// 47.2; BENCHMARKS.md tuning log item 9).
fn two_tap_rows(
    first_row: u32,
    last_row: u32,
    n: u32,
    rx: u32,
    x_outside: bool,
    base: u32,
    out_base: u32,
) {
    let sy = p.src_y / UNIT;
    let sx = p.src_x / UNIT;
    var have = false;
    var top = 0u;
    var h0 = vec4<f32>(0.0);
    var h1 = vec4<f32>(0.0);
    for (var y = first_row; y < last_row; y++) {
        let ry = table_row(p.y_table + n * p.y_image_stride, p.y_taps, y);
        var acc = outside_value;
        if !(x_outside || y_row_outside(ry)) {
            let y0 = y_band_start(ry, y);
            if have && y0 == top + 1u {
                h0 = h1;
                h1 = horizontal_sum(base, rx, y0 + 1u, sy, sx);
            } else if !have || y0 != top {
                h0 = horizontal_sum(base, rx, y0, sy, sx);
                h1 = horizontal_sum(base, rx, y0 + 1u, sy, sx);
            }
            have = true;
            top = y0;
            acc = vec4<f32>(0.0);
            acc += table[ry + 2u] * h0;
            acc += table[ry + 3u] * h1;
            acc = finish4(acc);
        }
        store4v(out_base + y * (p.dst_y / UNIT), acc);
    }
}

// Several rows whose vertical bands overlap (bands wider than the row stride: shrinks with
// antialias, bicubic and wider enlargements): every input row of the union of the bands is
// loaded and summed horizontally once, and added to each output row whose band holds it, in
// band order, so the sums are those of the one-row loop.
fn window_rows(
    first_row: u32,
    last_row: u32,
    n: u32,
    rx: u32,
    x_outside: bool,
    base: u32,
    out_base: u32,
) {
    let sy = p.src_y / UNIT;
    let sx = p.src_x / UNIT;
    let taps_y = select(p.y_taps, TAPS_Y, TAPS_Y != 0u);
    var acc: array<vec4<f32>, MAX_ROWS>;
    var bands: array<u32, MAX_ROWS>;
    var starts: array<u32, MAX_ROWS>;
    var live: array<bool, MAX_ROWS>;
    var lo = 0xffffffffu;
    var hi = 0u;
    for (var k = 0u; k < ROWS; k++) {
        acc[k] = vec4<f32>(0.0);
        live[k] = false;
        let y = first_row + k;
        if y < last_row && !x_outside {
            let ry = table_row(p.y_table + n * p.y_image_stride, p.y_taps, y);
            if !y_row_outside(ry) {
                live[k] = true;
                bands[k] = ry;
                starts[k] = y_band_start(ry, y);
                lo = min(lo, starts[k]);
                hi = max(hi, starts[k] + taps_y);
            }
        }
    }
    for (var r = lo; r < hi; r++) {
        let h = horizontal_sum(base, rx, r, sy, sx);
        for (var k = 0u; k < ROWS; k++) {
            let t = r - starts[k];
            if live[k] && t < taps_y {
                acc[k] += table[bands[k] + 2u + t] * h;
            }
        }
    }
    for (var k = 0u; k < ROWS; k++) {
        let y = first_row + k;
        if y < last_row {
            var v = outside_value;
            if live[k] {
                v = finish4(acc[k]);
            }
            store4v(out_base + y * (p.dst_y / UNIT), v);
        }
    }
}

// The horizontal taps of input row `row` for the invocation's column, in integer lanes.
fn horizontal_lanes(line_base: u32, rx: u32, row: u32, sy: u32, sx: u32) -> vec2<u32> {
    let line = line_base + row * sy;
    let taps_x = select(p.x_taps, TAPS_X, TAPS_X != 0u);
    var sum = vec2<u32>(0u);
    for (var tx = 0u; tx < taps_x; tx++) {
        sum += bitcast<u32>(x_weight(rx, tx)) * load_lanes(line + tx * sx);
    }
    return sum;
}

// Every row of the invocation in integer lanes (INTEGER_WEIGHTS): RGBA u8 with weights that are
// multiples of 2^-k, as bilinear enlargements by 2, 4 or 8 and shrinks by 2 have, summed exactly
// as integers, so the results are those of the float sums. Two-tap vertical bands keep the sums
// of their last two input rows, as `two_tap_rows` does.
fn lane_rows(
    first_row: u32,
    last_row: u32,
    n: u32,
    rx: u32,
    x_outside: bool,
    base: u32,
    out_base: u32,
) {
    let sy = p.src_y / UNIT;
    let sx = p.src_x / UNIT;
    let taps_y = select(p.y_taps, TAPS_Y, TAPS_Y != 0u);
    var have = false;
    var top = 0u;
    var h0 = vec2<u32>(0u);
    var h1 = vec2<u32>(0u);
    for (var y = first_row; y < last_row; y++) {
        let ry = table_row(p.y_table + n * p.y_image_stride, p.y_taps, y);
        let at = out_base + y * (p.dst_y / UNIT);
        if x_outside || y_row_outside(ry) {
            store4v(at, outside_value);
            continue;
        }
        let y0 = y_band_start(ry, y);
        var sum = vec2<u32>(0u);
        if TAPS_Y == 2u {
            if have && y0 == top + 1u {
                h0 = h1;
                h1 = horizontal_lanes(base, rx, y0 + 1u, sy, sx);
            } else if !have || y0 != top {
                h0 = horizontal_lanes(base, rx, y0, sy, sx);
                h1 = horizontal_lanes(base, rx, y0 + 1u, sy, sx);
            }
            have = true;
            top = y0;
            sum = bitcast<u32>(table[ry + 2u]) * h0 + bitcast<u32>(table[ry + 3u]) * h1;
        } else {
            for (var ty = 0u; ty < taps_y; ty++) {
                let h = horizontal_lanes(base, rx, y0 + ty, sy, sx);
                sum += bitcast<u32>(table[ry + 2u + ty]) * h;
            }
        }
        store_lanes(at, sum);
    }
}
