#!/usr/bin/env bash
# Lab: the fused kernel's vertical step over two columns at a time (WGR_LAB 4: row pairs, 8: single rows).
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
bin=target/release/wgresize
u="--input 1x2160x3840x4"
aa="--filter bicubic --convention torch --antialias"
shapes=(
 "$u --size 1920x1080 $aa"
 "$u --size 1920x1080 --filter lanczos3 --antialias"
 "--input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias"
 "$u --size 1920x1080 $aa --element f16"
 "$u --size 1920x1080 --filter lanczos3 --antialias --element f16"
 "$u --size 1920x1080 $aa --element u8"
 "$u --size 2880x1620 $aa"
 "$u --size 1920x1080 --filter bilinear --convention torch --antialias"
 "$u --size 224x224 $aa"
 "$u --size 1920x1080 --filter lanczos3 --convention pillow"
 "--input 8x1024x1024x4 --size 512x512 --filter lanczos3 --antialias"
 "--input 1x1080x1920x4 --size 1280x720 $aa"
 "--input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element f16"
 "$u --size 960x540 $aa"
)
for round in 1 2 3; do
  for v in 0 4 8 12; do
    for s in "${shapes[@]}"; do
      echo "round $round LAB=$v $s :: $(WGR_LAB=$v $bin plan $s --no-tune-cache 2>&1 | head -1)"
    done
  done
done
