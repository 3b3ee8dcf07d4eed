# Where the RGB u8 doubling spends its time (H100 or H200): c8e6992 ("base", two input rows an
# invocation) against three lab builds of it: "bare", the library's own arithmetic taken out
# of the kernel and its loads and stores kept (`benchmarks/2026-12-06-rgb-doubling-bare.diff`;
# outputs wrong, timing only; the fixed-point and OpenCV forms unchanged), and "rows1" and
# "rows4" (RGB_MAX_ROWS 1 and 4 in src/gpu/doubling.rs). Alternating, two rounds, each the
# gather's time through the tuning's timing (`wgresize plan --no-tune-cache`). Carry .gl and
# target/lab (the stripped binaries, xz-compressed).
source scripts/gpu-env.sh
nvidia-smi -L
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
bins="base bare rows1 rows4"
for b in $bins; do xz -dc target/lab/$b.xz > /tmp/$b; chmod +x /tmp/$b; done
for round in 1 2; do
    for spec in "1x1080x1920x3 3840x2160 library" "1x540x960x3 1920x1080 library" \
        "1x1080x1920x3 3840x2160 torch" "1x1080x1920x3 3840x2160 opencv"; do
        set -- $spec
        conv=""; [ "$3" = library ] || conv="--convention $3"
        for b in $bins; do
            echo "round $round $b $*: $(/tmp/$b plan --input $1 --size $2 --filter bilinear $conv \
                --element u8 --no-tune-cache 2>&1 | grep -o 'fastest when measured: [a-z]* [0-9.]* µs')"
        done
    done
done | tee $OUT/lab.txt
