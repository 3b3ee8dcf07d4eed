# Where the fused kernel's NCHW planes spend their time (lab build of the working tree after
# e4c916d, benchmarks/2026-12-04-h200-lab-planar-modes.diff): WGR_LAB_PLANAR=0 as built, 1
# weights and band starts staged in workgroup memory, 2 no horizontal taps (timing only), 3
# weights a constant (timing only). `wgresize plan`, two rounds.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-lab plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1; }
for round in 1 2; do
  for m in 0 1 2 3; do
    export WGR_LAB_PLANAR=$m
    echo "== mode $m, round $round"
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --element f16
    plan --input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bilinear --convention torch
  done
done
