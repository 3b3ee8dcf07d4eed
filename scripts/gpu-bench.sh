#!/usr/bin/env bash
# One command on the GPU machine: wgresize's bench and PyTorch's F.interpolate on the same shapes,
# same machine, same moment; both as JSON under $OUT (or ./bench-out), plus the joined table.
# Expects a release binary at target/release/wgresize (and, for the plain-kernel baseline,
# target/release/examples/plain_gather) and, on a machine without a Vulkan loader,
# the loader packages in .gl/ (see ../shared/gpu/README.md).
# The floor is at the H200's measured copy rate (4.18 TB/s) unless COPY_RATE names another
# (the H100's is 3.02e12, scripts/copy_rate.py).
set -euo pipefail
out="${OUT:-bench-out}"
mkdir -p "$out"
source scripts/gpu-env.sh
bin=target/release/wgresize
WGPU_BACKEND=vulkan "$bin" info | tee "$out/info.txt"
python3 scripts/torch_peer.py > "$out/torch.json"
WGPU_BACKEND=vulkan "$bin" bench --extended --json --no-tune-cache \
    --plot "$out/bench.svg" --peer "$out/torch.json" --copy-rate "${COPY_RATE:-4.18e12}" > "$out/wgresize.json"
python3 scripts/compare_bench.py "$out/wgresize.json" "$out/torch.json" | tee "$out/table.md"
# The plain kernel the targets were set against, beside the library's gather, where its example
# was built (`cargo build --release --example plain_gather`).
plain=target/release/examples/plain_gather
if [ -x "$plain" ]; then
    WGPU_BACKEND=vulkan "$plain" --json "$out/plain.json" | tee "$out/plain.txt"
fi
WGPU_BACKEND=vulkan "$bin" bench --texture --no-tune-cache | tee "$out/texture.txt"
# Frames into model inputs through the texture API, beside PyTorch's way (frames.md).
OUT="$out" bash scripts/gpu-frames.sh
if [ "${SWEEP:-1}" = 1 ]; then
    WGPU_BACKEND=vulkan "$bin" bench --sweep --json --no-tune-cache > "$out/sweep.json"
    python3 - "$out/sweep.json" <<'PY' | tee "$out/sweep.md"
import json, sys
d = json.load(open(sys.argv[1]))
print("| shape | filter | gather µs | separable µs | fused µs | auto µs | auto / fastest | chosen | before measuring | its time / fastest |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for r in d["results"]:
    fused = "-" if r["fused_us"] is None else f"{r['fused_us']:.1f}"
    print(f"| {r['h']}x{r['w']} -> {r['out_h']}x{r['out_w']} | {r['filter']} | {r['gather_us']:.1f} | "
          f"{r['separable_us']:.1f} | {fused} | {r['auto_us']:.1f} | {r['auto_over_fastest']:.3f} | {r['chosen']} | "
          f"{r['heuristic']} | {r['heuristic_over_fastest']:.3f} |")
print(f"\nauto within 5% of the fastest path on {d['within_5_percent']} of {len(d['results'])} shapes; "
      f"its choice before measuring on {d['heuristic_within_5_percent']}")
PY
fi
