#!/bin/bash
# NOT RUN (prepared at the end of a session whose device time ended; see tuning log item 183):
# the fused planes' x table four outputs to a group, a tap's four weights read as one vector
# (the tables bound again as array<vec4<f32>> at binding 4), against the row-major table,
# alternating, two rounds, every path measured (`wgresize plan`); then conformance on the fused
# path and auto. Build target/lab/wgresize-rowmajor at the base commit and
# target/lab/wgresize-vec4 with benchmarks/2026-12-04-lab-planes-vec4-not-run.diff applied;
# carry .gl, both binaries and this script.
source scripts/gpu-env.sh
export WGPU_BACKEND=vulkan
P="--input 1x1080x1920x3 --layout nchw"
M="--input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --antialias"
U="--input 1x2160x3840x3 --layout nchw --size 1920x1080 --antialias"
shapes=(
 "$U --filter bicubic"
 "$U --filter lanczos3"
 "$M"
 "$M --element f16"
 "$M --element u8"
 "$M --mean 0.485,0.456,0.406 --std 0.229,0.224,0.225"
 "--input 16x3x448x448 --layout nchw --size 224x224 --filter bicubic --antialias"
 "$P --size 640x360 --filter lanczos3 --antialias"
 "$P --size 384x216 --filter bicubic --antialias"
 "$P --size 3840x2160 --filter lanczos3"
 "$P --size 3840x2160 --filter bicubic"
 "$P --size 3840x2160 --filter bilinear"
)
for round in 1 2; do
 for b in rowmajor vec4; do
  for s in "${shapes[@]}"; do
   echo "$round | $b | $s | $(target/lab/wgresize-$b plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1 | sed 's/.*fastest when measured: //')"
  done
 done
done
for path in fused auto; do echo "vec4 conformance $path: $(target/lab/wgresize-vec4 conformance tests/data/conformance --path $path 2>&1 | tail -1)"; done
