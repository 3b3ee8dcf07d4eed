#!/usr/bin/env bash
# The command of BENCHMARKS.md's section "binaries of commit afb9af4, on an H100", from the
# repository root on the GPU machine, with `.gl/` carried and, built and stripped here:
# target/h200a/wgresize (afb9af4), wgresize-e0d0483 and wgresize-0ef439f.
# `wgresize plan` times the one path OpenCV's fixed point takes (the tuning's own timing), three
# rounds alternating the binaries; then the bench's OpenCV shapes twice, and the conformance sets
# on every path.
mkdir -p target/release && cp target/h200a/wgresize target/release/ && source scripts/gpu-env.sh
export WGPU_BACKEND=vulkan
for r in 1 2 3; do for b in 0ef439f e0d0483 HEAD; do
    bin=target/h200a/wgresize-$b; [ $b = HEAD ] && bin=target/h200a/wgresize
    for s in "1x1080x1920x3 --scale 2" "1x1080x1920x4 --scale 2" "1x1080x1920x4 --scale 0.5" \
        "1x1080x1920x3 --layout nchw --scale 2"; do
        echo "$r $b $s: $($bin plan --input $s --convention opencv --filter bilinear --element u8 \
            --no-tune-cache 2>&1 | grep -o 'gather [0-9.]* µs' | head -1)"
    done
done; done | tee "$OUT/plan-ab.txt"
for r in 1 2; do
    target/h200a/wgresize bench --extended --only opencv --json --no-tune-cache > "$OUT/bench-$r.json"
done
for d in onnx-u8 opencv-u8 padding conformance torch-u8; do for p in gather separable fused auto; do
    echo "$d $p: $(target/release/wgresize conformance tests/data/$d --path $p 2>&1 | tail -1)"
done; done | tee "$OUT/conformance.txt"
