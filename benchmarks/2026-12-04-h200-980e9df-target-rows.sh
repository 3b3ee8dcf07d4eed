# Storage texture targets whose rows are a power of two apart (tuning log item 152): f99248d
# (before) and a build of the working tree that became 980e9df (after), with the target rows
# padded on every route, the doublings between textures included (the carve-out for those came
# after this run, from it, and was not run on the H200: their kernels then are the "before"
# ones). The example of benchmarks/2026-12-04-h200-lab-texture-staging.rs built for each,
# alternating, two rounds, one command on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for round in 1 2; do
  for v in before after; do
    timeout 60 target/lab/routes-$v $v 2>&1 | grep -v XDG | cut -d' ' -f1-12
  done
done
