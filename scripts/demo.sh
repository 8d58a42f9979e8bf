#!/usr/bin/env bash
# The main job on the bundled sample scene: replay Scenes/dashboard-portrait.json (a handheld
# portrait sweep over a tilted car dashboard with 12 buttons, synthesized with truth) through
# placement and tracking, and print the markers and the metrics against truth.
# Extra arguments go to `arsim replay` (for example --json, or --out markers.jsonl).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-dependencies.sh
swift build -c release --product arsim >&2
.build/release/arsim replay Scenes/dashboard-portrait.json "$@"
