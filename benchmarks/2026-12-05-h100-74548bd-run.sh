#!/usr/bin/env bash
# The commands of BENCHMARKS.md's section "binaries of commit 74548bd, on an H100", on the GPU
# machine from the repository root, with `.gl/` and target/h200e/ carried: built and stripped on
# the development machine, xz-compressed, wgresize.xz (74548bd) and wgresize-4740666.xz (the
# commit before this session's), and gpu-tests.tar.xz (scripts/pack-gpu-tests.sh at 74548bd).
#   bash benchmarks/2026-12-05-h100-74548bd-run.sh bench   # copy rate, A/B of the two binaries
#   bash benchmarks/2026-12-05-h100-74548bd-run.sh tests   # the GPU tests of 74548bd
#   bash benchmarks/2026-12-05-h100-74548bd-run.sh recheck # 4740666, 74548bd, 9f7bafd on u8
# (the last with wgresize-9f7bafd.xz carried too, and gpu-tests.tar.xz left behind), and
#   bash benchmarks/2026-12-05-h100-74548bd-run.sh again   # 4740666, 9f7bafd, 9d346e5
# (with wgresize-9d346e5.xz carried, wgresize.xz left behind).
set -u
res=$(mktemp -d)
for f in .gl/*.deb; do dpkg -x "$f" /; done
ldconfig
source scripts/gpu-env.sh
export WGPU_BACKEND=vulkan
mkdir -p target/release
for f in target/h200e/wgresize*.xz; do
    b=$(basename "$f" .xz)
    xz -dc "$f" > "target/release/$b" && chmod +x "target/release/$b"
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$res/gpu.txt"
bench() {
    # The device's copy rate, the floor's divisor on this GPU (scripts/copy_rate.py).
    python3 scripts/copy_rate.py > "$res/copy_rate.json" 2>&1
    # The bench's shapes (extended), the two binaries alternating, twice.
    for r in 1 2; do
        for b in wgresize-4740666 wgresize; do
            timeout 150 target/release/$b bench --extended --json --no-tune-cache \
                > "$res/ab-$b-$r.json" 2> "$res/ab-$b-$r.err"
            echo "$b round $r: rc $?" >> "$res/ab.txt"
        done
    done
    # OpenCV's enlargements by 2 of RGB bytes, the tuning's timing of the path each binary
    # takes, and one shape that is not a doubling, three rounds.
    for r in 1 2 3; do
        for b in wgresize-4740666 wgresize; do
            for shape in "1x1080x1920x3 3840x2160 bilinear" "1x540x960x3 1920x1080 bilinear" \
                "1x1080x1920x3 3840x2160 bilinear-exact" "1x1080x1920x3 3000x2000 bilinear"; do
                set -- $shape
                echo "$b round $r $shape: $(target/release/$b plan --input "$1" --size "$2" \
                    --convention opencv --filter "$3" --element u8 --no-tune-cache 2>&1 |
                    grep -v XDG | head -1)"
            done
        done
    done > "$res/opencv-plan.txt"
}
recheck() {
    # The u8 shapes and the letterbox, where 74548bd was 2 to 4% slower than 4740666: the
    # three binaries alternating, three rounds.
    for r in 1 2 3; do
        for b in wgresize-4740666 wgresize wgresize-9f7bafd; do
            timeout 60 target/release/$b bench --extended --only "u8,letterbox" --json \
                --no-tune-cache > "$res/re-$b-$r.json" 2> "$res/re-$b-$r.err"
            echo "$b round $r: rc $?" >> "$res/re.txt"
        done
    done
}
again() {
    # The same shapes after 9d346e5 (the colour's lanes held only where one is asked for):
    # the three binaries alternating, two rounds.
    for r in 1 2; do
        for b in wgresize-4740666 wgresize-9f7bafd wgresize-9d346e5; do
            timeout 60 target/release/$b bench --extended --only "u8,letterbox" --json \
                --no-tune-cache > "$res/again-$b-$r.json" 2> "$res/again-$b-$r.err"
            echo "$b round $r: rc $?" >> "$res/again.txt"
        done
    done
}
tests() {
    cp target/h200e/gpu-tests.tar.xz target/
    BACKENDS=vulkan PROPTEST_CASES=64 ONLY="padding conformance gpu_vs_reference texture cli" \
        OUT="$res/tests" timeout 420 bash scripts/gpu-tests.sh > "$res/tests.txt" 2>&1
}
"$1"
tar czf "$OUT/run.tgz" -C "$res" .
cat "$res"/*.txt
