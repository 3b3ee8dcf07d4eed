# The GPU tests of 8836f8f on the H200 (Vulkan, 64 cases a property): the command line's new
# checks (texture usages the device allows, bench flags, files into folders), the warm-up's
# and normalisation's refusals, and the suites that check outputs against the reference.
# Carry .gl, target/gpu-tests.tar.xz and target/release/wgresize.
BACKENDS=vulkan PROPTEST_CASES=64 ONLY="cli errors normalize images gpu_vs_reference conformance texture" OUT=$OUT/tests timeout 420 bash scripts/gpu-tests.sh > $OUT/tests.txt 2>&1
cat $OUT/tests.txt
