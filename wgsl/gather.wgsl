// Gather: each invocation computes four consecutive output elements (any layout, any channel
// count), each from all taps of both axes. With one axis' table the identity, this is also one
// pass of the separable path.

fn resample(flat: u32) -> f32 {
    let pos = decode_output(flat);
    let ry = table_row(p.y_table + pos.n * p.y_image_stride, p.y_taps, pos.y);
    let rx = table_row(p.x_table + pos.n * p.x_image_stride, p.x_taps, pos.x);
    if y_row_outside(ry) || x_row_outside(rx) {
        return fill_of(pos.c);
    }
    if GATHER_ARITHMETIC == 5u || GATHER_ARITHMETIC == 6u {
        return onnx_f32(pos, ry, rx);
    }
    if GATHER_ARITHMETIC != 0u {
        return opencv_fixed(pos, ry, rx);
    }
    let base = pos.n * p.src_n + pos.c * p.src_c + row_start(rx) * p.src_x;
    let y0 = row_start(ry);
    if FIXED_POINT && PILLOW_REDUCE {
        var sum = 0u;
        var rows = 0u;
        var columns = 0u;
        for (var tx = 0u; tx < p.x_taps; tx++) {
            columns += u32(fixed_weight(table[rx + 2u + tx]) != 0);
        }
        for (var ty = 0u; ty < p.y_taps; ty++) {
            if fixed_weight(table[ry + 2u + ty]) == 0 {
                continue;
            }
            rows++;
            let line = base + (y0 + ty) * p.src_y;
            for (var tx = 0u; tx < p.x_taps; tx++) {
                if fixed_weight(table[rx + 2u + tx]) != 0 {
                    sum += u32(load_int(line + tx * p.src_x));
                }
            }
        }
        return f32(pillow_block_average(sum, rows * columns));
    }
    if FIXED_POINT && FIXED_Y_FIRST {
        var total = 0;
        for (var tx = 0u; tx < p.x_taps; tx++) {
            let column = base + tx * p.src_x;
            var sum = 0;
            for (var ty = 0u; ty < p.y_taps; ty++) {
                sum += fixed_weight(table[ry + 2u + ty]) * load_int(column + (y0 + ty) * p.src_y);
            }
            total += fixed_weight(table[rx + 2u + tx]) * fixed_round(sum);
        }
        return f32(fixed_round(total));
    }
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

// OpenCV's INTER_LINEAR (GATHER_ARITHMETIC 1), INTER_LANCZOS4 (2) and INTER_LINEAR_EXACT (3) on
// 8-bit images, as `cv2.resize` computes them: each input row's horizontal taps summed in integers
// of weights times 2^11 (2^8 for INTER_LINEAR_EXACT); then for INTER_LINEAR each vertical tap as
// `((row >> 4) * weight) >> 16`, summed and rounded as `(sum + 2) >> 2`; for the others the
// vertical taps summed exactly and rounded as `(sum + 2^21) >> 22` (`(sum + 2^15) >> 16`). The
// weights are those integers' bits (`fixed_weight`). The vertical table is padded by OPENCV_PAD
// indices at each end (`AxisWeights::opencv_*`): index i reads row clamp(i - OPENCV_PAD) into
// the rows the table reads (`padded_input`), so that taps past an edge read its row with their
// own weights, as OpenCV's do; the horizontal table is folded onto the input
// (`AxisWeights::fold_opencv_padding`). The sums wrap in 32 bits, as OpenCV's `int` sums do.
fn opencv_fixed(pos: Position, ry: u32, rx: u32) -> f32 {
    let line = pos.n * p.src_n + pos.c * p.src_c + row_start(rx) * p.src_x;
    var total = 0;
    for (var ty = 0u; ty < p.y_taps; ty++) {
        let y = padded_input(ry, ty);
        var row = 0;
        for (var tx = 0u; tx < p.x_taps; tx++) {
            row += fixed_weight(table[rx + 2u + tx]) * load_int(line + y * p.src_y + tx * p.src_x);
        }
        total += opencv_tap(row, fixed_weight(table[ry + 2u + ty]));
    }
    return f32(opencv_byte(total));
}

// ONNX Runtime's plain linear on uint8 in its f32 steps (GATHER_ARITHMETIC 5 and 6;
// `OnnxLinearU8::Float` and `FloatAcrossChannels` in src/gather_arithmetic.rs): the four
// products `(wb * wa) * byte` of a 2 x 2 block as `onnx_f32_block` sums and truncates them.
// Its axes (a, b) are (y, x), from both padded tables read at clamped indices; across channels
// (6) they are (x, channel), the row kept, the channel's weights 1 and 0 on itself and the
// next, 1/2 and 1/2 on the last channel itself.
fn onnx_f32(pos: Position, ry: u32, rx: u32) -> f32 {
    var base = pos.n * p.src_n;
    var a: vec2<u32>;
    var wa: vec2<f32>;
    var b: vec2<u32>;
    var wb: vec2<f32>;
    var stride_a: u32;
    var stride_b: u32;
    if GATHER_ARITHMETIC == 6u {
        base += pos.y * p.src_y;
        a = padded_pair(rx);
        wa = vec2<f32>(table[rx + 2u], table[rx + 3u]);
        let last = pos.c + 1u == p.channels;
        b = vec2<u32>(pos.c, select(pos.c + 1u, pos.c, last));
        wb = select(vec2<f32>(1.0, 0.0), vec2<f32>(0.5), last);
        stride_a = p.src_x;
        stride_b = p.src_c;
    } else {
        base += pos.c * p.src_c;
        a = padded_pair(ry);
        wa = vec2<f32>(table[ry + 2u], table[ry + 3u]);
        b = padded_pair(rx);
        wb = vec2<f32>(table[rx + 2u], table[rx + 3u]);
        stride_a = p.src_y;
        stride_b = p.src_x;
    }
    let top = base + a.x * stride_a;
    let bottom = base + a.y * stride_a;
    let block = onnx_f32_block(
        wa,
        wb,
        vec4<f32>(load(top + b.x * stride_b)),
        vec4<f32>(load(top + b.y * stride_b)),
        vec4<f32>(load(bottom + b.x * stride_b)),
        vec4<f32>(load(bottom + b.y * stride_b)),
    );
    return block.x;
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
