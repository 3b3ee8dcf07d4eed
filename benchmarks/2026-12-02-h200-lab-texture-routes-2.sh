#!/bin/bash
# Tuning log item 129, second command: the texture routes with the render pack's clear
# (lab_texture_routes-clear, the library at 7ee47ba) against the render pack without it and the
# copy route (lab_texture_routes, this build), two rounds alternating; then `wgresize bench
# --texture` of this build (buffers, storage, copy and render-pass writes).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
  for scale in 2 0.5; do
    for build in lab_texture_routes-clear lab_texture_routes; do
      echo "== round $round, scale $scale, $build"
      LAB_SCALE=$scale target/release/examples/$build 2>&1 | grep -v XDG
    done
  done
done
target/release/wgresize bench --texture 2>&1 | grep -v XDG | grep -v '^\['
