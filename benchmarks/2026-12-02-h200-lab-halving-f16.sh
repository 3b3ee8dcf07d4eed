#!/bin/bash
# Tuning log item 132: exact halvings of RGBA f16 against the vector gather they replace (lab
# build: WGR_LAB_NO_F16_HALVING set), two rounds alternating; `wgresize bench` on the target
# row (a pass each, and a stream ten to a pass) and `wgresize plan` on other f16 halvings.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
shapes=(
 "--input 1x1440x2560x4 --size 1280x720 --element f16"
 "--input 1x2160x3840x4 --size 1920x1080 --element f16 --filter nearest --convention torch"
 "--input 8x512x512x4 --size 256x256 --element f16"
 "--input 1x4320x7680x4 --size 3840x2160 --element f16"
)
for round in 1 2; do
  for c in "WGR_LAB_NO_F16_HALVING=1" "WGR_LAB_F16_HALVING=1"; do
    echo "== round $round: $c"
    env $c target/release/wgresize bench --extended --no-tune-cache \
      --only 'x4 -> 1080x1920 bilinear f16' 2>&1 | grep 'Bilinear f16  '
    for s in "${shapes[@]}"; do
      echo "$s | $(env $c target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
    done
  done
done
