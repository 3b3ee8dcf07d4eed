#!/bin/bash
# Colour conversions across shrink ratios, filters and element types: every path's time and
# the choice before measuring (wgresize-steps, e37c584), and the fused path with column pairs
# allowed for colour (wgresize-pairs, lab build of e37c584, lab-tmp/pairs.diff) on the 2x and
# 4x shrinks of 4K, where column pairs apply.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
modes=(
 "--convention pillow"
 "--convention pillow --element f16"
 "--antialias --linear-light"
 "--antialias --linear-light --element u8"
 "--antialias --linear-light --premultiplied"
)
sizes=(
 "--input 1x2160x3840x4 --size 1920x1080"
 "--input 1x2160x3840x4 --size 960x540"
 "--input 1x2160x3840x4 --size 640x360"
 "--input 1x2160x3840x4 --size 384x216"
 "--input 1x1080x1920x4 --size 1280x720"
 "--input 1x1080x1920x4 --scale 2"
 "--input 8x512x512x4 --size 224x224"
)
plan() { "$@" --no-tune-cache 2>&1 | grep -v XDG | tr '\n' ' '; }
for m in "${modes[@]}"; do
 for filter in bilinear bicubic lanczos3; do
  for s in "${sizes[@]}"; do
   echo "steps | $s --filter $filter $m | $(plan lab-tmp/wgresize-steps plan $s --filter $filter $m)"
   case "$s" in *1920x1080*|*960x540*)
    echo "pairs | $s --filter $filter $m | $(plan lab-tmp/wgresize-pairs plan $s --filter $filter $m)";;
   esac
  done
 done
done
