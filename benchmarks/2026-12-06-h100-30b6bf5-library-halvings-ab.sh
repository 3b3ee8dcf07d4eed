# The libraries' own 8-bit halvings (OpenCV's INTER_LINEAR and INTER_LINEAR_EXACT, ONNX
# Runtime's NHWC integers) on the exact halvings (30b6bf5, "new") against beb1c63 ("base": the
# staged or vector gather), alternating, three rounds, each timed by the tuning's own timing
# (`wgresize plan --no-tune-cache`); then the libraries' halving cases written on this
# machine's CPU (benchmarks/2026-12-06-halving-data.sh) and the new binary's conformance on
# them. Carry .gl and target/ab.
source scripts/gpu-env.sh
nvidia-smi -L
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
for b in base new; do xz -dc target/ab/$b.xz > /tmp/$b; chmod +x /tmp/$b; done
for round in 1 2 3; do
    for spec in "1x1080x1920x3 960x540 bilinear opencv" "1x2160x3840x3 1920x1080 bilinear opencv" \
        "1x2160x3840x4 1920x1080 bilinear opencv" "1x2160x3840x3 1920x1080 bilinear-exact opencv" \
        "1x2160x3840x4 1920x1080 bilinear onnx" "1x2160x3840x3 1920x1080 bilinear onnx"; do
        set -- $spec
        for b in base new; do
            echo "round $round $b $*: $(/tmp/$b plan --input $1 --size $2 --filter $3 \
                --convention $4 --element u8 --no-tune-cache 2>&1 | grep -o 'fastest when measured: [a-z]* [0-9.]* µs')"
        done
    done
done | tee $OUT/ab.txt
/tmp/new plan --input 1x2160x3840x3 --size 1920x1080 --filter bilinear --convention opencv \
    --element u8 --no-tune-cache 2>&1 | grep "pass 1" | tee -a $OUT/ab.txt
bash benchmarks/2026-12-06-halving-data.sh 2>&1 | tee -a $OUT/ab.txt
for set in opencv-u8 onnx-linear-u8 torch-u8 conformance; do
    for path in gather auto; do
        echo "new $set $path: $(/tmp/new conformance tests/data/$set --path $path 2>&1 | tail -1)"
    done
done | tee -a $OUT/ab.txt
