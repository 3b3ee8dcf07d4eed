// The taps of one output position for the u8 gathers of strided groups (`gather_quad.wgsl`,
// `gather_staged.wgsl`, which declare TAPS_Y and TAPS_X): in f32, each input converted on its
// way to the taps (`prepare4`: linear light), or in Pillow's fixed point, which rounds the
// horizontal sums of each input row to 8 bits before the vertical taps.

// The horizontal taps of input row `row` for the column whose table row is `rx` and whose
// first input (row 0) is element `base`.
fn row_sum(rx: u32, base: u32, row: u32) -> vec4<f32> {
    let taps_x = select(p.x_taps, TAPS_X, TAPS_X != 0u);
    let line = base + row * p.src_y;
    var sum = vec4<f32>(0.0);
    for (var tx = 0u; tx < taps_x; tx++) {
        sum += table[rx + 2u + tx] * prepare4(load4(line + tx * p.src_x));
    }
    return sum;
}

// The taps of one output position: the row band at table row `ry`, the column band at table
// row `rx`, whose first input (row 0) is element `base`.
fn column_sum(ry: u32, rx: u32, base: u32) -> vec4<f32> {
    let taps_y = select(p.y_taps, TAPS_Y, TAPS_Y != 0u);
    let taps_x = select(p.x_taps, TAPS_X, TAPS_X != 0u);
    let y0 = row_start(ry);
    if FIXED_POINT {
        var total = vec4<i32>(0);
        for (var ty = 0u; ty < taps_y; ty++) {
            let line = base + (y0 + ty) * p.src_y;
            var sum = vec4<i32>(0);
            for (var tx = 0u; tx < taps_x; tx++) {
                let w = fixed_weight(table[rx + 2u + tx]);
                sum += w * load4_int(line + tx * p.src_x);
            }
            total += fixed_weight(table[ry + 2u + ty]) * fixed_round4(sum);
        }
        return vec4<f32>(fixed_round4(total));
    }
    var acc = vec4<f32>(0.0);
    for (var ty = 0u; ty < taps_y; ty++) {
        acc += table[ry + 2u + ty] * row_sum(rx, base, y0 + ty);
    }
    return acc;
}
