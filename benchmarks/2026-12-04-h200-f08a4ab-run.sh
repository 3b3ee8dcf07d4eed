# The full run of f08a4ab with the sweep (tuning times the fused path's tile columns, item 171),
# then the GPU tests that run the fused kernel and tuning, in one command on the H200. Carry
# .gl, target/release/wgresize, target/release/examples/{frame_loop,plain_gather} and
# target/gpu-tests.tar.xz.
SWEEP=1 OUT=$OUT timeout 330 bash scripts/gpu-full-run.sh > $OUT/full.txt 2>&1
BACKENDS=vulkan PROPTEST_CASES=128 ONLY="gpu_vs_reference conformance normalize tune" timeout 230 bash scripts/gpu-tests.sh > $OUT/tests.txt 2>&1
