# Tap counts baked into the vector gather up to N: a lab build of cb970ec
# (benchmarks/2026-12-04-h200-lab-bake.diff: WGR_LAB_BAKE=N, the library's 16 when unset) of
# wgresize and of the example benchmarks/2026-12-04-h200-lab-texture-window.rs (LAB_ONE: one
# output row an invocation), one command on the H200 (tuning log item 151).
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for n in kept 24 32 64; do
  if [ $n = kept ]; then unset WGR_LAB_BAKE; else export WGR_LAB_BAKE=$n; fi
  echo "== window, bake $n"; LAB_ONE=1 timeout 60 target/lab/window-bake 2>&1 | grep -v XDG | grep -v "round 0"
done
for n in kept 32 64; do
  if [ $n = kept ]; then unset WGR_LAB_BAKE; else export WGR_LAB_BAKE=$n; fi
  echo "== frames, bake $n"
  timeout 90 target/lab/wgresize-bake bench --frames --no-tune-cache --warmup 1 2>&1 | grep -v XDG | grep -v "^\["
done
for n in kept 32 64; do
  if [ $n = kept ]; then unset WGR_LAB_BAKE; else export WGR_LAB_BAKE=$n; fi
  echo "== antialiased shrinks, bake $n"
  timeout 150 target/lab/wgresize-bake bench --extended --only antialias --no-tune-cache --warmup 1 2>&1 | grep -v XDG | grep -v "^\["
done
