#!/bin/bash
# Where the fused path's bounds lie: shrinks by 6 to 10 and 16-tap enlargements, per element and size.
for f in .gl/*.deb; do dpkg -x $f / >/dev/null 2>&1; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
B=target/release/wgresize
for el in f32 u8 f16; do
  for in in "1x1080x1920x4|1920|1080" "1x2160x3840x4|3840|2160"; do
    IFS='|' read input w h <<< "$in"
    for r in 6 8 10; do
      s="$((w / r))x$((h / r))"
      for f in "bilinear --antialias" "bicubic --antialias --cubic-a -0.5" "lanczos3 --antialias"; do
        echo "$input $el $f -> $s :: $($B plan --no-tune-cache --input $input --size $s --filter $f --element $el 2>&1 | grep -v XDG | tr '\n' ' ')"
      done
    done
  done
  for in in "1x540x960x4|960|540" "1x1080x1920x4|1920|1080"; do
    IFS='|' read input w h <<< "$in"
    for r in 2 3 4; do
      s="$((w * r))x$((h * r))"
      echo "$input $el bicubic -> $s :: $($B plan --no-tune-cache --input $input --size $s --filter bicubic --element $el 2>&1 | grep -v XDG | tr '\n' ' ')"
    done
  done
done
