# The full run of 9426f7f with the sweep: tuning times the fused tile's columns (item 171), the
# fused path's encode looking them up in memory only (f08a4ab's run had a stream of 1080p frames
# into 3x360x640 tensors at 39.6 µs a frame, against 10.2 at 6a9bb56). Carry .gl,
# target/release/wgresize and target/release/examples/{frame_loop,plain_gather}.
SWEEP=1 OUT=$OUT timeout 420 bash scripts/gpu-full-run.sh > $OUT/full.txt 2>&1
