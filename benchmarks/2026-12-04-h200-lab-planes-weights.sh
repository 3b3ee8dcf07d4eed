#!/bin/bash
# Why the fused planes' enlargements are slow: the horizontal step's weight loads (each lane's
# four neighbouring outputs read their table rows 4 rows apart: a warp's load touches 32 cache
# lines) or its reads of the kept sums? Lab builds of 6a79846 (speed only, wrong outputs):
# `oneweight` weighs every tap of an output with its first weight (one table load an output),
# `onesum` reads every tap's sums at the band's start (one array read an output). Two rounds.
for f in .gl/*.deb; do dpkg -x $f / >/dev/null 2>&1; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
P="--input 1x1080x1920x3 --layout nchw"
shapes=(
 "$P --size 3840x2160 --filter lanczos3"
 "$P --size 3840x2160 --filter bicubic"
 "$P --size 2880x1620 --filter lanczos3"
 "--input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --antialias"
 "--input 1x2160x3840x3 --layout nchw --size 1920x1080 --filter bicubic --antialias"
)
for round in 1 2; do
 for b in before oneweight onesum; do
  for s in "${shapes[@]}"; do
   echo "$round | $b | $s | $(target/lab/wgresize-$b plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1 | sed 's/.*fastest when measured: //')"
  done
 done
done
