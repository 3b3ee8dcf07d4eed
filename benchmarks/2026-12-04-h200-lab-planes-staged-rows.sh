#!/bin/bash
# The fused planes' horizontal table rows staged in workgroup memory, transposed (a lab build,
# benchmarks/2026-12-04-h200-lab-planes-staged-rows.diff, not kept)
# against 6a79846, alternating, two rounds, every path measured (`wgresize plan`).
for f in .gl/*.deb; do dpkg -x $f / >/dev/null 2>&1; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
P="--input 1x1080x1920x3 --layout nchw"
M="--input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --antialias"
shapes=(
 "$P --size 3840x2160 --filter lanczos3"
 "$P --size 3840x2160 --filter bicubic"
 "$P --size 2880x1620 --filter lanczos3"
 "$P --size 640x360 --filter lanczos3 --antialias"
 "$M"
 "$M --element f16"
 "$M --element u8"
 "$M --mean 0.485,0.456,0.406 --std 0.229,0.224,0.225"
 "--input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bicubic --antialias"
 "--input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter lanczos3 --antialias"
 "--input 16x448x448x3 --layout nchw --size 224x224 --filter bicubic --antialias"
)
for round in 1 2; do
 for b in before after; do
  for s in "${shapes[@]}"; do
   echo "$round | $b | $s | $(target/lab/wgresize-$b plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1 | sed 's/.*fastest when measured: //')"
  done
 done
done
