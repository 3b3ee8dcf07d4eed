# 7ced8b1 against da1163c, alternating, three rounds, through the tuning's timing (`wgresize
# plan`): the RGB doubling of the library's own rounding and of PyTorch's fixed point (da1163c
# reads a row's five words through one helper in both forms), and PyTorch's fixed-point RGBA
# doubling from an `rgba8unorm` texture into a tensor (da1163c runs it from a staged copy on the
# buffers' fixed-point doubling; 7ced8b1 reads the texture in the vector gather), beside the
# library's own rounding of the same, staged in both.
# Carry .gl and target/ab (wgresize-7ced8b1.xz, wgresize-da1163c.xz).
source scripts/gpu-env.sh
nvidia-smi -L
for b in 7ced8b1 da1163c; do xz -dc target/ab/wgresize-$b.xz > /tmp/wgresize-$b; chmod +x /tmp/wgresize-$b; done
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
for round in 1 2 3; do
    for b in 7ced8b1 da1163c; do
        for case in "library 1x1080x1920x3" "torch 1x1080x1920x3" "torch 1x1080x1920x4 texture" \
            "library 1x1080x1920x4 texture"; do
            set -- $case
            args="--input $2 --size 3840x2160 --filter bilinear --element u8 --no-tune-cache"
            [ $1 = torch ] && args="$args --convention torch"
            [ "${3:-}" = texture ] && args="$args --from-texture rgba8unorm"
            echo "round $round $b $case: $(/tmp/wgresize-$b plan $args 2>&1 \
                | grep -o 'fastest when measured: [a-z]* [0-9.]* µs')"
        done
    done
done | tee $OUT/ab.txt
