# The staged texture routes with several pixels an unpack invocation: a lab build of 73a86c6
# (target/lab/routes: the example of benchmarks/2026-12-04-h200-lab-texture-staging.rs, the diff
# benchmarks/2026-12-04-h200-lab-texture-unpack-per.diff) in which WGR_LAB_UNPACK_PER=K has each
# invocation of the RGBA unpack (u8 and f32 staging) take K pixels 256 apart (unset: one, as
# kept), and WGR_LAB_STAGE=1 stages every texture resize. Two rounds, every shape. Run from the
# repository root on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for r in 1 2; do
  timeout 100 target/lab/routes "kept-r$r" 2>&1
  WGR_LAB_STAGE=1 timeout 100 target/lab/routes "stage-per1-r$r" 2>&1
  for per in 2 4 8; do
    WGR_LAB_STAGE=1 WGR_LAB_UNPACK_PER=$per timeout 100 target/lab/routes "stage-per$per-r$r" 2>&1
  done
done
