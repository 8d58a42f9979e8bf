#!/usr/bin/env bash
# Writes the expected help texts the tests compare against (Tests/Fixtures/help/), one file per
# command plus arsim.txt for the tool, from the built arsim. The files are reviewed text: read
# `git diff Tests/Fixtures/help` and fix anything unclear in the declarations before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product arsim >/dev/null
bin="$(swift build --show-bin-path)/arsim"
dir=Tests/Fixtures/help
rm -rf "$dir"
mkdir -p "$dir"
"$bin" --help >"$dir/arsim.txt"
for command in $("$bin" --help | awk '/^COMMANDS:/ { inside = 1; next } /^$/ { inside = 0 } inside && /^  [a-z]/ { print $1 }'); do
  "$bin" "$command" --help >"$dir/$command.txt"
done
ls "$dir"
