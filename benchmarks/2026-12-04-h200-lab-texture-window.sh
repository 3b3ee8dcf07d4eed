# Vertical passes that read an RGBA8 frame once per window of rows: the example
# benchmarks/2026-12-04-h200-lab-texture-window.rs built at 54063f0 (target/lab/texture-window),
# two rounds, against the library's gather of the same y-only resize. Run from the repository
# root on the H200.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
timeout 200 target/lab/texture-window
