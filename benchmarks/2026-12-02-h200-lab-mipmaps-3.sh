#!/bin/bash
# Tuning log item 133 (not kept; the build is `-lab-texture-halving.diff` on 8dc8c13): mip
# chains and their first level with exact halvings between textures
# (lab_mipmaps, this build) against without them (lab_mipmaps-nohalving, 8dc8c13's one-pass
# chains), two rounds alternating.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
  for build in lab_mipmaps-nohalving lab_mipmaps; do
    echo "== round $round: $build"
    target/release/examples/$build 2>&1 | grep -v XDG
  done
done
