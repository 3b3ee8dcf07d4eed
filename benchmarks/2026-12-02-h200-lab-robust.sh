#!/bin/bash
# Vulkan robust buffer access: the same binary (lab build of 9ad3553 with `WGR_LAB_ROBUST`)
# on a device opened as wgpu opens it (robustBufferAccess and robustBufferAccess2 on), with
# robustBufferAccess2 off (`core`), and with both off (`none`); `wgresize plan` with every path
# measured, two rounds alternating; then the conformance cases on each path with both off.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
shapes=(
 "--input 1x192x320x4 --scale 4"
 "--input 1x384x640x4 --scale 2"
 "--input 1x768x1280x4 --scale 0.25"
 "--input 1x1080x1920x4 --scale 2"
 "--input 1x2160x3840x4 --scale 0.5"
 "--input 1x2160x3840x4 --size 1920x1080 --filter bicubic --antialias --convention torch"
 "--input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias"
 "--input 1x2160x3840x4 --size 224x224 --filter bicubic --antialias --convention torch"
 "--input 32x512x512x4 --size 224x224 --antialias"
 "--input 1x1080x1920x4 --scale 2 --element u8"
 "--input 1x2160x3840x4 --scale 0.5 --element u8"
 "--input 1x1080x1920x4 --scale 2 --element f16"
 "--input 1x2160x3840x3 --size 1920x1080 --filter lanczos3 --convention pillow --element u8"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
  for mode in default core none; do
   echo "$round $mode | $s | $(WGR_LAB_ROBUST=$mode target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v 'XDG\|^lab' | head -1)"
  done
 done
done
for path in gather separable fused auto; do
  echo "conformance none $path: $(WGR_LAB_ROBUST=none target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v 'XDG\|^lab' | tail -1)"
done
