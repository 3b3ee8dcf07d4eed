#!/bin/bash
# Run-time tap loops whose last step is cut short by conditions (wgresize-tail) against a last
# step of one tap at a time (wgresize-before, aaf9aba), and with the split gather's lanes also
# loading 8 taps at a time (wgresize): `wgresize plan` with every path measured, two rounds
# alternating; then the conformance cases on each path with the last build.
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
 "--input 32x512x512x4 --size 224x224 --antialias --convention torch"
 "--input 1x2160x3840x3 --size 224x224 $BIC --layout nchw"
 "--input 1x2160x3840x3 --size 1920x1080 --filter lanczos3 --convention pillow --element u8"
 "--input 1x224x3840x4 --size 224x224 $BIC"
 "--input 1x2160x3840x4 --size 224x224 --filter lanczos3 --convention pillow --element u8"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round before | $s | $(target/release/wgresize-before plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
   echo "$round tail | $s | $(target/release/wgresize-tail plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
   echo "$round split | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
for path in gather separable fused auto; do
  echo "conformance $path: $(target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done
