#!/usr/bin/env bash
# Builds target/apple/CGames.xcframework from the static engine library for
# iOS devices, the iOS simulator (arm64 + x86_64) and macOS (arm64 +
# x86_64), with include/games.h and a module map for the `CGames` module.
# Package.swift uses it as a binaryTarget on Apple platforms, as
# matrix-rust-components-swift and wordpress-rs do.
#
#   scripts/build-xcframework.sh        # on a Mac with Xcode and rustup
#
# It needs macOS (xcodebuild, lipo, the Apple SDKs): anywhere else it stops
# at once and says so, rather than building half a framework.
set -euo pipefail

if [ "$(uname -s)" != "Darwin" ] || ! command -v xcodebuild >/dev/null 2>&1; then
    echo "build-xcframework: this needs macOS with Xcode (xcodebuild, lipo and the Apple SDKs);" >&2
    echo "this machine is $(uname -s). On Linux, use scripts/swift-lib.sh and the systemLibrary target." >&2
    exit 2
fi

cd "$(dirname "$0")/.."
targets=(aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios aarch64-apple-darwin x86_64-apple-darwin)
rustup target add "${targets[@]}"
for target in "${targets[@]}"; do
    cargo build --release -p games-ffi --target "$target"
done

out=target/apple
rm -rf "$out"
mkdir -p "$out/headers" "$out/ios-sim" "$out/macos"
cp include/games.h "$out/headers/"
# The framework's library is linked by SwiftPM itself: no `link` line.
cat > "$out/headers/module.modulemap" <<'MAP'
module CGames {
    header "games.h"
    export *
}
MAP
lib=libgames_ffi.a
lipo -create target/aarch64-apple-ios-sim/release/$lib target/x86_64-apple-ios/release/$lib \
    -output "$out/ios-sim/$lib"
lipo -create target/aarch64-apple-darwin/release/$lib target/x86_64-apple-darwin/release/$lib \
    -output "$out/macos/$lib"
xcodebuild -create-xcframework \
    -library target/aarch64-apple-ios/release/$lib -headers "$out/headers" \
    -library "$out/ios-sim/$lib" -headers "$out/headers" \
    -library "$out/macos/$lib" -headers "$out/headers" \
    -output "$out/CGames.xcframework"
echo "built $out/CGames.xcframework"
