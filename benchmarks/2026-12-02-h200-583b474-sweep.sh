#!/usr/bin/env bash
# The full run at 583b474, second command: the sweep of `auto` against every path
# (`wgresize bench --sweep`), as scripts/gpu-bench.sh runs it.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json WGPU_BACKEND=vulkan
start=$(date +%s)
target/release/wgresize bench --sweep --json --no-tune-cache > $OUT/sweep.json
echo "sweep took $(( $(date +%s) - start )) s"
python3 - $OUT/sweep.json <<'PY' | tee $OUT/sweep.md
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
