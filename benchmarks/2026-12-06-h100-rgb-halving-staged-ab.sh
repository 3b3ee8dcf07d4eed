# A/B of the RGB u8 halving's loads: each invocation's three 16-byte words of a row read
# directly (9abc89e: 64x4 and one row, g64x4r1; two rows, g64x4r2) against the workgroup's
# words staged in workgroup memory by neighbouring invocations reading neighbouring words
# (s64x4, s256x1, s32x8: workgroup shapes); binaries alternating, three rounds, each timed by
# the tuning's own timing (`wgresize plan --no-tune-cache`); then the staged build's
# conformance. Carry .gl and target/ab.
source scripts/gpu-env.sh
nvidia-smi -L
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
bins="g64x4r1 g64x4r2 s64x4 s256x1 s32x8"
for b in $bins; do xz -dc target/ab/$b.xz > /tmp/$b; chmod +x /tmp/$b; done
for round in 1 2 3; do
    for spec in "1x2160x3840x3 1920x1080 bilinear --convention=torch" \
        "1x1080x1920x3 960x540 bilinear --convention=torch" \
        "1x2160x3840x3 1920x1080 bilinear" "8x512x512x3 256x256 bilinear" \
        "1x2160x3840x3 1920x1080 nearest --convention=torch"; do
        set -- $spec
        for b in $bins; do
            echo "round $round $b $*: $(/tmp/$b plan --input $1 --size $2 --filter $3 $4 \
                --element u8 --no-tune-cache 2>&1 | grep -o 'fastest when measured: [a-z]* [0-9.]* µs')"
        done
    done
done | tee $OUT/ab.txt
for path in gather auto; do
    for set in conformance torch-u8; do
        echo "s64x4 $set $path: $(/tmp/s64x4 conformance tests/data/$set --path $path 2>&1 | tail -1)"
    done
done | tee -a $OUT/ab.txt
