#!/bin/bash
# The staged u8 gather (wgsl/gather_staged.wgsl) in workgroups of 64 (shipped), 128 and 256
# columns (lab build: WGR_LAB_STAGED_LANES), `wgresize plan` with every path measured, two
# rounds alternating; then the conformance cases on gather and separable with 256.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
L3="--filter lanczos3 --antialias"
BC="--filter bicubic --antialias"
BL="--filter bilinear --antialias"
shapes=(
 "--input 1x2160x3840x3 --size 1920x1080 --filter lanczos3 --convention pillow --element u8"
 "--input 1x2160x3840x3 --size 1366x768 --filter lanczos3 --convention pillow --element u8"
 "--input 1x2160x3840x3 --size 1920x1080 $L3 --element u8"
 "--input 1x2160x3840x3 --size 224x224 $BC --element u8"
 "--input 1x2160x3840x3 --scale 0.5 --element u8"
 "--input 1x2160x3840x1 --size 1920x1080 $L3 --element u8"
 "--input 32x3x512x512 --layout nchw --size 224x224 $BL --element u8"
 "--input 1x3x2160x3840 --layout nchw --scale 0.5 --element u8"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
  for lanes in 64 128 256; do
   echo "$round lanes $lanes | $s | $(WGR_LAB_STAGED_LANES=$lanes target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
  done
 done
done
for path in gather separable; do
  echo "conformance lanes 256 $path: $(WGR_LAB_STAGED_LANES=256 target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done
