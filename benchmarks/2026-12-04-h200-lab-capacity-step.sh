# The fused kernel's workgroup array rounded up to 256 vectors (4 KiB, as committed) against 64
# (1 KiB) and 16 (256 bytes) (WGRESIZE_LAB_CAPACITY_STEP in the lab build of 77b7c4f),
# alternating, two rounds; `wgresize plan` measures every path.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-after plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1; }
for round in 1 2; do
  for step in 256 64 16; do
    export WGRESIZE_LAB_CAPACITY_STEP=$step
    echo "== step $step, round $round"
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element f16
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 16x448x448x4 --size 224x224 --filter bicubic --convention torch --antialias
    plan --input 8x1024x1024x4 --size 512x512 --filter lanczos3 --antialias
  done
done
