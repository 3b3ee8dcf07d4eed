# The full run of ca65b4f with the sweep (on whichever card the call gets), after an A/B of the
# RGB u8 halving's two forms on input widths a multiple of 16: ca65b4f (eights there) against
# the lab build `fours` of b642bc4 (every RGB halving by fours), alternating, two rounds, timed
# by the tuning's own timing (`wgresize plan --no-tune-cache`); then sub-images of a 4K RGBA
# frame resized to 224² beside the slice alone. Carry .gl and target/run (the xz-compressed
# stripped binaries of ca65b4f and `fours`).
source scripts/gpu-env.sh
nvidia-smi -L
mkdir -p target/release/examples
xz -dc target/run/wgresize.xz > target/release/wgresize
xz -dc target/run/fours.xz > /tmp/fours
for n in frame_loop plain_gather; do xz -dc target/run/$n.xz > target/release/examples/$n; done
chmod +x target/release/wgresize target/release/examples/* /tmp/fours
export XDG_RUNTIME_DIR=$(mktemp -d)
(
export WGPU_BACKEND=vulkan
for set in conformance torch-u8; do
    echo "fours $set gather: $(/tmp/fours conformance tests/data/$set --path gather 2>&1 | tail -1)"
done
for round in 1 2; do
    for spec in "1x2160x3840x3 1920x1080 bilinear torch" "1x2160x3840x3 1920x1080 nearest torch" \
        "1x2160x3840x3 1920x1080 bilinear library" "1x1080x1920x3 960x540 bilinear torch" \
        "1x1024x1024x3 512x512 bilinear library" "8x512x512x3 256x256 bilinear library"; do
        set -- $spec
        conv=""; [ "$4" = library ] || conv="--convention $4"
        for b in target/release/wgresize /tmp/fours; do
            echo "round $round ${b##*/} $*: $($b plan --input $1 --size $2 --filter $3 $conv \
                --element u8 --no-tune-cache 2>&1 | grep -o 'fastest when measured: [a-z]* [0-9.]* µs')"
        done
    done
done
for spec in "f32 bicubic" "f32 lanczos3" "u8 bicubic" "f16 bilinear"; do
    set -- $spec
    echo "cut $*: $(target/release/wgresize plan --input 1x2160x3840x4 --cut 840,0,2160,2160 \
        --size 224x224 --filter $2 --antialias --element $1 --no-tune-cache 2>&1 | grep -o 'fastest when measured: .* µs')"
    echo "slice alone $*: $(target/release/wgresize plan --input 1x2160x2160x4 \
        --size 224x224 --filter $2 --antialias --element $1 --no-tune-cache 2>&1 | grep -o 'fastest when measured: .* µs')"
done
) > $OUT/ab.txt 2>&1
cat $OUT/ab.txt
SWEEP=1 OUT=$OUT timeout 430 bash scripts/gpu-full-run.sh > $OUT/full.txt 2>&1
cat $OUT/full.txt
