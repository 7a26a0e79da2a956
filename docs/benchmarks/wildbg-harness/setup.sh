#!/bin/sh
# Copies wildbg's dice and position modules (unchanged) into src/.
# Usage: setup.sh WILDBG_CHECKOUT   (github.com/carsten-wenderdel/wildbg, commit 1ad2c0b)
set -eu
src="$1/crates/engine/src"
here="$(dirname "$0")/src"
cp "$src/dice.rs" "$src/position.rs" "$here/"
rm -rf "$here/position"
cp -r "$src/position" "$here/position"
