# The RGB doubling in PyTorch's and Pillow's fixed point: 927f86d (the row's horizontal sums
# rounded in a second loop over them) against 581e409 (each rounded as it is made), alternating,
# three rounds, through the tuning's timing (`wgresize plan`); ONNX Runtime's integers on the same
# kernel (no rounding between the axes, unchanged) and PyTorch's RGBA doubling as controls.
# Carry .gl and target/ab (wgresize-927f86d.xz, wgresize-581e409.xz).
source scripts/gpu-env.sh
nvidia-smi -L
for b in 927f86d 581e409; do xz -dc target/ab/wgresize-$b.xz > /tmp/wgresize-$b; chmod +x /tmp/wgresize-$b; done
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
for round in 1 2 3; do
    for b in 927f86d 581e409; do
        for case in "torch 1x1080x1920x3" "pillow 1x1080x1920x3" "onnx 1x1080x1920x3" \
            "torch 1x1080x1920x4"; do
            set -- $case
            echo "round $round $b $1 $2 -> 3840x2160: $(/tmp/wgresize-$b plan --input $2 \
                --size 3840x2160 --filter bilinear --element u8 --convention $1 \
                --no-tune-cache 2>&1 | grep -o 'fastest when measured: gather [0-9.]* µs')"
        done
    done
done | tee $OUT/rgb-ab.txt
