#!/bin/bash
# Which NCHW planes are slow on the fused path: wide bands, enlargements, or lanczos tables?
# Every path measured (`wgresize plan --no-tune-cache`, 643e46a), two rounds.
for f in .gl/*.deb; do dpkg -x $f / >/dev/null 2>&1; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
P="--input 1x1080x1920x3 --layout nchw"
shapes=(
 "$P --size 320x180 --filter bicubic --antialias"
 "$P --size 384x216 --filter bicubic --antialias"
 "$P --size 548x308 --filter bicubic --antialias"
 "$P --size 640x360 --filter lanczos3 --antialias"
 "$P --size 1280x720 --filter lanczos3 --antialias"
 "$P --size 960x540 --filter lanczos4 --antialias"
 "$P --size 480x270 --filter hamming --antialias"
 "$P --size 548x308 --filter box --antialias"
 "$P --size 2880x1620 --filter lanczos4"
 "$P --size 2880x1620 --filter hamming"
 "$P --size 3840x2160 --filter bicubic"
 "$P --size 2880x1620 --filter bicubic --cubic-a -0.5"
 "--input 1x1080x1920x4 --size 2880x1620 --filter lanczos3"
 "--input 1x1080x1920x4 --size 548x308 --filter lanczos3 --antialias"
)
for round in 1 2; do
  for s in "${shapes[@]}"; do
   echo "$round | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -2 | tr '\n' ' ')"
  done
done
