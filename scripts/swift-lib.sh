#!/usr/bin/env sh
# Builds the static engine library for the Swift package on Linux (or any
# non-Apple host): `cargo build --release -p games-ffi`, then links
# target/swift-lib/libgames_ffi.a to it. That directory holds only the
# archive, so the `-lgames_ffi` of include/module.modulemap picks the static
# library, not the shared one beside it in target/release.
#
#   scripts/swift-lib.sh && swift build && swift test
set -eu
cd "$(dirname "$0")/.."
cargo build --release -p games-ffi
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])' 2>/dev/null || echo target)
mkdir -p target/swift-lib
ln -sf "$target_dir/release/libgames_ffi.a" target/swift-lib/libgames_ffi.a
echo "target/swift-lib/libgames_ffi.a -> $target_dir/release/libgames_ffi.a"
