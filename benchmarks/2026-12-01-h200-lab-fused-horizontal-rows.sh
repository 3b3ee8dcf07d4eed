#!/usr/bin/env bash
# Lab: the fused horizontal step's two rows in one tap loop (WGR_HX2), on befae1d.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
bin=target/release/wgresize
u="--input 1x2160x3840x4"
aa="--filter bicubic --convention torch --antialias"
shapes=(
 "$u --size 1920x1080 $aa"
 "$u --size 1920x1080 --filter lanczos3 --antialias"
 "$u --size 1920x1080 $aa --element f16"
 "$u --size 1920x1080 --filter lanczos3 --antialias --element f16"
 "$u --size 960x540 $aa"
 "--input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias"
 "--input 8x1024x1024x4 --size 512x512 --filter lanczos3 --antialias"
)
for round in 1 2 3; do
  for v in 0 1; do
    for s in "${shapes[@]}"; do
      if [ $v = 1 ]; then export WGR_HX2=1; else unset WGR_HX2; fi
      echo "round $round LAB=$v $s :: $($bin plan $s --no-tune-cache 2>&1 | head -1)"
    done
  done
done
