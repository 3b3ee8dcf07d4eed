# The full run of 06a3f6b with the sweep, then the GPU tests of the same commit: the fused kernel
# in row pairs wherever neighbouring bands overlap (item 173), the texture routes timing the fused
# tile's columns (item 172). Carry .gl, target/release/wgresize,
# target/release/examples/{frame_loop,plain_gather} and target/gpu-tests.tar.xz.
SWEEP=1 OUT=$OUT timeout 330 bash scripts/gpu-full-run.sh > $OUT/full.txt 2>&1
BACKENDS=vulkan PROPTEST_CASES=128 ONLY="gpu_vs_reference conformance normalize tune texture" OUT=$OUT/tests timeout 240 bash scripts/gpu-tests.sh > $OUT/tests.txt 2>&1
cat $OUT/full.txt; cat $OUT/tests.txt
