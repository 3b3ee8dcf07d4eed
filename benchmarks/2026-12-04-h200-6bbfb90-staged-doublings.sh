# Before (73a86c6) and after (6bbfb90) of the u8 doublings from a texture into a tensor run from a
# staged copy: the example of benchmarks/2026-12-04-h200-lab-texture-staging.rs built at each
# commit (target/lab/before, target/lab/after), alternating, three rounds, every shape; then the
# texture, shaders and GPU-against-reference test binaries of 6bbfb90 on Vulkan (packed by
# scripts/pack-gpu-tests.sh). Run from the repository root on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for r in 1 2 3; do
  for b in before after; do timeout 100 target/lab/$b "$b-round-$r" 2>&1; done
done
BACKENDS=vulkan PROPTEST_CASES=128 ONLY="texture shaders gpu_vs_reference" timeout 300 bash scripts/gpu-tests.sh 2>&1 | tail -40
