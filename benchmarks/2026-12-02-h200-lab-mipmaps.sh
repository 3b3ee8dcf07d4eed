#!/bin/bash
# Tuning log item 131: encode_mipmaps on a 4K RGBA texture (lab example, built as
# examples/lab_mipmaps.rs), two rounds.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
  echo "== round $round"
  target/release/examples/lab_mipmaps 2>&1 | grep -v XDG
done
