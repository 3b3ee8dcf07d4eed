#!/bin/bash
# Colour conversions in the resize kernels: per-load division against a hoisted reciprocal,
# and prepare4 skipped (timing only), beside the plain lanczos3 shape.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
S4K="--input 1x2160x3840x4 --size 1920x1080"
shapes=(
 "$S4K --filter lanczos3 --antialias"
 "$S4K --filter lanczos3 --convention pillow"
 "$S4K --filter lanczos3 --convention pillow --element u8"
 "$S4K --filter lanczos3 --convention pillow --element f16"
 "$S4K --filter bicubic --convention pillow"
 "$S4K --filter lanczos3 --antialias --linear-light"
 "$S4K --filter lanczos3 --antialias --linear-light --element u8"
 "--input 1x1080x1920x4 --scale 2 --filter bilinear --convention pillow"
 "--input 1x1080x1920x4 --scale 2 --filter bilinear --linear-light --element u8"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
  for v in base recip none; do
   echo "$round $v | $s | $(lab-tmp/wgresize-$v plan $s --no-tune-cache 2>&1 | head -1)"
  done
 done
done
