# Before (e804e3d) and after (849f0e5) of the exact doublings from a texture into a tensor storing
# two pixels a store: the example of benchmarks/2026-12-03-h200-lab-texture-routes-before-after.rs
# built at each commit (target/lab/before, target/lab/after), alternating, two rounds; wgresize plan
# of the after build from an rgba8unorm and an rgba16float texture; then the texture, shaders,
# in-pass, steady-state and GPU-against-reference test binaries of 849f0e5 on Vulkan (packed by
# scripts/pack-gpu-tests.sh). Run from the repository root on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for r in 1 2; do
  for b in before after; do timeout 120 target/lab/$b "$b-round-$r" 2>&1; done
done
for route in "--from-texture rgba8unorm --element u8" "--from-texture rgba16float --element f16"; do
  for shape in "--input 1x1080x1920x4 --size 3840x2160" "--input 1x384x640x4 --size 1280x768"; do
    echo "== plan $shape $route"
    timeout 60 target/release/wgresize plan $shape $route --no-tune-cache 2>&1 | head -6
  done
done
BACKENDS=vulkan PROPTEST_CASES=128 ONLY="texture shaders in_pass steady_state gpu_vs_reference" timeout 300 bash scripts/gpu-tests.sh
