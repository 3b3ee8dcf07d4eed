// The taps of one output position for the u8 gathers of strided groups (`gather_quad.wgsl`,
// `gather_staged.wgsl`, which declare TAPS_Y, TAPS_X and PLANAR): in f32, each input converted
// on its way to the taps (`prepare4`: linear light), or in integers to the stored bytes:
// Pillow's fixed point, which rounds the horizontal sums of each input row to 8 bits before
// the vertical taps, OpenCV's, which rounds its vertical taps its own way, and dyadic weights,
// which sum exactly.

// Whether a column's horizontal taps are consecutive bytes, read as words (`load_window`): u8
// NHWC pixels whose group is every channel, with two or more taps baked in. Each tap of a
// group is then GROUP_CHANNELS bytes of the window instead of as many word loads (H200, RGB u8:
// Pillow lanczos 4K -> 1080p 149.7 -> 140.6 µs, 1080p x2 61.4 -> 58.9). A single tap (a
// vertical pass) lost: two word loads instead of three loads of mostly one word.
fn taps_are_bytes() -> bool {
    return SOURCE_BYTES && TAPS_X > 1u && !PLANAR;
}

// Whether a band of `taps` taps read at run time (wider than the baked counts) is read in
// windows of `window_taps()` taps each, as `taps_are_bytes` for baked bands: where it fills two
// windows or more (H200, Pillow RGB u8 4K -> 640x360 lanczos, 36 taps, 134.0 -> 110.3 µs;
// -> 480x270 bicubic, 32 taps, 97.0 -> 75.5). A band of 17 taps, one window and a sliver, lost
// (-> 1366x768 lanczos 145.3 -> 157.0) and keeps its byte loads.
fn wide_taps_are_bytes(taps: u32) -> bool {
    return SOURCE_BYTES && TAPS_X == 0u && !PLANAR && taps >= 2u * window_taps();
}

// Taps of a full window: WINDOW_WORDS words of GROUP_CHANNELS-byte groups.
fn window_taps() -> u32 {
    return 4u * WINDOW_WORDS / GROUP_CHANNELS;
}

// Byte `b` of a window of words.
fn window_byte(words: array<u32, WINDOW_WORDS>, b: u32) -> u32 {
    var w = words;
    return (w[b >> 2u] >> ((b & 3u) * 8u)) & 0xffu;
}

// The group of tap `tx` from a window of the column's horizontal taps.
fn window_group(words: array<u32, WINDOW_WORDS>, tx: u32) -> vec4<u32> {
    var v = vec4<u32>(0u);
    for (var k = 0u; k < GROUP_CHANNELS; k++) {
        v[k] = window_byte(words, tx * GROUP_CHANNELS + k);
    }
    return v;
}

// The horizontal taps of input row `row` for the column whose table row is `rx` and whose
// first input (row 0) is element `base`.
fn row_sum(rx: u32, base: u32, row: u32) -> vec4<f32> {
    let taps_x = select(p.x_taps, TAPS_X, TAPS_X != 0u);
    let line = base + row * p.src_y;
    var sum = vec4<f32>(0.0);
    if taps_are_bytes() {
        let words = load_window(line, TAPS_X * GROUP_CHANNELS);
        for (var tx = 0u; tx < TAPS_X; tx++) {
            sum += table[rx + 2u + tx] * prepare4(vec4<f32>(window_group(words, tx)));
        }
        return sum;
    }
    if wide_taps_are_bytes(taps_x) {
        for (var t0 = 0u; t0 < taps_x; t0 += window_taps()) {
            let words = load_window(line + t0 * GROUP_CHANNELS, 4u * WINDOW_WORDS);
            for (var tx = 0u; tx < window_taps(); tx++) {
                if t0 + tx < taps_x {
                    let group = vec4<f32>(window_group(words, tx));
                    sum += table[rx + 2u + t0 + tx] * prepare4(group);
                }
            }
        }
        return sum;
    }
    for (var tx = 0u; tx < taps_x; tx++) {
        sum += table[rx + 2u + tx] * prepare4(load4(line + tx * p.src_x));
    }
    return sum;
}

// The horizontal taps of input row `row` in integers, for the integer weights of Pillow's
// fixed point and of dyadic tables (`integer_taps`), for the column whose table row is `rx`
// and whose first input (row 0) is element `base`.
fn row_sum_int(rx: u32, base: u32, row: u32) -> vec4<i32> {
    let taps_x = select(p.x_taps, TAPS_X, TAPS_X != 0u);
    let line = base + row * p.src_y;
    var sum = vec4<i32>(0);
    if taps_are_bytes() {
        let words = load_window(line, TAPS_X * GROUP_CHANNELS);
        for (var tx = 0u; tx < TAPS_X; tx++) {
            let w = fixed_weight(table[rx + 2u + tx]);
            sum += w * vec4<i32>(window_group(words, tx));
        }
    } else if wide_taps_are_bytes(taps_x) {
        for (var t0 = 0u; t0 < taps_x; t0 += window_taps()) {
            let words = load_window(line + t0 * GROUP_CHANNELS, 4u * WINDOW_WORDS);
            for (var tx = 0u; tx < window_taps(); tx++) {
                if t0 + tx < taps_x {
                    let w = fixed_weight(table[rx + 2u + t0 + tx]);
                    sum += w * vec4<i32>(window_group(words, tx));
                }
            }
        }
    } else {
        for (var tx = 0u; tx < taps_x; tx++) {
            let w = fixed_weight(table[rx + 2u + tx]);
            sum += w * load4_int(line + tx * p.src_x);
        }
    }
    return sum;
}

// Whether the weights are integers and the taps sum in integers to the stored bytes, with no
// conversion to f32 and back: Pillow's and OpenCV's fixed points, and dyadic tables
// (INTEGER_WEIGHTS in common.wgsl). None comes with colour conversions in these kernels (the
// host sends premultiplied alpha to the vector kernels, and linear light has none).
fn integer_taps() -> bool {
    return FIXED_POINT || INTEGER_WEIGHTS || GATHER_ARITHMETIC != 0u;
}

// A sum of integer weights as the byte it is stored as: Pillow's rounding and clamp, or for
// dyadic weights of WEIGHT_BITS bits `(s + 2^(WEIGHT_BITS - 1)) >> WEIGHT_BITS`, which is
// floor(s / 2^WEIGHT_BITS + 0.5), what `u8_of4` makes of the same sum, exact in f32 (the sums of
// non-negative weights whose rows sum to at most 1 need no clamp).
fn integer_bytes(total: vec4<i32>) -> vec4<u32> {
    if FIXED_POINT {
        return vec4<u32>(fixed_round4(total));
    }
    let half = vec4<i32>(i32((1u << WEIGHT_BITS) >> 1u));
    return vec4<u32>((total + half) >> vec4<u32>(WEIGHT_BITS));
}

// The stored bytes of one output position with integer weights (`integer_taps`): the row band
// at table row `ry`, the column band at table row `rx`, whose first input (row 0) is element
// `base`. Pillow's fixed point rounds each input row's horizontal sum to 8 bits before the
// vertical taps; OpenCV's rounds its vertical taps as `opencv_tap4` in common.wgsl says.
fn column_bytes(ry: u32, rx: u32, base: u32) -> vec4<u32> {
    if GATHER_ARITHMETIC == 5u {
        return onnx_f32_bytes(ry, rx, base);
    }
    let taps_y = select(p.y_taps, TAPS_Y, TAPS_Y != 0u);
    let y0 = row_start(ry);
    var total = vec4<i32>(0);
    if GATHER_ARITHMETIC != 0u {
        // OpenCV's padded vertical table reads clamped rows, each tap rounded as OpenCV
        // rounds it; its horizontal table is folded onto the input (src/gpu/mod.rs).
        for (var ty = 0u; ty < taps_y; ty++) {
            let row = row_sum_int(rx, base, padded_input(ry, ty));
            total += opencv_tap4(row, fixed_weight(table[ry + 2u + ty]));
        }
        return opencv_bytes(total);
    }
    if FIXED_POINT && TAPS_X == 1u && fixed_is_one(table[rx + 2u]) {
        // A vertical pass: each input row's horizontal sum is the input itself.
        for (var ty = 0u; ty < taps_y; ty++) {
            total += fixed_weight(table[ry + 2u + ty]) * load4_int(base + (y0 + ty) * p.src_y);
        }
        return integer_bytes(total);
    }
    for (var ty = 0u; ty < taps_y; ty++) {
        var sum = row_sum_int(rx, base, y0 + ty);
        if FIXED_POINT {
            sum = fixed_round4(sum);
        }
        total += fixed_weight(table[ry + 2u + ty]) * sum;
    }
    return integer_bytes(total);
}

// ONNX Runtime's f32 steps for NCHW planes (GATHER_ARITHMETIC 5), a channel to a lane: the 2 x 2
// block's products summed and truncated as `onnx_f32_block` in common.wgsl says.
// Both tables are padded, their taps' inputs clamped (`padded_input`); `base` is the element
// of the column band's start as an index, which the padding puts OPENCV_PAD columns past the
// block's first column.
fn onnx_f32_bytes(ry: u32, rx: u32, base: u32) -> vec4<u32> {
    let columns = padded_pair(rx);
    let rows = padded_pair(ry);
    let line = base - row_start(rx) * p.src_x;
    let left = line + columns.x * p.src_x;
    let right = line + columns.y * p.src_x;
    let top = rows.x * p.src_y;
    let bottom = rows.y * p.src_y;
    let wy = vec2<f32>(table[ry + 2u], table[ry + 3u]);
    let wx = vec2<f32>(table[rx + 2u], table[rx + 3u]);
    let block = onnx_f32_block(
        wy,
        wx,
        load4(left + top),
        load4(right + top),
        load4(left + bottom),
        load4(right + bottom),
    );
    return vec4<u32>(block);
}

// The taps of one output position in f32: the row band at table row `ry`, the column band at
// table row `rx`, whose first input (row 0) is element `base`.
fn column_sum(ry: u32, rx: u32, base: u32) -> vec4<f32> {
    let taps_y = select(p.y_taps, TAPS_Y, TAPS_Y != 0u);
    let y0 = row_start(ry);
    var acc = vec4<f32>(0.0);
    for (var ty = 0u; ty < taps_y; ty++) {
        acc += table[ry + 2u + ty] * row_sum(rx, base, y0 + ty);
    }
    return acc;
}
