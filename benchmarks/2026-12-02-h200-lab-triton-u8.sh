#!/bin/bash
# Tuning log item 130: the u8 RGBA target rows (1080p x2, 4K x0.5) in Triton against the
# library's (`wgresize bench`, both timings), two rounds alternating, one command.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
for round in 1 2; do
  echo "== round $round: wgresize"
  target/release/wgresize bench --extended --no-tune-cache \
    --only 'x4 -> 2160x3840 bilinear u8,x4 -> 1080x1920 bilinear u8' 2>&1 | grep -v XDG | grep -v '^\['
  echo "== round $round: Triton"
  timeout 200 python3 benchmarks/2026-12-02-h200-lab-triton-u8.py 2>&1 | tail -40
done
