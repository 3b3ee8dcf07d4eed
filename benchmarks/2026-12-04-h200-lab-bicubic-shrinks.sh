# Bicubic (4x4 taps, PyTorch's, no antialias) shrinks of 1080p and 4K RGBA by 0.9, 0.75, 0.5 and
# 0.25, f32, f16 and u8: gather against fused, for the unmeasured choice (release build of
# 43af8fe). Two rounds, one command.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/release/wgresize plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -2 | paste -sd' '; }
for round in 1 2; do
  echo "== round $round"
  for e in f32 f16 u8; do
    for size in 1728x972 1440x810 960x540 480x270; do
      plan --input 1x1080x1920x4 --size $size --filter bicubic --convention torch --element $e
    done
    for size in 3456x1944 2880x1620 1920x1080 960x540; do
      plan --input 1x2160x3840x4 --size $size --filter bicubic --convention torch --element $e
    done
  done
done
