# The lab of BENCHMARKS.md tuning log item 185 (on an H100, binaries of afb9af4): each pass of
# Pillow's 8-bit lanczos3 and bicubic timed alone by `wgresize plan` (a spec keeping one axis at its
# size runs one pass), RGB against 8-channel pixels (which the vector kernels take; RGBA would
# premultiply under the pillow convention), two rounds each.
mkdir -p target/release && cp target/h200a/wgresize target/release/ && source scripts/gpu-env.sh && export WGPU_BACKEND=vulkan && nvidia-smi --query-gpu=name --format=csv,noheader
W=target/release/wgresize
for c in 3 8; do
 for s in "1x2160x3840x$c --size 1920x1080" "1x2160x3840x$c --size 1920x2160" "1x2160x1920x$c --size 1920x1080" "1x2160x3840x$c --size 480x270" "1x2160x3840x$c --size 480x2160" "1x2160x480x$c --size 480x270"; do
  for f in lanczos3 bicubic; do
   for r in 1 2; do echo "c$c $f $s r$r: $($W plan --input $s --convention pillow --filter $f --element u8 --no-tune-cache 2>&1 | grep -o 'fastest when measured.*' | head -1)"; done
  done
 done
done
