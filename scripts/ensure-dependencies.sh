#!/usr/bin/env bash
# Installs the system packages ARPlacementSim needs to build, when they are missing:
# SIMDe (Debian's libsimde-dev, header-only) for the C raycast kernels.
set -euo pipefail

if [ -f /usr/include/simde/x86/avx2.h ]; then
  exit 0
fi

echo "ensure-dependencies: installing libsimde-dev (SIMDe headers)..." >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "ensure-dependencies: libsimde-dev is missing and this user cannot install it;" \
      "run 'apt-get install -y libsimde-dev' as root." >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq libsimde-dev >/dev/null
test -f /usr/include/simde/x86/avx2.h
