#!/bin/bash
# RGBA u8 groups split into bytes by shifts and masks (wgresize-before, 257f41f)
# against WGSL's unpack4xU8 (wgresize), `wgresize plan`
# with every path measured, two rounds alternating; the u8 targets (integer lanes, which
# convert nothing) as controls; then the conformance cases with the new build on every path.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
U8="--element u8"
shapes=(
 "--input 1x2160x3840x4 --size 1920x1080 --filter bicubic --antialias --cubic-a -0.5 $U8"
 "--input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --antialias $U8"
 "--input 1x2160x3840x4 --size 224x224 --filter bicubic --antialias --cubic-a -0.5 $U8"
 "--input 1x1080x1920x4 --size 1280x720 --filter bilinear $U8"
 "--input 1x720x1280x4 --size 1920x1080 --filter bilinear $U8"
 "--input 1x1080x1920x4 --size 1280x720 --filter bicubic --antialias $U8"
 "--input 1x1080x1920x4 --size 3840x2160 --filter bicubic $U8"
 "--input 1x2160x3840x3 --size 1920x1080 --filter lanczos3 --antialias $U8"
 "--input 1x2160x3840x3 --size 224x224 --filter bicubic --antialias $U8"
 "--input 1x2160x3840x1 --size 1920x1080 --filter lanczos3 --antialias $U8"
 "--input 1x2160x3840x4 --size 1920x1080 --filter bicubic --antialias --linear-light $U8"
 "--input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --antialias $U8"
 "--input 1x1080x1920x4 --size 3840x2160 --filter bilinear $U8"
 "--input 1x2160x3840x4 --size 1920x1080 --filter bilinear $U8"
 "--input 1x2160x3840x4 --size 1920x1080 --filter lanczos3 --convention pillow $U8"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round before | $s | $(target/release/wgresize-before plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
   echo "$round after | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
for path in gather separable fused auto; do
  echo "conformance $path: $(target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done
