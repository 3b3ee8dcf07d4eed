#!/bin/bash
# u8 windows of bytes (RGB, grey and other NHWC pixels' horizontal taps) shifted together
# without a select per word (wgresize) against with one (wgresize-before, 4b67652),
# `wgresize plan` with every path measured, two rounds alternating; then the conformance cases.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
PL="--filter lanczos3 --convention pillow --element u8"
shapes=(
 "--input 1x2160x3840x3 --size 1920x1080 $PL"
 "--input 1x2160x3840x3 --size 1920x2160 $PL"
 "--input 1x2160x3840x3 --size 1366x768 $PL"
 "--input 1x2160x3840x1 --size 1920x1080 $PL"
 "--input 1x2160x3840x3 --size 1920x1080 --filter lanczos3 --antialias --element u8"
 "--input 1x2160x3840x3 --size 224x224 --filter bicubic --antialias --element u8"
 "--input 1x2160x3840x3 --size 640x360 $PL"
 "--input 1x2160x3840x4 --size 1920x1080 $PL"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round before | $s | $(target/release/wgresize-before plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
   echo "$round after | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
for path in gather separable auto; do
  echo "conformance $path: $(target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done
