# Close calls timed again (the working tree after 44b3ffb, "new"): where the fastest other
# count of fused tile columns times within 3% of the kernel's own, tuning times the two again in
# turn, twice each, and judges them on all their samples; 44b3ffb ("old") judges one timing each.
# `wgresize plan --no-tune-cache` (each path's time; the fused path's at the columns kept) and
# the wall time of the whole plan (tuning included), five rounds, old and new alternating.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
UHD="--input 1x2160x3840x4 --size 1920x1080 --antialias"
plan() {
  local b=$1; shift
  local t0=$(date +%s.%N)
  local line=$(timeout 60 target/lab/wgresize-$b plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1 | sed 's/.*fastest when measured: //')
  printf '%s [plan %s s]' "$line" "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')"
}
nvidia-smi --query-gpu=name,driver_version --format=csv
for round in 1 2 3 4 5; do
  for b in old new; do
    echo "$b lanczos3 4K->1080p round $round: $(plan $b $UHD --filter lanczos3)"
    echo "$b bicubic 4K->1080p round $round: $(plan $b $UHD --filter bicubic --convention torch)"
    echo "$b u8 lanczos3 4K->1080p round $round: $(plan $b $UHD --filter lanczos3 --element u8)"
    echo "$b bilinear 4K->1080p round $round: $(plan $b $UHD --filter bilinear --convention torch)"
    echo "$b ML batch round $round: $(plan $b --input 32x512x512x4 --size 224x224 --antialias --filter bilinear --convention torch)"
  done
done
