# u8 tensors into rgba8unorm in integer lanes: the example of
# benchmarks/2026-12-03-h200-lab-texture-routes-before-after.rs built at 1a6f843 (target/lab/before),
# 0070845 (target/lab/mid) and a47f59b (target/lab/new), alternating, two rounds; then wgresize
# plan of a47f59b (target/release/wgresize) into rgba8unorm. Run from the repository root on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for r in 1 2; do
  for b in before mid new; do timeout 120 target/lab/$b "$b-round-$r" 2>&1 | grep -v " f16 \| f32 "; done
done
for shape in "--input 1x1080x1920x4 --size 3840x2160" "--input 1x2160x3840x4 --size 1920x1080" "--input 1x540x960x4 --size 3840x2160" "--input 1x1080x1920x4 --size 3840x2160 --filter nearest"; do
  echo "== plan $shape --element u8 --into-texture rgba8unorm"
  timeout 60 target/release/wgresize plan $shape --element u8 --into-texture rgba8unorm --no-tune-cache 2>&1 | head -3
  echo "== plan $shape --element u8 (buffers)"
  timeout 60 target/release/wgresize plan $shape --element u8 --no-tune-cache 2>&1 | head -3
done
