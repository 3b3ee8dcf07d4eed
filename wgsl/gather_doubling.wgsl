// Exact doublings: an enlargement by exactly 2 along both axes whose tables repeat every two
// outputs, as bilinear and nearest with half-pixel centres do. Output 2i + k along an axis
// weighs inputs i - 1 + k and i + k (clamped to the axis) by its phase's two weights, the same
// for every i; so one invocation per input column writes the 2 x 2 outputs of each of ROWS
// input rows from that column and its two neighbours, the rows' horizontal sums shared between
// the output rows above and below them, with no table read. The host takes it where every row
// of both tables equals the phases' weights, edges included (src/gpu/doubling.rs).
//
// Why this form: on an H200, 1080p -> 2160p RGBA, the vector and wide gathers write output
// rows (one invocation per output column, 4 or 16 rows) and took 22.0 µs for u8 and 32.9 for
// f16, where this took 15.6 and 27.5 with the same bytes (BENCHMARKS.md tuning log item 88). It
// lost for f32, whose two-pixel stores are 32 bytes (47.7 -> 64.3), which keeps the vector
// gather.
//
// The element files in front of this one give the sums' type `Sum`, `load_sum`, `weigh`,
// `between_axes`, `vertical` and `store_pair`: `doubling_lanes.wgsl` for u8 buffers;
// `float_sums.wgsl`, `doubling_floats.wgsl` and a destination (`f16_pairs.wgsl`,
// `doubling_texture.wgsl`) for f16 buffers and textures. `doubling_phases.wgsl` gives the
// constants.

// The input column's word offsets of the left neighbour, the column and the right neighbour
// (clamped), for `row_sums`.
var<private> columns: vec3<u32>;

@compute @workgroup_size(GROUP_X, GROUP_Y, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let in_w = p.out_w / 2u;
    let in_h = p.out_h / 2u;
    let x = gid.x;
    let first = gid.y * ROWS;
    if x >= in_w || first >= in_h {
        return;
    }
    let n = gid.z;
    // Strides in four-channel groups.
    let sy = p.src_y / 4u;
    let sx = p.src_x / 4u;
    let image = n * (p.src_n / 4u);
    columns = image + vec3<u32>(max(x, 1u) - 1u, x, min(x + 1u, in_w - 1u)) * sx;
    // The output pair of the first row: groups 2x and 2x + 1 of output row 2 * first, which is
    // always an even group (the output width is even), so pairs are whole elements.
    let dy = p.dst_y / 4u;
    var pair = (n * (p.dst_n / 4u) + 2u * first * dy + 2u * x * (p.dst_x / 4u)) / 2u;
    let pair_row = dy / 2u;
    var above = row_sums((max(first, 1u) - 1u) * sy);
    var here = row_sums(first * sy);
    for (var r = 0u; r < ROWS; r++) {
        let y = first + r;
        if y >= in_h {
            break;
        }
        let below = row_sums(min(y + 1u, in_h - 1u) * sy);
        store_pair(
            pair,
            vertical(WY0A, above[0], WY0B, here[0]),
            vertical(WY0A, above[1], WY0B, here[1]),
        );
        store_pair(
            pair + pair_row,
            vertical(WY1A, here[0], WY1B, below[0]),
            vertical(WY1A, here[1], WY1B, below[1]),
        );
        above = here;
        here = below;
        pair += 2u * pair_row;
    }
}

// The horizontal sums of the column's two outputs in the input row at word offset `row`, as the
// vertical taps weigh them (`between_axes`).
fn row_sums(row: u32) -> array<Sum, 2> {
    let left = load_sum(row + columns.x);
    let centre = load_sum(row + columns.y);
    let right = load_sum(row + columns.z);
    return array<Sum, 2>(
        between_axes(weigh(WX0A, left) + weigh(WX0B, centre)),
        between_axes(weigh(WX1A, centre) + weigh(WX1B, right)),
    );
}
