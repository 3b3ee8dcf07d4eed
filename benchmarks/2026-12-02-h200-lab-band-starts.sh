#!/bin/bash
# Band starts around lanczos rows on input samples (whole-factor enlargements): before (a row
# on a sample starts its band on that sample, past the next rows' starts) and after (capped at
# the next row's start), `wgresize plan` with every path measured, two rounds alternating; then
# the conformance cases on every path with the new build.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
shapes=(
 "--input 1x1080x1920x4 --size 5760x3240 --filter lanczos3 --antialias"
 "--input 1x360x640x4 --size 1920x1080 --filter lanczos3"
 "--input 1x540x960x4 --size 4800x2700 --filter lanczos4 --convention opencv"
 "--input 1x360x640x3 --size 1920x1080 --filter lanczos3 --convention pillow --element u8"
 "--input 1x1080x1920x4 --size 3840x2160 --filter lanczos3"
 "--input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round before | $s | $(target/release/wgresize-before plan $s --no-tune-cache 2>&1 | grep -v XDG | head -2 | tr '\n' ' ')"
   echo "$round after | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -2 | tr '\n' ' ')"
 done
done
for path in gather separable fused auto; do
  echo "conformance $path: $(target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done
