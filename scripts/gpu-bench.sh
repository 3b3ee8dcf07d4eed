#!/usr/bin/env bash
# One command on the GPU machine: wgresize's bench and PyTorch's F.interpolate on the same shapes,
# same machine, same moment; both as JSON under $OUT (or ./bench-out), plus the joined table.
# Expects a release binary at target/release/wgresize and, on a machine without a Vulkan loader,
# the loader packages in .gl/ (see ../shared/gpu/README.md).
set -euo pipefail
out="${OUT:-bench-out}"
mkdir -p "$out"
if [ -d .gl ] && ! ldconfig -p | grep -q libvulkan.so.1; then
    for f in .gl/*.deb; do dpkg -x "$f" /; done
    ldconfig
fi
if [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
    export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
fi
bin=target/release/wgresize
WGPU_BACKEND=vulkan "$bin" info | tee "$out/info.txt"
WGPU_BACKEND=vulkan "$bin" bench --json > "$out/wgresize.json"
python3 scripts/torch_peer.py > "$out/torch.json"
python3 scripts/compare_bench.py "$out/wgresize.json" "$out/torch.json" | tee "$out/table.md"
