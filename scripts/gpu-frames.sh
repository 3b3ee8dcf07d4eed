#!/usr/bin/env bash
# Frames into model inputs on the GPU machine: `wgresize bench --frames` (RGBA8 textures into
# RGB planes through the texture-to-tensor API) and its PyTorch peer
# (scripts/torch_frames_peer.py) in one command, both as JSON under $OUT (or ./bench-out), and
# the joined table in frames.md. Expects target/release/wgresize and, on a machine without a
# Vulkan loader, the loader packages in .gl/ (see ../shared/gpu/README.md).
set -euo pipefail
out="${OUT:-bench-out}"
mkdir -p "$out"
source scripts/gpu-env.sh
python3 scripts/torch_frames_peer.py > "$out/torch_frames.json"
WGPU_BACKEND=vulkan target/release/wgresize bench --frames --json --no-tune-cache \
    > "$out/frames.json"
python3 - "$out/frames.json" "$out/torch_frames.json" <<'PY' | tee "$out/frames.md"
import json, sys
ours, peer = (json.load(open(p)) for p in sys.argv[1:3])
RATE = 4.18e12  # bytes/s, read plus write: the H200 floor of BENCHMARKS.md
key = lambda r, element: (r["h"], r["w"], r["out_h"], r["out_w"], r["c"], r["layout"].lower(),
                          element.lower(), r.get("normalized", False), r.get("letterbox", False))
torch = {key(r, r["dtype"].replace("float", "f")): r for r in peer["results"]}
print(f"{ours['adapter']} ({ours['backend']}), {ours['timing']}; PyTorch {peer['torch']}, "
      f"{peer['timing']}")
print()
print("| frame -> tensor | floor µs | gather µs | separable µs | fused µs | auto µs (path) "
      "| in one pass µs | in one pass / floor | PyTorch µs | PyTorch / in one pass | max abs err |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
us = lambda t: "-" if t is None else f"{t:.1f}"
for r in ours["results"]:
    floor = r["floor_bytes"] / RATE * 1e6
    t = torch.get(key(r, r["element"]))
    torch_us = f"{t['median_us']:.1f}" if t else "-"
    ratio = f"{t['median_us'] / r['in_one_pass_us']:.2f}x" if t else "-"
    layout = r["layout"].lower()
    shape = (f"{r['c']}x{r['out_h']}x{r['out_w']}" if layout == "nchw"
             else f"{r['out_h']}x{r['out_w']}x{r['c']}")
    label = (" imagenet" if r.get("normalized") else "") + (" letterbox" if r.get("letterbox") else "")
    # The fused tile's output columns (tuning's choice), where the run reports them.
    columns = r.get("fused_columns")
    fused = us(r["fused_us"]) + (f" ({columns} cols)" if r["fused_us"] is not None and columns else "")
    print(f"| {r['h']}x{r['w']} rgba8 -> {shape} {layout} {r['element'].lower()}{label} | "
          f"{floor:.1f} | "
          f"{us(r['gather_us'])} | {us(r['separable_us'])} | {fused} | "
          f"{r['median_us']:.1f} ({r['path']}) | {r['in_one_pass_us']:.1f} | "
          f"{r['in_one_pass_us'] / floor:.2f} | {torch_us} | {ratio} | {r['max_abs_err']:.1e} |")
PY
