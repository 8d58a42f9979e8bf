#!/usr/bin/env bash
# Decoding speed against Python's json.load on the same file, in one run (the goal: the
# Swift decoder at least as fast as json.load). Development tool, not a test dependency.
#
#   Benchmarks/peers/run_decode_peer.sh [REPETITIONS] [FILE]
#
# Without FILE, `ARSimBenchmarks decode` generates its synthetic recording (2,000 frames, 300
# feature points each) and times it; with FILE it times that recording. Then json.load times the
# same file, and one JSON object with both medians and the ratio is printed.
set -euo pipefail
cd "$(dirname "$0")/../.."
repetitions="${1:-7}"
scratch="${SCRATCH:-.build}"
swift build -c release --scratch-path "$scratch" --product ARSimBenchmarks >&2
bench="$scratch/release/ARSimBenchmarks"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ $# -ge 2 ]; then
  "$bench" decode --file "$2" --repetitions "$repetitions" > "$work/swift.json"
else
  "$bench" decode --out "$work/recording.json" --repetitions "$repetitions" > "$work/swift.json"
fi
file=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["file"])' "$work/swift.json")
python3 Benchmarks/peers/python_json_load.py "$file" --repetitions "$repetitions" > "$work/python.json"
python3 - "$work/swift.json" "$work/python.json" <<'PY'
import json, sys
swift = json.load(open(sys.argv[1]))
python = json.load(open(sys.argv[2]))
print(json.dumps({
    "file": swift["file"], "bytes": swift["bytes"],
    "swiftParseMBPerSecond": swift["parseMBPerSecond"],
    "swiftDecodeMBPerSecond": swift["decodeMBPerSecond"],
    "pythonJSONLoadMBPerSecond": python["mbPerSecond"],
    "swiftDecodeOverPythonJSONLoad": swift["decodeMBPerSecond"] / python["mbPerSecond"],
    "swiftParseOverPythonJSONLoad": swift["parseMBPerSecond"] / python["mbPerSecond"],
}, sort_keys=True, indent=2))
PY
