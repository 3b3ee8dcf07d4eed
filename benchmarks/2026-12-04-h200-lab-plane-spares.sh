# Planes' array with only the spares their layout takes (after) against room for one after every
# 8 (before: run11's build, its tiles sized by filled columns); and the narrowest of equally
# costly tile widths (after, WGR_LAB_NARROWEST=1). Alternating, three rounds; then labels.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-$v plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | grep -v "lab source" | head -1; }
shapes() {
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element f16
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element u8
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --element f16
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --element u8
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --mean 0.485,0.456,0.406 --std 0.229,0.224,0.225
    plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias
    plan --input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias
    plan --input 1x2160x3840x4 --size 960x540 --filter bicubic --convention torch --antialias
    plan --input 8x1024x1024x4 --size 512x512 --filter lanczos3 --antialias
    plan --input 16x448x448x4 --size 224x224 --filter bicubic --convention torch --antialias
    plan --input 1x1080x1920x4 --size 1280x720 --filter bicubic --convention torch --antialias
}
for round in 1 2 3; do
  v=before; echo "== before, round $round"; shapes
  v=after; echo "== after, round $round"; shapes
  v=after; echo "== after narrowest, round $round"; WGR_LAB_NARROWEST=1 shapes
done
v=before; WGR_DUMP=/tmp/before shapes > /dev/null
v=after; WGR_DUMP=/tmp/after shapes > /dev/null
v=after; WGR_LAB_NARROWEST=1 WGR_DUMP=/tmp/narrow shapes > /dev/null
for d in before after narrow; do echo "== fused kernels $d"; ls /tmp/$d | grep fused | grep wgsl; done
