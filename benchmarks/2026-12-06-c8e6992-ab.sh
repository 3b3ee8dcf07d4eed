# A/B of c8e6992 (new: every RGB u8 halving by fours, a9698d7; a sub-image's computed vertical
# band starts, c8e6992) against ca65b4f (base), alternating, two rounds, each the fastest path
# through the tuning's own timing (`wgresize plan --no-tune-cache`): RGB halvings of input widths
# a multiple of 16 (by eights in base) and of 8 alone (by fours in both); sub-images of a 4K
# RGBA frame (its middle 2160 x 2160) to 224² and to 1080², beside the slice alone. Then the
# bench's rows of 1x1080x1920x3 -> 2160x3840, twice with each binary (OpenCV's RGB doubling has
# had a two-mode median in the bench on H100s). new's conformance first. Carry .gl and
# target/run (base.xz and new.xz, the stripped binaries).
source scripts/gpu-env.sh
nvidia-smi -L
export XDG_RUNTIME_DIR=$(mktemp -d) WGPU_BACKEND=vulkan
for b in base new; do xz -dc target/run/$b.xz > /tmp/$b; chmod +x /tmp/$b; done
for path in gather auto; do
    for set in conformance torch-u8 opencv-u8 onnx-linear-u8; do
        echo "new $set $path: $(/tmp/new conformance tests/data/$set --path $path 2>&1 | tail -1)"
    done
done | tee $OUT/ab.txt
for round in 1 2; do
    for spec in "1x2160x3840x3 1920x1080 bilinear torch" "1x2160x3840x3 1920x1080 nearest torch" \
        "1x2160x3840x3 1920x1080 bilinear library" "1x1080x1920x3 960x540 bilinear torch" \
        "1x1024x1024x3 512x512 bilinear library" "8x512x512x3 256x256 bilinear library" \
        "1x1920x1080x3 540x960 bilinear torch" "8x1000x1000x3 500x500 bilinear library"; do
        set -- $spec
        conv=""; [ "$4" = library ] || conv="--convention $4"
        for b in base new; do
            echo "round $round $b $*: $(/tmp/$b plan --input $1 --size $2 --filter $3 $conv \
                --element u8 --no-tune-cache 2>&1 | grep -o 'fastest when measured: [a-z]* [0-9.]* µs')"
        done
    done
done | tee -a $OUT/ab.txt
for round in 1 2; do
    for spec in "f32 bicubic 224x224" "f32 lanczos3 224x224" "f16 bilinear 224x224" \
        "f32 bilinear 1080x1080" "f32 bicubic 1080x1080"; do
        set -- $spec
        for b in base new; do
            echo "round $round $b cut $*: $(/tmp/$b plan --input 1x2160x3840x4 --cut 840,0,2160,2160 \
                --size $3 --filter $2 --antialias --element $1 --no-tune-cache 2>&1 | grep -o 'fastest when measured: .* µs')"
        done
        echo "round $round new slice alone $*: $(/tmp/new plan --input 1x2160x2160x4 \
            --size $3 --filter $2 --antialias --element $1 --no-tune-cache 2>&1 | grep -o 'fastest when measured: .* µs')"
    done
done | tee -a $OUT/ab.txt
for round in 1 2; do
    for b in base new; do
        /tmp/$b bench --extended --only "1x1080x1920x3 -> 2160x3840" --json --no-tune-cache \
            > $OUT/bench-$b-$round.json 2>/dev/null
        python3 - $OUT/bench-$b-$round.json $b $round <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["results"]:
    print(f"round {sys.argv[3]} {sys.argv[2]} bench {r['h']}x{r['w']}x{r['c']} {r['filter']} {r['element']} "
          f"{r['path']}: median {r['median_us']:.1f} min {r['min_us']:.1f} p90 {r['p90_us']:.1f} of {r['samples']}")
PY
    done
done | tee -a $OUT/ab.txt
