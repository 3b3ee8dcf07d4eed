#!/bin/bash
# Tuning log item 127: resizes through Resizer::encode (a compute pass each) against
# Resizer::encode_in_pass (ten to a pass), ten to a sample; built from
# benchmarks/2026-12-02-h200-lab-pass-cost.rs copied to examples/lab_pass_cost.rs, at 5adcb8e.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
target/release/examples/lab_pass_cost 2>&1 | grep -v XDG | tee $OUT/pass-cost.txt
