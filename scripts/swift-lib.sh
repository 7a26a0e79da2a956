#!/usr/bin/env sh
# Builds the static engine library for the Swift package on Linux (or any
# non-Apple host) and links target/swift-lib/libgames_ffi.a to it. That
# directory holds only the archive, so the `-lgames_ffi` of
# include/module.modulemap picks the static library, not the shared one
# beside it.
#
#   scripts/swift-lib.sh && swift build && swift test    # release library
#   scripts/swift-lib.sh debug                           # the debug one (CI: already built)
set -eu
cd "$(dirname "$0")/.."
profile="${1:-release}"
case "$profile" in
    release) cargo build --release -p games-ffi ;;
    debug) cargo build -p games-ffi ;;
    *) echo "usage: scripts/swift-lib.sh [release|debug]" >&2; exit 2 ;;
esac
target_dir="${CARGO_TARGET_DIR:-target}"
case "$target_dir" in /*) ;; *) target_dir="$PWD/$target_dir" ;; esac
mkdir -p target/swift-lib
ln -sf "$target_dir/$profile/libgames_ffi.a" target/swift-lib/libgames_ffi.a
echo "target/swift-lib/libgames_ffi.a -> $target_dir/$profile/libgames_ffi.a"
# SwiftPM does not know the archive is an input of its links, so after a
# rebuild of the library it would keep linking nothing and run the old
# engines: drop the linked products so the next `swift build` relinks them.
for product in .build/*/debug/GamesPackageTests.xctest .build/*/debug/games-swift \
    .build/*/release/GamesPackageTests.xctest .build/*/release/games-swift; do
    if [ -e "$product" ] && [ "$product" -ot "$target_dir/$profile/libgames_ffi.a" ]; then
        rm -rf "$product"
    fi
done
# Nor does it see a change of include/games.h (the C module's header): after
# an ABI change it would keep the Swift modules compiled against the old one
# (`libraryMatchesHeader` false). Drop a build older than the header.
for build in .build/*/debug .build/*/release; do
    if [ -d "$build/Games.build" ] && [ "$build/Games.build" -ot include/games.h ]; then
        rm -rf "$build"
    fi
done
