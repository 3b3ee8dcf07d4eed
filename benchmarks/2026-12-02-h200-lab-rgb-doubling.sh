#!/bin/bash
# RGB u8 exact doublings (wgsl/gather_doubling_rgb.wgsl), lab build with WGR_LAB_RGB_ROWS:
# 0 keeps the quad gather these shapes had, 1 / 2 / 4 / 8 input rows per invocation of the
# new kernel. Three rounds alternating, gather µs from `wgresize plan`; then the conformance
# cases on every path with the default rows (2).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
shapes=(
 "--input 1x1080x1920x3 --scale 2"
 "--input 1x1080x1920x3 --scale 2 --filter nearest"
 "--input 1x540x960x3 --scale 2"
 "--input 1x2160x3840x3 --scale 2"
 "--input 8x256x256x3 --scale 2"
 "--input 1x192x320x3 --scale 2"
)
for round in 1 2 3; do
 for s in "${shapes[@]}"; do
  for rows in 0 1 2 4 8; do
   echo "$round rows=$rows | $s | $(WGR_LAB_RGB_ROWS=$rows target/release/wgresize plan $s --element u8 --no-tune-cache 2>&1 | grep -v XDG | head -1)"
  done
 done
done
for path in gather separable fused auto; do
  echo "conformance $path: $(target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done
