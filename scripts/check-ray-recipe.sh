#!/usr/bin/env bash
# Runs the README's Ray recipe for sharded sweeps, as written there, on a local Ray cluster and
# checks what it promises (a development check; `swift test` does not need Ray or Python):
#   1. the merged file is the same bytes as an unsharded run, and the ranking is printed;
#   2. with a recording that fails, every shard still finishes, the merge still runs, counts the
#      failed jobs and ranks the rest (the recipe exits 1);
#   3. with a shard whose run cannot start (its output directory is missing), the merge still
#      runs on the files that exist and names the shard no file covers.
#
# Usage: [STEPS="2 3"] scripts/check-ray-recipe.sh [PYTHON]
# PYTHON is an interpreter with Ray installed; without it a virtual environment is made in
# .build/ray-venv and Ray is installed there from PyPI (`pip install ray`).
set -euo pipefail
cd "$(dirname "$0")/.."

python=${1:-}
if [[ -z "$python" ]]; then
  if [[ ! -x .build/ray-venv/bin/python ]]; then
    python3 -m venv .build/ray-venv
    .build/ray-venv/bin/pip install --quiet ray
  fi
  python=.build/ray-venv/bin/python
fi
python=$(cd "$(dirname "$python")" && pwd)/$(basename "$python")

swift build --product arsim >/dev/null
bin_dir=$(swift build --show-bin-path)
export PATH="$bin_dir:$PATH"  # the recipe runs `arsim` from PATH, as on a worker

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The recipe, from the README: the Python block after "Ray, one task per shard".
awk '/^Ray, one task per shard/ { found = 1 } found && /^```python$/ { inside = 1; next }
     inside && /^```$/ { exit } inside { print }' README.md >"$work/recipe.py"
grep -q 'ray.remote' "$work/recipe.py" || { echo "the README's Ray recipe was not found" >&2; exit 1; }

# Data: four short synthesized recordings and the repository's grid; 4 shards instead of 16.
setup() {
  local data=$1
  mkdir -p "$data/recordings" "$data/results"
  for seed in 1 2 3 4; do
    arsim synth Scenes/specs/dashboard-portrait.json --seed "$seed" --quiet \
      --out "$data/recordings/walk-$seed.jsonl" >/dev/null
  done
  cp Scenes/grids/filters-and-anchors.json "$data/grid.json"
  sed -e "s#/data/#$data/#g" -e 's/^N = 16$/N = 4/' "$work/recipe.py" >"$data/recipe.py"
  grep -q '^N = 4$' "$data/recipe.py" || { echo "N = 16 not found in the recipe" >&2; exit 1; }
}

run_recipe() {  # data expected-status
  local status=0
  (cd "$1" && RAY_ADDRESS= "$python" recipe.py >ranking.txt 2>stderr.txt) || status=$?
  if [[ $status -ne $2 ]]; then
    echo "recipe in $1 exited $status, expected $2" >&2
    cat "$1/stderr.txt" >&2
    exit 1
  fi
}

steps=${STEPS:-1 2 3}
if [[ " $steps " == *" 1 "* ]]; then
echo "1. shards merged = unsharded"
setup "$work/one"
run_recipe "$work/one" 0
arsim sweep --recordings "$work/one/recordings" --grid "$work/one/grid.json" --quiet \
  --out "$work/one/unsharded.jsonl" >"$work/one/unsharded.txt"
if ! cmp "$work/one/results/all.jsonl" "$work/one/unsharded.jsonl"; then
  diff <(tr ',' '\n' <"$work/one/results/all.jsonl") <(tr ',' '\n' <"$work/one/unsharded.jsonl") |
    head -20 >&2
  exit 1
fi
grep -q '^merged 4 files: ' "$work/one/ranking.txt"
echo "   same bytes ($(wc -l <"$work/one/unsharded.jsonl") lines), ranking printed"
fi

if [[ " $steps " == *" 2 "* ]]; then
echo "2. a failing recording: the shards finish, the merge counts the failures"
setup "$work/two"
printf '{' >"$work/two/recordings/broken.json"
run_recipe "$work/two" 1
# 5 recordings x 24 combinations of the grid; the broken recording's 24 jobs fail.
grep -q '^merged 4 files: 120 of 120 jobs, 24 failed$' "$work/two/ranking.txt" ||
  { head -3 "$work/two/ranking.txt"; exit 1; }
[[ $(ls "$work/two/results" | grep -c '^results-') -eq 4 ]]
echo "   $(head -1 "$work/two/ranking.txt")"
fi

if [[ " $steps " == *" 3 "* ]]; then
echo "3. a shard that cannot write: the merge runs and names the missing shard"
setup "$work/three"
sed -i 's#out = f"\(.*\)/results/results-{i}.jsonl"#out = f"\1/results/results-{i}.jsonl" if i != 2 else f"\1/nowhere/results-{i}.jsonl"#' \
  "$work/three/recipe.py"
grep -q nowhere "$work/three/recipe.py"
run_recipe "$work/three" 1
grep -q 'no file for shard 2/4' "$work/three/stderr.txt" || { cat "$work/three/stderr.txt"; exit 1; }
echo "   $(grep -o '[0-9]* of [0-9]* jobs missing.*shard 2/4' "$work/three/stderr.txt")"
fi
echo "Ray recipe: OK"
