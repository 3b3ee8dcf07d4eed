# What the NCHW ML batch's normalisation costs in the fused kernel: its stores' division by the
# standard deviation replaced (source variants under target/lab/src: the same source; times the
# deviation, wrong values; times its reciprocal; no normalisation, wrong values; reciprocal with
# one correction step). 2f734d9 with the lab source switch. Alternating, three rounds.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-after plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | grep -v "lab source" | head -1 | grep -o "fused [0-9.]* µs"; }
ml() { plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias "$@"; }
norm="--mean 0.485,0.456,0.406 --std 0.229,0.224,0.225"
for round in 1 2 3; do
  echo "== round $round: plain $(ml) / normalised $(ml $norm)"
  for v in same mul rcp none fma; do
    echo "   $v: $(WGR_LAB_SRC_DIR=target/lab/src/$v ml $norm)"
  done
done
