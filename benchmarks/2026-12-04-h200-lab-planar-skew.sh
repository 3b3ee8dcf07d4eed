# The fused planes' transposed stores into the workgroup array: a warp's lanes write words 16
# apart (16-way bank conflicts). Lab build of 833f200 (benchmarks/2026-12-04-h200-lab-planar-skew.diff):
# WGR_LAB_SKEW=S puts a spare vector after every 2^S columns of the array (S = 0: none, the
# array a quarter larger than kept); `kept` is 833f200 itself. `wgresize plan`, two rounds.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-$bin plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1; }
for round in 1 2; do
  for v in kept 0 2 3; do
    if [ $v = kept ]; then bin=kept; unset WGR_LAB_SKEW; else bin=lab; export WGR_LAB_SKEW=$v; fi
    echo "== $v, round $round"
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --element u8
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --element f16
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --mean 0.485,0.456,0.406 --std 0.229,0.224,0.225
    plan --input 64x256x256x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bicubic --convention torch --antialias
  done
done
