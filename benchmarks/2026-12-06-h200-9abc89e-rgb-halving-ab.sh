# A/B of the RGB u8 halving (9abc89e) against ef6659c (base: the staged gather), and of its
# workgroup: 64x4 and one row (as committed), 256x1, 64x4 and two rows; three rounds, binaries
# alternating, each timed by the tuning's own timing (`wgresize plan --no-tune-cache`). Then
# the new binary's conformance on the gather and auto paths. Carry .gl and target/ab.
source scripts/gpu-env.sh
nvidia-smi -L
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
bins="base g64x4r1 g256x1r1 g64x4r2"
for b in $bins; do xz -dc target/ab/$b.xz > /tmp/$b; chmod +x /tmp/$b; done
for round in 1 2 3; do
    for spec in "1x2160x3840x3 1920x1080 bilinear torch" "1x2160x3840x3 1920x1080 bilinear library" \
        "1x1080x1920x3 960x540 bilinear torch" "1x2160x3840x3 1920x1080 box pillow" \
        "1x2160x3840x3 1920x1080 nearest torch" "8x512x512x3 256x256 bilinear library" \
        "1x2160x3840x4 1920x1080 bilinear torch"; do
        set -- $spec
        for b in $bins; do
            echo "round $round $b $1 -> $2 $3 $4: $(/tmp/$b plan --input $1 --size $2 --filter $3 \
                --element u8 --convention $4 --no-tune-cache 2>&1 | grep -o 'fastest when measured: [a-z]* [0-9.]* µs')"
        done
    done
done | tee $OUT/ab.txt
/tmp/g64x4r1 plan --input 1x2160x3840x3 --size 1920x1080 --filter bilinear --element u8 \
    --convention torch --no-tune-cache 2>&1 | grep "pass 1" | tee -a $OUT/ab.txt
for path in gather auto; do
    for set in conformance torch-u8; do
        echo "$set $path: $(/tmp/g64x4r1 conformance tests/data/$set --path $path 2>&1 | tail -1)"
    done
done | tee -a $OUT/ab.txt
