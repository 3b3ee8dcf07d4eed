# The fused array rounded to 16 vectors as committed (after) against 77b7c4f's 256 (before: the
# lab build of run7 with no step set), alternating, three rounds.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-$v plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1; }
for round in 1 2 3; do
  for v in before after; do
    echo "== $v, round $round"
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element f16
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element u8
    plan --input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
  done
done
