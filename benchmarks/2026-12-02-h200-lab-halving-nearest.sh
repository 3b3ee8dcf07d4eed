#!/bin/bash
# Tuning log item 134: exact halvings that skip the input row of weight zero (7133eb8) against
# the kernel that loads both rows (3479b1e, `target/lab/wgresize-3479b1e`), `wgresize plan`
# (every path measured) on nearest halvings (PyTorch's nearest takes the even row, its
# nearest-exact the odd one) and on bilinear and area halvings, whose pipelines do not change.
# Two rounds, the binaries alternating.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
shapes=(
 "--input 1x2160x3840x4 --size 1920x1080 --element u8 --filter nearest --convention torch"
 "--input 1x2160x3840x4 --size 1920x1080 --element u8 --filter nearest-exact --convention torch"
 "--input 1x2160x3840x4 --size 1920x1080 --element f16 --filter nearest --convention torch"
 "--input 1x1440x2560x4 --size 1280x720 --element u8 --filter nearest --convention torch"
 "--input 8x512x512x4 --size 256x256 --element u8 --filter nearest --convention torch"
 "--input 1x2160x3840x4 --size 1920x1080 --element u8"
 "--input 1x2160x3840x4 --size 1920x1080 --element u8 --filter area"
 "--input 1x2160x3840x4 --size 1920x1080 --element f16"
)
for round in 1 2; do
  for bin in target/lab/wgresize-3479b1e target/release/wgresize; do
    echo "== round $round: $bin"
    for s in "${shapes[@]}"; do
      echo "$s | $($bin plan $s --no-tune-cache 2>&1 | grep -v XDG | head -1)"
    done
  done
done
