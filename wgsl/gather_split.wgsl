// Gather, one output's band split over SPLIT lanes: for passes of one vertical tap whose
// horizontal bands are wide (the separable path's second pass of a large antialiased shrink:
// 69 taps for bicubic 3840 -> 224, 103 for lanczos3). The vector gather gives each output one
// invocation that reads its whole band: few invocations (224 x 224), each with a long chain
// of loads, and neighbouring lanes 17 inputs apart. Here SPLIT neighbouring lanes read
// neighbouring inputs of one band (a run of the input row), each summing every SPLIT-th tap,
// and the partial sums are added pairwise in workgroup memory. NHWC four-channel groups: f32
// and f16, and any element type in Pillow's fixed point (`split_lanes` in src/gpu/launch.rs).
//
// The partial sums are added pairwise, not in tap order, so a float sum may differ from the
// vector gather's in its last bits. In Pillow's fixed point (FIXED_POINT: the horizontal-first
// pass of Pillow's 8-bit presets) they are integers, and the result is the vector gather's to
// the bit.

// Lanes per output: a power of two, 4 or 8 as the host chooses them. Few lanes won on an H200
// (more outputs per workgroup, fewer rounds of adding): antialiased lanczos3 4K -> 224², 103
// taps, separable µs 101.8 with one invocation per output, 90.6 / 89.2 / 89.0 / 98.6 / 104.2
// with 4 / 8 / 16 / 32 / 64 lanes (BENCHMARKS.md tuning log item 81).
override SPLIT: u32 = 8u;
// Outputs per workgroup (neighbouring columns of one row).
override OUTPUTS: u32 = 32u;
// SPLIT * OUTPUTS partial sums, as bits: f32, or i32 in fixed point. Integers keep the float
// bits from any canonicalisation on the way through workgroup memory.
override SLOTS: u32 = 256u;
var<workgroup> partial: array<vec4<u32>, SLOTS>;

// Partial sum `a` plus partial sum `b`, in the sums' own arithmetic.
fn add_partials(a: vec4<u32>, b: vec4<u32>) -> vec4<u32> {
    if FIXED_POINT {
        return bitcast<vec4<u32>>(bitcast<vec4<i32>>(a) + bitcast<vec4<i32>>(b));
    }
    return bitcast<vec4<u32>>(bitcast<vec4<f32>>(a) + bitcast<vec4<f32>>(b));
}

@compute @workgroup_size(SPLIT, OUTPUTS, 1)
fn main(
    @builtin(workgroup_id) group: vec3<u32>,
    @builtin(local_invocation_id) local: vec3<u32>,
) {
    let lane = local.x;
    let slot = local.y * SPLIT + lane;
    let x = group.x * OUTPUTS + local.y;
    let y = group.y;
    let groups_per_pixel = p.channels / 4u;
    let n = group.z / groups_per_pixel;
    let c4 = group.z % groups_per_pixel;
    // Columns past the row's end sum their row's last band and store nothing: every lane must
    // reach the barriers below.
    let rx = table_row(p.x_table + n * p.x_image_stride, p.x_taps, min(x, p.out_w - 1u));
    let ry = table_row(p.y_table + n * p.y_image_stride, p.y_taps, y);
    let outside = x_row_outside(rx) || y_row_outside(ry);
    var bits = vec4<u32>(0u);
    if !outside {
        let sx = p.src_x / 4u;
        let line = (n * p.src_n + c4 * 4u * p.src_c) / 4u + row_start(ry) * (p.src_y / 4u)
            + row_start(rx) * sx;
        if FIXED_POINT {
            var whole = vec4<i32>(0);
            for (var t = lane; t < p.x_taps; t += SPLIT) {
                let w = fixed_weight(table[rx + 2u + t]);
                whole += w * prepare4_int(load4_int(line + t * sx));
            }
            bits = bitcast<vec4<u32>>(whole);
        } else {
            var sum = vec4<f32>(0.0);
            for (var t = lane; t < p.x_taps; t += SPLIT) {
                sum += table[rx + 2u + t] * prepare4(load4(line + t * sx));
            }
            // The one vertical tap's weight, as the vector gather applies it.
            bits = bitcast<vec4<u32>>(table[ry + 2u] * sum);
        }
    }
    partial[slot] = bits;
    workgroupBarrier();
    for (var half = SPLIT / 2u; half > 0u; half /= 2u) {
        if lane < half {
            partial[slot] = add_partials(partial[slot], partial[slot + half]);
        }
        workgroupBarrier();
    }
    if lane == 0u && x < p.out_w {
        var acc = fill4(c4 * 4u);
        if !outside && FIXED_POINT {
            // The row's sum rounded, then the one vertical tap, as the vector gather does.
            let row = fixed_round4(bitcast<vec4<i32>>(partial[slot]));
            acc = finish4(vec4<f32>(fixed_round4(fixed_weight(table[ry + 2u]) * row)));
        } else if !outside {
            acc = finish4(bitcast<vec4<f32>>(partial[slot]));
        }
        store4v((n * p.dst_n + x * p.dst_x + c4 * 4u * p.dst_c + y * p.dst_y) / 4u, acc);
    }
}
