// Wide gather: RGBA u8 buffers in integer lanes (`lanes_u8.wgsl`), one or two taps on each axis,
// four neighbouring output pixels per invocation and row, written with one 16-byte store. The
// host takes it for bilinear and nearest enlargements by 2 or more whose output width is a
// multiple of 4 and that leave enough invocations (`wide_rows` in src/gpu/launch.rs). The vector
// gather writes one 4-byte word per invocation and row, and each of its invocations reads its
// column's table row, band start and weights; here one invocation does that bookkeeping for four
// columns and each row's vertical table reads serve four outputs (H200, 1080p -> 2160p: bilinear
// 27.4 -> 21.7 µs, nearest 21.7 -> 16.0; BENCHMARKS.md tuning log items 75 and 78). The sums and
// their rounding are the vector gather's integer lanes', so the bytes are the same.

// Taps per axis, 1 or 2.
override TAPS_Y: u32 = 2u;
override TAPS_X: u32 = 2u;
// Output rows per invocation; neighbouring rows share their input rows, as in the vector
// gather's `lane_rows`.
override ROWS: u32 = 16u;
override GROUP_X: u32 = 64u;
override GROUP_Y: u32 = 4u;
// Output pixels per invocation and row: one 16-byte store.
const COLUMNS: u32 = 4u;

// The destination, four RGBA u8 pixels (four words) per element.
@group(0) @binding(3) var<storage, read_write> dst: array<vec4<u32>>;

@compute @workgroup_size(GROUP_X, GROUP_Y, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let x4 = gid.x * COLUMNS;
    let first_row = gid.y * ROWS;
    if x4 >= p.out_w || first_row >= p.out_h {
        return;
    }
    let n = gid.z;
    // Strides in words: one word per RGBA pixel.
    let sy = p.src_y / 4u;
    let sx = p.src_x / 4u;
    let image = (n * p.src_n) / 4u;
    // The extrapolation values' word (one RGBA pixel), for outputs that map outside the input.
    let fill = word_of_bytes(u8_of4(fill4(0u)));
    // Each column's first input word and weights. A column outside the input keeps weights of
    // 0 and loads from its image's first column, so that every load stays inside the input.
    var bases: array<u32, COLUMNS>;
    var w0: array<u32, COLUMNS>;
    var w1: array<u32, COLUMNS>;
    var outside: array<bool, COLUMNS>;
    for (var j = 0u; j < COLUMNS; j++) {
        let rx = table_row(p.x_table + n * p.x_image_stride, p.x_taps, x4 + j);
        outside[j] = x_row_outside(rx);
        bases[j] = image;
        w0[j] = 0u;
        w1[j] = 0u;
        if !outside[j] {
            bases[j] = image + row_start(rx) * sx;
            w0[j] = bitcast<u32>(table[rx + 2u]);
            if TAPS_X == 2u {
                w1[j] = bitcast<u32>(table[rx + 3u]);
            }
        }
    }
    let out_base = (n * p.dst_n + x4 * p.dst_x) / 4u;
    let last_row = min(first_row + ROWS, p.out_h);
    // The horizontal sums of the last two input rows, kept while the bands move down by one
    // row or stay.
    var have = false;
    var top = 0u;
    var h0: array<vec2<u32>, COLUMNS>;
    var h1: array<vec2<u32>, COLUMNS>;
    for (var y = first_row; y < last_row; y++) {
        let ry = table_row(p.y_table + n * p.y_image_stride, p.y_taps, y);
        let at = (out_base + y * (p.dst_y / 4u)) / COLUMNS;
        if y_row_outside(ry) {
            dst[at] = vec4<u32>(fill);
            continue;
        }
        let y0 = row_start(ry);
        if TAPS_Y == 1u {
            if !have || y0 != top {
                for (var j = 0u; j < COLUMNS; j++) {
                    h0[j] = row_lanes(bases[j] + y0 * sy, sx, w0[j], w1[j]);
                }
            }
        } else if have && y0 == top + 1u {
            for (var j = 0u; j < COLUMNS; j++) {
                h0[j] = h1[j];
                h1[j] = row_lanes(bases[j] + (y0 + 1u) * sy, sx, w0[j], w1[j]);
            }
        } else if !have || y0 != top {
            for (var j = 0u; j < COLUMNS; j++) {
                h0[j] = row_lanes(bases[j] + y0 * sy, sx, w0[j], w1[j]);
                h1[j] = row_lanes(bases[j] + (y0 + 1u) * sy, sx, w0[j], w1[j]);
            }
        }
        have = true;
        top = y0;
        let a = bitcast<u32>(table[ry + 2u]);
        var b = 0u;
        if TAPS_Y == 2u {
            b = bitcast<u32>(table[ry + 3u]);
        }
        var words: vec4<u32>;
        for (var j = 0u; j < COLUMNS; j++) {
            words[j] = select(lanes_word(a * h0[j] + b * h1[j]), fill, outside[j]);
        }
        dst[at] = words;
    }
}

// One input row's horizontal taps in integer lanes, from its first word `at`.
fn row_lanes(at: u32, sx: u32, w0: u32, w1: u32) -> vec2<u32> {
    if TAPS_X == 1u {
        return w0 * load_lanes(at);
    }
    return w0 * load_lanes(at) + w1 * load_lanes(at + sx);
}
