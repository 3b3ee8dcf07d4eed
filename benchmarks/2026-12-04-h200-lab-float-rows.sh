# The texture source's row and column without an integer division: a lab build of 54063f0
# (benchmarks/2026-12-04-h200-lab-float-rows.diff) in which WGR_LAB_FLOAT_ROWS has the kernels
# that read a texture take the row from a float quotient, corrected by one either way, instead of
# `i / width` and `i % width`. The example of benchmarks/2026-12-04-h200-lab-texture-staging.rs
# (target/lab/routes) and `wgresize bench --frames` (target/lab/wgresize-float), each without and
# with it. Run from the repository root on the H200. Prepared and checked on lavapipe (the texture
# test binary passed with it, and failed with the row estimate off by two); NOT run on the H200:
# the session's device time ran out (tuning log item 149).
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
timeout 60 target/lab/routes kept 2>&1 | cut -d' ' -f1-12
WGR_LAB_FLOAT_ROWS=1 timeout 60 target/lab/routes float-rows 2>&1 | cut -d' ' -f1-12
for v in kept float; do
  echo "== frames $v"
  if [ $v = float ]; then export WGR_LAB_FLOAT_ROWS=1; fi
  timeout 90 target/lab/wgresize-float bench --frames --no-tune-cache --warmup 1 2>&1 | grep -v XDG | grep -v "^\["
done
