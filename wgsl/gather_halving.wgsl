// Exact halvings: a shrink by exactly 2 along both axes where output j takes inputs 2j and
// 2j + 1 by the same two weights for every j, as half-pixel bilinear, box and the nearest rules
// do, RGBA u8 summed in the vector gather's integer lanes. One invocation per two neighbouring
// output pixels and ROWS output rows: each output row's two input rows are one 16-byte load
// each (four input pixels), and its two pixels one 8-byte store. The host takes it where every
// row of both tables is that, the input width a multiple of 4 (src/gpu/halving.rs).
//
// Why this form: on an H200, u8 RGBA 4K -> 1080p, the vector gather (one output pixel per
// invocation, each tap a 4-byte load) took 14.1-14.3 µs, where a Triton kernel of this form
// took 11.4-11.5 in a stream of different frames (BENCHMARKS.md tuning log item 130).

@group(0) @binding(2) var<storage, read> quads: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read_write> dst: array<vec2<u32>>;

override ROWS: u32 = 1u;
override GROUP_X: u32 = 64u;
override GROUP_Y: u32 = 4u;
// Each axis's two weights, on inputs 2j and 2j + 1, in the lanes' units.
override WYA: u32 = 1u;
override WYB: u32 = 1u;
override WXA: u32 = 1u;
override WXB: u32 = 1u;

// A pixel's four bytes as two words of two 16-bit lanes, as `load_lanes` splits them.
fn lanes(w: u32) -> vec2<u32> {
    return vec2<u32>(w, w >> 8u) & vec2<u32>(0x00ff00ffu);
}

// The two output pixels' horizontal sums in one input row of four pixels.
fn row_sums(q: vec4<u32>) -> array<vec2<u32>, 2> {
    return array<vec2<u32>, 2>(
        WXA * lanes(q.x) + WXB * lanes(q.y),
        WXA * lanes(q.z) + WXB * lanes(q.w),
    );
}

// The stored word of a pixel from its lanes' sums, rounded half up: `lanes_word` of
// `lanes_u8.wgsl`, which reads its own source and cannot be appended here.
fn word_of(sums: vec2<u32>) -> u32 {
    let half = ((1u << WEIGHT_BITS) >> 1u) * 0x00010001u;
    let q = ((sums + vec2<u32>(half)) >> vec2<u32>(WEIGHT_BITS)) & vec2<u32>(0x00ff00ffu);
    return q.x | (q.y << 8u);
}

@compute @workgroup_size(GROUP_X, GROUP_Y, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let first = gid.y * ROWS;
    if gid.x >= p.out_w / 2u || first >= p.out_h {
        return;
    }
    let n = gid.z;
    // Strides in fours of input pixels (16 elements) and pairs of output pixels (8).
    let sy = p.src_y / 16u;
    let dy = p.dst_y / 8u;
    var quad = n * (p.src_n / 16u) + 2u * first * sy + gid.x;
    var pair = n * (p.dst_n / 8u) + first * dy + gid.x;
    for (var r = 0u; r < ROWS; r++) {
        if first + r >= p.out_h {
            break;
        }
        let top = row_sums(quads[quad]);
        let bottom = row_sums(quads[quad + sy]);
        dst[pair] = vec2<u32>(
            word_of(WYA * top[0] + WYB * bottom[0]),
            word_of(WYA * top[1] + WYB * bottom[1]),
        );
        quad += 2u * sy;
        pair += dy;
    }
}
