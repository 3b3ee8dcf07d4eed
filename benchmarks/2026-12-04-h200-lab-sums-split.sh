# NHWC fused kernel, the workgroup array's even and odd vectors apart (SPLIT_PARITY): 7dc4311
# (before) against the lab build with the split off (after, capacity + 16 vectors) and on
# (split, WGRESIZE_LAB_SPLIT=1), alternating, two rounds. `wgresize plan` measures every path.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-$bin plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1; }
for round in 1 2; do
  for v in before after split; do
    bin=$v; [ $v = split ] && bin=after
    if [ $v = split ]; then export WGRESIZE_LAB_SPLIT=1; else unset WGRESIZE_LAB_SPLIT; fi
    echo "== $v, round $round"
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias --element f16
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias --element u8
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 16x448x448x4 --size 224x224 --filter bicubic --convention torch --antialias
    plan --input 8x1024x1024x4 --size 512x512 --filter lanczos3 --antialias
    plan --input 1x1080x1920x4 --size 1280x720 --filter bicubic --convention torch --antialias
  done
done
