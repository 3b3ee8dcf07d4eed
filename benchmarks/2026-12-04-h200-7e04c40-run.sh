# The full run of 7e04c40 with the sweep (the fused kernel's NHWC sums changed layout), in one
# command on the H200; then, in a second, the GPU tests that exercise the fused kernel.
# Carry .gl, target/release/wgresize, target/release/examples/{frame_loop,plain_gather} and
# target/gpu-tests.tar.xz (scripts/pack-gpu-tests.sh).
SWEEP=1 OUT=$OUT timeout 560 bash scripts/gpu-full-run.sh > $OUT/full.txt 2>&1
# second command:
BACKENDS=vulkan PROPTEST_CASES=128 ONLY="gpu_vs_reference conformance normalize in_pass steady_state errors properties" timeout 400 bash scripts/gpu-tests.sh > $OUT/tests.txt 2>&1
