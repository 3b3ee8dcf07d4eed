#!/bin/bash
# Are vertical passes of RGB and NCHW tensors slower than the same bytes read as RGBA? A
# vertical pass weighs each element of a row alone, so a tensor whose rows hold a multiple of 4
# elements can be read as four-channel pixels. `wgresize plan` (each path measured) on whole
# resizes, on their vertical and horizontal passes alone, and on each vertical pass written as
# the same bytes in RGBA NHWC; two rounds.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
L3="--filter lanczos3 --antialias"
BC="--filter bicubic --antialias"
BL="--filter bilinear --antialias"
shapes=(
 "--input 1x2160x3840x3 --size 1920x1080 $L3 --element u8"
 "--input 1x2160x3840x3 --size 3840x1080 $L3 --element u8"
 "--input 1x2160x2880x4 --size 2880x1080 $L3 --element u8"
 "--input 1x1080x3840x3 --size 1920x1080 $L3 --element u8"
 "--input 1x2160x3840x3 --size 1366x768 $L3 --element u8"
 "--input 1x2160x3840x3 --size 3840x768 $L3 --element u8"
 "--input 1x2160x2880x4 --size 2880x768 $L3 --element u8"
 "--input 1x768x3840x3 --size 1366x768 $L3 --element u8"
 "--input 1x3x2160x3840 --layout nchw --size 1920x1080 $BC"
 "--input 1x3x2160x3840 --layout nchw --size 3840x1080 $BC"
 "--input 3x2160x960x4 --size 960x1080 $BC"
 "--input 1x3x1080x3840 --layout nchw --size 1920x1080 $BC"
 "--input 32x3x512x512 --layout nchw --size 224x224 $BL"
 "--input 32x3x512x512 --layout nchw --size 512x224 $BL"
 "--input 96x512x128x4 --size 128x224 $BL"
 "--input 32x3x224x512 --layout nchw --size 224x224 $BL"
 "--input 1x2160x3840x3 --size 1920x1080 $BC"
 "--input 1x2160x3840x3 --size 3840x1080 $BC"
 "--input 1x2160x2880x4 --size 2880x1080 $BC"
 "--input 1x1080x3840x3 --size 1920x1080 $BC"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
