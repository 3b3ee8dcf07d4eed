#!/bin/bash
# Inputs that stay in the H200's 50 MB L2 between the timed resizes (a quarter and an eighth of
# a 4K RGBA f32 image: 33 and 17 MB) against half and the whole 4K image, for the antialiased
# bicubic vertical passes (39 and 8 taps), the horizontal pass (8 taps), the fused 4K -> 1080p
# form and the bilinear x0.5. `wgresize plan` at 1fa8cf4, every path measured, two rounds.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
BIC="--filter bicubic --antialias --convention torch"
shapes=()
for h in 270 540 1080 2160; do
 shapes+=(
  "--input 1x${h}x3840x4 --size 3840x$((h * 224 / 2160)) $BIC"
  "--input 1x${h}x3840x4 --size 3840x$((h / 2)) $BIC"
  "--input 1x${h}x3840x4 --size 1920x${h} $BIC"
  "--input 1x${h}x3840x4 --size 1920x$((h / 2)) $BIC"
  "--input 1x${h}x3840x4 --scale 0.5"
 )
done
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
