# Exact doublings from a texture with each input row's texels loaded once a workgroup row into
# workgroup memory (wgsl/gather_doubling_shared.wgsl, each row's texels loaded in the step before: software-pipelined) against three loads an invocation
# (WGR_LAB_SHARED=0: gather_doubling.wgsl as at c4f9226); WGR_LAB_TD_ROWS sets the input rows an
# invocation from a texture (else 8 for u8 and 2 for f16 into a tensor, 2 into a texture). A lab
# build of the working tree after c4f9226 (target/lab/new, the example of
# benchmarks/2026-12-03-h200-lab-texture-routes-before-after.rs); two rounds, the 2x shapes. Run
# from the repository root on the H200.
# The lab kernels are kept as 2026-12-03-h200-lab-texture-doubling-shared-kernel.diff,
# -shared-pipelined.diff and -subgroup-kernel.diff; the host side as -subgroup.diff.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan LAB_ONLY=x2
for r in 1 2; do
  for s in 0 1; do
    WGR_LAB_SHARED=$s timeout 60 target/lab/new "shared$s-rows-kept-r$r" 2>&1 | grep -v " f32 \|^texture"
    for rows in 2 4 8 16; do
      WGR_LAB_SHARED=$s WGR_LAB_TD_ROWS=$rows timeout 60 target/lab/new "shared$s-rows$rows-r$r" 2>&1 | grep -v " f32 \|^texture"
    done
  done
done
