#!/usr/bin/env bash
# The full run at 9980b02: scripts/gpu-bench.sh (bench, PyTorch, plain kernel, textures, sweep),
# the frame loop and nvidia-smi; everything in one archive.
set -u
res=/tmp/res; mkdir -p $res
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
OUT=$res bash scripts/gpu-bench.sh > $res/gpu-bench.log 2>&1
WGPU_BACKEND=vulkan target/release/examples/frame_loop > $res/frame_loop.txt 2>&1
nvidia-smi > $res/smi.txt 2>&1
tar czf $OUT/final17.tgz -C $res .
cp $res/table.md $res/sweep.md $OUT/ 2>/dev/null
tail -5 $res/gpu-bench.log; cat $res/frame_loop.txt | tail -1
