#!/usr/bin/env bash
# The full run at 067eb5c: scripts/gpu-bench.sh (bench, PyTorch, plain kernel, textures, sweep),
# the frame loop, nvidia-smi and the conformance cases on every path; before them the
# vertical-window lab example (benchmarks/2026-12-02-h200-lab-vertical-window.rs, built as an example).
set -u
res=/tmp/res; mkdir -p $res
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
WGPU_BACKEND=vulkan target/release/examples/lab_vertical_window > $res/lab-vertical-window.txt 2>&1
cp $res/lab-vertical-window.txt $OUT/
OUT=$res bash scripts/gpu-bench.sh > $res/gpu-bench.log 2>&1
export WGPU_BACKEND=vulkan
target/release/examples/frame_loop > $res/frame_loop.txt 2>&1
nvidia-smi > $res/smi.txt 2>&1
for path in gather separable fused auto; do
  echo "conformance $path: $(target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done > $res/conformance.txt
tar czf $OUT/run.tgz -C $res .
cp $res/table.md $res/sweep.md $res/conformance.txt $res/texture.txt $res/lab-vertical-window.txt $OUT/ 2>/dev/null
tail -5 $res/gpu-bench.log; tail -1 $res/frame_loop.txt; cat $res/conformance.txt
