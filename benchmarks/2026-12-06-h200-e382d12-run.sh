# The full run of e382d12 with the sweep (on an H200 where one starts, else an H100); ONNX Runtime's
# plain linear on RGB uint8 beside PyTorch's fixed point of the same shapes, and PyTorch's fixed
# point on RGBA u8 doublings and halvings (which run on neither exact kernel at e382d12: the
# baseline for them), through the tuning's timing; the conformance cases of ONNX Runtime's uint8
# linear and OpenCV's sub-images on the gather and auto paths; sub-images read in place against
# copied; then the GPU tests of the same commit, in the time left of the command's 600 s.
# Carry .gl and target/h200i (the xz-compressed stripped binaries and gpu-tests.tar.xz).
source scripts/gpu-env.sh
nvidia-smi -L
mkdir -p target/release/examples
xz -dc target/h200i/wgresize.xz > target/release/wgresize
for n in frame_loop plain_gather; do xz -dc target/h200i/$n.xz > target/release/examples/$n; done
chmod +x target/release/wgresize target/release/examples/*
cp target/h200i/gpu-tests.tar.xz target/
export XDG_RUNTIME_DIR=$(mktemp -d)
# QUICK=1 (for a session with little device time left): no sweep and no GPU tests.
quick="${QUICK:-0}"
sweep=1; if [ "$quick" = 1 ]; then sweep=0; fi
SWEEP=$sweep OUT=$OUT timeout 330 bash scripts/gpu-full-run.sh > $OUT/full.txt 2>&1
export WGPU_BACKEND=vulkan
for round in 1 2; do
    for layout in nhwc nchw; do
        for convention in onnx torch; do
            for shape in "1x1080x1920x3 3840x2160" "1x2160x3840x3 1920x1080" \
                "1x1080x1920x4 3840x2160" "1x2160x3840x4 1920x1080"; do
                set -- $shape
                echo "== round $round $layout $convention $1 -> $2"
                target/release/wgresize plan --input $1 --size $2 --filter bilinear \
                    --element u8 --layout $layout --convention $convention --no-tune-cache \
                    2>&1 | grep -v XDG | tail -4
            done
        done
    done
done > $OUT/onnx-u8.txt 2>&1
for path in gather auto; do
    for set in onnx-linear-u8 opencv-cuts; do
        echo "$set $path: $(target/release/wgresize conformance tests/data/$set \
            --path $path 2>&1 | grep -v XDG | tail -1)"
    done
done >> $OUT/onnx-u8.txt
for element in "f32 torch" "u8 torch" "u8 opencv"; do
    set -- $element
    for size in 224x224 960x540; do
        for input in "1x2160x3840x4 --cut 960,540,1920,1080" "1x1080x1920x4"; do
            echo "== $1 $2 $input -> $size"
            target/release/wgresize plan --input $input --size $size --filter bilinear \
                --element $1 --convention $2 --no-tune-cache 2>&1 | grep -v XDG | tail -4
        done
    done
done > $OUT/cuts.txt 2>&1
if [ "$quick" != 1 ]; then
    left=$(( 575 - SECONDS ))
    echo "GPU tests given $left s" > $OUT/tests.txt
    BACKENDS=vulkan PROPTEST_CASES=32 ONLY="gpu_vs_reference conformance texture crop_batch errors cli" \
        OUT=$OUT/tests timeout $left bash scripts/gpu-tests.sh >> $OUT/tests.txt 2>&1
fi
touch $OUT/tests.txt
cat $OUT/full.txt $OUT/onnx-u8.txt $OUT/cuts.txt $OUT/tests.txt
