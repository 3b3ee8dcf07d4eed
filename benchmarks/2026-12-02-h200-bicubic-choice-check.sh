#!/bin/bash
# The rule fitted to benchmarks/2026-12-02-h200-bicubic-choice.txt (bicubic enlarging both axes
# takes the fused path before measuring), on shapes it was not fitted to: other sizes, unequal
# factors per axis, u8 and f16, premultiplied alpha, a batch; every path measured and the
# choice before measuring (`wgresize plan --no-tune-cache`), two rounds; then the sweep.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B="--filter bicubic"
shapes=(
 "--input 1x720x1280x4 --size 1920x1080 $B"
 "--input 1x720x1280x4 --size 1920x1080 $B --element u8"
 "--input 1x720x1280x4 --size 1920x1080 $B --element f16"
 "--input 1x720x1280x4 --size 3840x2160 $B"
 "--input 1x1440x2560x4 --size 3840x2160 $B"
 "--input 1x1440x2560x4 --size 3840x2160 $B --element u8"
 "--input 1x600x800x4 --size 1067x800 $B"
 "--input 1x300x500x4 --size 1100x660 $B"
 "--input 1x300x500x4 --size 1100x660 $B --element f16"
 "--input 1x1080x1920x4 --size 2400x1200 $B"
 "--input 1x1080x1920x4 --size 2048x1536 $B --element u8"
 "--input 1x540x960x4 --size 3840x2160 $B"
 "--input 1x224x224x4 --size 512x512 $B"
 "--input 8x224x224x4 --size 512x512 $B"
 "--input 1x720x1280x4 --size 1920x1080 $B --premultiplied"
 "--input 1x720x1280x4 --size 1920x1080 $B --premultiplied --element f16"
 "--input 1x1080x1920x4 --size 2560x1440 $B --cubic-a -0.5"
 "--input 1x1080x1920x4 --size 2560x1440 $B --element f16"
 "--input 1x1000x1000x4 --size 1800x1800 $B"
 "--input 1x1000x1000x4 --size 1800x1800 $B --element u8"
)
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -2 | tr '\n' ' ')"
 done
done
target/release/wgresize bench --sweep --json --no-tune-cache > /tmp/sweep.json 2>/dev/null
python3 -c "
import json; d=json.load(open('/tmp/sweep.json'))
for r in d['results']:
    if r['heuristic_over_fastest']>1.05 or r['filter']=='bicubic': print(r['h'],r['w'],r['out_h'],r['out_w'],r['filter'],r['gather_us'],r['fused_us'],r['auto_us'],r['heuristic'],round(r['heuristic_over_fastest'],3))
print('auto within 5%:', d['within_5_percent'], 'before measuring:', d['heuristic_within_5_percent'], 'of', len(d['results']))
"
