#!/bin/bash
# Colour conversion steps as a pipeline constant (wgresize-steps) against the flags read from
# the parameter block (wgresize-base, b0c873a), three rounds alternating; then the
# conformance cases on every path with the new binary.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S4K="--input 1x2160x3840x4 --size 1920x1080"
shapes=(
 "$S4K --filter lanczos3 --antialias"
 "$S4K --filter lanczos3 --convention pillow"
 "$S4K --filter lanczos3 --convention pillow --element f16"
 "$S4K --filter lanczos3 --convention pillow --element u8"
 "$S4K --filter bicubic --convention pillow"
 "$S4K --filter lanczos3 --antialias --linear-light"
 "$S4K --filter lanczos3 --antialias --linear-light --element u8"
 "--input 1x2160x3840x3 --size 1920x1080 --filter lanczos3 --antialias --linear-light --element u8"
 "--input 1x1080x1920x4 --scale 2 --filter bilinear --convention pillow"
 "--input 1x1080x1920x4 --scale 2 --filter bilinear --linear-light --element u8"
 "--input 32x512x512x4 --size 224x224 --filter bilinear --convention pillow"
)
for round in 1 2 3; do
 for s in "${shapes[@]}"; do
  for v in base steps; do
   echo "$round $v | $s | $(lab-tmp/wgresize-$v plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
  done
 done
done
for path in gather separable fused auto; do
  echo "conformance $path: $(lab-tmp/wgresize-steps conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done
