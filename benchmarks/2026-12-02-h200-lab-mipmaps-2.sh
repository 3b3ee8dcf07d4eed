#!/bin/bash
# Tuning log item 131, second command: encode_mipmaps with a compute pass per level
# (lab_mipmaps-passes, b4a89ed) against the levels' dispatches in one compute pass
# (lab_mipmaps, this build), two rounds alternating.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
  for build in lab_mipmaps-passes lab_mipmaps; do
    echo "== round $round: $build"
    target/release/examples/$build 2>&1 | grep -v XDG
  done
done
