# A/B of 826c3f8 (new: the RGB u8 halving by fours of b642bc4, every path reading a sub-image
# in place) against e25b1c5 (base), alternating, two rounds, each timed by the
# tuning's own timing (`wgresize plan --no-tune-cache`), with two lab builds of b642bc4:
# `fours`, every RGB halving by fours (the eights' widths too), and `bare`, the eights' loads
# and stores with their arithmetic taken out (outputs wrong; what the access pattern alone
# takes). Input widths a multiple of 16 (eights) and of 8 only (fours; the staged gather
# before). Then sub-images of a 4K RGBA frame (its middle 2160 x 2160) resized to 224² by
# antialiased filters, each path's time (the separable and fused paths' with their copy in base), two
# rounds, beside the slice alone. Then last session's library halvings and OpenCV's RGBA
# doubling against ef6659c (before them), two rounds; 826c3f8's conformance on the gather path
# and `auto` first. Carry .gl and target/ab.
source scripts/gpu-env.sh
nvidia-smi -L
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
bins="base new fours bare"
for b in $bins ef6659c; do xz -dc target/ab/$b.xz > /tmp/$b; chmod +x /tmp/$b; done
for path in gather auto; do
    for set in conformance torch-u8 opencv-u8 onnx-linear-u8; do
        echo "new $set $path: $(/tmp/new conformance tests/data/$set --path $path 2>&1 | tail -1)"
    done
done | tee $OUT/ab.txt
for round in 1 2; do
    for spec in "1x2160x3840x3 1920x1080 bilinear torch" "1x2160x3840x3 1920x1080 bilinear library" \
        "1x2160x3840x3 1920x1080 nearest torch" "1x1080x1920x3 960x540 bilinear torch" \
        "1x1920x1080x3 540x960 bilinear torch" "1x1080x1080x3 540x540 bilinear library" \
        "8x1000x1000x3 500x500 bilinear library" "1x3840x2160x3 1080x1920 bilinear torch"; do
        set -- $spec
        conv=""; [ "$4" = library ] || conv="--convention $4"
        for b in $bins; do
            echo "round $round $b $*: $(/tmp/$b plan --input $1 --size $2 --filter $3 $conv \
                --element u8 --no-tune-cache 2>&1 | grep -o 'fastest when measured: [a-z]* [0-9.]* µs')"
        done
    done
done | tee -a $OUT/ab.txt
for round in 1 2; do
    for spec in "f32 bicubic" "f32 lanczos3" "u8 bicubic" "f16 bilinear"; do
        set -- $spec
        for b in base new; do
            echo "round $round $b cut $*: $(/tmp/$b plan --input 1x2160x3840x4 --cut 840,0,2160,2160 \
                --size 224x224 --filter $2 --antialias --element $1 --no-tune-cache 2>&1 | grep -o 'fastest when measured: .* µs')"
        done
        echo "round $round new slice alone $*: $(/tmp/new plan --input 1x2160x2160x4 \
            --size 224x224 --filter $2 --antialias --element $1 --no-tune-cache 2>&1 | grep -o 'fastest when measured: .* µs')"
    done
done | tee -a $OUT/ab.txt
for round in 1 2; do
    for spec in "1x2160x3840x3 1920x1080 opencv" "1x2160x3840x4 1920x1080 opencv" \
        "1x2160x3840x4 1920x1080 onnx" "1x2160x3840x3 1920x1080 onnx" \
        "1x1080x1920x4 3840x2160 opencv"; do
        set -- $spec
        for b in ef6659c new; do
            echo "round $round $b $*: $(/tmp/$b plan --input $1 --size $2 --filter bilinear \
                --convention $3 --element u8 --no-tune-cache 2>&1 | grep -o 'fastest when measured: [a-z]* [0-9.]* µs')"
        done
    done
done | tee -a $OUT/ab.txt
