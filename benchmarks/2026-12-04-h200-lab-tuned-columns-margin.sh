# Release build with tuning's 1% margin for other counts (CLEARLY_FASTER): what tuning times and keeps for the
# fused tile's columns (`wgresize plan --no-tune-cache`: each candidate path's time, the fused
# path's at the columns it kept), three rounds.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
B=target/lab/wgresize-tuned
plan() { timeout 60 $B plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1 | sed 's/.*fastest when measured: //'; }
UHD="--input 1x2160x3840x4 --size 1920x1080 --antialias"
QHD="--input 1x2160x3840x4 --size 960x540 --antialias"
nvidia-smi --query-gpu=name,driver_version --format=csv
for round in 1 2 3; do
  echo "bicubic 4K->1080p round $round: $(plan $UHD --filter bicubic --convention torch)"
  echo "lanczos3 4K->1080p round $round: $(plan $UHD --filter lanczos3)"
  echo "f16 bicubic 4K->1080p round $round: $(plan $UHD --filter bicubic --convention torch --element f16)"
  echo "u8 lanczos3 4K->1080p round $round: $(plan $UHD --filter lanczos3 --element u8)"
  echo "bilinear 4K->1080p round $round: $(plan $UHD --filter bilinear --convention torch)"
  echo "bicubic 4K->960x540 round $round: $(plan $QHD --filter bicubic --convention torch)"
  echo "lanczos3 4K->960x540 round $round: $(plan $QHD --filter lanczos3)"
  echo "lanczos3 8x1024->512 round $round: $(plan --input 8x1024x1024x4 --size 512x512 --antialias --filter lanczos3)"
  echo "bicubic 16x448->224 round $round: $(plan --input 16x448x448x4 --size 224x224 --antialias --filter bicubic --convention torch)"
  echo "ML batch round $round: $(plan --input 32x512x512x4 --size 224x224 --antialias --filter bilinear --convention torch)"
  echo "NCHW ML batch round $round: $(plan --input 32x512x512x3 --layout nchw --size 224x224 --antialias --filter bilinear --convention torch)"
  echo "bicubic 1080p->720p round $round: $(plan --input 1x1080x1920x4 --size 1280x720 --filter bicubic --convention torch)"
done
