// Gather, vector form: f32 NHWC tensors whose channel count is a multiple of 4. Each invocation
// computes one pixel's group of four channels with 16-byte loads and stores.

@group(0) @binding(2) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> dst: array<vec4<f32>>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let group = gid.x + gid.y * p.row_stride;
    if group * 4u >= p.total {
        return;
    }
    // Output position of this channel group; strides below are in vec4 units.
    let groups_per_pixel = p.channels / 4u;
    let c4 = group % groups_per_pixel;
    let pixel = group / groups_per_pixel;
    let x = pixel % p.out_w;
    let row = pixel / p.out_w;
    let y = row % p.out_h;
    let n = row / p.out_h;

    let ry = table_row(p.y_table, p.y_taps, y);
    let rx = table_row(p.x_table, p.x_taps, x);
    if row_outside(ry) || row_outside(rx) {
        dst[group] = vec4<f32>(p.extrapolation);
        return;
    }
    let sy = p.src_y / 4u;
    let sx = p.src_x / 4u;
    let base = n * (p.src_n / 4u) + c4 + row_start(rx) * sx;
    let y0 = row_start(ry);
    var acc = vec4<f32>(0.0);
    for (var ty = 0u; ty < p.y_taps; ty++) {
        let line = base + (y0 + ty) * sy;
        var sum = vec4<f32>(0.0);
        for (var tx = 0u; tx < p.x_taps; tx++) {
            sum += table[rx + 2u + tx] * src[line + tx * sx];
        }
        acc += table[ry + 2u + ty] * sum;
    }
    dst[group] = acc;
}
