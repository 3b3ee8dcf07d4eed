#!/usr/bin/env bash
# On the GPU machine: runs the test suite packed by scripts/pack-gpu-tests.sh on the real
# driver, on Vulkan and then on GL (one test at a time, as wgpu's GL backend needs): a summary
# line per binary on stdout and in summary.txt, each binary's output in logs.tgz, both under
# $OUT (or ./gpu-tests-out). A binary that fails has its output copied to
# $OUT/failed-BACKEND-NAME.txt at once, with the tests that never finished where its timeout
# stopped it.
# PROPTEST_CASES (default 256 here) sets the cases of every property test; BACKENDS (default
# "vulkan gl") and ONLY (test binary names, default all) narrow the run.
set -u
out="${OUT:-gpu-tests-out}"
mkdir -p "$out"
logs=$(mktemp -d)
source scripts/gpu-env.sh
nvidia=/usr/local/nvidia/share
[ -f $nvidia/glvnd/egl_vendor.d/10_nvidia.json ] &&
    export __EGL_VENDOR_LIBRARY_FILENAMES=$nvidia/glvnd/egl_vendor.d/10_nvidia.json
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
export PROPTEST_CASES="${PROPTEST_CASES:-256}"
bins=$(mktemp -d)
tar xJf target/gpu-tests.tar.xz -C "$bins"
echo "tests of $(cat "$bins/COMMIT"), $PROPTEST_CASES cases a property"
# Test data and the CLI are found through the repository path compiled into the binaries.
manifest=$(cat "$bins/MANIFEST_DIR")
if [ "$(realpath "$manifest" 2>/dev/null)" != "$(realpath .)" ]; then
    if [ -e "$manifest" ]; then
        echo "warning: $manifest exists and is not this checkout; data tests may fail"
    else
        mkdir -p "$(dirname "$manifest")" && ln -s "$PWD" "$manifest"
    fi
fi
failed=0
for backend in ${BACKENDS:-vulkan gl}; do
    threads=""
    [ $backend = gl ] && threads="--test-threads=1"
    for test in "$bins"/*; do
        name=$(basename "$test")
        [ -x "$test" ] || continue
        if [ -n "${ONLY:-}" ] && ! [[ " $ONLY " == *" $name "* ]]; then continue; fi
        log="$logs/$backend-$name.txt"
        start=$SECONDS
        (cd "$manifest" && WGPU_BACKEND=$backend timeout 300 "$test" $threads) > "$log" 2>&1
        rc=$?
        took=$((SECONDS - start))
        if [ $rc != 0 ]; then
            failed=$((failed + 1))
            # Kept in $out at once, so that a command stopped later still returns it.
            cp "$log" "$out/failed-$backend-$name.txt"
            # A binary stopped by its timeout: the tests that never reported a result.
            if [ $rc = 124 ]; then
                "$test" --list 2>/dev/null | sed -n 's/: test$//p' | while read -r t; do
                    grep -q "^test $t \.\.\. " "$log" || echo "unfinished: $t"
                done | tee -a "$out/failed-$backend-$name.txt"
            fi
        fi
        printf '%-7s %-20s rc %-3s %4s s  %s\n' "$backend" "$name" "$rc" "$took" \
            "$(grep -h '^test result' "$log" | tail -1)" | tee -a "$out/summary.txt"
    done
done
echo "binaries that failed: $failed" | tee -a "$out/summary.txt"
tar czf "$out/logs.tgz" -C "$logs" .
