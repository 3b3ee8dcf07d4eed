#!/bin/bash
# The unmeasured choice in the kernels of 3b3ee52 (item 94's shapes, 33fe921, again, with f32
# RGBA, linear light and premultiplied f16 added), two rounds.
for f in .gl/*.deb; do dpkg -x $f / >/dev/null 2>&1; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
B=target/release/wgresize
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
for kind in "1x3x1080x1920|--layout nchw" "1x1080x1920x3|" "1x1080x1920x4|--element u8" "1x1080x1920x4|--element f16" "8x3x512x512|--layout nchw" "1x1080x1920x4|" "1x1080x1920x4|--element u8 --linear-light" "1x1080x1920x4|--element f16 --premultiplied"; do
  input=${kind%%|*}; extra=${kind#*|}
  for f in "bilinear --antialias" "bicubic --antialias --cubic-a -0.5" "lanczos3 --antialias" "bicubic"; do
    for size in half q024 quarter tenth double; do
      case $input in
        8x3x512x512) case $size in half) s=256x256;; q024) s=224x224;; quarter) s=128x128;; tenth) s=51x51;; double) s=1024x1024;; esac;;
        *) case $size in half) s=960x540;; q024) s=844x475;; quarter) s=480x270;; tenth) s=192x108;; double) s=3840x2160;; esac;;
      esac
      dims=$input
      if [ "$extra" = "--layout nchw" ]; then IFS=x read n c h w <<< "$input"; dims="${n}x${h}x${w}x${c}"; fi
      echo "$round | $input $extra $f -> $s :: $($B plan --no-tune-cache --input $dims --size $s --filter $f $extra 2>&1 | grep -v XDG | tr '\n' ' ')"
    done
  done
done
done
