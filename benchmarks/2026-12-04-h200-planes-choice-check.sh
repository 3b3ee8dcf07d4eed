#!/bin/bash
# 643e46a's unmeasured choice for NCHW planes (no axis enlarged, at most 20 taps an axis) on
# the shapes of item 178 and on planes it was not fitted to, every path measured, two rounds.
for f in .gl/*.deb; do dpkg -x $f / >/dev/null 2>&1; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
L="--filter lanczos3 --antialias"
shapes=(
 "--input 1x1080x1920x3 --layout nchw --size 3840x2160 $L"
 "--input 1x1080x1920x3 --layout nchw --size 480x270 $L"
 "--input 8x512x512x3 --layout nchw --size 1024x1024 $L"
 "--input 8x512x512x3 --layout nchw --size 128x128 $L"
 "--input 1x1080x1920x3 --layout nchw --size 548x308 $L"
 "--input 1x1080x1920x3 --layout nchw --size 1440x1620 $L"
 "--input 8x224x224x3 --layout nchw --size 512x512 $L"
 "--input 1x1080x1920x3 --layout nchw --size 2880x720 $L"
 "--input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bicubic --antialias"
 "--input 1x2160x3840x3 --layout nchw --size 1920x1080 $L"
 "--input 16x448x448x3 --layout nchw --size 224x224 --filter bicubic --antialias"
)
for round in 1 2; do
  for s in "${shapes[@]}"; do
   echo "$round | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -2 | tr '\n' ' ')"
  done
done
