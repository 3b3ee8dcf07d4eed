# Fused tiles of 128 lanes (workgroups of 512 or 256 invocations: fewer resident per SM) tried
# first (WGR_LAB_WIDE=128) against as built (64), 6c735ec plus the switch. Alternating, two
# rounds; then the kernels' labels and register counts.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-after plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1 | grep -o "fused [0-9.]* µs"; }
shapes() {
    echo "   ML f32 $(plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias)"
    echo "   ML f16 $(plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element f16)"
    echo "   ML u8 $(plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element u8)"
    echo "   NCHW ML $(plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias)"
    echo "   bicubic 4K $(plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias)"
    echo "   lanczos3 4K $(plan --input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias)"
    echo "   16x448 bicubic $(plan --input 16x448x448x4 --size 224x224 --filter bicubic --convention torch --antialias)"
}
for round in 1 2; do
  echo "== as built, round $round"; shapes
  echo "== 128 lanes, round $round"; WGR_LAB_WIDE=128 shapes
done
WGR_LAB_WIDE=128 WGR_DUMP=/tmp/wide shapes > /dev/null
echo "== registers, 128 lanes"
target/lab/kstats /tmp/wide/*fused*.wgsl 2>&1 | grep fused | sed 's/_rows_inside_columns_inside//; s/Binary Size.*Shared Memory Size/shared/'
