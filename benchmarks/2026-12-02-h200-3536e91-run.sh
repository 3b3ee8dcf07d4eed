#!/usr/bin/env bash
# The full run at 3536e91: scripts/gpu-bench.sh (bench, PyTorch, plain kernel, textures, sweep),
# the frame loop, nvidia-smi, the conformance cases on every path; then an A/B of e37c584
# (wgresize-steps: no column pairs with colour) against 3536e91 (column pairs with premultiplied
# alpha), three rounds alternating.
set -u
res=/tmp/res; mkdir -p $res
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
OUT=$res bash scripts/gpu-bench.sh > $res/gpu-bench.log 2>&1
export WGPU_BACKEND=vulkan
target/release/examples/frame_loop > $res/frame_loop.txt 2>&1
nvidia-smi > $res/smi.txt 2>&1
for path in gather separable fused auto; do
  echo "conformance $path: $(target/release/wgresize conformance tests/data/conformance --path $path 2>&1 | grep -v XDG | tail -1)"
done > $res/conformance.txt
S4K="--input 1x2160x3840x4"
shapes=(
 "$S4K --size 1920x1080 --filter lanczos3 --convention pillow"
 "$S4K --size 1920x1080 --filter bicubic --convention pillow"
 "$S4K --size 1920x1080 --filter bilinear --convention pillow"
 "$S4K --size 1920x1080 --filter lanczos3 --convention pillow --element f16"
 "$S4K --size 1920x1080 --filter bicubic --convention pillow --element f16"
 "$S4K --size 960x540 --filter bicubic --convention pillow"
 "$S4K --size 960x540 --filter lanczos3 --convention pillow --element f16"
 "$S4K --size 1920x1080 --filter lanczos3 --antialias --linear-light"
 "$S4K --size 1920x1080 --filter lanczos3 --antialias"
)
for round in 1 2 3; do
 for s in "${shapes[@]}"; do
  echo "$round e37c584 | $s | $(lab-tmp/wgresize-steps plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
  echo "$round 3536e91 | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | tr '\n' ' ')"
 done
done > $res/ab.txt
tar czf $OUT/final18.tgz -C $res .
cp $res/table.md $res/sweep.md $res/ab.txt $res/conformance.txt $OUT/ 2>/dev/null
tail -5 $res/gpu-bench.log; tail -1 $res/frame_loop.txt; cat $res/conformance.txt
