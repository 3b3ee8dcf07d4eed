# PyTorch's 8-bit fixed point on the exact doubling and halving kernels (927f86d) against the
# kernels e382d12 ran it on (the vector gather and the quads), the two binaries alternating,
# three rounds, through the tuning's timing (`wgresize plan`, which names the kernel); Pillow's
# bilinear RGB doubling beside them. Then PyTorch's own bytes for the new doubling and halving
# cases (`scripts/torch_u8_cases.py`, on the CPU; tarred), and the GPU tests of 927f86d
# (gpu_vs_reference, conformance) in the time left of the command's 600 s.
# Carry .gl, target/h200i (927f86d's wgresize.xz and gpu-tests.tar.xz) and target/ab
# (e382d12's wgresize-e382d12.xz).
source scripts/gpu-env.sh
nvidia-smi -L
mkdir -p target/release
xz -dc target/h200i/wgresize.xz > target/release/wgresize
xz -dc target/ab/wgresize-e382d12.xz > /tmp/wgresize-e382d12
chmod +x target/release/wgresize /tmp/wgresize-e382d12
cp target/h200i/gpu-tests.tar.xz target/
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
for round in 1 2 3; do
    for b in /tmp/wgresize-e382d12 target/release/wgresize; do
        for case in "torch 1x1080x1920x4 3840x2160" "torch 1x1080x1920x3 3840x2160" \
            "torch 1x2160x3840x4 1920x1080" "torch 8x256x256x4 512x512" \
            "pillow 1x1080x1920x3 3840x2160"; do
            set -- $case
            echo "== round $round $(basename $b) $1 $2 -> $3"
            $b plan --input $2 --size $3 --filter bilinear --element u8 --convention $1 \
                --no-tune-cache 2>&1 | grep -v XDG | grep -E "fastest|pass 1"
        done
    done
done > $OUT/fixed-point.txt 2>&1
python3 scripts/torch_u8_cases.py /tmp/torch-u8 > $OUT/torch-u8.txt 2>&1
tar czf $OUT/torch-u8.tgz -C /tmp torch-u8
echo "torch-u8 (112 committed cases) gather: $(target/release/wgresize conformance \
    tests/data/torch-u8 --path gather 2>&1 | grep -v XDG | tail -1)" >> $OUT/fixed-point.txt
echo "new torch-u8 gather: $(target/release/wgresize conformance /tmp/torch-u8 --path gather \
    2>&1 | grep -v XDG | tail -1)" >> $OUT/fixed-point.txt
left=$(( 570 - SECONDS ))
echo "GPU tests given $left s" > $OUT/tests.txt
BACKENDS=vulkan PROPTEST_CASES=32 ONLY="gpu_vs_reference conformance" OUT=$OUT/tests \
    timeout $left bash scripts/gpu-tests.sh >> $OUT/tests.txt 2>&1
cat $OUT/fixed-point.txt $OUT/torch-u8.txt $OUT/tests.txt
