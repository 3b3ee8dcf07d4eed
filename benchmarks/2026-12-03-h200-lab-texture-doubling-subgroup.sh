# Exact doublings from a texture: each input row's neighbouring texels taken from the invocations
# beside it in the subgroup (WGR_LAB_SHARED=2: wgsl/gather_doubling_subgroup.wgsl, workgroups of
# 256 x 1, which naga requires for subgroup built-ins) against workgroup memory without pipelining
# (1: wgsl/gather_doubling_shared.wgsl) and three loads an invocation (0: gather_doubling.wgsl as at
# c4f9226); WGR_LAB_TD_ROWS sets the input rows an invocation from a texture. A lab build of the
# working tree after c4f9226 (target/lab/new, the example of
# benchmarks/2026-12-03-h200-lab-texture-routes-before-after.rs), which requests the `subgroups`
# feature; two rounds, the 2x shapes. Run from the repository root on the H200.
# The lab kernels are kept as 2026-12-03-h200-lab-texture-doubling-shared-kernel.diff,
# -shared-pipelined.diff and -subgroup-kernel.diff; the host side as -subgroup.diff.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan LAB_ONLY=x2
for r in 1 2; do
  for s in 0 1 2; do
    WGR_LAB_SHARED=$s timeout 60 target/lab/new "lab$s-rows-kept-r$r" 2>&1 | grep -v " f32 \|^texture"
    for rows in 2 4 8 16; do
      WGR_LAB_SHARED=$s WGR_LAB_TD_ROWS=$rows timeout 60 target/lab/new "lab$s-rows$rows-r$r" 2>&1 | grep -v " f32 \|^texture"
    done
  done
done
