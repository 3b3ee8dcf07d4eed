// Gather with computed taps: one output's four-channel group per invocation, for bands of one or
// two taps per axis (bilinear and nearest) whose first input and weights follow the coordinate
// mapping exactly. The vector gather reads each output's band from the weight table, a load
// whose result the input loads wait for; here the band comes from arithmetic on the output's
// position, so the input loads issue at once. On an H200 that took the small bilinear resizes
// to within 0.2 µs of a plain one-invocation-per-pixel kernel with no tables
// (examples/plain_gather.rs; BENCHMARKS.md tuning log item 85).
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
// Four-channel groups per pixel: the channel count over 4.
override GROUPS: u32 = 1u;

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

// The horizontal taps of the input row whose first tap is at `at` (the next pixel is GROUPS
// vectors on).
fn row_taps(at: u32, x: Band) -> vec4<f32> {
    if TAPS_X == 1u {
        return prepare4(load4(at));
    }
    var sum = vec4<f32>(0.0);
    sum += (1.0 - x.second_weight) * prepare4(load4(at));
    sum += x.second_weight * prepare4(load4(at + GROUPS));
    return sum;
}

@compute @workgroup_size(GROUP_X, GROUP_Y, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let x = gid.x;
    let y = gid.y;
    if x >= p.out_w || y >= p.out_h {
        return;
    }
    // The grid's third dimension is images times channel groups. GROUPS is a pipeline constant,
    // so that for one group (RGBA) the decoding and the group's offsets fold away: on an H200 the
    // run-time channel count's arithmetic cost the x0.5 shrink of 768x1280 0.1 to 0.2 µs of 7.7
    // (BENCHMARKS.md tuning log item 85).
    let n = gid.z / GROUPS;
    let group = gid.z % GROUPS;
    let bx = computed_band(x, p.x_tap_a, p.x_tap_b, p.x_tap_last);
    let by = computed_band(y, p.y_tap_a, p.y_tap_b, p.y_tap_last);
    // NHWC with four-channel groups: a pixel is GROUPS vectors, a row `src_y / 4` of them.
    let sy = p.src_y / 4u;
    let top = n * (p.src_n / 4u) + by.first * sy + bx.first * GROUPS + group;
    var acc: vec4<f32>;
    if TAPS_Y == 1u {
        acc = row_taps(top, bx);
    } else {
        acc = vec4<f32>(0.0);
        acc += (1.0 - by.second_weight) * row_taps(top, bx);
        acc += by.second_weight * row_taps(top + sy, bx);
    }
    let at = n * (p.dst_n / 4u) + y * (p.dst_y / 4u) + x * GROUPS + group;
    store4v(at, finish4(acc));
}
