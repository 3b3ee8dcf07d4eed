#!/usr/bin/env bash
# On the development machine: builds the test suite's binaries in release mode, strips them and
# packs them into target/gpu-tests.tar.xz (about 10 MB: the binaries share most of their code),
# with target/release/wgresize (which tests/cli.rs and tests/images.rs run) built beside it, so
# that scripts/gpu-tests.sh can run the whole suite on a GPU machine that has no Rust toolchain.
# Carry `.gl`, `target/gpu-tests.tar.xz` and `target/release/wgresize` there.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --bins
stage=target/gpu-tests
rm -rf "$stage" && mkdir -p "$stage"
cargo test --release --no-run --message-format=json 2>/dev/null | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(m["target"]["name"], m["executable"])
' | while read -r name executable; do
    cp "$executable" "$stage/$name"
    strip "$stage/$name"
done
# The tests find their data and the CLI through the paths cargo compiled in.
echo "$PWD" > "$stage/MANIFEST_DIR"
git rev-parse --short HEAD > "$stage/COMMIT"
tar cf - -C "$stage" . | xz -T0 -9 --lzma2=preset=9,dict=192MiB > target/gpu-tests.tar.xz
ls -l target/gpu-tests.tar.xz
