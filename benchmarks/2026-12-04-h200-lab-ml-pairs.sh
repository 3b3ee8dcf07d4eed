# The ML batches in row pairs and column pairs (lab build of da76d4b with switches,
# benchmarks/2026-12-04-h200-lab-ml-pairs.diff): WGR_LAB_PAIRS lets the fused kernel's vertical
# step run output rows in pairs wherever neighbouring bands start fewer rows apart than their
# taps (the ML batch: 5 taps, 3 rows apart, 8 loads a pair instead of 10; the build takes pairs
# only where they save a third); WGR_LAB_COLUMN_PAIRS takes two input columns a turn wherever
# the taps are baked in. `wgresize plan --no-tune-cache` (each path's time; the fused path's at
# the tile columns tuning kept), three rounds of the four settings.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
B=target/lab/wgresize-pairs
plan() { timeout 60 env "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1 | sed 's/.*fastest when measured: //'; }
NHWC="--input 32x512x512x4 --size 224x224 --antialias --filter bilinear --convention torch"
NCHW="--input 32x512x512x3 --layout nchw --size 224x224 --antialias --filter bilinear --convention torch"
nvidia-smi --query-gpu=name,driver_version --format=csv
for round in 1 2 3; do
  for s in none WGR_LAB_PAIRS WGR_LAB_COLUMN_PAIRS "WGR_LAB_PAIRS WGR_LAB_COLUMN_PAIRS"; do
    vars=$(for v in $s; do [ $v != none ] && echo -n "$v=1 "; done)
    echo "NHWC ML batch [$s] round $round: $(plan $vars $B plan --no-tune-cache $NHWC)"
    echo "NCHW ML batch [$s] round $round: $(plan $vars $B plan --no-tune-cache $NCHW)"
  done
done
