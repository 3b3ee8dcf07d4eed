# The fused array sized by the columns a tile fills (after) against by its lanes (before:
# WGR_LAB_LANES_CAPACITY set), one binary, alternating, three rounds; then lanczos3 and bicubic
# 4K -> 1080p with the array padded (WGR_LAB_CAPACITY vectors), and the kernels' labels.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-after plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | grep -v "lab source" | head -1; }
shapes() {
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element f16
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element u8
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bilinear --convention torch --antialias
    plan --input 1x2160x3840x4 --size 960x540 --filter bicubic --convention torch --antialias
    plan --input 8x1024x1024x4 --size 512x512 --filter lanczos3 --antialias
    plan --input 16x448x448x4 --size 224x224 --filter bicubic --convention torch --antialias
    plan --input 1x1080x1920x4 --size 1280x720 --filter bicubic --convention torch --antialias
    plan --input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bicubic --convention torch --antialias
}
for round in 1 2 3; do
  echo "== before (lanes), round $round"
  WGR_LAB_LANES_CAPACITY=1 shapes
  echo "== after (filled columns), round $round"
  shapes
done
for round in 1 2; do
  for cap in 0 700 800 950 1100; do
    echo "== capacity at least $cap, round $round"
    WGR_LAB_CAPACITY=$cap plan --input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias
    WGR_LAB_CAPACITY=$cap plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias
  done
done
WGR_LAB_LANES_CAPACITY=1 WGR_DUMP=/tmp/before shapes > /dev/null
WGR_DUMP=/tmp/after shapes > /dev/null
echo "== fused kernels before"; ls /tmp/before | grep fused | grep wgsl
echo "== fused kernels after"; ls /tmp/after | grep fused | grep wgsl
