#!/usr/bin/env bash
# The main job on the bundled sample: trace a dashboard button's Vision box through every
# coordinate space to a world ray (see Scenes/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-dependencies.sh
swift build -c release --product arsim >&2
.build/release/arsim explain --request Scenes/requests/dashboard-button-portrait.json "$@"
