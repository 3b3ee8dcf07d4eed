#!/bin/bash
# NCHW planes on the fused path where the unmeasured choice took it and it ran 2.4 to 3.9x
# the separable path's time (lanczos3: enlargements by 2, shrinks by 4): before the row pairs
# of item 173 (da76d4b) and now (3b3ee52), alternating, two rounds; NHWC for comparison.
for f in .gl/*.deb; do dpkg -x $f / >/dev/null 2>&1; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
L="--filter lanczos3 --antialias"
shapes=(
 "--input 1x1080x1920x3 --layout nchw --size 3840x2160 $L"
 "--input 1x1080x1920x3 --layout nchw --size 480x270 $L"
 "--input 1x1080x1920x3 --layout nchw --size 960x540 $L"
 "--input 8x512x512x3 --layout nchw --size 1024x1024 $L"
 "--input 8x512x512x3 --layout nchw --size 128x128 $L"
 "--input 1x1080x1920x3 --layout nchw --size 2880x1620 $L"
 "--input 1x1080x1920x3 --layout nchw --size 2880x1620 --filter bicubic --antialias"
 "--input 1x1080x1920x3 --layout nchw --size 640x360 --filter bicubic --antialias"
 "--input 1x1080x1920x4 --size 3840x2160 $L"
 "--input 1x1080x1920x4 --size 480x270 $L"
)
for round in 1 2; do
 for b in before-pairs now; do
  for s in "${shapes[@]}"; do
   echo "$round | $b | $s | $(target/lab/wgresize-$b plan $s --no-tune-cache 2>&1 | grep -v XDG | head -2 | tr '\n' ' ')"
  done
 done
done
