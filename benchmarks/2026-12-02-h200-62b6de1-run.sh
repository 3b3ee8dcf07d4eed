#!/usr/bin/env bash
# Item 113's A/B (benchmarks/2026-12-02-h200-lab-fixed-unit-x.sh: wgresize-before is 05c13f9,
# wgresize is 62b6de1), then the full run at 62b6de1: scripts/gpu-bench.sh (bench, PyTorch,
# plain kernel, textures, sweep), the frame loop, nvidia-smi and the conformance cases on every path.
set -u
res=/tmp/res; mkdir -p $res
bash benchmarks/2026-12-02-h200-lab-fixed-unit-x.sh > $res/lab-fixed-unit-x.txt 2>&1
cp $res/lab-fixed-unit-x.txt $OUT/
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
OUT=$res bash scripts/gpu-bench.sh > $res/gpu-bench.log 2>&1
export WGPU_BACKEND=vulkan
target/release/examples/frame_loop > $res/frame_loop.txt 2>&1
nvidia-smi > $res/smi.txt 2>&1
for path in gather separable fused auto; do
  echo "conformance $path: $(target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done > $res/conformance.txt
tar czf $OUT/run.tgz -C $res .
cp $res/table.md $res/sweep.md $res/conformance.txt $res/texture.txt $OUT/ 2>/dev/null
cat $res/lab-fixed-unit-x.txt; tail -5 $res/gpu-bench.log; tail -1 $res/frame_loop.txt; cat $res/conformance.txt
