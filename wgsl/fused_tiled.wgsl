// Fused tiled: one dispatch, separable arithmetic without an intermediate in device memory. A
// workgroup owns a TILE_COLUMNS x TILE_H block of outputs (one four-channel group each, NHWC with
// channels a multiple of 4; or of one NCHW plane, PLANAR below) and runs the two axes one after the
// other, the first from device memory into a workgroup array, the second from that array.
//
// Vertical first: for each of the tile's output rows and each input column that the tile's
// horizontal bands cover, the column's vertical taps, with neighbouring lanes on neighbouring
// columns, so that every load is a coalesced run of the input row (a gather's loads lie `ratio`
// pixels apart across lanes and touch several cache lines each); then the horizontal taps from
// the array, one output each. Pillow's 8-bit fixed point rounds after the horizontal taps, so
// there the order is the other way round: horizontal sums of every footprint row first.
//
// Tiles are wide and short: 4 rows of 64 columns, or of 32 or 16 where a large shrink's array
// would not fit. H200, antialiased bicubic / lanczos3 4K -> 1080p and the ML batch, µs
// (BENCHMARKS.md tuning log item 26): 32x16 102 / 121 / 79, 32x8 85 / 108 / 62, 64x4 85 / 106 /
// 58, 64x2 87 / 110 / 63. A taller tile loads no fewer inputs per output (each output row reads
// its own band), and its larger array leaves fewer workgroups resident. A tile may hold a few
// fewer columns than its lanes, where the lanes then cover its input columns in one round fewer
// (a 2x shrink: 61 outputs read 128 inputs, two rounds of 64 lanes, where 64 read 134 in
// three): 2-3% on those shapes (item 31).

// Lanes per row of the workgroup, chosen per spec (FUSED_TILE_WIDTHS in src/gpu/shaders.rs): the
// widest whose workgroup array fits.
override TILE_W: u32 = 64u;
// Output columns per tile, at most TILE_W (`filled_columns` in src/gpu/fused_fit.rs).
override TILE_COLUMNS: u32 = 64u;
const TILE_H: u32 = 4u;
// The workgroup is TILE_W x GROUP_Y: each invocation owns TILE_H / GROUP_Y rows of the tile; 2
// where the vertical step runs rows in pairs (PAIR_STEP), one pair each, otherwise 4.
override GROUP_Y: u32 = 4u;
// Four-channel groups in the workgroup array: TILE_H rows of the widest column footprint of
// any tile (vertical first) or its tallest row footprint times TILE_W (horizontal first), sized
// per spec at pipeline creation (`fused_fits` in src/gpu/fused_fit.rs).
override CAPACITY: u32 = 1024u;

override TAPS_Y: u32 = 0u;
override TAPS_X: u32 = 0u;
// Most input rows between the starts of two neighbouring output rows' vertical bands, where the
// vertical step runs rows in pairs (0: one row at a time). A pair loads the union of its two
// bands once: TAPS_Y + PAIR_STEP rows instead of 2 * TAPS_Y. Chosen wherever the bands overlap
// (`pair_step` in src/gpu/fused_fit.rs). H200, antialiased 4K -> 1080p, minimum µs
// (BENCHMARKS.md tuning log items 32 and 33): bicubic 81.3 one row at a time, 78.0 in pairs
// whose second row picked its weight among every possible step, 73.9 with a loop per step;
// lanczos3 103.0, 93.0, 87.2. The ML batch (bands 3 rows apart: a fifth fewer loads) was
// slower in pairs then, 55.6 -> 57.1, and is faster in pairs in today's kernel, 50.8-51.9 ->
// 48.0-48.2 (item 173).
override PAIR_STEP: u32 = 0u;
// The vertical step takes two input columns, TILE_W apart, per turn of its loop while both lie
// in the footprint, so that each invocation has twice the loads in flight: in row pairs, or one
// row at a time in pipelines without pairs (`column_pairs` in src/gpu/fused_fit.rs says
// where). H200, fused µs (BENCHMARKS.md tuning log item 96): antialiased bicubic 4K -> 1080p
// 71.3 -> 66.8, lanczos3 87.1 -> 84.8, f16 bicubic 61.4 -> 57.3, bilinear 63.0 -> 57.3 (one
// row at a time); but 1080p -> 720p, whose footprint holds fewer than two rounds, 27.9 ->
// 29.4, and colour conversions 206.8 -> 242.7, so those keep one column, as do single rows of
// other than 4 taps.
override COLUMN_PAIRS: bool = false;
// NCHW planes, each an image of its own (`planes_serve` in src/gpu/fused_fit.rs): a vector holds
// four neighbouring elements of one row instead of four channels of one pixel, so the vertical
// step loads 16 bytes of a plane's row at a time as it does a pixel's channels; it keeps its
// sums transposed (`keep`), and the horizontal step weighs the tile's four rows of an output at
// once and writes four neighbouring outputs of a row as one vector. The host takes planes only
// where their input and output rows hold whole vectors, without colour conversions or Pillow's
// fixed point.
override PLANAR: bool = false;

// Where NHWC sums lie in the array and which output each lane of the horizontal step weighs,
// chosen per spec by counting the bank conflicts of its bands (`SumsLayout` in
// src/gpu/sums_layout.rs): element i of the footprint's rows in strand i % STRANDS, STRAND_LEN
// vectors long, at i / STRANDS; and the 8 lanes of a phase on outputs LANE_STRIDE apart. Where
// bands start p inputs further on every q outputs, p strands and a stride of q put a phase's
// loads of any tap on consecutive vectors of one strand, where in order they fell two or more
// to a bank (a 2x shrink reads every other vector).
override STRANDS: u32 = 1u;
override STRAND_LEN: u32 = 0u;
override LANE_STRIDE: u32 = 1u;

var<workgroup> sums: array<vec4<f32>, CAPACITY>;

// The array's vector for NHWC element `i` (`SumsLayout::cell`).
fn cell(i: u32) -> u32 {
    if STRANDS == 1u {
        return i;
    }
    return (i % STRANDS) * STRAND_LEN + i / STRANDS;
}

// The tile's output column that lane `lane` of the horizontal step weighs (`SumsLayout::column`):
// in each block of 8 * LANE_STRIDE lanes, lane 8a + k takes the block's output a + LANE_STRIDE * k.
fn lane_column(lane: u32) -> u32 {
    let block = 8u * LANE_STRIDE;
    let within = lane % block;
    return lane - within + within / 8u + LANE_STRIDE * (within % 8u);
}

// One band's weights held in registers when its tap count is baked in and small: each is used
// for several columns or rows, and a table load per use costs as much as an input load.
const HELD_TAPS: u32 = 16u;
var<private> held: array<f32, HELD_TAPS>;
// The second row's weights of a pair.
var<private> held_next: array<f32, HELD_TAPS>;

fn hold_weights(row: u32, baked_taps: u32) {
    for (var t = 0u; t < min(baked_taps, HELD_TAPS); t++) {
        held[t] = table[row + 2u + t];
    }
}

// Weight `t` of the band at table row `row`, whose axis has `baked_taps` baked in.
fn weight(row: u32, baked_taps: u32, t: u32) -> f32 {
    if baked_taps != 0u && baked_taps <= HELD_TAPS {
        return held[t];
    }
    return table[row + 2u + t];
}

struct Tile {
    // Image and channel group; with PLANAR, image and channel (its plane).
    n: u32,
    c4: u32,
    // First output of the tile, and how many it has along each axis.
    x_first: u32,
    y_first: u32,
    columns: u32,
    rows: u32,
    // Table offsets of the image's bands.
    x_table: u32,
    y_table: u32,
}

@compute @workgroup_size(TILE_W, GROUP_Y, 1)
fn main(
    @builtin(workgroup_id) group: vec3<u32>,
    @builtin(local_invocation_id) local: vec3<u32>,
) {
    // (PLANAR: one plane a z, each channel its own.)
    let groups_per_pixel = select(p.channels / 4u, p.channels, PLANAR);
    var tile: Tile;
    tile.n = group.z / groups_per_pixel;
    tile.c4 = group.z % groups_per_pixel;
    tile.x_first = group.x * TILE_COLUMNS;
    tile.y_first = group.y * TILE_H;
    tile.columns = min(TILE_COLUMNS, p.out_w - tile.x_first);
    tile.rows = min(TILE_H, p.out_h - tile.y_first);
    tile.x_table = p.x_table + tile.n * p.x_image_stride;
    tile.y_table = p.y_table + tile.n * p.y_image_stride;
    if FIXED_POINT {
        horizontal_first(tile, local.x, local.y);
    } else {
        vertical_first(tile, local.x, local.y);
    }
}

// The inputs that the `count` bands from band `first` of the table at `offset` cover, whose
// rows hold `taps` weights: (first input, how many). Band starts never decrease.
fn covered(offset: u32, taps: u32, first: u32, count: u32) -> vec2<u32> {
    let start = row_start(table_row(offset, taps, first));
    let end = row_start(table_row(offset, taps, first + count - 1u)) + taps;
    return vec2<u32>(start, end - start);
}

// Vectors between neighbouring columns of the input.
fn column_stride() -> u32 {
    return select(p.src_x / 4u, 1u, PLANAR);
}

fn vertical_first(tile: Tile, lane: u32, band: u32) {
    let taps_x = select(p.x_taps, TAPS_X, TAPS_X != 0u);
    // The input columns the tile's horizontal bands cover: with PLANAR, the vectors that hold
    // them, `in_x` the first's first element.
    let columns = covered(tile.x_table, p.x_taps, tile.x_first, tile.columns);
    var in_x = columns.x;
    var width = columns.y;
    var image = tile.n * (p.src_n / 4u) + tile.c4 + in_x * column_stride();
    if PLANAR {
        let first = in_x / 4u;
        width = (in_x + width + 3u) / 4u - first;
        in_x = 4u * first;
        image = (tile.n * p.src_n + tile.c4 * p.src_c) / 4u + first;
    }

    if TAPS_Y != 0u && TAPS_Y <= HELD_TAPS && PAIR_STEP != 0u {
        for (var r = 2u * band; r < tile.rows; r += 2u * GROUP_Y) {
            if !vertical_pair(tile, r, lane, image, width) {
                vertical_row(tile, r, lane, image, width);
                if r + 1u < tile.rows {
                    vertical_row(tile, r + 1u, lane, image, width);
                }
            }
        }
    } else {
        for (var r = band; r < tile.rows; r += GROUP_Y) {
            vertical_row(tile, r, lane, image, width);
        }
    }
    workgroupBarrier();
    if PLANAR {
        horizontal_step_planar(tile, lane, band, in_x, taps_x);
    } else {
        horizontal_step(tile, lane, band, in_x, width, taps_x);
    }
}

// Tile rows `r` and `r + 1` (both inside the input) together: every input row of their two
// bands loaded once, added to each row whose band holds it, in band order, so that each sum is
// the one `vertical_row` makes. False, with nothing written, where the pair cannot run so: the
// second row is past the tile or outside the input, or its band starts other than PAIR_STEP or
// PAIR_STEP - 1 rows further down.
fn vertical_pair(tile: Tile, r: u32, lane: u32, image: u32, width: u32) -> bool {
    if r + 1u >= tile.rows {
        return false;
    }
    let ra = table_row(tile.y_table, p.y_taps, tile.y_first + r);
    let rb = table_row(tile.y_table, p.y_taps, tile.y_first + r + 1u);
    let start = row_start(ra);
    let step = row_start(rb) - start;
    if y_row_outside(ra) || y_row_outside(rb) || step + 1u < PAIR_STEP || step > PAIR_STEP {
        return false;
    }
    hold_weights(ra, TAPS_Y);
    for (var t = 0u; t < TAPS_Y; t++) {
        held_next[t] = table[rb + 2u + t];
    }
    // One copy of the loop per step the pair may have (PAIR_STEP, or one less where the bands'
    // steps vary), each with its step a constant, so that which loads feed which row is fixed
    // once the loops unroll.
    let top = image + start * (p.src_y / 4u);
    if step == PAIR_STEP {
        pair_sums(r, lane, top, width, PAIR_STEP);
    } else {
        // (max: no underflow in pipelines without pairs, where this is never reached.)
        pair_sums(r, lane, top, width, max(PAIR_STEP, 1u) - 1u);
    }
    return true;
}

// The vertical sums of tile rows `r` and `r + 1`, whose bands start at input rows `top` and
// `top + step`, with their weights in `held` and `held_next`.
fn pair_sums(r: u32, lane: u32, top: u32, width: u32, step: u32) {
    let sy = p.src_y / 4u;
    let sx = column_stride();
    var j = lane;
    if COLUMN_PAIRS {
        for (; j + TILE_W < width; j += 2u * TILE_W) {
            let k = j + TILE_W;
            var sum = vec4<f32>(0.0);
            var next = vec4<f32>(0.0);
            var sum_k = vec4<f32>(0.0);
            var next_k = vec4<f32>(0.0);
            for (var i = 0u; i < TAPS_Y + step; i++) {
                let v = prepare4(load4(top + i * sy + j * sx));
                let u = prepare4(load4(top + i * sy + k * sx));
                if i < TAPS_Y {
                    sum += held[i] * v;
                    sum_k += held[i] * u;
                }
                if i >= step {
                    next += held_next[i - step] * v;
                    next_k += held_next[i - step] * u;
                }
            }
            keep(r, j, width, sum);
            keep(r + 1u, j, width, next);
            keep(r, k, width, sum_k);
            keep(r + 1u, k, width, next_k);
        }
    }
    // The columns left: all of them without column pairs, else at most one.
    for (; j < width; j += TILE_W) {
        var sum = vec4<f32>(0.0);
        var next = vec4<f32>(0.0);
        for (var i = 0u; i < TAPS_Y + step; i++) {
            let v = prepare4(load4(top + i * sy + j * sx));
            if i < TAPS_Y {
                sum += held[i] * v;
            }
            if i >= step {
                next += held_next[i - step] * v;
            }
        }
        keep(r, j, width, sum);
        keep(r + 1u, j, width, next);
    }
}

// Tile row `r`'s vertical sums for every input column of the tile, one band at a time.
fn vertical_row(tile: Tile, r: u32, lane: u32, image: u32, width: u32) {
    let sy = p.src_y / 4u;
    let sx = column_stride();
    let ry = table_row(tile.y_table, p.y_taps, tile.y_first + r);
    // A row outside the input is never read: the horizontal step stores the extrapolation.
    if y_row_outside(ry) {
        return;
    }
    hold_weights(ry, TAPS_Y);
    let top = image + row_start(ry) * sy;
    var j = lane;
    // Not where this runs at the edges of row pairs: the pairs' pipelines were slower with it
    // (item 96).
    if COLUMN_PAIRS && PAIR_STEP == 0u && TAPS_Y != 0u {
        for (; j + TILE_W < width; j += 2u * TILE_W) {
            let k = j + TILE_W;
            var sum = vec4<f32>(0.0);
            var sum_k = vec4<f32>(0.0);
            for (var t = 0u; t < TAPS_Y; t++) {
                let w = weight(ry, TAPS_Y, t);
                sum += w * prepare4(load4(top + t * sy + j * sx));
                sum_k += w * prepare4(load4(top + t * sy + k * sx));
            }
            keep(r, j, width, sum);
            keep(r, k, width, sum_k);
        }
    }
    for (; j < width; j += TILE_W) {
        var sum = vec4<f32>(0.0);
        if TAPS_Y == 0u {
            sum = run_time_band(ry, top + j * sx, sy, p.y_taps);
        } else {
            for (var t = 0u; t < TAPS_Y; t++) {
                sum += weight(ry, TAPS_Y, t) * prepare4(load4(top + t * sy + j * sx));
            }
        }
        keep(r, j, width, sum);
    }
}

// The horizontal taps of each output of the tile from the vertical sums in `sums`.
fn horizontal_step(tile: Tile, lane: u32, band: u32, in_x: u32, width: u32, taps_x: u32) {
    let column = lane_column(lane);
    if column >= tile.columns {
        return;
    }
    let x = tile.x_first + column;
    let rx = table_row(tile.x_table, p.x_taps, x);
    let x_outside = x_row_outside(rx);
    hold_weights(rx, TAPS_X);
    let first = row_start(rx) - in_x;
    let out_base = (tile.n * p.dst_n + x * p.dst_x) / 4u + tile.c4;
    for (var r = band; r < tile.rows; r += GROUP_Y) {
        let y = tile.y_first + r;
        let ry = table_row(tile.y_table, p.y_taps, y);
        var acc = fill4(tile.c4 * 4u);
        if !(x_outside || y_row_outside(ry)) {
            acc = vec4<f32>(0.0);
            let line = r * width + first;
            for (var t = 0u; t < taps_x; t++) {
                acc += weight(rx, TAPS_X, t) * sums[cell(line + t)];
            }
            acc = finish4(acc);
        }
        store4v(out_base + y * (p.dst_y / 4u), acc);
    }
}

// A spare vector after every 2^SPARE_SHIFT of PLANAR's array, 3 or 4 (`choose_plane_spares` in
// src/gpu/sums_layout.rs, by counting bank conflicts).
override SPARE_SHIFT: u32 = 3u;

// The array's vector that holds PLANAR's input column `i`: one spare after every 2^SPARE_SHIFT.
// A warp's lanes keep neighbouring vectors of four elements, each into four vectors 64 bytes
// apart, so that without the spares 32 lanes' words fall into 2 of the 32 banks; with them, into
// 8. H200, 32x3x512² -> 224² antialiased bilinear, fused µs (BENCHMARKS.md tuning log item
// 156): f32 57.8-58.1 -> 48.0-48.2, u8 43.9-44.1 -> 33.8, f16 49.0-49.3 -> 40.4-40.9; and one
// after every 16 where the horizontal step's bands lie 9 vectors apart, as there (item 159):
// 47.5 -> 45.4.
fn slot(i: u32) -> u32 {
    // (0: no spares, as `SumsLayout::slot` reads it.)
    if SPARE_SHIFT == 0u {
        return i;
    }
    return i + (i >> SPARE_SHIFT);
}

// Tile row `r`'s vertical sums `v` of footprint column `j`. With PLANAR, `v` holds four
// neighbouring input columns of one row, kept transposed: vector `slot(i)` of the array holds
// input column `i` of the tile's four rows, so that the horizontal step weighs an output's
// four rows with one vector product a tap, as it weighs a pixel's four channels.
fn keep(r: u32, j: u32, width: u32, v: vec4<f32>) {
    if PLANAR {
        for (var k = 0u; k < 4u; k++) {
            sums[slot(4u * j + k)][r] = v[k];
        }
    } else {
        sums[cell(r * width + j)] = v;
    }
}

// PLANAR's horizontal taps: four neighbouring outputs of the tile's plane an invocation (the
// tile's columns are a multiple of four), each for the tile's rows at once, then stored a row
// at a time as one vector of the four outputs. The four outputs are named, not an array indexed
// in loops, so that they stay in registers whatever the driver unrolls: with the array, bands
// of more than 16 taps ran three to four times slower. H200, NCHW 1x3x1080x1920, fused µs
// (BENCHMARKS.md tuning log item 179): antialiased bicubic -> 216x384 (20 taps) 83.0-84.5 ->
// 26.3-26.6, lanczos3 -> 360x640 (18 taps) 111.0-112.6 -> 27.2-27.5, -> 270x480 (24 taps)
// 93.9-94.0 -> 28.2-28.4; 16 taps or fewer unchanged.
fn horizontal_step_planar(tile: Tile, lane: u32, band: u32, in_x: u32, taps_x: u32) {
    // Every store is of the tile's plane: the channel that `normalized4` reads in pipelines
    // of planes (CHANNEL_KNOWN in common.wgsl).
    known_channel = tile.c4;
    for (var q = band * TILE_W + lane; 4u * q < tile.columns; q += TILE_W * GROUP_Y) {
        let x = tile.x_first + 4u * q;
        // Output x + k of each of the tile's rows.
        let o0 = planar_output(tile, x, in_x, taps_x);
        let o1 = planar_output(tile, x + 1u, in_x, taps_x);
        let o2 = planar_output(tile, x + 2u, in_x, taps_x);
        let o3 = planar_output(tile, x + 3u, in_x, taps_x);
        let out_base = (tile.n * p.dst_n + tile.c4 * p.dst_c + x) / 4u;
        store_planar_row(tile, out_base, 0u, vec4<f32>(o0.x, o1.x, o2.x, o3.x));
        store_planar_row(tile, out_base, 1u, vec4<f32>(o0.y, o1.y, o2.y, o3.y));
        store_planar_row(tile, out_base, 2u, vec4<f32>(o0.z, o1.z, o2.z, o3.z));
        store_planar_row(tile, out_base, 3u, vec4<f32>(o0.w, o1.w, o2.w, o3.w));
    }
}

// Output column `x` of the tile's plane in each of the tile's rows (PLANAR): its horizontal
// taps over the kept sums, or the extrapolation where its band lies outside the input.
fn planar_output(tile: Tile, x: u32, in_x: u32, taps_x: u32) -> vec4<f32> {
    let rx = table_row(tile.x_table, p.x_taps, x);
    if x_row_outside(rx) {
        return vec4<f32>(fill_of(tile.c4));
    }
    var acc = vec4<f32>(0.0);
    let first = row_start(rx) - in_x;
    for (var t = 0u; t < taps_x; t++) {
        acc += table[rx + 2u + t] * sums[slot(first + t)];
    }
    return acc;
}

// Tile row `r`'s four outputs `out` (PLANAR), from the vector at `out_base` of the tile's plane.
fn store_planar_row(tile: Tile, out_base: u32, r: u32, out: vec4<f32>) {
    if r >= tile.rows {
        return;
    }
    let y = tile.y_first + r;
    var value = vec4<f32>(fill_of(tile.c4));
    if !y_row_outside(table_row(tile.y_table, p.y_taps, y)) {
        value = out;
    }
    store4v(out_base + y * (p.dst_y / 4u), value);
}

// Pillow's order, in its fixed point: each footprint row's horizontal sums, rounded to 8 bits,
// then the vertical taps over them.
fn horizontal_first(tile: Tile, lane: u32, band: u32) {
    let taps_y = select(p.y_taps, TAPS_Y, TAPS_Y != 0u);
    let taps_x = select(p.x_taps, TAPS_X, TAPS_X != 0u);
    let sy = p.src_y / 4u;
    let sx = p.src_x / 4u;
    // The input rows the tile's vertical bands cover.
    let rows = covered(tile.y_table, p.y_taps, tile.y_first, tile.rows);
    let in_y = rows.x;
    let height = rows.y;
    let x = tile.x_first + lane;
    let live = lane < tile.columns;
    let rx = table_row(tile.x_table, p.x_taps, min(x, p.out_w - 1u));
    hold_weights(rx, TAPS_X);
    let left = tile.n * (p.src_n / 4u) + tile.c4 + row_start(rx) * sx + in_y * sy;

    if live {
        for (var r = band; r < height; r += GROUP_Y) {
            let line = left + r * sy;
            var whole = vec4<i32>(0);
            for (var t = 0u; t < taps_x; t++) {
                let w = fixed_weight(weight(rx, TAPS_X, t));
                whole += w * prepare4_int(load4_int(line + t * sx));
            }
            sums[r * TILE_W + lane] = vec4<f32>(fixed_round4(whole));
        }
    }
    workgroupBarrier();

    if !live {
        return;
    }
    let x_outside = x_row_outside(rx);
    let out_base = (tile.n * p.dst_n + x * p.dst_x) / 4u + tile.c4;
    for (var r = band; r < tile.rows; r += GROUP_Y) {
        let y = tile.y_first + r;
        let ry = table_row(tile.y_table, p.y_taps, y);
        var acc = fill4(tile.c4 * 4u);
        if !(x_outside || y_row_outside(ry)) {
            let first = row_start(ry) - in_y;
            var total = vec4<i32>(0);
            for (var t = 0u; t < taps_y; t++) {
                let w = fixed_weight(table[ry + 2u + t]);
                total += w * vec4<i32>(sums[(first + t) * TILE_W + lane]);
            }
            acc = finish4(vec4<f32>(fixed_round4(total)));
        }
        store4v(out_base + y * (p.dst_y / 4u), acc);
    }
}
