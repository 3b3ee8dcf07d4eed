# Row quads (lab build of 7b98b85 with a switch, benchmarks/2026-12-04-h200-lab-row-quads.diff):
# with WGR_LAB_QUADS the fused kernel's vertical step runs a tile's four rows in one invocation
# where their bands start exactly PAIR_STEP rows apart (exact 2x and 4x shrinks), loading
# TAPS_Y + 3 * PAIR_STEP rows for four outputs instead of 2 * (TAPS_Y + PAIR_STEP) in pairs.
# `wgresize plan --no-tune-cache` (each path's time; the fused path's at the tile columns tuning
# kept), three rounds of without and with.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
B=target/lab/wgresize-quads
plan() { timeout 60 env "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1 | sed 's/.*fastest when measured: //'; }
UHD="--input 1x2160x3840x4 --size 1920x1080 --antialias"
QHD="--input 1x2160x3840x4 --size 960x540 --antialias"
nvidia-smi --query-gpu=name,driver_version --format=csv
for round in 1 2 3; do
  for s in none WGR_LAB_QUADS; do
    vars=$([ $s != none ] && echo "$s=1")
    echo "bicubic 4K->1080p [$s] round $round: $(plan $vars $B plan --no-tune-cache $UHD --filter bicubic --convention torch)"
    echo "lanczos3 4K->1080p [$s] round $round: $(plan $vars $B plan --no-tune-cache $UHD --filter lanczos3)"
    echo "f16 bicubic 4K->1080p [$s] round $round: $(plan $vars $B plan --no-tune-cache $UHD --filter bicubic --convention torch --element f16)"
    echo "u8 lanczos3 4K->1080p [$s] round $round: $(plan $vars $B plan --no-tune-cache $UHD --filter lanczos3 --element u8)"
    echo "bilinear 4K->1080p [$s] round $round: $(plan $vars $B plan --no-tune-cache $UHD --filter bilinear --convention torch)"
    echo "bicubic 4K->960x540 [$s] round $round: $(plan $vars $B plan --no-tune-cache $QHD --filter bicubic --convention torch)"
    echo "bicubic 16x448->224 [$s] round $round: $(plan $vars $B plan --no-tune-cache --input 16x448x448x4 --size 224x224 --antialias --filter bicubic --convention torch)"
    echo "NCHW bicubic 4K->1080p [$s] round $round: $(plan $vars $B plan --no-tune-cache --input 1x2160x3840x3 --layout nchw --size 1920x1080 --antialias --filter bicubic --convention torch)"
    echo "ML batch [$s] round $round: $(plan $vars $B plan --no-tune-cache --input 32x512x512x4 --size 224x224 --antialias --filter bilinear --convention torch)"
  done
done
