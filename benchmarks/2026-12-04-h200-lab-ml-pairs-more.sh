# Row pairs where bands start fewer rows apart than their taps (WGR_LAB_PAIRS, the lab build of
# run2) on more shapes it would change, five rounds of with and without: the NHWC ML batch and
# 2x antialiased bilinear shrinks (4 taps, 2 rows apart: single rows of 4 taps with column pairs
# in the build).
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
B=target/lab/wgresize-pairs
plan() { timeout 60 env "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1 | sed 's/.*fastest when measured: //'; }
for round in 1 2 3 4 5; do
  for s in none WGR_LAB_PAIRS; do
    vars=$([ $s != none ] && echo "$s=1")
    echo "NHWC ML batch [$s] round $round: $(plan $vars $B plan --no-tune-cache --input 32x512x512x4 --size 224x224 --antialias --filter bilinear --convention torch)"
    echo "bilinear 4K->1080p [$s] round $round: $(plan $vars $B plan --no-tune-cache --input 1x2160x3840x4 --size 1920x1080 --antialias --filter bilinear --convention torch)"
    echo "bilinear 16x448->224 [$s] round $round: $(plan $vars $B plan --no-tune-cache --input 16x448x448x4 --size 224x224 --antialias --filter bilinear --convention torch)"
    echo "u8 ML batch [$s] round $round: $(plan $vars $B plan --no-tune-cache --input 32x512x512x4 --size 224x224 --antialias --filter bilinear --convention torch --element u8)"
    echo "f16 ML batch [$s] round $round: $(plan $vars $B plan --no-tune-cache --input 32x512x512x4 --size 224x224 --antialias --filter bilinear --convention torch --element f16)"
  done
done
