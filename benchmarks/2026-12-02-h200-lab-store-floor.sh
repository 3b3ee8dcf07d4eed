#!/bin/bash
# Tuning log item 125: what writing a buffer takes on this device, through wgpu (store-only
# kernels of several forms, clear_buffer, a copy: examples/lab_store_floor.rs, kept as
# benchmarks/2026-12-02-h200-lab-store-floor.rs) and through CUDA (zero_, fill_, copy_, Triton
# store-only kernels; PyTorch's bilinear seeds), in one command; then the library's gather on the
# seeds for the same moment.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
target/release/examples/lab_store_floor --rounds 3 2>&1 | grep -v XDG
python3 benchmarks/2026-12-02-h200-lab-store-floor.py 2>&1
for round in 1 2; do
 for s in "1x192x320x4 --size 768x1280" "1x384x640x4 --size 768x1280"; do
   echo "$round | $s | $(target/release/wgresize plan --input $s --convention torch --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
