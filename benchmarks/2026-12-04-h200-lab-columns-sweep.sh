# Lab build: 3cf86f4 with benchmarks/2026-12-04-h200-lab-column-pairs-off.diff (switches read at run time).
# Fused µs against the tile's output columns (WGR_LAB_COLUMNS, 48 to 64; 0 = as built), two
# rounds, to see how the time follows the columns per shape.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
B=target/lab/wgresize-after
plan() { timeout 60 $B plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1 | grep -o "fused [0-9.]*" | grep -o "[0-9.]*"; }
UHD="--input 1x2160x3840x4 --size 1920x1080 --antialias"
QHD="--input 1x2160x3840x4 --size 960x540 --antialias"
row() { local label=$1; shift; local line="$label round $round:"; for c in 0 $(seq 48 64); do line="$line $c=$(WGR_LAB_COLUMNS=$c plan "$@")"; done; echo "$line"; }
nvidia-smi --query-gpu=name,driver_version --format=csv
for round in 1 2; do
  row "bicubic 4K->1080p" $UHD --filter bicubic --convention torch
  row "lanczos3 4K->1080p" $UHD --filter lanczos3
  row "f16 bicubic 4K->1080p" $UHD --filter bicubic --convention torch --element f16
  row "u8 lanczos3 4K->1080p" $UHD --filter lanczos3 --element u8
  row "bilinear 4K->1080p" $UHD --filter bilinear --convention torch
  row "bicubic 4K->960x540" $QHD --filter bicubic --convention torch
  row "lanczos3 4K->960x540" $QHD --filter lanczos3
  row "lanczos3 8x1024->512" --input 8x1024x1024x4 --size 512x512 --antialias --filter lanczos3
  row "bicubic 16x448->224" --input 16x448x448x4 --size 224x224 --antialias --filter bicubic --convention torch
  row "ML batch 32x512->224" --input 32x512x512x4 --size 224x224 --antialias --filter bilinear --convention torch
  row "bicubic 1080p->720p" --input 1x1080x1920x4 --size 1280x720 --filter bicubic --convention torch
done
