#!/bin/bash
# Tuning log item 136: item 133's exact halvings between RGBA textures (the build of
# `-lab-texture-halving.diff`, reapplied on ce0dc1d, with WGR_LAB_TEX_HALVING=0 for the vector
# gather as shipped and the workgroup from WGR_LAB_GX, WGR_LAB_GY and WGR_LAB_ROWS), in
# workgroup shapes item 133 did not try: item 131's lab example on the u8 area and bilinear
# chains (`examples/lab_mipmaps.rs`, copied from `-lab-mipmaps.rs` with the other filters and
# formats left out). Two rounds, the configurations alternating.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
configs=(
 "WGR_LAB_TEX_HALVING=0"
 "WGR_LAB_GX=256 WGR_LAB_GY=1 WGR_LAB_ROWS=1"
 "WGR_LAB_GX=64 WGR_LAB_GY=4 WGR_LAB_ROWS=1"
 "WGR_LAB_GX=32 WGR_LAB_GY=8 WGR_LAB_ROWS=1"
 "WGR_LAB_GX=16 WGR_LAB_GY=16 WGR_LAB_ROWS=1"
 "WGR_LAB_GX=8 WGR_LAB_GY=32 WGR_LAB_ROWS=1"
 "WGR_LAB_GX=16 WGR_LAB_GY=8 WGR_LAB_ROWS=2"
)
for round in 1 2; do
  for c in "${configs[@]}"; do
    echo "== round $round: $c"
    env $c target/lab/lab_mipmaps 2>&1 | grep -v XDG | grep -v '^NVIDIA'
  done
done
