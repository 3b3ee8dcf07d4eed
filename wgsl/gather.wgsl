// Gather: each invocation computes four consecutive output elements (any layout, any channel
// count), each from all taps of both axes. With one axis' table the identity, this is also one
// pass of the separable path.

fn resample(flat: u32) -> f32 {
    let pos = decode_output(flat);
    let ry = table_row(p.y_table + pos.n * p.y_image_stride, p.y_taps, pos.y);
    let rx = table_row(p.x_table + pos.n * p.x_image_stride, p.x_taps, pos.x);
    if y_row_outside(ry) || x_row_outside(rx) {
        return p.extrapolation;
    }
    let base = pos.n * p.src_n + pos.c * p.src_c + row_start(rx) * p.src_x;
    let y0 = row_start(ry);
    if FIXED_POINT {
        var total = 0;
        for (var ty = 0u; ty < p.y_taps; ty++) {
            let line = base + (y0 + ty) * p.src_y;
            var row = 0;
            for (var tx = 0u; tx < p.x_taps; tx++) {
                row += fixed_weight(table[rx + 2u + tx]) * load_int(line + tx * p.src_x);
            }
            total += fixed_weight(table[ry + 2u + ty]) * fixed_round(row);
        }
        return f32(fixed_round(total));
    }
    var acc = 0.0;
    for (var ty = 0u; ty < p.y_taps; ty++) {
        let line = base + (y0 + ty) * p.src_y;
        var row = 0.0;
        for (var tx = 0u; tx < p.x_taps; tx++) {
            row += table[rx + 2u + tx] * prepare1(load(line + tx * p.src_x));
        }
        acc += table[ry + 2u + ty] * row;
    }
    return finish1(acc);
}

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let word = gid.x + gid.y * p.row_stride;
    let first = word * 4u;
    if first >= p.total {
        return;
    }
    let count = min(4u, p.total - first);
    var values = vec4<f32>(0.0);
    for (var k = 0u; k < count; k++) {
        values[k] = resample(first + k);
    }
    store4(word, values, count);
}
