# Fused workgroup rows: GROUP_Y 4 (as is), 2 and 1 where rows run one at a time; 2 (as is) and 1
# where they run in pairs. Alternating, two rounds; then the driver's register counts.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-after plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1; }
single() {
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element f16
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element u8
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bilinear --convention torch --antialias
}
pairs() {
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias
}
for round in 1 2; do
  for gy in 4 2 1; do
    echo "== single rows, GROUP_Y $gy, round $round"
    WGR_LAB_GROUP_Y=$gy single
  done
  for gy in 2 1; do
    echo "== pairs, GROUP_Y $gy, round $round"
    WGR_LAB_GROUP_Y_PAIRS=$gy pairs
  done
done
for gy in 4 2 1; do
  WGR_LAB_GROUP_Y=$gy WGR_LAB_GROUP_Y_PAIRS=$gy WGR_DUMP=/tmp/dump$gy single > /dev/null
  WGR_LAB_GROUP_Y=$gy WGR_LAB_GROUP_Y_PAIRS=$gy WGR_DUMP=/tmp/dump$gy pairs > /dev/null
  echo "== registers, GROUP_Y $gy"
  target/lab/kstats /tmp/dump$gy/*fused*.wgsl 2>&1 | sed 's/Binary Size.*Shared Memory Size/shared/'
done
