# Whether the second weight array of a row pair costs time (lab build of 124605d with a switch,
# benchmarks/2026-12-04-h200-lab-shared-weights.diff): with WGR_LAB_SHARED_WEIGHTS both rows of a
# pair take the first row's weights, so the kernel holds TAPS_Y fewer weights (the outputs are
# wrong at the borders, where exact 2x shrinks' rows have weights of their own; speed only).
# `wgresize plan --no-tune-cache`, three rounds of without and with.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
B=target/lab/wgresize-shared
plan() { timeout 60 env "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1 | sed 's/.*fastest when measured: //'; }
UHD="--input 1x2160x3840x4 --size 1920x1080 --antialias"
nvidia-smi --query-gpu=name,driver_version --format=csv
for round in 1 2 3; do
  for s in none WGR_LAB_SHARED_WEIGHTS; do
    vars=$([ $s != none ] && echo "$s=1")
    echo "bicubic 4K->1080p [$s] round $round: $(plan $vars $B plan --no-tune-cache $UHD --filter bicubic --convention torch)"
    echo "lanczos3 4K->1080p [$s] round $round: $(plan $vars $B plan --no-tune-cache $UHD --filter lanczos3)"
    echo "f16 bicubic 4K->1080p [$s] round $round: $(plan $vars $B plan --no-tune-cache $UHD --filter bicubic --convention torch --element f16)"
    echo "u8 lanczos3 4K->1080p [$s] round $round: $(plan $vars $B plan --no-tune-cache $UHD --filter lanczos3 --element u8)"
    echo "ML batch [$s] round $round: $(plan $vars $B plan --no-tune-cache --input 32x512x512x4 --size 224x224 --antialias --filter bilinear --convention torch)"
  done
done
