# Workgroups of the shrinking passes that read a frame: a lab build of 6cb7110
# (target/lab/wgresize-groups, benchmarks/2026-12-04-h200-lab-frame-groups.diff) in which
# WGR_LAB_SHRINK_GROUP=GXxGY sets the vector gather's workgroup where it shrinks from a texture
# (kept: 4x64), through `wgresize bench --frames` (RGBA8 frames into model inputs; gather,
# separable, fused and auto columns). Run from the repository root on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for g in 4x64 64x4 32x8 16x16 8x32 1x256; do
  echo "== group $g"
  WGR_LAB_SHRINK_GROUP=$g timeout 120 target/lab/wgresize-groups bench --frames --no-tune-cache --warmup 1 2>&1 | grep -v XDG
done
