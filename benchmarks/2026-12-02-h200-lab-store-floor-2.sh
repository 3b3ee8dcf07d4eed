#!/bin/bash
# Tuning log item 125, second command: the store-only kernels again, now also 50 per submission
# (one pass, or a pass each), with the GPU's clocks and P-state sampled every 50 ms while the
# wgpu lab and the CUDA lab run.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=timestamp,pstate,clocks.sm,clocks.mem,power.draw,clocks_event_reasons.active --format=csv -lms 50 > $OUT/smi.csv &
SMI=$!
sleep 1
echo "wgpu start $(date +%H:%M:%S.%N)"
target/release/examples/lab_store_floor --rounds 2 2>&1 | grep -v XDG
echo "wgpu end $(date +%H:%M:%S.%N)"
sleep 1
echo "cuda start $(date +%H:%M:%S.%N)"
python3 benchmarks/2026-12-02-h200-lab-store-floor.py 2>&1
echo "cuda end $(date +%H:%M:%S.%N)"
kill $SMI
