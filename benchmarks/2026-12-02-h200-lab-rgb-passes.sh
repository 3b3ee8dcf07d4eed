#!/bin/bash
# Where RGB u8 shrinks spend their time: each pass as a resize of its own (x only: the output
# keeps the input's height; y only: its width), beside the whole and beside RGBA u8, at the
# staged gather's 256 columns a workgroup; `wgresize plan` with every path measured, two rounds.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
PL="--filter lanczos3 --convention pillow --element u8"
L3="--filter lanczos3 --antialias --element u8"
shapes=()
for c in 3 4 1; do
 for f in "$PL" "$L3"; do
  for size in 1920x1080 1920x2160 3840x1080; do
   shapes+=("--input 1x2160x3840x$c --size $size $f")
  done
 done
done
shapes+=("--input 1x2160x3840x3 --size 1366x768 $PL" "--input 1x2160x3840x3 --size 1366x2160 $PL" "--input 1x2160x1366x3 --size 1366x768 $PL")
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
