#!/bin/bash
# Where the render-target route's time goes: the texture routes of `encode_texture`, a resize
# into a buffer then a copy into an sRGB texture, a render pass that only clears, and a
# full-screen triangle of one colour (wall µs per resize, 20 back to back, median of 3).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
  for scale in 2 0.5; do
    echo "== round $round, scale $scale"
    LAB_SCALE=$scale target/release/examples/lab_texture_routes 2>&1 | grep -v XDG
  done
done
