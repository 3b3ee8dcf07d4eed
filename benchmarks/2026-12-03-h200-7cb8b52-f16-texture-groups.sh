# Before (849f0e5) and after (7cb8b52) of the f16 texture doublings into a tensor in workgroups of
# 4 x 64: the example of benchmarks/2026-12-03-h200-lab-texture-routes-before-after.rs built at each
# commit (target/lab/pairs, target/lab/new), alternating, three rounds, every shape; then the
# texture and shaders test binaries of 7cb8b52 on Vulkan (packed by scripts/pack-gpu-tests.sh). Run
# from the repository root on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for r in 1 2 3; do
  for b in pairs new; do timeout 120 target/lab/$b "$b-round-$r" 2>&1; done
done
BACKENDS=vulkan PROPTEST_CASES=128 ONLY="texture shaders" timeout 200 bash scripts/gpu-tests.sh
