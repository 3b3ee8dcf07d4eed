# The full run of e907e56 with the sweep, then the GPU tests of the same commit: the first full
# run since 06a3f6b, after the unmeasured choice's rules for 16-tap shrinks by at most 2 and for
# NCHW planes (items 177, 178) and the fused planes' named outputs (item 179). Carry .gl,
# target/release/wgresize, target/release/examples/{frame_loop,plain_gather} and
# target/gpu-tests.tar.xz.
SWEEP=1 OUT=$OUT timeout 330 bash scripts/gpu-full-run.sh > $OUT/full.txt 2>&1
BACKENDS=vulkan PROPTEST_CASES=128 ONLY="gpu_vs_reference conformance normalize tune texture" OUT=$OUT/tests timeout 240 bash scripts/gpu-tests.sh > $OUT/tests.txt 2>&1
cat $OUT/full.txt; cat $OUT/tests.txt
