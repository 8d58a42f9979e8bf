#!/usr/bin/env bash
# Runs the raycast benchmark and its Embree 3 peer side by side on the identical scene and rays, and
# prints one JSON object with both results and the speed ratios (development tool, not a test).
#
# Needs: Debian's libembree-dev (apt-get install -y libembree-dev), a C compiler, python3.
# Usage: Benchmarks/peers/run_embree_peer.sh [repetitions] [planes, e.g. 1,8,64,512]
# Env:   SCRATCH (swift --scratch-path, default .build), WORK (temporary directory).
set -euo pipefail
reps="${1:-7}"
planes="${2:-1,8,64,512}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="${SCRATCH:-$root/.build}"
work="${WORK:-$(mktemp -d)}"
mkdir -p "$work"

cc -O2 -Wall -o "$work/embree_peer" "$root/Benchmarks/peers/embree_peer.c" -lembree3 -lm
swift build -c release --package-path "$root" --scratch-path "$scratch" --product ARSimBenchmarks >&2
"$scratch/release/ARSimBenchmarks" raycast --repetitions "$reps" --planes "$planes" \
  --export "$work" > "$work/swift.json"
IFS=',' read -ra counts <<< "$planes"
for k in "${counts[@]}"; do
  "$work/embree_peer" "$work/raycast-K$k.txt" "$reps" > "$work/embree-K$k.json"
done

python3 - "$work" "$planes" <<'PY'
import json, sys
work, planes = sys.argv[1], [int(k) for k in sys.argv[2].split(",")]
swift = json.load(open(f"{work}/swift.json"))
def pick(workload, k, engine, threads, culling=None):
    for m in swift["measurements"]:
        if (m["workload"], m["planes"], m["engine"], m["threads"]) == (workload, k, engine, threads) \
           and (culling is None or m["tileCulling"] == culling):
            return m
out = {"benchmark": "raycast-vs-embree", "rows": []}
for k in planes:
    e = json.load(open(f"{work}/embree-K{k}.json"))
    f1, f2 = pick("frame", k, "simd", 1, True), pick("frame", k, "simd", 2, True)
    s1 = pick("sparse", k, "simd", 1)
    out["rows"].append({
        "planes": k,
        "embreeFrameCoherent8Mrays": round(e["frameCoherent8"]["mraysPerSecond"], 2),
        "embreeFrameDefault8Mrays": round(e["frameDefault8"]["mraysPerSecond"], 2),
        "embreeSparse1Mrays": round(e["sparse1"]["mraysPerSecond"], 2),
        "simdFrame1ThreadMrays": round(f1["mraysPerSecond"], 2),
        "simdFrame2ThreadsMrays": round(f2["mraysPerSecond"], 2),
        "simdSparse1ThreadMrays": round(s1["mraysPerSecond"], 2),
        "ratioFrameVsCoherent8": round(f1["mraysPerSecond"] / e["frameCoherent8"]["mraysPerSecond"], 2),
        "ratioSparseVsIntersect1": round(s1["mraysPerSecond"] / e["sparse1"]["mraysPerSecond"], 2),
        "ratio2ThreadsVs1": round(f2["mraysPerSecond"] / f1["mraysPerSecond"], 2),
        "frameHitsSwift": int(swift["checksums"][f"frame K={k}"].split()[0].split("=")[1]),
        "frameHitsEmbree": e["frameCoherent8"]["hits"],
        "sparseHitsSwift": int(swift["checksums"][f"sparse K={k}"].split()[0].split("=")[1]),
        "sparseHitsEmbree": e["sparse1"]["hits"],
    })
out["swift"] = swift
out["embree"] = {str(k): json.load(open(f"{work}/embree-K{k}.json")) for k in planes}
print(json.dumps(out, indent=2, sort_keys=True))
PY
