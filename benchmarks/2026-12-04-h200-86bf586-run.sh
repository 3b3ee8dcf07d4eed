# The full run of 86bf586 without the sweep (no NHWC kernel changed since b75f1a7's run, whose
# sweep stands), then the GPU tests that exercise the fused planes, in one command on the H200.
# Carry .gl, target/release/wgresize, target/release/examples/{frame_loop,plain_gather} and
# target/gpu-tests.tar.xz (scripts/pack-gpu-tests.sh).
SWEEP=0 OUT=$OUT timeout 330 bash scripts/gpu-full-run.sh > $OUT/full.txt 2>&1
BACKENDS=vulkan PROPTEST_CASES=128 ONLY="gpu_vs_reference conformance normalize in_pass steady_state errors properties" timeout 240 bash scripts/gpu-tests.sh > $OUT/tests.txt 2>&1
