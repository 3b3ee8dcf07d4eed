# Lab build: 3cf86f4 with benchmarks/2026-12-04-h200-lab-column-pairs-off.diff (switches read at run time).
# Column pairs off (WGR_LAB_NO_COLUMN_PAIRS) at the tile's own columns, and at 56 columns
# (WGR_LAB_COLUMNS), for the fused shrinks that take column pairs. Two rounds.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
B=target/lab/wgresize-after
plan() { timeout 60 $B plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1 | grep -o "fused [0-9.]* µs"; }
tile() { WGR_LAB_PRINT=1 timeout 60 $B plan --no-tune-cache "$@" 2>&1 | grep "^\[lab\]" | head -1 | grep -o "columns: [0-9]*, capacity: [0-9]*, pair_step: [0-9]*, column_pairs: [a-z]*"; }
UHD="--input 1x2160x3840x4 --size 1920x1080 --antialias"
run() { # label, args...
  local label=$1; shift
  if [ "$round" = 1 ]; then echo "   tile: $(tile "$@")"; fi
  echo "$label round $round: as built $(plan "$@") / pairs off $(WGR_LAB_NO_COLUMN_PAIRS=1 plan "$@") / 56 columns $(WGR_LAB_COLUMNS=56 plan "$@") / 56 pairs off $(WGR_LAB_NO_COLUMN_PAIRS=1 WGR_LAB_COLUMNS=56 plan "$@")"
}
nvidia-smi --query-gpu=name,driver_version --format=csv
for round in 1 2; do
  run "lanczos3 4K->1080p" $UHD --filter lanczos3
  run "f16 lanczos3 4K->1080p" $UHD --filter lanczos3 --element f16
  run "u8 lanczos3 4K->1080p" $UHD --filter lanczos3 --element u8
  run "lanczos3 8x1024->512" --input 8x1024x1024x4 --size 512x512 --antialias --filter lanczos3
  run "lanczos3 4K->960x540" --input 1x2160x3840x4 --size 960x540 --antialias --filter lanczos3
  run "bicubic 4K->1080p" $UHD --filter bicubic --convention torch
  run "f16 bicubic 4K->1080p" $UHD --filter bicubic --convention torch --element f16
  run "u8 bicubic 4K->1080p" $UHD --filter bicubic --convention torch --element u8
  run "bicubic 16x448->224" --input 16x448x448x4 --size 224x224 --antialias --filter bicubic --convention torch
  run "bicubic 4K->960x540" --input 1x2160x3840x4 --size 960x540 --antialias --filter bicubic --convention torch
  run "bilinear 4K->1080p" $UHD --filter bilinear --convention torch
  run "bicubic 2048->1024" --input 1x2048x2048x4 --size 1024x1024 --filter bicubic --convention torch
done
