# The texture source's row and column without an integer division: a lab build (of 82b30f5; the
# diff was written against 54063f0 and applies to both) of
# benchmarks/2026-12-04-h200-lab-float-rows.diff, in which
# WGR_LAB_FLOAT_ROWS has the kernels that read a texture take the row from a float quotient,
# corrected by one either way, instead of `i / width` and `i % width`. The examples of
# benchmarks/2026-12-04-h200-lab-texture-staging.rs (target/lab/routes) and
# -lab-texture-window.rs (target/lab/texture-window), and `wgresize bench --frames`
# (target/lab/wgresize-float), each without and with it. Checked on lavapipe (the texture test
# binary passed with it, and failed with the row estimate off by two). Run from the repository
# root on the H200 (tuning log item 150; written for item 149, whose session's device time ran
# out before it ran).
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
timeout 60 target/lab/routes kept 2>&1 | cut -d' ' -f1-12
WGR_LAB_FLOAT_ROWS=1 timeout 60 target/lab/routes float-rows 2>&1 | cut -d' ' -f1-12
for v in kept float; do
  echo "== frames $v"
  if [ $v = float ]; then export WGR_LAB_FLOAT_ROWS=1; else unset WGR_LAB_FLOAT_ROWS; fi
  timeout 90 target/lab/wgresize-float bench --frames --no-tune-cache --warmup 1 2>&1 | grep -v XDG | grep -v "^\["
done
unset WGR_LAB_FLOAT_ROWS
echo "== window kept"; timeout 100 target/lab/texture-window 2>&1 | grep -v XDG
echo "== window float"; WGR_LAB_FLOAT_ROWS=1 timeout 100 target/lab/texture-window 2>&1 | grep -v XDG
