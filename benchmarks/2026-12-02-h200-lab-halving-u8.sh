#!/bin/bash
# Tuning log item 130: exact halvings of RGBA u8 (wgsl/gather_halving.wgsl) against the vector
# gather they replace (WGR_LAB_HALVING=0), with rows per invocation and workgroup shapes from
# the environment (a lab build); `wgresize bench` (a pass each, and a stream ten to a pass) on
# the target row and `wgresize plan` (gather measured) on other exact halvings. Two rounds.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
configs=(
 "WGR_LAB_HALVING=0"
 "WGR_LAB_HALVING=1 WGR_LAB_HALVING_ROWS=1"
 "WGR_LAB_HALVING=1 WGR_LAB_HALVING_ROWS=2"
 "WGR_LAB_HALVING=1 WGR_LAB_HALVING_ROWS=4"
 "WGR_LAB_HALVING=1 WGR_LAB_HALVING_ROWS=1 WGR_LAB_HALVING_GX=256 WGR_LAB_HALVING_GY=1"
 "WGR_LAB_HALVING=1 WGR_LAB_HALVING_ROWS=2 WGR_LAB_HALVING_GX=128 WGR_LAB_HALVING_GY=2"
)
shapes=(
 "--input 1x1440x2560x4 --size 1280x720 --element u8"
 "--input 1x2160x3840x4 --size 1920x1080 --element u8 --filter nearest --convention torch"
 "--input 1x2160x3840x4 --size 1920x1080 --element u8 --filter area"
 "--input 8x512x512x4 --size 256x256 --element u8"
 "--input 1x4320x7680x4 --size 3840x2160 --element u8"
)
for round in 1 2; do
  for c in "${configs[@]}"; do
    echo "== round $round: $c"
    env $c target/release/wgresize bench --extended --no-tune-cache \
      --only 'x4 -> 1080x1920 bilinear u8' 2>&1 | grep 'Bilinear u8'
    for s in "${shapes[@]}"; do
      echo "$s | $(env $c target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
    done
  done
done
