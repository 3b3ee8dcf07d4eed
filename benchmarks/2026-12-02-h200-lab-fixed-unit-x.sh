#!/bin/bash
# Pillow's vertical passes without the identity horizontal tap's multiply and round (a one-tap
# horizontal band of weight 2^22 gives each input back): before and after, `wgresize plan`
# with every path measured, two rounds alternating; then the conformance cases with the new
# build on gather, separable and auto.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
PL="--filter lanczos3 --convention pillow --element u8"
shapes=(
 "--input 1x2160x3840x3 --size 1920x1080 $PL"
 "--input 1x2160x1920x3 --size 1920x1080 $PL"
 "--input 1x2160x3840x3 --size 1366x768 $PL"
 "--input 1x2160x3840x4 --size 1920x1080 $PL"
 "--input 1x2160x1920x4 --size 1920x1080 $PL"
 "--input 1x2160x3840x1 --size 1920x1080 $PL"
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
