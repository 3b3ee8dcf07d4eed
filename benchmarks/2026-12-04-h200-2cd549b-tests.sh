# The test binaries of 2cd549b on the H200's Vulkan driver (packed by scripts/pack-gpu-tests.sh),
# 128 cases a property: those of the texture routes, the kernels, the buffer routes, colour,
# normalisation, video planes and errors. Run from the repository root on the H200.
ONLY="texture shaders gpu_vs_reference in_pass steady_state conformance normalize video errors color"
BACKENDS=vulkan PROPTEST_CASES=128 ONLY="$ONLY" timeout 400 bash scripts/gpu-tests.sh 2>&1 | tail -20
