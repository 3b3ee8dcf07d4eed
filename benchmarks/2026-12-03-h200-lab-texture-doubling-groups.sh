# Exact doublings' workgroups: WGR_LAB_TG=GXxGYxROWS sets the workgroup of every exact doubling
# (buffers included) and the input rows an invocation of those from a texture. A lab build of
# 570a1c0 (target/lab/new, the example of benchmarks/2026-12-03-h200-lab-texture-routes-before-after.rs);
# two rounds, the 2x shapes. Run from the repository root on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan LAB_ONLY=x2
for r in 1 2; do
  timeout 60 target/lab/new "kept-r$r" 2>&1 | grep -v " f32 \|^texture"
  for g in 64x4 32x8 16x16 8x32 4x64; do
    for rows in 1 2 4 8; do
      WGR_LAB_TG=${g}x$rows timeout 60 target/lab/new "${g}x$rows-r$r" 2>&1 | grep -v " f32 \|^texture"
    done
  done
done
