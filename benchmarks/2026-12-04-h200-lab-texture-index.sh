# What the texture-reading vector gather spends beyond a plain kernel with the same loads
# (tuning log item 150): the window lab (benchmarks/2026-12-04-h200-lab-texture-window.rs, with
# LAB_ONE=1: the plain kernels at one output row an invocation) built at 82b30f5 with the lab
# hook of benchmarks/2026-12-04-h200-lab-shader-edits.diff, which applies WGR_LAB_EDIT's text
# edits to the kernels' WGSL before compiling. Each edit below is a lab shortcut valid for this
# y-only pass alone (one image, the output column is the input column, weight 1 along x):
#   direct  the texture load takes the invocation's column and the tap's row as they are, with
#           no index arithmetic (`i % width`, `i / width`) at all
#   xw      the x weight is the constant 1 (no private weight array)
#   taps20  the 20-tap band's count baked in (the library bakes counts up to 16)
#   xbase   the column comes from the invocation, not the x table
# "float" is benchmarks/2026-12-04-h200-lab-float-rows.diff (WGR_LAB_FLOAT_ROWS).
# Run from the repository root on the H200 (target/lab/texture-window; target/lab/edits/*.txt
# hold the blocks below, joined by lines `@@@@` for both = direct + xw, direct_taps = direct +
# taps20, all = the four).
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan LAB_ONE=1
echo "== kept"; timeout 60 target/lab/texture-window 2>&1 | grep -v XDG | grep -v "round 0"
echo "== float"; WGR_LAB_FLOAT_ROWS=1 timeout 60 target/lab/texture-window 2>&1 | grep -v XDG | grep -v "round 0"
for e in direct xw both taps20 direct_taps xbase all; do
  echo "== $e"; WGR_LAB_EDIT=target/lab/edits/$e.txt timeout 60 target/lab/texture-window 2>&1 | grep -v XDG | grep -v "round 0" | grep -v "edit applied"
done
echo "== kept again"; timeout 60 target/lab/texture-window 2>&1 | grep -v XDG | grep -v "round 0"
exit 0
--- target/lab/edits/direct.txt
    var v = textureLoad(src_texture, vec2<u32>(i % width, i / width), 0);
====
    var v = textureLoad(src_texture, vec2<u32>(lab_x, lab_row), 0);
@@@@
@group(0) @binding(2) var src_texture: texture_2d<f32>;
====
@group(0) @binding(2) var src_texture: texture_2d<f32>;
var<private> lab_x: u32;
var<private> lab_row: u32;
@@@@
        sum += x_weight(rx, tx) * prepare4(load4(line + tx * sx));
====
        lab_row = row;
        sum += x_weight(rx, tx) * prepare4(load4(line + tx * sx));
@@@@
    let x = gid.x;
    let first_row = gid.y * ROWS;
====
    let x = gid.x;
    lab_x = x;
    let first_row = gid.y * ROWS;
--- target/lab/edits/xw.txt
fn x_weight(rx: u32, tx: u32) -> f32 {
====
fn x_weight(rx: u32, tx: u32) -> f32 {
    if TAPS_X == 1u { return 1.0; }
--- target/lab/edits/taps20.txt
label=taps 0x1
    let taps_y = select(p.y_taps, TAPS_Y, TAPS_Y != 0u);
    let taps_x = select(p.x_taps, TAPS_X, TAPS_X != 0u);
====
    let taps_y = 20u;
    let taps_x = select(p.x_taps, TAPS_X, TAPS_X != 0u);
@@@@
label=taps 0x1
            if TAPS_Y == 0u {
                // A run-time tap count
====
            if false {
                // A run-time tap count
--- target/lab/edits/xbase.txt
    let base = (n * p.src_n + first_channel * p.src_c) / UNIT + row_start(rx) * sx;
====
    let base = (n * p.src_n + first_channel * p.src_c) / UNIT + x * sx;
