# Lab build: 3cf86f4 with benchmarks/2026-12-04-h200-lab-carveout-columns.diff (switches read at run time).
# Fused tiles narrowed so that the workgroup array fits 8 KiB (512 vectors): does the time step
# with the array as 8 resident workgroups' arrays would size the SM's shared-memory carve-out?
# WGR_LAB_COLUMNS forces the tile's output columns, WGR_LAB_COLUMN_PAIRS column pairs on;
# WGR_LAB_PRINT prints the tile.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
B=target/lab/wgresize-after
plan() { timeout 60 $B plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1 | grep -o "fused [0-9.]* µs"; }
tile() { WGR_LAB_PRINT=1 timeout 60 $B plan --no-tune-cache "$@" 2>&1 | grep "^\[lab\]" | head -1 | grep -o "columns: [0-9]*, capacity: [0-9]*"; }
UHD="--input 1x2160x3840x4 --size 1920x1080 --antialias"
run() { # label, columns list, args...
  local label=$1 cols=$2; shift 2
  for c in $cols; do
    if [ "$round" = 1 ]; then echo "   tile at $c: $(WGR_LAB_COLUMNS=$c tile "$@")"; fi
    echo "$label cols $c round $round: $(WGR_LAB_COLUMNS=$c plan "$@")"
    if [ "$c" != 0 ]; then echo "$label cols $c pairs round $round: $(WGR_LAB_COLUMN_PAIRS=1 WGR_LAB_COLUMNS=$c plan "$@")"; fi
  done
}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
for round in 1 2; do
  run "bicubic 4K->1080p" "0 60 59 58 56" $UHD --filter bicubic --convention torch
  run "lanczos3 4K->1080p" "0 58 56" $UHD --filter lanczos3
  run "bilinear 4K->1080p" "0 62" $UHD --filter bilinear --convention torch
  run "f16 bicubic 4K->1080p" "0 60" $UHD --filter bicubic --convention torch --element f16
  run "u8 bicubic 4K->1080p" "0 60" $UHD --filter bicubic --convention torch --element u8
  run "lanczos3 8x1024->512" "0 58 56" --input 8x1024x1024x4 --size 512x512 --antialias --filter lanczos3
  run "bicubic 16x448->224" "0 60" --input 16x448x448x4 --size 224x224 --antialias --filter bicubic --convention torch
  run "bicubic 4K->960x540" "0 60 59" --input 1x2160x3840x4 --size 960x540 --antialias --filter bicubic --convention torch
done
