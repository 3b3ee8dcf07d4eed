# The test binaries of b75f1a7 (code as cf3f063), packed here by scripts/pack-gpu-tests.sh, on
# the H200's Vulkan driver, 128 cases a property. Carry .gl, target/gpu-tests.tar.xz and
# target/release/wgresize; run from the repository root.
BACKENDS=vulkan PROPTEST_CASES=128 ONLY="texture shaders gpu_vs_reference in_pass steady_state conformance normalize video errors color" timeout 420 bash scripts/gpu-tests.sh
