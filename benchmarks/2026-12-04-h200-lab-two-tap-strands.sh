# Strands for 2-tap bands: the lab build of 39e5067 with the layout count as committed (taps 0)
# against elements kept in order below 3 taps (WGRESIZE_LAB_MIN_TAPS=3), alternating, two
# rounds; `wgresize plan` measures every path (the fused column is the one that moves).
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-after plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1; }
for round in 1 2; do
  for min in 0 3; do
    export WGRESIZE_LAB_MIN_TAPS=$min
    echo "== min taps $min, round $round"
    plan --input 1x2048x2048x4 --size 1024x1024 --filter bilinear --convention torch
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bilinear --convention torch
    plan --input 1x4096x4096x4 --size 512x512 --filter bilinear --convention torch
    plan --input 1x1024x1024x4 --size 256x256 --filter bilinear --convention torch
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bilinear --convention torch --antialias
  done
done
