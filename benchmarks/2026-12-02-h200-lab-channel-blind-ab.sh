#!/bin/bash
# Vertical passes read as four-channel pixels (src/gpu/channel_blind.rs) against the kernels
# they had (lab build: WGR_LAB_NO_RESHAPE set), `wgresize plan` with every path measured,
# three rounds alternating; then the conformance cases on every path with the reshaping on.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
L3="--filter lanczos3 --antialias"
BC="--filter bicubic --antialias"
BL="--filter bilinear --antialias"
shapes=(
 "--input 1x2160x3840x3 --size 1920x1080 $L3 --element u8"
 "--input 1x2160x3840x3 --size 1366x768 $L3 --element u8"
 "--input 1x2160x3840x3 --size 1920x1080 $BC --element u8"
 "--input 1x2160x3840x3 --size 1920x1080 --filter lanczos3 --convention pillow --element u8"
 "--input 1x2160x3840x3 --size 224x224 $BC --element u8"
 "--input 1x2160x3840x3 --layout nchw --size 1920x1080 $BC"
 "--input 32x512x512x3 --layout nchw --size 224x224 $BL"
 "--input 1x2160x3840x3 --layout nchw --size 224x224 $BC"
 "--input 1x2160x3840x3 --size 1920x1080 $BC"
 "--input 1x2160x3840x3 --size 1920x1080 $L3 --element f16"
 "--input 1x2160x3840x1 --size 1920x1080 $L3 --element u8"
 "--input 1x1080x1920x3 --scale 2 --filter bicubic --element u8"
 "--input 1x1080x1920x3 --layout nchw --scale 2 --filter bicubic"
)
for round in 1 2 3; do
 for s in "${shapes[@]}"; do
   echo "$round before | $s | $(WGR_LAB_NO_RESHAPE=1 target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
   echo "$round after | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
for path in gather separable fused auto; do
  echo "conformance $path: $(target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done
