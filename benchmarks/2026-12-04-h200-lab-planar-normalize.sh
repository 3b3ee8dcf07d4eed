# A normalising store of NCHW planes' whole fours reads one channel's mean and deviation once
# (normalized4 in wgsl/common.wgsl): ec546d2 (before) against the working tree (after),
# `wgresize plan` with every path measured, alternating, two rounds.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-$v plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1; }
im="--mean 0.485,0.456,0.406 --std 0.229,0.224,0.225"
for round in 1 2; do
  for v in before after; do
    echo "== $v, round $round"
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias $im
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias $im --element f16
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 1x1080x1920x3 --layout nchw --size 3840x2160 --filter bilinear --convention torch $im
    plan --input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bicubic --convention torch --antialias $im
  done
done
