#!/bin/sh
# Produce the long-session recording (>= 10 min at 60 fps, JSON Lines, streamed in constant memory)
# from the committed spec Scenes/specs/long-session.json. The output is not committed (~80 MB).
#
# Usage: scripts/make-long-session.sh [OUT.jsonl] [SEED]   (defaults: /tmp/long-session.jsonl, 3)
# Prints the frame count; takes about a minute in release.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-/tmp/long-session.jsonl}
seed=${2:-3}
"$root/scripts/ensure-dependencies.sh"
# ARSIM_SCRATCH, when set, is the build directory (swift build --scratch-path).
scratch=${ARSIM_SCRATCH:+--scratch-path $ARSIM_SCRATCH}
swift build -c release --package-path "$root" $scratch --product arsim
bin=$(swift build -c release --package-path "$root" $scratch --show-bin-path)
"$bin/arsim" synth "$root/Scenes/specs/long-session.json" --seed "$seed" --out "$out"
