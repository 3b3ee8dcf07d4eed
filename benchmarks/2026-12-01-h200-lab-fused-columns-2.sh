#!/usr/bin/env bash
# Lab: fused-kernel variants (WGR_LAB bits) on more shapes, rounds interleaved.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
bin=target/release/wgresize
u="--input 1x2160x3840x4"
shapes=(
 "$u --size 1920x1080 --filter bicubic --convention torch --antialias"
 "$u --size 1920x1080 --filter lanczos3 --antialias"
 "$u --size 1920x1080 --filter bicubic --convention torch --antialias --element f16"
 "$u --size 1920x1080 --filter lanczos3 --antialias --element f16"
 "$u --size 1920x1080 --filter bicubic --convention torch --antialias --element u8"
 "--input 1x1080x1920x4 --size 960x540 --filter bicubic --convention torch --antialias"
 "$u --size 1920x1080 --filter lanczos3 --convention pillow"
 "$u --size 2880x1620 --filter bicubic --convention torch --antialias"
 "$u --size 1280x720 --filter bicubic --convention torch --antialias"
 "$u --size 960x540 --filter bicubic --convention torch --antialias"
 "--input 8x1024x1024x4 --size 512x512 --filter lanczos3 --antialias"
)
for round in 1 2 3; do
  for v in 0 2 4; do
    for s in "${shapes[@]}"; do
      echo "round $round LAB=$v $s :: $(WGR_LAB=$v $bin plan $s --no-tune-cache 2>&1 | head -2 | tr '\n' ' ')"
    done
  done
done
