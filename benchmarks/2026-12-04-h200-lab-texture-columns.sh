# Texture routes timing the fused tile's columns (6c434a2, "new") against ce8d917 ("old"),
# which timed the fused path there at the kernel's own count only: `wgresize bench --frames`
# (RGBA8 frames into model inputs, each path a pass a frame, frames from memory) twice each,
# interleaved, and `wgresize plan --no-tune-cache` on the texture routes for shapes where the
# fused path is a candidate, two rounds.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv
for round in 1 2; do
  for b in old new; do
    timeout 120 target/lab/wgresize-$b bench --frames --json --no-tune-cache > $OUT/frames-$b-$round.json 2> /dev/null
    echo "frames $b round $round: rc $?"
  done
done
plan() { timeout 60 target/lab/wgresize-$1 plan --no-tune-cache "${@:2}" 2>&1 | grep -v XDG | grep -v "^\[" | head -1 | sed 's/.*fastest when measured: //'; }
UHD="--input 1x2160x3840x4 --size 1920x1080 --antialias"
for round in 1 2; do
  for b in old new; do
    echo "$b from rgba8unorm 1080p->3x360x640 planes round $round: $(plan $b --input 1x1080x1920x3 --layout nchw --size 640x360 --antialias --convention torch --from-texture rgba8unorm)"
    echo "$b from rgba8unorm 1080p->3x224x224 planes round $round: $(plan $b --input 1x1080x1920x3 --layout nchw --size 224x224 --antialias --convention torch --from-texture rgba8unorm)"
    echo "$b from rgba8unorm 4K->1080p bicubic round $round: $(plan $b $UHD --filter bicubic --convention torch --from-texture rgba8unorm)"
    echo "$b from rgba32float 4K->1080p lanczos3 round $round: $(plan $b $UHD --filter lanczos3 --from-texture rgba32float)"
    echo "$b into rgba32float 4K->1080p bicubic round $round: $(plan $b $UHD --filter bicubic --convention torch --into-texture rgba32float)"
    echo "$b into rgba32float 4K->1080p lanczos3 round $round: $(plan $b $UHD --filter lanczos3 --into-texture rgba32float)"
    echo "$b into rgba8unorm 4K->1080p lanczos3 u8 round $round: $(plan $b $UHD --filter lanczos3 --element u8 --into-texture rgba8unorm)"
  done
done
