// Shared by the vector kernels (gather_vec4.wgsl, fused_tiled.wgsl): one band of taps whose
// count is read at run time, over four-channel inputs.

// Loads per step of a band whose tap count is read at run time (wider than the tap counts baked
// into pipelines: MAX_VECTOR_TAPS for the vector gather, MAX_SPECIALISED_TAPS for the fused
// kernel, in src/gpu/shaders.rs). A driver does not unroll a loop
// whose trip count it cannot see, so without steps each tap's load waits for the one before.
// H200 (BENCHMARKS.md tuning log item 28), lanczos3 4K -> 224² fused / separable, µs: one tap per
// step 455 / 369, 8 taps 283 / 345, 16 taps 223 / 314. The one-pass gather with both axes read
// at run time lost (551 -> 752 for bicubic 4K -> 224²), but it is 5 to 20 times slower than the
// other paths on every such shape.
const RUN_STEP: u32 = 16u;

// The band at table row `row` over `taps` inputs at `first`, `first + stride`, ...: each step's
// RUN_STEP loads first, then their weights, in tap order.
fn run_time_band(row: u32, first: u32, stride: u32, taps: u32) -> vec4<f32> {
    var sum = vec4<f32>(0.0);
    var t = 0u;
    for (; t + RUN_STEP <= taps; t += RUN_STEP) {
        var v: array<vec4<f32>, RUN_STEP>;
        for (var k = 0u; k < RUN_STEP; k++) {
            v[k] = prepare4(load4(first + (t + k) * stride));
        }
        for (var k = 0u; k < RUN_STEP; k++) {
            sum += table[row + 2u + t + k] * v[k];
        }
    }
    for (; t < taps; t++) {
        sum += table[row + 2u + t] * prepare4(load4(first + t * stride));
    }
    return sum;
}
