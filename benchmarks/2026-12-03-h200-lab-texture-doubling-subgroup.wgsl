// LAB: exact doublings from an RGBA texture, each invocation loading its own texel of a row and
// taking its neighbours' from the invocations beside it in its subgroup (a shuffle), loading a
// neighbour itself only where the invocation beside it holds another column (the subgroup's
// ends). No barrier. Every invocation runs every row, so that the shuffles see the whole subgroup.

@compute @workgroup_size(GROUP_X, GROUP_Y, 1)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(subgroup_invocation_id) lane: u32,
    @builtin(subgroup_size) lanes: u32,
) {
    let in_w = p.out_w / 2u;
    let in_h = p.out_h / 2u;
    let x = gid.x;
    let first = gid.y * ROWS;
    let n = gid.z;
    let sy = p.src_y / 4u;
    let sx = p.src_x / 4u;
    let image = n * (p.src_n / 4u);
    // Columns (clamped): this invocation's, its left and its right neighbour's.
    let own_column = min(x, in_w - 1u);
    let left_column = max(own_column, 1u) - 1u;
    let right_column = min(own_column + 1u, in_w - 1u);
    // What the invocations beside this one hold, and the same row: their texel serves here.
    let first_row = min(first, in_h - 1u);
    let key = own_column | (first_row << 16u) | (n << 28u);
    let left_key = subgroupShuffleUp(key, 1u);
    let right_key = subgroupShuffleDown(key, 1u);
    let left_shared = lane > 0u && left_key == (left_column | (first_row << 16u) | (n << 28u));
    let right_shared = lane + 1u < lanes && right_key == (right_column | (first_row << 16u) | (n << 28u));
    let own = image + own_column * sx;
    let left_at = image + left_column * sx;
    let right_at = image + right_column * sx;
    let writes = x < in_w;
    let dy = p.dst_y / 4u;
    var pair = (n * (p.dst_n / 4u) + 2u * first * dy + 2u * x * (p.dst_x / 4u)) / 2u;
    let pair_row = dy / 2u;
    var above = row_sums((max(first, 1u) - 1u) * sy, own, left_at, right_at, left_shared, right_shared);
    var here = row_sums(min(first, in_h - 1u) * sy, own, left_at, right_at, left_shared, right_shared);
    for (var r = 0u; r < ROWS; r++) {
        let y = first + r;
        let below = row_sums(min(y + 1u, in_h - 1u) * sy, own, left_at, right_at, left_shared, right_shared);
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

fn row_sums(row: u32, own: u32, left_at: u32, right_at: u32, left_shared: bool, right_shared: bool) -> array<Sum, 2> {
    let centre = load_sum(row + own);
    var left = subgroupShuffleUp(centre, 1u);
    var right = subgroupShuffleDown(centre, 1u);
    if !left_shared {
        left = load_sum(row + left_at);
    }
    if !right_shared {
        right = load_sum(row + right_at);
    }
    return array<Sum, 2>(
        weigh(WX0A, left) + weigh(WX0B, centre),
        weigh(WX1A, centre) + weigh(WX1B, right),
    );
}
