# The full run of ef6659c with the sweep (on an H200 where one starts, else an H100), then the
# exact kernels' 8-bit fixed point (PyTorch RGBA and RGB x2 and x0.5, ONNX Runtime's integers on
# RGBA x2) through the tuning's timing, and PyTorch's 120 uint8 cases on the gather and auto
# paths. The GPU tests run in a second command (scripts/gpu-tests.sh).
# Carry .gl and target/h200i (the xz-compressed stripped binaries).
source scripts/gpu-env.sh
nvidia-smi -L
mkdir -p target/release/examples
xz -dc target/h200i/wgresize.xz > target/release/wgresize
for n in frame_loop plain_gather; do xz -dc target/h200i/$n.xz > target/release/examples/$n; done
chmod +x target/release/wgresize target/release/examples/*
export XDG_RUNTIME_DIR=$(mktemp -d)
SWEEP=1 OUT=$OUT timeout 400 bash scripts/gpu-full-run.sh > $OUT/full.txt 2>&1
export WGPU_BACKEND=vulkan
for round in 1 2; do
    for spec in "1x1080x1920x4 3840x2160 torch" "1x1080x1920x3 3840x2160 torch" \
        "1x2160x3840x4 1920x1080 torch" "1x2160x3840x3 1920x1080 torch" \
        "1x1080x1920x4 3840x2160 onnx"; do
        set -- $spec
        echo "== round $round $3 $1 -> $2"
        target/release/wgresize plan --input $1 --size $2 --filter bilinear --element u8 \
            --convention $3 --no-tune-cache 2>&1 | grep -o 'fastest when measured: [a-z]* [0-9.]* µs'
    done
done > $OUT/fixed-point.txt 2>&1
for path in gather auto; do
    echo "torch-u8 $path: $(target/release/wgresize conformance tests/data/torch-u8 \
        --path $path 2>&1 | grep -v XDG | tail -1)"
done >> $OUT/fixed-point.txt
cat $OUT/full.txt $OUT/fixed-point.txt
