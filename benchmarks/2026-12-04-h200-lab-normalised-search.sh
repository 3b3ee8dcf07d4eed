# The normalised NCHW ML batch's fused kernel with normalized4 returning its input at once
# (noneall), against the same source, no arithmetic on the known channel (none) and the plain
# kernel; then the driver's register counts of each. 2f734d9 with the lab source and dump
# switches. Alternating, three rounds.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-after plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | grep -v "lab source" | head -1 | grep -o "fused [0-9.]* µs"; }
ml() { plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias "$@"; }
norm="--mean 0.485,0.456,0.406 --std 0.229,0.224,0.225"
for round in 1 2 3; do
  echo "== round $round: plain $(ml) / normalised $(ml $norm)"
  for v in same none noneall; do
    echo "   $v: $(WGR_LAB_SRC_DIR=target/lab/src/$v ml $norm)"
  done
done
WGR_DUMP=/tmp/plain ml > /dev/null
WGR_DUMP=/tmp/norm ml $norm > /dev/null
echo "== registers, plain"; target/lab/kstats /tmp/plain/*fused*.wgsl 2>&1 | grep fused | sed 's/.*Register/Register/; s/Binary Size.*Shared Memory Size/shared/'
echo "== registers, normalised"; target/lab/kstats /tmp/norm/*fused*.wgsl 2>&1 | grep fused | sed 's/.*Register/Register/; s/Binary Size.*Shared Memory Size/shared/'
for v in same none noneall; do
  cp /tmp/norm/*fused*.constants target/lab/src/$v/
  echo "== registers, normalised, $v"; target/lab/kstats target/lab/src/$v/*.wgsl 2>&1 | grep fused | sed 's/.*Register/Register/; s/Binary Size.*Shared Memory Size/shared/'
done
