# Exact doublings from a texture: pixel pairs in one store into a buffer, and the workgroup, input
# rows and input columns an invocation. The example of
# benchmarks/2026-12-03-h200-lab-texture-routes-before-after.rs built at e804e3d (target/lab/before)
# and on a lab build of the working tree after it (target/lab/new), whose WGR_LAB_TD=GXxGYxROWSxCOLUMNS
# sets the texture source's doubling (into a tensor and into a texture); two rounds, the 2x shapes.
# Run from the repository root on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan LAB_ONLY=x2
for r in 1 2; do
  timeout 60 target/lab/before "before-r$r" 2>&1 | grep -v " f32 "
  timeout 60 target/lab/new "new-64x4x8x1-r$r" 2>&1 | grep -v " f32 \|^texture"
  for c in 64x4x8x2 64x4x8x4 64x4x4x2 64x4x2x2 64x4x4x4 32x8x4x2 16x16x4x2 16x16x2x2 8x32x4x2 32x8x8x2 64x4x2x1; do
    WGR_LAB_TD=$c timeout 60 target/lab/new "new-$c-r$r" 2>&1 | grep -v " f32 \|^texture"
  done
done
