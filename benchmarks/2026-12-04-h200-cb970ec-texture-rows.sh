# Texture sources whose rows are a power of two apart (cb970ec; tuning log item 150): 82b30f5
# (before) and cb970ec's code (after; built with the lab hook of
# benchmarks/2026-12-04-h200-lab-shader-edits.diff in place, inert without WGR_LAB_EDIT and
# used by the last line only), alternating, in one command on the H200. Built here: the
# examples of benchmarks/2026-12-04-h200-lab-texture-staging.rs (routes-*) and
# -lab-texture-window.rs (window-after, with LAB_ONE: one output row an invocation), and
# wgresize (wgresize-*). target/lab/edits/taps20.txt is in
# benchmarks/2026-12-04-h200-lab-texture-index.sh.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
for round in 1 2; do
  for v in before after; do
    timeout 60 target/lab/routes-$v $v 2>&1 | grep -v XDG | cut -d' ' -f1-12
  done
done
for round in 1 2; do
  for v in before after; do
    echo "== frames $v (round $round)"
    timeout 90 target/lab/wgresize-$v bench --frames --no-tune-cache --warmup 1 2>&1 | grep -v XDG | grep -v "^\["
  done
done
echo "== window after"; LAB_ONE=1 timeout 60 target/lab/window-after 2>&1 | grep -v XDG | grep -v "round 0"
echo "== window after, 20 taps baked"; LAB_ONE=1 WGR_LAB_EDIT=target/lab/edits/taps20.txt timeout 60 target/lab/window-after 2>&1 | grep -v XDG | grep -v "round 0" | grep -v "edit applied"
