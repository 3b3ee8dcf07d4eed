#!/bin/bash
# Run-time tap loops whose rest after the steps of 16 runs four taps at a time
# (wgresize-fours) against one tap at a time (wgresize-before, aaf9aba): `wgresize plan` with
# every path measured, two rounds alternating; then the conformance cases on each path with
# the new build.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
BIC="--filter bicubic --antialias --convention torch"
LAN="--filter lanczos3 --antialias"
shapes=(
 "--input 1x2160x3840x4 --size 224x224 $BIC"
 "--input 1x2160x3840x4 --size 224x224 $LAN"
 "--input 1x2160x3840x4 --size 224x224 --antialias --convention torch"
 "--input 1x2160x3840x4 --size 3840x224 $BIC"
 "--input 1x2160x3840x4 --size 384x216 $LAN"
 "--input 1x4096x4096x4 --size 512x512 $LAN"
 "--input 1x2160x3840x4 --size 224x224 $LAN --element f16"
 "--input 1x2160x3840x4 --size 640x360 $BIC"
 "--input 1x2160x3840x4 --size 1920x1080 $BIC"
 "--input 1x2160x3840x3 --size 224x224 $BIC --layout nchw"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round before | $s | $(target/release/wgresize-before plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
   echo "$round fours | $s | $(target/release/wgresize-fours plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
for path in gather separable fused auto; do
  echo "conformance $path: $(target/release/wgresize-fours conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done
