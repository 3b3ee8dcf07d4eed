# Fused NCHW planes with the array's spare vectors (tuning log item 156): `wgresize plan` with
# every path measured, ea2123f (before: NCHW had no fused path) against the working tree after
# 833f200 (after), alternating, two rounds.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-$v plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1; }
for round in 1 2; do
  for v in before after; do
    echo "== $v, round $round"
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --mean 0.485,0.456,0.406 --std 0.229,0.224,0.225
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --element f16
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --element u8
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bicubic --convention torch --antialias
    plan --input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bicubic --convention torch --antialias
    plan --input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bilinear --convention torch
    plan --input 1x1080x1920x3 --layout nchw --size 3840x2160 --filter bilinear --convention torch
    plan --input 1x1080x1920x3 --layout nchw --size 3840x2160 --filter bicubic --convention torch
    plan --input 8x1024x1024x3 --layout nchw --size 512x512 --filter lanczos3 --antialias
    plan --input 1x2160x3840x3 --layout nchw --size 224x224 --filter bicubic --convention torch --antialias
    plan --input 64x256x256x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 1x1080x1920x3 --layout nchw --size 1280x720 --filter bilinear --convention torch
    plan --input 16x448x448x3 --layout nchw --size 224x224 --filter bicubic --convention torch --antialias
    plan --input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter lanczos3 --antialias
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias
  done
done
