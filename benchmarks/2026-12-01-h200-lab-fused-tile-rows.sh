#!/usr/bin/env bash
# Lab: fused tiles of 8 rows (WGR_TILE_H) with workgroups of 2, 4 or 8 rows (WGR_GROUP_Y), on c948074.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
bin=target/release/wgresize
u="--input 1x2160x3840x4"
aa="--filter bicubic --convention torch --antialias"
shapes=(
 "$u --size 1920x1080 $aa"
 "$u --size 1920x1080 --filter lanczos3 --antialias"
 "$u --size 1920x1080 $aa --element f16"
 "$u --size 960x540 $aa"
 "--input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias"
 "--input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element f16"
 "$u --size 1920x1080 --filter bilinear --convention torch --antialias"
 "--input 1x2048x2048x4 --size 1024x1024 --filter bicubic --convention torch"
)
for round in 1 2 3; do
  for v in "4 0" "8 4" "8 8" "8 2"; do
    set -- $v
    for s in "${shapes[@]}"; do
      if [ "$2" = 0 ]; then env="WGR_TILE_H=$1"; else env="WGR_TILE_H=$1 WGR_GROUP_Y=$2"; fi
      echo "round $round LAB=$1$2 $s :: $(env $env $bin plan $s --no-tune-cache 2>&1 | head -1)"
    done
  done
done
