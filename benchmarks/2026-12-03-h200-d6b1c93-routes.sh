# wgresize plan on each route (buffers, into and from a texture), antialiased shrinks and x2,
# u8 and f32; run on the H200 from the repository root with target/release/wgresize of d6b1c93.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan; B=target/release/wgresize
for r in 1 2; do
for shape in "1x2160x3840x4 --size 1920x1080 --filter bicubic --antialias" "1x2160x3840x4 --size 224x224 --filter lanczos3 --antialias" "1x2160x3840x4 --size 224x224 --filter bicubic --antialias" "1x1080x1920x4 --size 3840x2160" "1x2160x3840x4 --size 1920x1080" "1x768x1280x4 --size 320x192 --filter bilinear --antialias"; do
  for el in u8 f32; do
    fmt=rgba8unorm; [ $el = f32 ] && fmt=rgba32float
    for route in "" "--into-texture $fmt" "--from-texture $fmt"; do
      echo "== round $r: --input $shape --element $el $route"
      timeout 60 $B plan --input $shape --element $el $route --no-tune-cache 2>&1 | head -1
    done
  done
done; done
