// Gather, vector form: f32 NHWC tensors whose channel count is a multiple of 4. Each invocation
// computes one pixel's group of four channels with 16-byte loads and stores. The grid is 3-D
// (x: output column, y: output row, z: image and channel group), so no index needs a division
// but the channel-group split.

@group(0) @binding(2) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> dst: array<vec4<f32>>;

// Taps per axis fixed at pipeline creation, so that the loops unroll; 0 reads them from `p`.
override TAPS_Y: u32 = 0u;
override TAPS_X: u32 = 0u;

@compute @workgroup_size(64, 4, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let x = gid.x;
    let y = gid.y;
    if x >= p.out_w || y >= p.out_h {
        return;
    }
    let groups_per_pixel = p.channels / 4u;
    let n = gid.z / groups_per_pixel;
    let c4 = gid.z % groups_per_pixel;
    let out_index = (n * p.dst_n + y * p.dst_y + x * p.dst_x) / 4u + c4;

    let ry = table_row(p.y_table, p.y_taps, y);
    let rx = table_row(p.x_table, p.x_taps, x);
    if row_outside(ry) || row_outside(rx) {
        dst[out_index] = vec4<f32>(p.extrapolation);
        return;
    }
    let taps_y = select(p.y_taps, TAPS_Y, TAPS_Y != 0u);
    let taps_x = select(p.x_taps, TAPS_X, TAPS_X != 0u);
    // Strides in vec4 units: every NHWC stride is a multiple of the channel count.
    let sy = p.src_y / 4u;
    let sx = p.src_x / 4u;
    let base = n * (p.src_n / 4u) + c4 + row_start(rx) * sx;
    let y0 = row_start(ry);
    var acc = vec4<f32>(0.0);
    for (var ty = 0u; ty < taps_y; ty++) {
        let line = base + (y0 + ty) * sy;
        var sum = vec4<f32>(0.0);
        for (var tx = 0u; tx < taps_x; tx++) {
            sum += table[rx + 2u + tx] * src[line + tx * sx];
        }
        acc += table[ry + 2u + ty] * sum;
    }
    dst[out_index] = acc;
}
