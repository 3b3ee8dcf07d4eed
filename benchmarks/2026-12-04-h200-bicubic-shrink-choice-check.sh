#!/bin/bash
# The rule fitted to 2026-12-04-h200-bicubic-shrink-choice.txt (16 taps shrinking by at most 2 along each axis take the fused path
# before measuring) on shapes it was not fitted to, every path measured and the choice before
# measuring (`wgresize plan --no-tune-cache`), two rounds; the texture routes on two such
# shapes; then the sweep.
# (The sweep JSON it writes is kept as benchmarks/2026-12-04-h200-bicubic-shrink-choice-check-sweep.json.)
for f in .gl/*.deb; do dpkg -x $f / >/dev/null 2>&1; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B="--filter bicubic"; A="--filter bilinear --antialias"
shapes=(
 "--input 1x720x1280x4 --size 768x432 $B"
 "--input 1x1440x2560x4 --size 1920x1080 $B"
 "--input 1x2160x3840x4 --size 2560x1440 $B"
 "--input 1x600x800x4 --size 640x480 $B"
 "--input 1x224x224x4 --size 160x160 $B"
 "--input 1x2160x3840x4 --size 1950x1100 $B"
 "--input 1x1080x1920x4 --size 961x541 $B"
 "--input 1x2160x3840x4 --size 4800x1200 $B"
 "--input 1x720x1280x4 --size 960x1080 $B"
 "--input 1x1440x2560x4 --size 1920x1080 $B --element u8"
 "--input 1x720x1280x4 --size 768x432 $B --element u8"
 "--input 1x1440x2560x4 --size 1920x1080 $B --element f16"
 "--input 1x2160x3840x4 --size 2560x1440 $B --element f16"
 "--input 1x720x1280x4 --size 768x432 $B --element f16"
 "--input 8x224x224x4 --size 160x160 $B"
 "--input 4x1080x1920x4 --size 1440x810 $B"
 "--input 1x1080x1920x4 --size 1440x810 $B --element f16 --premultiplied"
 "--input 1x2160x3840x4 --size 1920x1080 $B --element u8 --premultiplied"
 "--input 1x1080x1920x4 --size 1440x810 $B --cubic-a -0.5"
 "--input 1x2160x3840x4 --size 1920x1080 $A"
 "--input 1x1080x1920x4 --size 960x540 $A --element u8"
 "--input 1x1080x1920x4 --size 960x540 $A --element f16"
 "--input 32x512x512x4 --size 256x256 $A"
 "--input 1x1080x1920x4 --size 960x540 $A --premultiplied"
 "--input 1x1080x1920x4 --size 864x486 $B"
 "--input 1x2160x3840x4 --size 1536x864 $B"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -2 | tr '\n' ' ')"
 done
 for s in "--input 1x1080x1920x4 --size 1440x810 $B --from-texture rgba8unorm" \
          "--input 1x2160x3840x4 --size 1920x1080 $B --from-texture rgba8unorm" \
          "--input 1x1080x1920x4 --size 1440x810 $B --element u8 --into-texture rgba8unorm" \
          "--input 1x2160x3840x4 --size 1920x1080 $B --element u8 --into-texture rgba8unorm" \
          "--input 1x1080x1920x4 --size 1440x810 $B --into-texture rgba32float"; do
   echo "$round | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -2 | tr '\n' ' ')"
 done
done
target/release/wgresize bench --sweep --json --no-tune-cache > $OUT/sweep.json 2>/dev/null
python3 -c "
import json; d=json.load(open('$OUT/sweep.json'))
rs=d['results']
for r in rs:
  if r['heuristic_over_fastest']>1.02: print(r['h'],r['w'],'->',r['out_h'],r['out_w'],r['filter'],r['heuristic'],r['gather_us'],r['separable_us'],r['fused_us'], round(r['heuristic_over_fastest'],3))
print('within 5%:', sum(r['heuristic_over_fastest']<=1.05 for r in rs), 'of', len(rs))
"
