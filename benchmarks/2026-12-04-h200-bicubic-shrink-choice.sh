#!/bin/bash
# Plain bicubic (4x4 taps) shrinks of RGBA and a few of their neighbours, every path measured
# and the choice before measuring (`wgresize plan --no-tune-cache`), two rounds: item 115's
# question (do 16-tap shrinks keep the gather?) in today's kernels, after the fused kernel's
# row pairs (item 173).
for f in .gl/*.deb; do dpkg -x $f / >/dev/null 2>&1; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B="--filter bicubic"
shapes=()
for s in 192x192 128x128 96x96 64x64; do shapes+=("--input 1x256x256x4 --size $s $B"); done
for s in 691x461 576x384 384x256 256x171 192x128; do shapes+=("--input 1x512x768x4 --size $s $B"); done
for s in 1382x922 1152x768 922x614 768x512 614x410 384x256 307x205; do shapes+=("--input 1x1024x1536x4 --size $s $B"); done
for s in 1728x972 1440x810 1152x648 960x540 768x432 640x360 480x270 384x216 192x108; do shapes+=("--input 1x1080x1920x4 --size $s $B"); done
for s in 3456x1944 2880x1620 1920x1080 1280x720 960x540 768x432 480x270; do shapes+=("--input 1x2160x3840x4 --size $s $B"); done
for s in 1536x1536 1024x1024 512x512; do shapes+=("--input 1x2048x2048x4 --size $s $B"); done
for e in u8 f16; do
  for s in 1728x972 1440x810 960x540 480x270 384x216; do shapes+=("--input 1x1080x1920x4 --size $s $B --element $e"); done
  for s in 2880x1620 1920x1080 960x540; do shapes+=("--input 1x2160x3840x4 --size $s $B --element $e"); done
done
shapes+=("--input 8x512x512x4 --size 384x384 $B" "--input 8x512x512x4 --size 256x256 $B")
shapes+=("--input 1x1080x1920x4 --size 1440x810 $B --premultiplied" "--input 1x1080x1920x4 --size 1440x1620 $B" "--input 1x1080x1920x4 --size 2880x810 $B")
shapes+=("--input 1x1080x1920x4 --size 960x540 --filter bilinear --antialias" "--input 1x1080x1920x4 --size 1440x810 --filter bilinear --antialias")
for round in 1 2; do
 for s in "${shapes[@]}"; do
   echo "$round | $s | $(target/release/wgresize plan $s --no-tune-cache 2>&1 | grep -v XDG | head -2 | tr '\n' ' ')"
 done
done
