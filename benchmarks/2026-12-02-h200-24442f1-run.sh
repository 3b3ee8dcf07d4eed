#!/usr/bin/env bash
# The full run at 24442f1 (since 52eff6b's: exact halvings of RGBA f16, halvings that skip the
# input row of weight zero, mip chains in one compute pass, src/gpu/mod.rs split), timed as at
# 7035dbf (auto ten resizes to a compute pass on inputs and output slices of one buffer taken in
# turn; the peer ten calls to a CUDA graph, each on an input of its own): scripts/gpu-bench.sh
# with the sweep (bench, PyTorch, plain kernel, textures, f32 RGBA sweep), the frame loop,
# nvidia-smi and the conformance cases on every path, packed into one archive.
set -u
res=/tmp/res; mkdir -p $res
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
start=$(date +%s)
OUT=$res SWEEP=1 bash scripts/gpu-bench.sh > $res/gpu-bench.log 2>&1
echo "gpu-bench took $(( $(date +%s) - start )) s" >> $res/gpu-bench.log
export WGPU_BACKEND=vulkan
target/release/examples/frame_loop > $res/frame_loop.txt 2>&1
nvidia-smi > $res/smi.txt 2>&1
for path in gather separable fused auto; do
  echo "conformance $path: $(target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done > $res/conformance.txt
tar czf $OUT/run.tgz -C $res .
tail -1 $res/gpu-bench.log; tail -1 $res/frame_loop.txt; cat $res/conformance.txt
cat $res/table.md
tail -1 $res/sweep.md
