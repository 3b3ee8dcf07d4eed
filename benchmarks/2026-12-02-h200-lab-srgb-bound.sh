#!/bin/bash
# What the sRGB decode costs in linear-light resizes: e37c584 (wgresize-steps) against a lab
# build whose srgb_to_linear is v * v (timing only), two rounds.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
shapes=(
 "--input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias --linear-light --element u8"
 "--input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias --element u8"
 "--input 1x2160x3840x4 --size 960x540 --filter lanczos3 --antialias --linear-light --element u8"
 "--input 1x2160x3840x4 --size 960x540 --filter lanczos3 --antialias --element u8"
 "--input 1x2160x3840x3 --size 1920x1080 --filter lanczos3 --antialias --linear-light --element u8"
 "--input 1x1080x1920x4 --scale 2 --filter bilinear --linear-light --element u8"
 "--input 1x1080x1920x4 --scale 2 --filter bilinear --element u8"
 "--input 1x2160x3840x4 --size 1920x1080 --filter bilinear --antialias --linear-light --element u8"
 "--input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias --linear-light"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
  for v in steps cheapsrgb; do
   echo "$round $v | $s | $(lab-tmp/wgresize-$v plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
  done
 done
done
