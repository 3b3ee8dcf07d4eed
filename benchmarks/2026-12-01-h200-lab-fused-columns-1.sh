#!/usr/bin/env bash
# Lab: fused-kernel variants (WGR_LAB bits) on the antialiased shrinks, rounds interleaved.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
bin=target/release/wgresize
$bin info | head -3
shapes=(
 "--input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias"
 "--input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --convention pillow"
 "--input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias"
 "--input 1x2160x3840x4 --size 1920x1080 --filter bicubic --convention torch --antialias --element f16"
)
for round in 1 2 3; do
  for v in 0 1 2 3 4 5; do
    for s in "${shapes[@]}"; do
      echo "round $round LAB=$v $s :: $(WGR_LAB=$v $bin plan $s --no-tune-cache 2>&1 | head -1)"
    done
  done
done
