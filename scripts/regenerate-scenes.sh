#!/bin/sh
# Re-synthesize the committed synthetic recordings in Scenes/ from their specs and seeds (the
# table in Scenes/README.md; CommittedScenesTests requires these exact bytes). Run it after
# changing a spec, the synthesizer or the recording writer, then commit the changed files on
# their own. real-arkit-logger.json is built by scripts/make-real-logger-scene.py arkit instead.
#
# Usage: scripts/regenerate-scenes.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/ensure-dependencies.sh"
# ARSIM_SCRATCH, when set, is the build directory (swift build --scratch-path).
scratch=${ARSIM_SCRATCH:+--scratch-path $ARSIM_SCRATCH}
swift build -c release --package-path "$root" $scratch --product arsim
bin=$(swift build -c release --package-path "$root" $scratch --show-bin-path)
cd "$root/Scenes"
"$bin/arsim" synth specs/dashboard-portrait.json --seed 1 --out dashboard-portrait.json
"$bin/arsim" synth specs/dashboard-downmirrored.json --seed 1 --out dashboard-downmirrored.json
"$bin/arsim" synth specs/tabletop-landscape.json --seed 2 --out tabletop-landscape.json
"$bin/arsim" synth specs/dashboard-detector-10hz.json --seed 4 --out dashboard-detector-10hz.json
"$bin/arsim" synth specs/dashboard-contours.json --seed 5 --out dashboard-contours.json
"$bin/arsim" synth specs/arcore-dashboard-portrait.json --seed 1 --out arcore-dashboard-portrait.json
"$bin/arsim" synth specs/walking-panel.json --seed 4 --out walking-panel.json
"$bin/arsim" synth specs/dashboard-glance-away.json --seed 6 --out dashboard-glance-away.json
"$bin/arsim" synth specs/dashboard-curved.json --seed 1 --out dashboard-curved.json
"$bin/arsim" synth specs/dashboard-interrupted.json --seed 6 --out dashboard-interrupted.json
