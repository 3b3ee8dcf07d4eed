#!/bin/bash
# What the horizontal weights' reads cost: lab build where every lane of the vector gather and
# of the strided-group taps reads the first table row's weights (WGR_LAB_UNIFORM_X; wrong
# outputs, timing only) against the shipped reads, `wgresize plan` with every path measured,
# two rounds alternating. x only: the output keeps the input's height.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
PL="--filter lanczos3 --convention pillow --element u8"
shapes=(
 "--input 1x2160x3840x4 --size 1920x2160 $PL"
 "--input 1x2160x3840x4 --size 1920x1080 $PL"
 "--input 1x2160x3840x3 --size 1920x2160 $PL"
 "--input 1x2160x3840x3 --size 1920x1080 $PL"
 "--input 1x2160x3840x1 --size 1920x2160 $PL"
 "--input 1x2160x3840x4 --size 1920x2160 --filter lanczos3 --antialias"
 "--input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias"
 "--input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias --element u8"
 "--input 1x2160x3840x4 --size 224x2160 --filter bicubic --antialias"
 "--input 1x1080x1920x4 --size 3840x1080 --filter bicubic"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round shipped | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
   echo "$round uniform | $s | $(WGR_LAB_UNIFORM_X=1 target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
