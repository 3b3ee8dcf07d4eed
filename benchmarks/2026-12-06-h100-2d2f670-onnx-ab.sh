# ONNX Runtime's plain linear on RGB uint8 (its NCHW f32 steps and NHWC integers) and PyTorch's
# 8-bit fixed point of the same shapes, binaries of b03d51e (each padded row's clamped inputs
# read tap by tap) and 2d2f670 (a two-tap row's read from one load of its start and flags)
# alternating, three rounds, through the tuning's timing (`wgresize plan`).
# Carry .gl and target/ab (the two xz-compressed stripped binaries, target/ab/wgresize-<commit>.xz:
# `cargo build --release --bin wgresize` at each commit, `strip`, `xz`). Not run yet: no machine
# could be started for it on 2026-12-06.
source scripts/gpu-env.sh
nvidia-smi -L
for b in b03d51e 2d2f670; do xz -dc target/ab/wgresize-$b.xz > /tmp/wgresize-$b; chmod +x /tmp/wgresize-$b; done
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
for round in 1 2 3; do
    for b in b03d51e 2d2f670; do
        for case in "nchw onnx 1x1080x1920x3 3840x2160" "nchw onnx 1x2160x3840x3 1920x1080" \
            "nhwc onnx 1x2160x3840x3 1920x1080" "nchw torch 1x2160x3840x3 1920x1080"; do
            set -- $case
            echo "round $round $b $1 $2 $3 -> $4: $(/tmp/wgresize-$b plan --input $3 --size $4 \
                --filter bilinear --element u8 --layout $1 --convention $2 --no-tune-cache \
                2>&1 | grep -o 'fastest when measured: gather [0-9.]* µs')"
        done
    done
done | tee $OUT/onnx-ab.txt
