# NCHW planes in the fused kernel: a spare vector after every 2^SPARE_SHIFT of the transposed
# sums (3: fe3dbfb's `slot`), 3 against 4 and 5 (WGRESIZE_LAB_SHIFT in the lab build of
# fe3dbfb), alternating, two rounds. `wgresize plan` measures every path.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-after plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1; }
for round in 1 2; do
  for shift in 3 4 5; do
    export WGRESIZE_LAB_SHIFT=$shift
    echo "== shift $shift, round $round"
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --element f16
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --element u8
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --mean 0.485,0.456,0.406 --std 0.229,0.224,0.225
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bicubic --convention torch --antialias
    plan --input 16x448x448x3 --layout nchw --size 224x224 --filter bicubic --convention torch --antialias
    plan --input 8x1024x1024x3 --layout nchw --size 512x512 --filter lanczos3 --antialias
    plan --input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bicubic --convention torch --antialias
  done
done
