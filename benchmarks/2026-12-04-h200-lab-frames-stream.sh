# Binaries: target/lab/wgresize-after (3cf86f4 with item 171's lab switches, unset) and target/lab/wgresize-tuned (f08a4ab plus the bench's fused_columns). The first run of this script cut its output (head -8); this is the second.
# The frames bench (RGBA8 1080p/4K frames into model inputs through the texture-to-tensor API)
# with 3cf86f4's binary (the lab build of item 171 with its switches unset) and f08a4ab's
# (tuned fused columns), alternating, two rounds: 6a9bb56's run had 1080p -> 3x360x640 NCHW
# f32 in one pass at 10.2 µs, f08a4ab's at 39.6.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for round in 1 2; do
  for b in after tuned; do
    echo "== $b round $round"
    timeout 120 target/lab/wgresize-$b bench --frames --no-tune-cache 2>&1 | grep -v XDG | grep -v "^\[" | grep "360x640\|224x224"
  done
done
