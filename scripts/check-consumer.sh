#!/usr/bin/env bash
# Proves that ARPlacementSim works as a versioned dependency, the way an app depends on it:
# copies the package (its tracked and new files, as in this working tree) into a fresh git
# repository tagged $ARSIM_CONSUMER_VERSION (default 0.1.0), makes the consumer package in
# scripts/consumer depend on it with `.package(url: "file://...", from: VERSION)`, builds the
# consumer and compares its output with scripts/consumer/expected.txt.
# SwiftPM refuses `unsafeFlags` in such a dependency, so this also checks that none remain.
# Called from .ci/run; extra arguments go to `swift build` (e.g. -c release).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="${ARSIM_CONSUMER_VERSION:-0.1.0}"
work="$(mktemp -d "${TMPDIR:-/tmp}/arsim-consumer.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "check-consumer: tagging a snapshot of $root as $version in $work/ARPlacementSim"
mkdir "$work/ARPlacementSim"
(
  cd "$root"
  git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done |
    tar --null -T - -cf -
) | tar -xf - -C "$work/ARPlacementSim"
(
  cd "$work/ARPlacementSim"
  git init -q
  git add -A
  git -c user.name=check-consumer -c user.email=check-consumer@localhost commit -qm snapshot
  git tag "$version"
)

mkdir "$work/Consumer"
cp -R "$root/scripts/consumer/Sources" "$work/Consumer/"
sed -e "s|@URL@|file://$work/ARPlacementSim|" -e "s|@VERSION@|$version|" \
  "$root/scripts/consumer/Package.swift.in" > "$work/Consumer/Package.swift"

echo "check-consumer: building the consumer (resolves ARPlacementSim from: \"$version\")"
swift build --package-path "$work/Consumer" "$@"
grep -q "\"version\" : \"$version\"" "$work/Consumer/Package.resolved" || {
  echo "check-consumer: Package.resolved does not pin version $version:" >&2
  cat "$work/Consumer/Package.resolved" >&2
  exit 1
}
output="$(swift run --package-path "$work/Consumer" --skip-build "$@" Consumer)"
if ! diff <(printf '%s\n' "$output") "$root/scripts/consumer/expected.txt"; then
  echo "check-consumer: the consumer's output differs from scripts/consumer/expected.txt" >&2
  exit 1
fi
echo "check-consumer: ok (ARPlacementSim $version as a versioned dependency)"
