#!/bin/bash
# The planes' horizontal step with its four outputs named instead of an array indexed in loops
# (lab: acd0197 before, the change after), alternating, two rounds, every path measured.
for f in .gl/*.deb; do dpkg -x $f / >/dev/null 2>&1; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
P="--input 1x1080x1920x3 --layout nchw"
shapes=(
 "$P --size 384x216 --filter bicubic --antialias"
 "$P --size 640x360 --filter lanczos3 --antialias"
 "$P --size 480x270 --filter lanczos3 --antialias"
 "$P --size 960x540 --filter lanczos4 --antialias"
 "$P --size 3840x2160 --filter lanczos3"
 "$P --size 3840x2160 --filter bicubic"
 "--input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --antialias"
 "--input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bicubic --antialias"
 "--input 16x448x448x3 --layout nchw --size 224x224 --filter bicubic --antialias"
)
for round in 1 2; do
 for b in before after; do
  for s in "${shapes[@]}"; do
   echo "$round | $b | $s | $(target/lab/wgresize-$b plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
  done
 done
done
