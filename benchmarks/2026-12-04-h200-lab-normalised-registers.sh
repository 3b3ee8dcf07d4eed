# Register counts of the fused NCHW ML batch kernels, plain and ImageNet-normalised, f32 and f16
# (8df0eea's lab dump switch on 2f734d9), with their times.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-after plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1; }
norm="--mean 0.485,0.456,0.406 --std 0.229,0.224,0.225"
for e in f32 f16; do
  WGR_DUMP=/tmp/plain-$e plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --element $e
  WGR_DUMP=/tmp/norm-$e plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias --element $e $norm
  for d in plain norm; do
    echo "== registers, $d $e"
    target/lab/kstats /tmp/$d-$e/*fused*.wgsl 2>&1 | grep fused | sed 's/Binary Size.*Shared Memory Size/shared/'
  done
done
