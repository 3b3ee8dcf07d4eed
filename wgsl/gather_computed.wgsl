// Gather with computed taps: one output's four-channel group per invocation, for bands of one or
// two taps per axis (bilinear and nearest) whose first input and weights follow the coordinate
// mapping exactly. The vector gather reads each output's band from the weight table, a load
// whose result the input loads wait for; here the band comes from arithmetic on the output's
// position, so the input loads issue at once. On an H200 that took the small bilinear resizes
// closer to a one-invocation-per-pixel kernel with no tables (BENCHMARKS.md tuning log item 85).
//
// The host uses this kernel only where the formula below gives every table row to the bit
// (`TapFormula::fit` in src/gpu/computed_taps.rs): the same first inputs, and weights equal to
// the table's f32 weights, so that the sums are the vector gather's. NHWC four-channel groups,
// float sums, no row outside the input.

// Taps per axis, 1 or 2.
override TAPS_Y: u32 = 2u;
override TAPS_X: u32 = 2u;
override GROUP_X: u32 = 64u;
override GROUP_Y: u32 = 4u;

// One output's band along an axis: its first input, and the weight of the second tap (the
// first's is one minus it).
struct Band {
    first: u32,
    second_weight: f32,
}

// The band of output `i` whose source coordinate is `max(a·i + b, 0)`: the coordinate's floor,
// at most `last` (the table's largest first input: the axis length minus the taps), and the
// coordinate's distance past it, at most 1 (all weight on the second tap at the far edge).
// The host checked that `a·i` and `a·i + b` are exact in f32, so a fused multiply-add gives the
// same coordinate as two rounded operations.
fn computed_band(i: u32, a: f32, b: f32, last: u32) -> Band {
    let coordinate = max(f32(i) * a + b, 0.0);
    let first = min(u32(coordinate), last);
    return Band(first, min(coordinate - f32(first), 1.0));
}

// The horizontal taps of the input row whose first tap is at `at`.
fn row_taps(at: u32, stride: u32, x: Band) -> vec4<f32> {
    if TAPS_X == 1u {
        return prepare4(load4(at));
    }
    var sum = vec4<f32>(0.0);
    sum += (1.0 - x.second_weight) * prepare4(load4(at));
    sum += x.second_weight * prepare4(load4(at + stride));
    return sum;
}

@compute @workgroup_size(GROUP_X, GROUP_Y, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let x = gid.x;
    let y = gid.y;
    if x >= p.out_w || y >= p.out_h {
        return;
    }
    // The grid's third dimension is images times channel groups; most tensors have one group.
    let groups_per_pixel = p.channels / 4u;
    var n = gid.z;
    var first_channel = 0u;
    if groups_per_pixel > 1u {
        n = gid.z / groups_per_pixel;
        first_channel = (gid.z % groups_per_pixel) * 4u;
    }
    let bx = computed_band(x, p.x_tap_a, p.x_tap_b, p.x_tap_last);
    let by = computed_band(y, p.y_tap_a, p.y_tap_b, p.y_tap_last);
    let sy = p.src_y / 4u;
    let sx = p.src_x / 4u;
    let top = (n * p.src_n + first_channel * p.src_c) / 4u + by.first * sy + bx.first * sx;
    var acc: vec4<f32>;
    if TAPS_Y == 1u {
        acc = row_taps(top, sx, bx);
    } else {
        acc = vec4<f32>(0.0);
        acc += (1.0 - by.second_weight) * row_taps(top, sx, bx);
        acc += by.second_weight * row_taps(top + sy, sx, bx);
    }
    let at = (n * p.dst_n + x * p.dst_x + first_channel * p.dst_c + y * p.dst_y) / 4u;
    store4v(at, finish4(acc));
}
