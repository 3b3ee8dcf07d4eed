# NHWC fused kernel with its sums in strands after the period of the band starts and lanes a
# period apart (SumsLayout, chosen by counting bank conflicts): 7dc4311 (before) against the
# working tree (after), alternating, two rounds. `wgresize plan` measures every path. This build
# followed periods of up to 8 outputs (the ML batch: 16 strands, lanes 7 outputs apart); the
# next (-periods) only 1, 2 and 4.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-$v plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1; }
for round in 1 2; do
  for v in before after; do
    echo "== $v, round $round"
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bilinear --convention torch --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias --element f16
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias --element u8
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element f16
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element u8
    plan --input 32x512x512x4 --size 224x224 --filter bicubic --convention torch --antialias
    plan --input 16x448x448x4 --size 224x224 --filter bicubic --convention torch --antialias
    plan --input 8x1024x1024x4 --size 512x512 --filter lanczos3 --antialias
    plan --input 1x1080x1920x4 --size 1280x720 --filter bicubic --convention torch --antialias
    plan --input 1x1080x1920x4 --size 1280x720 --filter bilinear --convention torch --antialias
    plan --input 64x256x256x4 --size 224x224 --filter bilinear --convention torch --antialias
  done
done
