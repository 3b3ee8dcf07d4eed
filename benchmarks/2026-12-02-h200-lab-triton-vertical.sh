#!/bin/bash
# The Triton diagnostic (2026-12-02-h200-lab-triton-vertical.py) and the library's own passes of
# the same shapes (`wgresize plan` at b17d9ab, every path measured) in one command; then
# b17d9ab's separable path on resizes that keep an axis at its size against aaf9aba's
# (wgresize-before: the kernels are the same), and the conformance cases with b17d9ab.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
python3 -c "import triton; print('triton', triton.__version__)" 2>&1
timeout 300 python3 benchmarks/2026-12-02-h200-lab-triton-vertical.py 2>&1 | tail -40
BIC="--filter bicubic --antialias --convention torch"
for s in "--input 1x2160x3840x4 --size 3840x224 $BIC" "--input 1x2160x3840x4 --size 3840x1080 $BIC" \
         "--input 1x2160x3840x4 --size 3840x224 --antialias --convention torch" "--input 1x2160x3840x4 --scale 0.5"; do
  echo "wgresize | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
done
PL="--filter lanczos3 --convention pillow --element u8"
for round in 1 2; do
 for s in "--input 1x2160x3840x3 --size 1920x2160 $PL" "--input 1x2160x3840x4 --size 3840x224 $BIC" \
          "--input 1x1080x1920x4 --size 1920x2160 --filter bicubic"; do
  echo "$round before | $s | $(target/release/wgresize-before plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
  echo "$round after | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
for path in gather separable auto; do
  echo "conformance $path: $(target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done
