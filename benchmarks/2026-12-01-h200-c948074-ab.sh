#!/usr/bin/env bash
# c948074: the sweep's fused shapes of 2-tap and 4-tap rows, and the column-pair shapes, three rounds.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
u="--input 1x2160x3840x4"
aa="--filter bicubic --convention torch --antialias"
shapes=(
 "--input 1x4096x4096x4 --size 512x512 --filter bilinear"
 "$u --size 384x216 --filter bilinear"
 "--input 1x2048x2048x4 --size 1024x1024 --filter bilinear"
 "--input 1x4096x4096x4 --size 512x512 --filter bicubic"
 "$u --size 1920x1080 --filter bilinear --element u8"
 "$u --size 1920x1080 $aa"
 "$u --size 1920x1080 --filter lanczos3 --antialias"
 "--input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias"
)
for round in 1 2 3; do
  for bin in wgresize-base wgresize; do
    for s in "${shapes[@]}"; do
      echo "round $round $bin $s :: $(target/release/$bin plan $s --no-tune-cache 2>&1 | head -1)"
    done
  done
done
