#!/usr/bin/env bash
# The two commands of BENCHMARKS.md's section "binaries of commit e0d0483, on an H100", on a warm
# machine one after the other, from the repository root, with `.gl/` carried and, built and
# stripped on the development machine: target/h200a/{wgresize (e0d0483), wgresize-0ef439f (the
# commit before), gpu-tests.tar.xz (scripts/pack-gpu-tests.sh)} for the first, and
# target/h200b/{wgresize, frame_loop, plain_gather} for the second.
set -u
first() {
    mkdir -p target/release && cp target/h200a/wgresize target/release/ &&
        cp target/h200a/gpu-tests.tar.xz target/ && source scripts/gpu-env.sh &&
        export WGPU_BACKEND=vulkan &&
        nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/gpu.txt"
    # OpenCV's fixed point before (scalar gather) and after (quad and staged gathers), twice
    # each, alternating binaries.
    for b in wgresize-0ef439f wgresize; do
        for r in 1 2; do
            target/h200a/$b bench --extended --only opencv --json --no-tune-cache \
                > "$OUT/ab-$b-$r.json" 2> "$OUT/ab-$b-$r.err"
        done
    done
    BACKENDS=vulkan PROPTEST_CASES=64 ONLY="padding conformance gpu_vs_reference" \
        OUT=$OUT/tests timeout 300 bash scripts/gpu-tests.sh > "$OUT/tests.txt" 2>&1
}
second() {
    mkdir -p target/release/examples && cp target/h200b/wgresize target/release/ &&
        cp target/h200b/frame_loop target/h200b/plain_gather target/release/examples/ &&
        source scripts/gpu-env.sh &&
        SWEEP=1 OUT=$OUT timeout 560 bash scripts/gpu-full-run.sh > "$OUT/full.txt" 2>&1
}
"${1:-first}"
