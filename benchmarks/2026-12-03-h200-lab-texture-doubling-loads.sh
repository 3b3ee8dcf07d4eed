# Where the exact doubling from a texture spends its time: a lab build of c4f9226 (target/lab/new:
# the example of benchmarks/2026-12-03-h200-lab-texture-routes-before-after.rs) whose
# WGR_LAB_MODE selects 0 the kernel as kept, 1 one texel load an input row instead of three (wrong
# values), 2 every input row's loads before the stores, 3 no stores; WGR_LAB_TD_ROWS sets the input
# rows an invocation from a texture. Two rounds, the 2x shapes. Run from the repository root on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan LAB_ONLY=x2
for r in 1 2; do
  for m in 0 1 2 3; do
    WGR_LAB_MODE=$m timeout 60 target/lab/new "mode$m-rows-kept-r$r" 2>&1 | grep -v " f32 \|^texture"
    for rows in 2 4 8; do
      WGR_LAB_MODE=$m WGR_LAB_TD_ROWS=$rows timeout 60 target/lab/new "mode$m-rows$rows-r$r" 2>&1 | grep -v " f32 \|^texture\|384x640"
    done
  done
done
