#!/usr/bin/env bash
# A/B of d90d606 (wgresize-base) and 9980b02 (wgresize) on the fused shapes, three rounds
# alternating, then the conformance cases on every path with 9980b02.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
u="--input 1x2160x3840x4"
aa="--filter bicubic --convention torch --antialias"
shapes=(
 "$u --size 1920x1080 $aa"
 "$u --size 1920x1080 --filter lanczos3 --antialias"
 "$u --size 1920x1080 $aa --element f16"
 "$u --size 1920x1080 --filter lanczos3 --antialias --element f16"
 "$u --size 1920x1080 $aa --element u8"
 "$u --size 1920x1080 --filter bilinear --convention torch --antialias"
 "$u --size 960x540 $aa"
 "--input 8x1024x1024x4 --size 512x512 --filter lanczos3 --antialias"
 "--input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias"
 "--input 1x1080x1920x4 --size 1280x720 $aa"
 "$u --size 1920x1080 --filter lanczos3 --convention pillow"
 "--input 1x2048x2048x4 --size 1024x1024 --filter bicubic --convention torch"
 "--input 1x2048x2048x4 --size 1024x1024 --filter lanczos3 --antialias"
)
target/release/wgresize info | head -3
for round in 1 2 3; do
  for bin in wgresize-base wgresize; do
    for s in "${shapes[@]}"; do
      echo "round $round $bin $s :: $(target/release/$bin plan $s --no-tune-cache 2>&1 | head -1)"
    done
  done
done
for path in gather separable fused auto; do
  target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | tail -2
done
