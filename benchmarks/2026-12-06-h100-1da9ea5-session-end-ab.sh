# The session's new kernels against ef6659c (its first commit), alternating, two rounds, each
# timed by the tuning's own timing (`wgresize plan --no-tune-cache`): the RGB halving in
# PyTorch's fixed point, OpenCV's and ONNX Runtime's halvings, OpenCV's RGBA doubling, and
# PyTorch's RGBA halving as the control. Carry .gl and target/ab (ef6659c.xz, head.xz).
source scripts/gpu-env.sh
nvidia-smi -L
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
for b in ef6659c head; do xz -dc target/ab/$b.xz > /tmp/$b; chmod +x /tmp/$b; done
for round in 1 2; do
    for spec in "1x2160x3840x3 1920x1080 torch" "1x2160x3840x3 1920x1080 opencv" \
        "1x2160x3840x4 1920x1080 opencv" "1x2160x3840x4 1920x1080 onnx" \
        "1x1080x1920x4 3840x2160 opencv" "1x2160x3840x4 1920x1080 torch"; do
        set -- $spec
        for b in ef6659c head; do
            echo "round $round $b $*: $(/tmp/$b plan --input $1 --size $2 --filter bilinear \
                --convention $3 --element u8 --no-tune-cache 2>&1 | grep -o 'fastest when measured: [a-z]* [0-9.]* µs')"
        done
    done
done | tee $OUT/ab.txt
