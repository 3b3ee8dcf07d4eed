#!/bin/bash
# Tuning log item 181: what reading a 4K RGBA f32 frame takes on this device, through wgpu
# (read-only kernels of several forms: examples/lab_read_floor.rs, kept as
# benchmarks/2026-12-04-h200-lab-read-floor.rs) and through CUDA (sum, column sums, copy_,
# Triton read-only kernels), in one command; then the library's antialiased 4K shrinks to 224²,
# their vertical pass alone and the bilinear x0.5, for the same moment. Carry .gl,
# target/release/wgresize and target/release/examples/lab_read_floor.
source scripts/gpu-env.sh
export WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
target/release/examples/lab_read_floor --rounds 3 2>&1 | grep -v XDG
python3 benchmarks/2026-12-04-h200-lab-read-floor.py 2>&1
U="--input 1x2160x3840x4 --antialias"
for round in 1 2; do
 for s in "$U --size 224x224 --filter bicubic" "$U --size 224x224 --filter lanczos3" \
          "$U --size 3840x224 --filter bicubic" "$U --size 1920x1080 --filter bicubic" \
          "--input 1x2160x3840x4 --size 1920x1080 --filter bilinear"; do
   echo "$round | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
 done
done
