// Fused tiled: one dispatch, separable arithmetic without an intermediate in device memory.
// A workgroup owns a TILE_W x TILE_H block of outputs (one four-channel group each, NHWC with
// channels a multiple of 4). It stages its input footprint in workgroup memory, reading each
// input once, runs the horizontal taps from there into a second workgroup array, then the
// vertical taps from that. The arrays are sized per spec at pipeline creation, from the widest
// footprint of any tile (`fused_fits` in src/gpu/mod.rs), so that small footprints leave room
// for many workgroups per multiprocessor.

const TILE_W: u32 = 16u;
const TILE_H: u32 = 8u;
// Capacities in four-channel groups: input footprint, horizontal results (TILE_W per row).
override INPUT_CAPACITY: u32 = 1280u;
override MID_CAPACITY: u32 = 512u;

override TAPS_Y: u32 = 0u;
override TAPS_X: u32 = 0u;

var<workgroup> footprint: array<vec4<f32>, INPUT_CAPACITY>;
var<workgroup> horizontal: array<vec4<f32>, MID_CAPACITY>;

@compute @workgroup_size(16, 8, 1)
fn main(
    @builtin(workgroup_id) tile: vec3<u32>,
    @builtin(local_invocation_id) local: vec3<u32>,
) {
    let taps_y = select(p.y_taps, TAPS_Y, TAPS_Y != 0u);
    let taps_x = select(p.x_taps, TAPS_X, TAPS_X != 0u);
    let groups_per_pixel = p.channels / 4u;
    let n = tile.z / groups_per_pixel;
    let c4 = tile.z % groups_per_pixel;

    // The tile's outputs and the input rectangle their taps cover.
    let x_first = tile.x * TILE_W;
    let y_first = tile.y * TILE_H;
    let x_last = min(x_first + TILE_W, p.out_w) - 1u;
    let y_last = min(y_first + TILE_H, p.out_h) - 1u;
    let in_x = row_start(table_row(p.x_table, p.x_taps, x_first));
    let in_y = row_start(table_row(p.y_table, p.y_taps, y_first));
    let width = row_start(table_row(p.x_table, p.x_taps, x_last)) + taps_x - in_x;
    let height = row_start(table_row(p.y_table, p.y_taps, y_last)) + taps_y - in_y;
    let columns = x_last - x_first + 1u;

    // Stage the footprint: every input of it read once, rows spread over the workgroup.
    let sy = p.src_y / 4u;
    let sx = p.src_x / 4u;
    let base = n * (p.src_n / 4u) + c4 + in_y * sy + in_x * sx;
    for (var r = local.y; r < height; r += TILE_H) {
        for (var c = local.x; c < width; c += TILE_W) {
            footprint[r * width + c] = prepare4(load4(base + r * sy + c * sx));
        }
    }
    workgroupBarrier();

    // Horizontal taps for every footprint row and every output column of the tile.
    let fixed = FIXED_POINT;
    for (var r = local.y; r < height; r += TILE_H) {
        let c = local.x;
        if c < columns {
            let rx = table_row(p.x_table, p.x_taps, x_first + c);
            let first = r * width + row_start(rx) - in_x;
            var sum = vec4<f32>(0.0);
            if fixed {
                var whole = vec4<i32>(0);
                for (var tx = 0u; tx < taps_x; tx++) {
                    whole += fixed_weight(table[rx + 2u + tx]) * vec4<i32>(footprint[first + tx]);
                }
                sum = vec4<f32>(fixed_round4(whole));
            } else {
                for (var tx = 0u; tx < taps_x; tx++) {
                    sum += table[rx + 2u + tx] * footprint[first + tx];
                }
            }
            horizontal[r * TILE_W + c] = sum;
        }
    }
    workgroupBarrier();

    // Vertical taps: one output per invocation.
    let x = x_first + local.x;
    let y = y_first + local.y;
    if x > x_last || y > y_last {
        return;
    }
    let ry = table_row(p.y_table, p.y_taps, y);
    let rx = table_row(p.x_table, p.x_taps, x);
    var acc = vec4<f32>(p.extrapolation);
    if !(row_outside(ry) || row_outside(rx)) {
        acc = vec4<f32>(0.0);
        let first = row_start(ry) - in_y;
        if fixed {
            var total = vec4<i32>(0);
            for (var ty = 0u; ty < taps_y; ty++) {
                let row = vec4<i32>(horizontal[(first + ty) * TILE_W + local.x]);
                total += fixed_weight(table[ry + 2u + ty]) * row;
            }
            acc = vec4<f32>(fixed_round4(total));
        } else {
            for (var ty = 0u; ty < taps_y; ty++) {
                acc += table[ry + 2u + ty] * horizontal[(first + ty) * TILE_W + local.x];
            }
        }
        acc = finish4(acc);
    }
    store4v((n * p.dst_n + y * p.dst_y + x * p.dst_x) / 4u + c4, acc);
}
