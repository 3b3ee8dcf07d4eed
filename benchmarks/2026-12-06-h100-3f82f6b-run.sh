# OpenCV's INTER_LINEAR doubling of RGBA bytes on the RGBA lanes doubling (3f82f6b) against
# 30b6bf5 ("base": the staged gather), alternating, three rounds, through the tuning's timing;
# then the GPU tests of 3f82f6b (Vulkan) in the command's time left.
# Carry .gl, target/ab, target/gpu-tests.tar.xz and target/release/wgresize.
source scripts/gpu-env.sh
nvidia-smi -L
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
for b in base opencv-rgba; do xz -dc target/ab/$b.xz > /tmp/$b; chmod +x /tmp/$b; done
for round in 1 2 3; do
    for spec in "1x1080x1920x4 3840x2160 bilinear" "1x540x960x4 1920x1080 bilinear" \
        "1x1080x1920x4 3840x2160 bilinear-exact" "1x1080x1920x3 3840x2160 bilinear"; do
        set -- $spec
        for b in base opencv-rgba; do
            echo "round $round $b $*: $(/tmp/$b plan --input $1 --size $2 --filter $3 \
                --convention opencv --element u8 --no-tune-cache 2>&1 | grep -o 'fastest when measured: [a-z]* [0-9.]* µs')"
        done
    done
done | tee $OUT/ab.txt
for set in opencv-u8 onnx-linear-u8 torch-u8; do
    echo "3f82f6b $set gather: $(/tmp/opencv-rgba conformance tests/data/$set --path gather 2>&1 | tail -1)"
done | tee -a $OUT/ab.txt
left=$(( 560 - SECONDS ))
echo "GPU tests given $left s" | tee $OUT/tests.txt
BACKENDS=vulkan PROPTEST_CASES=32 ONLY="gpu_vs_reference conformance crop_batch errors cli texture" \
    OUT=$OUT/tests timeout $left bash scripts/gpu-tests.sh 2>&1 | tee -a $OUT/tests.txt | tail -12
