# Frames into model inputs before (6cb7110) and after (8376433) the split gather stepped aside
# for tensor stores of fewer channels: `wgresize bench --frames` of each commit's build
# (target/lab/wgresize-groups: 6cb7110 with the lab override of
# benchmarks/2026-12-04-h200-lab-frame-groups.diff, unset here; target/release/wgresize),
# alternating, two rounds; then the shrink-from-texture workgroups again on 8376433
# (target/lab/wgresize-after-groups, the same override); then scripts/gpu-frames.sh (the bench and
# the PyTorch peer in one command) with 8376433's target/release/wgresize. Run from the
# repository root on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for r in 1 2; do
  for b in lab/wgresize-groups release/wgresize; do
    echo "== $b round $r"
    timeout 120 target/$b bench --frames --no-tune-cache --warmup 1 2>&1 | grep -v XDG | grep -v "^\["
  done
done
for g in 64x4 8x32 1x256; do
  echo "== after, group $g"
  WGR_LAB_SHRINK_GROUP=$g timeout 120 target/lab/wgresize-after-groups bench --frames --no-tune-cache --warmup 1 2>&1 | grep -v XDG | grep -v "^\["
done
echo "== scripts/gpu-frames.sh"
timeout 200 bash scripts/gpu-frames.sh
