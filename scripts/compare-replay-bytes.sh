#!/usr/bin/env bash
# Development check: `arsim replay` of two builds gives the same bytes.
#
#   scripts/compare-replay-bytes.sh BASE_ARSIM NEW_ARSIM [WORK_DIR]
#
# Runs both binaries on every recording in Scenes/ (the top level and recordings/) with --json
# and --out (one and two threads, and --skip-invalid-frames), and on every file of the bad-input
# corpus (Tests/Fixtures/bad-inputs/, with and without --skip-invalid-frames), and compares
# stdout, the --out file, stderr and the exit status byte for byte. Prints one line per
# comparison and exits 1 when any differs. Build BASE_ARSIM from another commit, e.g.
#   git archive BASE | tar -x -C /tmp/base && (cd /tmp/base && swift build -c release --product arsim)
set -euo pipefail
base="$1"
new="$2"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${3:-$(mktemp -d)}"
mkdir -p "$work"
status=0
compared=0

run() {  # binary, tag, arguments...
  local binary="$1" tag="$2"
  shift 2
  set +e
  "$binary" "$@" --out "$work/$tag.out" >"$work/$tag.stdout" 2>"$work/$tag.stderr"
  echo "$?" >"$work/$tag.status"
  set -e
  [[ -f "$work/$tag.out" ]] || : >"$work/$tag.out"
}

compare() {  # label, arguments...
  local label="$1"
  shift
  rm -f "$work"/base.* "$work"/new.*
  run "$base" base "$@"
  run "$new" new "$@"
  local part differs=""
  for part in stdout out stderr status; do
    # Error messages name the file as given; both runs get the same path.
    cmp -s "$work/base.$part" "$work/new.$part" || differs+=" $part"
  done
  compared=$((compared + 1))
  if [[ -z "$differs" ]]; then
    echo "same  $label ($(wc -c <"$work/new.stdout") + $(wc -c <"$work/new.out") bytes, exit $(cat "$work/new.status"))"
  else
    echo "DIFF  $label:$differs"
    status=1
  fi
}

cd "$root"
for file in Scenes/*.json Scenes/*.jsonl Scenes/recordings/*.json Scenes/recordings/*.jsonl; do
  [[ -f "$file" ]] || continue
  compare "$file --json" replay "$file" --json
  compare "$file --json --threads 2" replay "$file" --json --threads 2
  compare "$file (text)" replay "$file"
  compare "$file --skip-invalid-frames --json" replay "$file" --skip-invalid-frames --json
done
for file in Tests/Fixtures/bad-inputs/*.json Tests/Fixtures/bad-inputs/*.jsonl; do
  [[ -f "$file" ]] || continue
  compare "$file" replay "$file" --json
  compare "$file --skip-invalid-frames" replay "$file" --json --skip-invalid-frames
done
echo "$compared comparisons; $([[ $status == 0 ]] && echo "all the same bytes" || echo "some differ")"
exit "$status"
