# The full run of 0e79c40 without the sweep (7e04c40's sweep stands: since then only the count's
# reach and planes' normalising stores changed), then the GPU tests that run the fused kernel
# and normalisation, in one command on the H200. Carry .gl, target/release/wgresize,
# target/release/examples/{frame_loop,plain_gather} and target/gpu-tests.tar.xz.
SWEEP=0 OUT=$OUT timeout 330 bash scripts/gpu-full-run.sh > $OUT/full.txt 2>&1
BACKENDS=vulkan PROPTEST_CASES=128 ONLY="gpu_vs_reference conformance normalize" timeout 240 bash scripts/gpu-tests.sh > $OUT/tests.txt 2>&1
