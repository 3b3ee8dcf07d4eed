# Whether 06a3f6b's full run's nearest 768x1280 -> 384x640 row (every path 1.3 to 2.2 µs slower
# than in ce8d917's run, its kernels unchanged) and its ML batch (49.0 µs) hold: the HEAD build
# (473f06e; the kernels of 06a3f6b), `wgresize bench --extended --only` on those shapes and the
# bilinear x0.5 seed beside them, three runs.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
nvidia-smi --query-gpu=name,driver_version --format=csv
for round in 1 2 3; do
  echo "round $round"
  timeout 120 target/lab/wgresize-head bench --extended --no-tune-cache \
      --only "768x1280x4 -> 384x640,32x512x512x4" 2>&1 | grep -v XDG | grep -v "^\["
done
