#!/usr/bin/env bash
# The full GPU run that BENCHMARKS.md's sections record, in one command on the GPU machine:
# scripts/gpu-bench.sh (bench, PyTorch peer, plain kernel, textures, and the f32 RGBA sweep
# unless SWEEP=0), the frame loop, nvidia-smi and the conformance cases on every path. Everything
# lands in $OUT/run.tgz; the summary and the table go to stdout.
# Expects, built on the development machine and carried along: target/release/wgresize,
# target/release/examples/frame_loop, target/release/examples/plain_gather, and the Vulkan
# loader packages in .gl/ (see ../shared/gpu/README.md).
set -u
out="${OUT:-bench-out}"
res=$(mktemp -d)
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
start=$(date +%s)
OUT=$res SWEEP="${SWEEP:-1}" bash scripts/gpu-bench.sh > "$res/gpu-bench.log" 2>&1
echo "gpu-bench took $(( $(date +%s) - start )) s" >> "$res/gpu-bench.log"
export WGPU_BACKEND=vulkan
target/release/examples/frame_loop > "$res/frame_loop.txt" 2>&1
nvidia-smi > "$res/smi.txt" 2>&1
for path in gather separable fused auto; do
    echo "conformance $path: $(target/release/wgresize conformance tests/data/conformance \
        --path $path 2>&1 | grep -v XDG | tail -1)"
done > "$res/conformance.txt"
mkdir -p "$out"
tar czf "$out/run.tgz" -C "$res" .
tail -1 "$res/gpu-bench.log"
tail -1 "$res/frame_loop.txt"
cat "$res/conformance.txt" "$res/table.md"
if [ -f "$res/sweep.md" ]; then tail -1 "$res/sweep.md"; fi
