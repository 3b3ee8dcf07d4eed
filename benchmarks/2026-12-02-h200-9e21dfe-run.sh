#!/usr/bin/env bash
# The full run at 9e21dfe (the kernels of 62b6de1, the choice before measuring of 257f41f):
# scripts/gpu-bench.sh (bench, PyTorch, plain kernel, textures, sweep), the frame loop,
# nvidia-smi and the conformance cases on every path.
set -u
res=/tmp/res; mkdir -p $res
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
OUT=$res bash scripts/gpu-bench.sh > $res/gpu-bench.log 2>&1
export WGPU_BACKEND=vulkan
target/release/examples/frame_loop > $res/frame_loop.txt 2>&1
nvidia-smi > $res/smi.txt 2>&1
for path in gather separable fused auto; do
  echo "conformance $path: $(target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done > $res/conformance.txt
# (A first run copied each file under $OUT, more files than come back: the raw JSON stayed
# behind. The table, the sweep and the texture run are in gpu-bench.log.)
tar czf $OUT/run.tgz -C $res .
cp $res/gpu-bench.log $res/conformance.txt $OUT/
tail -5 $res/gpu-bench.log; tail -1 $res/frame_loop.txt; cat $res/conformance.txt
