# The ML batch's fused kernel: weights read from the table instead of held (source variants under
# target/lab/src), and the workgroup array padded (WGR_LAB_CAPACITY vectors) to see what fewer
# resident workgroups and a smaller L1 cost. Alternating, three rounds; then register counts.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-after plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | grep -v "lab source" | head -1; }
ml() { plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias "$@"; }
for round in 1 2 3; do
  for v in none same nx ny nxy; do
    echo "== source $v, round $round"
    WGR_LAB_SRC_DIR=target/lab/src/$v ml
  done
  for cap in 608 1300 2000 2900; do
    echo "== capacity $cap, round $round"
    WGR_LAB_CAPACITY=$cap ml
    WGR_LAB_CAPACITY=$cap ml --element f16
    WGR_LAB_CAPACITY=$cap plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias
  done
done
WGR_DUMP=/tmp/dump4 ml > /dev/null
for v in same nx ny nxy; do
  cp /tmp/dump4/*fused*.constants target/lab/src/$v/
  echo "== registers, source $v"
  target/lab/kstats target/lab/src/$v/*.wgsl 2>&1 | grep fused | sed 's/Binary Size.*Shared Memory Size/shared/'
done
