#!/usr/bin/env bash
# Writes the expected help texts the tests compare against (Tests/Fixtures/help/), one file per
# command and subcommand (arcore-transform.txt) plus arsim.txt for the tool, from the built
# arsim. The files are reviewed text: read `git diff Tests/Fixtures/help` and fix anything
# unclear in the declarations before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product arsim >/dev/null
bin="$(swift build --show-bin-path)/arsim"
dir=Tests/Fixtures/help
rm -rf "$dir"
mkdir -p "$dir"
# The names listed under a heading (COMMANDS: or SUBCOMMANDS:) of a help text.
names() { awk -v heading="$1" '$0 == heading { inside = 1; next } /^$/ { inside = 0 } inside && /^  [a-z]/ { print $1 }'; }
"$bin" --help >"$dir/arsim.txt"
for command in $(names COMMANDS: <"$dir/arsim.txt"); do
  "$bin" "$command" --help >"$dir/$command.txt"
  for subcommand in $(names SUBCOMMANDS: <"$dir/$command.txt"); do
    "$bin" "$command" "$subcommand" --help >"$dir/$command-$subcommand.txt"
  done
done
ls "$dir"
