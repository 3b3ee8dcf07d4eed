#!/bin/bash
# Tuning log item 135: exact halvings of RGBA f32 (wgsl/halving_f32.wgsl) against the vector
# gather they would replace (WGR_LAB_F32_HALVING=0), with the workgroup and rows per invocation
# from the environment (a lab build; diff `-lab-halving-f32.diff`); `wgresize bench` (a pass
# each, and a stream ten to a pass) on the x0.5 seed and the 4K x0.5 target rows, and
# `wgresize plan` (every path measured) on other f32 halvings. Two rounds.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
configs=(
 "WGR_LAB_F32_HALVING=0"
 "WGR_LAB_F32_HALVING=1"
 "WGR_LAB_F32_HALVING=1 WGR_LAB_GX=64 WGR_LAB_GY=4 WGR_LAB_ROWS=1"
 "WGR_LAB_F32_HALVING=1 WGR_LAB_GX=128 WGR_LAB_GY=2 WGR_LAB_ROWS=2"
 "WGR_LAB_F32_HALVING=1 WGR_LAB_GX=64 WGR_LAB_GY=4 WGR_LAB_ROWS=4"
 "WGR_LAB_F32_HALVING=1 WGR_LAB_GX=32 WGR_LAB_GY=8 WGR_LAB_ROWS=1"
)
shapes=(
 "--input 1x2048x2048x4 --size 1024x1024"
 "--input 8x512x512x4 --size 256x256"
 "--input 1x2160x3840x4 --size 1920x1080 --filter nearest --convention torch"
 "--input 1x2160x3840x4 --size 1920x1080 --filter area"
 "--input 1x4320x7680x4 --size 3840x2160"
)
for round in 1 2; do
  for c in "${configs[@]}"; do
    echo "== round $round: $c"
    env $c target/release/wgresize bench --extended --no-tune-cache \
      --only '1x768x1280x4 -> 384x640 bilinear f32,1x2160x3840x4 -> 1080x1920 bilinear f32' 2>&1 | grep 'Bilinear f32  '
    for s in "${shapes[@]}"; do
      echo "$s | $(env $c target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
    done
  done
done
