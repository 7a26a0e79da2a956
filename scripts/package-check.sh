#!/usr/bin/env sh
# Packs each library crate as `cargo package` would publish it, unpacks the
# tarballs side by side and runs their tests there, so a test that needs a
# file outside its crate (or a file left out of the package) fails here.
# The crates find each other through `[patch.crates-io]`, since they are
# not on a registry (and this project's machines have none).
#
#   scripts/package-check.sh            # all six library crates
set -eu
cd "$(dirname "$0")/.."
crates="games-common nim-core timbiriche-core backgammon-core canicas-core games-ffi"
target_dir="${CARGO_TARGET_DIR:-target}"
case "$target_dir" in /*) ;; *) target_dir="$PWD/$target_dir" ;; esac
out="$target_dir/package-check"
rm -rf "$out"
mkdir -p "$out"
members=""
patches=""
for crate in $crates; do
    # --no-verify and --exclude-lockfile: the verification build would look
    # the sibling crates up on the registry; the tests below do it instead.
    cargo package --quiet --allow-dirty --no-verify --exclude-lockfile -p "$crate"
    version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
    tar -xzf "$target_dir/package/$crate-$version.crate" -C "$out"
    members="$members \"$crate-$version\","
    patches="$patches$crate = { path = \"$crate-$version\" }
"
done
cat >"$out/Cargo.toml" <<TOML
[workspace]
resolver = "2"
members = [$members ]

[patch.crates-io]
$patches
TOML
cp Cargo.lock "$out/Cargo.lock"
echo "unpacked into $out:$members"
CARGO_TARGET_DIR="$out/target" cargo test --manifest-path "$out/Cargo.toml" --workspace --quiet
echo "package check: the tests of$members pass from the packaged crates"
