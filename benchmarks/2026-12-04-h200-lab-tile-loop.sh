# Fused tiles down the output one after another in each workgroup (WGR_LAB_TILE_LOOP tiles),
# so that the rows the next tile's bands share with this one's may still be in L1; 17b1375
# plus switches. Alternating, two rounds.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-after plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | grep -v "lab source" | head -1; }
shapes() {
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element f16
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element u8
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias
    plan --input 8x1024x1024x4 --size 512x512 --filter lanczos3 --antialias
    plan --input 16x448x448x4 --size 224x224 --filter bicubic --convention torch --antialias
}
for round in 1 2; do
  for k in 1 2 4 8; do
    echo "== tiles a workgroup $k, round $round"; WGR_LAB_TILE_LOOP=$k shapes
  done
done
