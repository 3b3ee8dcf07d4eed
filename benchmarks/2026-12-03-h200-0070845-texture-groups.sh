# Before (1a6f843) and after (0070845) of the texture ends' workgroups: the example of
# benchmarks/2026-12-03-h200-lab-texture-routes-before-after.rs built at each commit (as
# target/lab/before and target/lab/after), alternating, two rounds; then wgresize plan of the
# after build (target/release/wgresize) on the texture routes. Run from the repository root on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for r in 1 2; do
  for b in before after; do timeout 120 target/lab/$b "$b-round-$r" 2>&1; done
done
for route in "--into-texture rgba32float" "--into-texture rgba16float" "--from-texture rgba16float"; do
  for shape in "--input 1x1080x1920x4 --size 3840x2160" "--input 1x2160x3840x4 --size 1920x1080"; do
    el=f32; case "$route" in *16float) el=f16;; esac
    echo "== plan $shape --element $el $route"
    timeout 60 target/release/wgresize plan $shape --element $el $route --no-tune-cache 2>&1 | head -6
  done
done
