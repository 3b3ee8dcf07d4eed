# Texture routes staged through buffers, and texel stores staged in workgroup memory: a lab build of
# 73a86c6 (target/lab/routes: the example of benchmarks/2026-12-04-h200-lab-texture-staging.rs) in
# which WGR_LAB_STAGE sends every texture resize through the staged route (a compute copy of the
# texture into a tensor, the buffer kernels, a compute pack into a storage target) and
# WGR_LAB_STAGED_STORE has the exact doubling between textures stage each row's output texels in
# workgroup memory (benchmarks/2026-12-04-h200-lab-texture-staging.diff). The example also times
# copy_texture_to_buffer of the source and the two empty passes alone. Two rounds, every shape.
# Run from the repository root on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for r in 1 2; do
  timeout 100 target/lab/routes "kept-r$r" 2>&1
  WGR_LAB_STAGE=1 timeout 100 target/lab/routes "stage-r$r" 2>&1
  WGR_LAB_STAGED_STORE=1 LAB_ONLY=x2 timeout 60 target/lab/routes "staged-store-r$r" 2>&1
done
