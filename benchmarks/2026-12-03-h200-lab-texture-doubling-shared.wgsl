// Exact doublings from an RGBA texture: the outputs of `gather_doubling.wgsl` (one invocation per
// input column writes the 2 x 2 outputs of each of ROWS input pixels, by the phases' weights and
// no table), but each input row's texels are loaded once for a row of the workgroup into
// workgroup memory, from which every invocation of that row takes its column and its two
// neighbours. Loading the three from the texture took most of the time of a texture read into a
// tensor: on an H200, u8 1080p -> 2160p from `rgba8unorm`, 33.8 µs as three loads a row, 19.2
// with one (wrong values; BENCHMARKS.md tuning log item 146).
//
// Every invocation runs every row's barrier: those past the input's right edge or its last row
// load clamped texels and store nothing.
//
// The element files in front of this one give `Sum`, `load_sum` (`float_sums.wgsl`,
// `doubling_floats.wgsl`) and `store_pair` (a texture's texels or an RGBA buffer's pairs);
// `doubling_phases.wgsl` the constants. The host runs it in workgroups of TILE_X x TILE_Y.

const TILE_X: u32 = 64u;
const TILE_Y: u32 = 4u;

// Two slots of TILE_Y rows of TILE_X + 2 texels, alternating from one input row to the next so
// that one barrier a row suffices: entry i of a row is input column x0 - 1 + i (clamped), where
// x0 is the workgroup's first column.
var<workgroup> tile: array<array<Sum, TILE_X + 2u>, 2u * TILE_Y>;

@compute @workgroup_size(TILE_X, TILE_Y, 1)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_id) lid: vec3<u32>,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    let in_w = p.out_w / 2u;
    let in_h = p.out_h / 2u;
    let x = gid.x;
    let first = gid.y * ROWS;
    let n = gid.z;
    // Strides in four-channel groups.
    let sy = p.src_y / 4u;
    let sx = p.src_x / 4u;
    let image = n * (p.src_n / 4u);
    // This invocation's texel of each row is column x0 - 1 + lid.x, and the first two
    // invocations' second texels are the row's last two entries.
    let x0 = wid.x * TILE_X;
    let own = image + min(max(x0 + lid.x, 1u) - 1u, in_w - 1u) * sx;
    let extra = image + min(x0 + TILE_X - 1u + lid.x, in_w - 1u) * sx;
    let writes = x < in_w;
    // The output pair of the first row: groups 2x and 2x + 1 of output row 2 * first.
    let dy = p.dst_y / 4u;
    var pair = (n * (p.dst_n / 4u) + 2u * first * dy + 2u * x * (p.dst_x / 4u)) / 2u;
    let pair_row = dy / 2u;
    var above = row_sums(0u, (max(first, 1u) - 1u) * sy, lid.xy, own, extra);
    var here = row_sums(1u, min(first, in_h - 1u) * sy, lid.xy, own, extra);
    for (var r = 0u; r < ROWS; r++) {
        let y = first + r;
        let below = row_sums(r % 2u, min(y + 1u, in_h - 1u) * sy, lid.xy, own, extra);
        if writes && y < in_h {
            store_pair(
                pair,
                weigh(WY0A, above[0]) + weigh(WY0B, here[0]),
                weigh(WY0A, above[1]) + weigh(WY0B, here[1]),
            );
            store_pair(
                pair + pair_row,
                weigh(WY1A, here[0]) + weigh(WY1B, below[0]),
                weigh(WY1A, here[1]) + weigh(WY1B, below[1]),
            );
        }
        above = here;
        here = below;
        pair += 2u * pair_row;
    }
}

// The horizontal sums of the invocation's two outputs in the input row at word offset `row`,
// through slot `slot` of the tile: each invocation loads its texel (and the first two their
// second), a barrier, then each reads its column's neighbours.
fn row_sums(slot: u32, row: u32, at: vec2<u32>, own: u32, extra: u32) -> array<Sum, 2> {
    let line = slot * TILE_Y + at.y;
    tile[line][at.x] = load_sum(row + own);
    if at.x < 2u {
        tile[line][TILE_X + at.x] = load_sum(row + extra);
    }
    workgroupBarrier();
    let left = tile[line][at.x];
    let centre = tile[line][at.x + 1u];
    let right = tile[line][at.x + 2u];
    return array<Sum, 2>(
        weigh(WX0A, left) + weigh(WX0B, centre),
        weigh(WX1A, centre) + weigh(WX1B, right),
    );
}
