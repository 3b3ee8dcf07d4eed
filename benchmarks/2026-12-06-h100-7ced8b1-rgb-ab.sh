# The RGB doubling in PyTorch's and Pillow's fixed point: 581e409 (each channel summed and
# rounded on its own) against 7ced8b1 (a pixel's three channels in one word of 10-bit lanes),
# alternating, three rounds, through the tuning's timing (`wgresize plan`), 1080p and 4K x2;
# ONNX Runtime's integers on the same kernel (unchanged) and PyTorch's RGBA doubling as controls.
# Carry .gl and target/ab (wgresize-581e409.xz, wgresize-7ced8b1.xz).
source scripts/gpu-env.sh
nvidia-smi -L
for b in 581e409 7ced8b1; do xz -dc target/ab/wgresize-$b.xz > /tmp/wgresize-$b; chmod +x /tmp/wgresize-$b; done
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
for round in 1 2 3; do
    for b in 581e409 7ced8b1; do
        for case in "torch 1x1080x1920x3" "pillow 1x1080x1920x3" "onnx 1x1080x1920x3" \
            "torch 1x1080x1920x4" "torch 1x2160x3840x3"; do
            set -- $case
            size=3840x2160; [ $2 = 1x2160x3840x3 ] && size=7680x4320
            echo "round $round $b $1 $2 -> $size: $(/tmp/wgresize-$b plan --input $2 \
                --size $size --filter bilinear --element u8 --convention $1 \
                --no-tune-cache 2>&1 | grep -o 'fastest when measured: gather [0-9.]* µs')"
        done
    done
done | tee $OUT/rgb-ab.txt
