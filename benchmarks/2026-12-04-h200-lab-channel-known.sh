# Fused planes' normalising stores with the channel search compiled out (after: CHANNEL_KNOWN)
# against 2f734d9 (before), alternating, three rounds; the register counts of each; then the
# normalisation test binary of the after build on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-$v plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | grep -v "lab source" | head -1 | grep -o "fused [0-9.]* µs"; }
norm="--mean 0.485,0.456,0.406 --std 0.229,0.224,0.225"
shapes() {
    echo "   normalised f32 $(plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias $norm)"
    echo "   normalised f16 $(plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --element f16 $norm)"
    echo "   plain f32 $(plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias)"
    echo "   normalised 4K -> 1080p bicubic $(plan --input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bicubic --convention torch --antialias $norm)"
    echo "   plain 4K -> 1080p bicubic $(plan --input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bicubic --convention torch --antialias)"
}
for round in 1 2 3; do
  for v in before after; do echo "== $v, round $round"; shapes; done
done
for v in before after; do
  WGR_DUMP=/tmp/$v-norm plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias $norm > /dev/null
  WGR_DUMP=/tmp/$v-plain plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias > /dev/null
  for d in norm plain; do
    echo "== registers, $v, $d: $(target/lab/kstats /tmp/$v-$d/*fused*.wgsl 2>&1 | grep fused | sed 's/.*Register/Register/; s/Binary Size.*Shared Memory Size/shared/')"
  done
done
target/lab/normalize-test 2>&1 | tail -3
