# Run 1: (a) the routes lab at f99248d and at ea2123f (item 152's carve-out), alternating, two
# rounds; (b) the split gather's threshold: WGR_LAB_SPLIT_MIN=65 (the vector gather, tap counts
# baked up to 64, for bands of 24 to 64 taps) against the kept 24, `wgresize plan`, two rounds;
# (c) calibration: NCHW and NHWC ML batches.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for round in 1 2; do
  for v in before after; do
    timeout 60 target/lab/routes-$v $v 2>&1 | grep -v XDG | cut -d' ' -f1-12
  done
done
plan() { timeout 40 target/lab/wgresize-split plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | tr '\n' ' '; echo; }
for round in 1 2; do
  for m in 24 65; do
    export WGR_LAB_SPLIT_MIN=$m
    echo "== split from $m taps, round $round"
    plan --input 1x2160x3840x4 --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 1x2160x3840x4 --size 960x540 --filter lanczos3 --convention torch --antialias
    plan --input 1x2160x3840x4 --size 960x540 --filter lanczos3 --convention torch --antialias --element f16
    plan --input 1x2160x3840x4 --size 640x360 --filter bicubic --convention torch --antialias
    plan --input 1x2160x3840x4 --size 384x216 --filter bicubic --convention torch --antialias
    plan --input 1x4096x4096x4 --size 512x512 --filter lanczos3 --convention torch --antialias
    plan --input 1x448x3840x4 --size 448x448 --filter bicubic --convention torch --antialias
  done
done
unset WGR_LAB_SPLIT_MIN
echo "== ML batches"
for round in 1 2; do
  plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
  plan --input 24x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias
  plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias
done
