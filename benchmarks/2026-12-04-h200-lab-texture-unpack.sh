# The staged texture routes with the unpack (texture into staging tensor) in tiles: a lab build of
# 73a86c6 (target/lab/routes: the example of benchmarks/2026-12-04-h200-lab-texture-staging.rs,
# the diff benchmarks/2026-12-04-h200-lab-texture-unpack.diff) in which WGR_LAB_UNPACK_TX=W has
# each 256-invocation workgroup of the RGBA unpack (u8 and f32 staging) take a tile W pixels wide
# and 256 / W high (unset: 256 pixels of a row, as kept); WGR_LAB_STAGE=1 stages every texture
# resize; WGR_LAB_STAGE=source stages the source of a texture-to-texture resize alone, into the
# kernels that write the storage target. Two rounds, every shape. Run from the repository root on
# the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for r in 1 2; do
  timeout 100 target/lab/routes "kept-r$r" 2>&1
  for tx in 4 8 16 32; do
    WGR_LAB_STAGE=1 WGR_LAB_UNPACK_TX=$tx timeout 100 target/lab/routes "stage-tx$tx-r$r" 2>&1
  done
  for tx in 4 8; do
    WGR_LAB_STAGE=source WGR_LAB_UNPACK_TX=$tx timeout 100 target/lab/routes "source-tx$tx-r$r" 2>&1
  done
done
