# Where the RGB doubling's fixed point loses its time: HEAD (beb1c63's kernel, PyTorch's fixed
# point in packed lanes), vec3fixed (the same in per-channel sums, as 927f86d had it) and
# asdefault (the fixed point's two roundings taken out: the library's own arithmetic on
# PyTorch's spec, whose bytes are then wrong, so timing only) alternating, three rounds, each
# timed by the tuning's own timing (`wgresize plan --no-tune-cache`); the library's own spec
# beside them. Carry .gl and target/ab.
source scripts/gpu-env.sh
nvidia-smi -L
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
bins="head vec3fixed asdefault"
for b in $bins; do xz -dc target/ab/$b.xz > /tmp/$b; chmod +x /tmp/$b; done
for round in 1 2 3; do
    for spec in "1x1080x1920x3 3840x2160 --convention=torch" "1x1080x1920x3 3840x2160" \
        "1x540x960x3 1920x1080 --convention=torch" "1x540x960x3 1920x1080"; do
        set -- $spec
        for b in $bins; do
            echo "round $round $b $*: $(/tmp/$b plan --input $1 --size $2 --filter bilinear $3 \
                --element u8 --no-tune-cache 2>&1 | grep -o 'fastest when measured: [a-z]* [0-9.]* µs')"
        done
    done
done | tee $OUT/ab.txt
/tmp/head plan --input 1x1080x1920x3 --size 3840x2160 --filter bilinear --convention torch \
    --element u8 --no-tune-cache 2>&1 | grep -v XDG | tail -6 | tee -a $OUT/ab.txt
