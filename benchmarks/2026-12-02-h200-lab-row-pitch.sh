#!/bin/bash
# The same bytes in rows of different pitch: 4K RGBA f32 images against batches of 4 and 16
# narrower images of the same size in bytes (rows 61 KB, 15 KB and 3.8 KB apart), for the
# vertical passes of the antialiased shrinks and for the bilinear x0.5. `wgresize plan` at
# 1fa8cf4, every path measured, two rounds.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
BIC="--filter bicubic --antialias --convention torch"
shapes=(
 "--input 1x2160x3840x4 --size 3840x224 $BIC"
 "--input 4x2160x960x4 --size 960x224 $BIC"
 "--input 16x2160x240x4 --size 240x224 $BIC"
 "--input 1x2160x3840x4 --size 3840x1080 $BIC"
 "--input 4x2160x960x4 --size 960x1080 $BIC"
 "--input 16x2160x240x4 --size 240x1080 $BIC"
 "--input 1x2160x3840x4 --size 1920x2160 $BIC"
 "--input 4x2160x960x4 --size 480x2160 $BIC"
 "--input 16x2160x240x4 --size 120x2160 $BIC"
 "--input 1x2160x3840x4 --scale 0.5"
 "--input 4x2160x960x4 --scale 0.5"
 "--input 16x2160x240x4 --scale 0.5"
 "--input 1x2160x3840x4 --size 224x224 $BIC"
 "--input 4x2160x960x4 --size 56x224 $BIC"
 "--input 1x540x15360x4 --size 15360x56 $BIC"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
