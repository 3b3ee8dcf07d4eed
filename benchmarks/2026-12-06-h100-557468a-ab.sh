# ONNX Runtime's NHWC integers and OpenCV's INTER_LINEAR_EXACT doubling RGBA bytes: da1163c (the
# staged gather in their arithmetic) against 557468a (the RGBA doubling in integer lanes),
# alternating, three rounds, through the tuning's timing (`wgresize plan`), 1080p and 540p x2;
# the library's own rounding on the same kernel as a control.
# Carry .gl and target/ab (wgresize-da1163c.xz, wgresize-557468a.xz).
source scripts/gpu-env.sh
nvidia-smi -L
for b in da1163c 557468a; do xz -dc target/ab/wgresize-$b.xz > /tmp/wgresize-$b; chmod +x /tmp/wgresize-$b; done
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
for round in 1 2 3; do
    for b in da1163c 557468a; do
        for case in "onnx bilinear 1x1080x1920x4 3840x2160" "opencv bilinear-exact 1x1080x1920x4 3840x2160" \
            "onnx bilinear 1x540x960x4 1920x1080" "library bilinear 1x1080x1920x4 3840x2160"; do
            set -- $case
            args="--input $3 --size $4 --filter $2 --element u8 --no-tune-cache"
            [ $1 != library ] && args="$args --convention $1"
            echo "round $round $b $case: $(/tmp/wgresize-$b plan $args 2>&1 \
                | grep -o 'fastest when measured: [a-z]* [0-9.]* µs')"
        done
    done
done | tee $OUT/ab.txt
