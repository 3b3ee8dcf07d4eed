# Normalising stores of the fused NCHW planes with the tile's channel (a private variable the
# planar horizontal step sets) instead of each store's division of its flat index by the plane:
# 642b805 (before) against the lab build (after), alternating, two rounds.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-$v plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1; }
norm="--mean 0.485,0.456,0.406 --std 0.229,0.224,0.225"
for round in 1 2; do
  for v in before after; do
    echo "== $v, round $round"
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias $norm
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias $norm --element f16
    plan --input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bicubic --convention torch --antialias $norm
    plan --input 16x448x448x3 --layout nchw --size 224x224 --filter bicubic --convention torch --antialias $norm
  done
done
