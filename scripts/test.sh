#!/usr/bin/env bash
# Runs the whole test suite (Swift Testing) after installing missing system packages.
# Extra arguments go to `swift test` (for example: -c release, --filter CameraTests).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-dependencies.sh
swift test "$@"
