// Exact halvings: a shrink by exactly 2 along both axes where output j takes inputs 2j and
// 2j + 1 by the same two weights for every j, as half-pixel bilinear, the area rules and the
// nearest rules do, of RGBA buffers. One invocation per two neighbouring output pixels and ROWS
// output rows: each output row's two input rows are read as whole 16-byte words (four input
// pixels: one word of u8, two of f16), and its two pixels stored as one word (8 bytes of u8, 16
// of f16). The host takes it where every row of both tables is that, the input width a
// multiple of 4 (src/gpu/halving.rs).
//
// Why this form: on an H200, u8 RGBA 4K -> 1080p, the vector gather (one output pixel per
// invocation, each tap a 4-byte load) took 14.1-14.3 µs, where a Triton kernel of this form
// took 11.4-11.5 in a stream of different frames, and this 11.2-11.3 (BENCHMARKS.md tuning log
// item 130).
//
// The element file in front of this one (`halving_lanes.wgsl`, `halving_f16.wgsl`) gives the
// sums' type `Sum`, `VEC4_ELEMENTS` and `QUAD_VEC4S`, `row_sums`, `weigh` and `store_pair`;
// `halving_weights.wgsl` the source and the constants.

@compute @workgroup_size(GROUP_X, GROUP_Y, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let first = gid.y * ROWS;
    if gid.x >= p.out_w / 2u || first >= p.out_h {
        return;
    }
    let n = gid.z;
    // Strides in 16-byte words of the input, and in pairs of output pixels (8 elements).
    let sy = p.src_y / VEC4_ELEMENTS;
    let dy = p.dst_y / 8u;
    var quad = n * (p.src_n / VEC4_ELEMENTS) + 2u * first * sy + gid.x * QUAD_VEC4S;
    var pair = n * (p.dst_n / 8u) + first * dy + gid.x;
    for (var r = 0u; r < ROWS; r++) {
        if first + r >= p.out_h {
            break;
        }
        let top = row_sums(quad);
        let bottom = row_sums(quad + sy);
        store_pair(
            pair,
            weigh(WYA, top[0]) + weigh(WYB, bottom[0]),
            weigh(WYA, top[1]) + weigh(WYB, bottom[1]),
        );
        quad += 2u * sy;
        pair += dy;
    }
}
