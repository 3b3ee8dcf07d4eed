# The full run of ce8d917 with the sweep: tuning keeps another count of fused tile columns only
# where it times 1% faster than the kernel's own (c5e653e), and drops the unkept counts' prepared
# resources; the first full run with both. Carry .gl, target/release/wgresize and
# target/release/examples/{frame_loop,plain_gather}.
SWEEP=1 OUT=$OUT timeout 420 bash scripts/gpu-full-run.sh 2>&1 | tail -60
