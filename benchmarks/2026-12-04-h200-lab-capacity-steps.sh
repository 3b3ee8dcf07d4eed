# The fused array padded in fine steps (WGR_LAB_CAPACITY: at least that many vectors), 5f0323a
# plus the switch: where the time steps. Alternating, two rounds.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-after plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | head -1 | grep -o "fused [0-9.]* µs"; }
for round in 1 2; do
  for cap in 0 544 576 608 640 704 768 832 896 1024 1152; do
    echo "== at least $cap, round $round: $(WGR_LAB_CAPACITY=$cap plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias) / $(WGR_LAB_CAPACITY=$cap plan --input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias) / $(WGR_LAB_CAPACITY=$cap plan --input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias)"
  done
done
