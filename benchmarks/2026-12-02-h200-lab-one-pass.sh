#!/bin/bash
# Tuning log item 125: a resize's passes as dispatches of one compute pass (wgresize-onepass)
# against a compute pass each (wgresize-before, 613a98b): `wgresize plan` with every path
# measured, two rounds alternating; then the conformance cases on every path with the new build.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
BIC="--filter bicubic --antialias --convention torch"
LAN="--filter lanczos3 --antialias"
PIL="--filter lanczos3 --convention pillow --element u8"
shapes=(
 "--input 1x2160x3840x4 --size 224x224 $BIC"
 "--input 1x2160x3840x4 --size 224x224 $LAN"
 "--input 1x2160x3840x4 --size 1920x1080 $BIC"
 "--input 1x2160x3840x4 --size 1920x1080 $LAN"
 "--input 32x512x512x4 --size 224x224 --antialias --convention torch"
 "--input 1x2160x3840x3 --size 1920x1080 $PIL"
 "--input 1x2160x3840x3 --size 1366x768 $PIL"
 "--input 1x2160x3840x3 --size 1920x1080 $BIC --layout nchw"
 "--input 1x192x320x4 --size 1280x768 --convention torch"
 "--input 1x768x1280x4 --size 640x384 --convention torch"
 "--input 1x1080x1920x4 --size 3840x2160 --convention torch"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round before | $s | $(target/release/wgresize-before plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
   echo "$round onepass | $s | $(target/release/wgresize-onepass plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
for path in gather separable fused auto; do
  echo "conformance $path: $(target/release/wgresize-onepass conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done
