# The full run of 6a9bb56 with the sweep (the fused array sized by the columns a tile fills, item
# 164; items 161 and 162 first in a full run), then the GPU tests that run the fused kernel, in
# one command on the H200. Carry .gl, target/release/wgresize,
# target/release/examples/{frame_loop,plain_gather} and target/gpu-tests.tar.xz.
SWEEP=1 OUT=$OUT timeout 360 bash scripts/gpu-full-run.sh > $OUT/full.txt 2>&1
BACKENDS=vulkan PROPTEST_CASES=128 ONLY="gpu_vs_reference conformance normalize" timeout 190 bash scripts/gpu-tests.sh > $OUT/tests.txt 2>&1
