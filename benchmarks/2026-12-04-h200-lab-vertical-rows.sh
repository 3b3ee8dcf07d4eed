#!/bin/bash
# Tuning log item 182: vertical passes (one x tap) of overlapping bands in windows of N output
# rows (window_rows, WGR_LAB_ROWS=N; WGR_LAB_RESERVE keeps the unused workgroup array with
# them), against the shipped one row an invocation; two rounds alternating; `wgresize plan`,
# every path measured. Lab build of 255dfdf + benchmarks/2026-12-04-h200-lab-vertical-rows.diff.
source scripts/gpu-env.sh
export WGPU_BACKEND=vulkan
U="--input 1x2160x3840x4 --antialias"
shapes=(
 "$U --size 3840x224 --filter bicubic"
 "$U --size 224x224 --filter bicubic"
 "$U --size 224x224 --filter lanczos3"
 "$U --size 384x216 --filter bicubic"
 "$U --size 3840x1080 --filter bicubic"
 "$U --size 224x224 --filter bicubic --element f16"
 "--input 1x4096x4096x4 --size 512x512 --filter lanczos3 --antialias"
)
for round in 1 2; do
 for v in "0 -" "2 -" "4 -" "2 r" "4 r" "8 r"; do
  set -- $v
  for s in "${shapes[@]}"; do
   if [ "$2" = r ]; then export WGR_LAB_RESERVE=1; else unset WGR_LAB_RESERVE; fi
   echo "$round | rows $1 reserve $2 | $s | $(WGR_LAB_ROWS=$1 target/lab/wgresize-rows plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1 | sed 's/.*fastest when measured: //')"
  done
 done
done
unset WGR_LAB_RESERVE
for r in 2 4; do echo "conformance rows $r: $(WGR_LAB_ROWS=$r target/lab/wgresize-rows conformance tests/data/conformance --path separable 2>&1 | tail -1)"; done
