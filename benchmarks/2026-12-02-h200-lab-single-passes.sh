#!/bin/bash
# Each pass of some slow resizes as a resize of its own (since item 108 an axis kept at its size
# is one tap, so these are single passes on the gather path), beside the whole; `wgresize plan`
# with every path measured, two rounds.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
PL="--filter lanczos3 --convention pillow --element u8"
BC="--filter bicubic --antialias"
L3="--filter lanczos3 --antialias"
shapes=(
 "--input 1x2160x3840x3 --size 1920x1080 $PL"
 "--input 1x2160x3840x3 --size 1920x2160 $PL"
 "--input 1x2160x1920x3 --size 1920x1080 $PL"
 "--input 1x2160x3840x3 --size 1366x768 $PL"
 "--input 1x2160x3840x3 --size 1366x2160 $PL"
 "--input 1x2160x1366x3 --size 1366x768 $PL"
 "--input 1x2160x3840x4 --size 1920x1080 $PL"
 "--input 1x2160x3840x4 --size 1920x2160 $PL"
 "--input 1x2160x1920x4 --size 1920x1080 $PL"
 "--input 1x2160x3840x4 --size 1920x1080 $BC"
 "--input 1x2160x3840x4 --size 1920x2160 $BC"
 "--input 1x2160x3840x4 --size 3840x1080 $BC"
 "--input 1x2160x3840x4 --size 1920x1080 $L3"
 "--input 1x2160x3840x4 --size 1920x2160 $L3"
 "--input 1x2160x3840x4 --size 3840x1080 $L3"
 "--input 1x2160x3840x4 --size 1920x1080 $BC --element u8"
 "--input 1x2160x3840x4 --size 1920x2160 $BC --element u8"
 "--input 1x2160x3840x4 --size 3840x1080 $BC --element u8"
 "--input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --antialias"
 "--input 32x512x512x3 --layout nchw --size 224x512 --filter bilinear --antialias"
 "--input 32x512x512x3 --layout nchw --size 512x224 --filter bilinear --antialias"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -2 | tr '\n' ' ')"
 done
done
