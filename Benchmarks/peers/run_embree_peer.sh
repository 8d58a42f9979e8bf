#!/usr/bin/env bash
# Runs the raycast benchmark and its Embree 3 peer side by side on the identical scene and rays, and
# prints one JSON object with both results and the speed ratios (development tool, not a test).
#
# The machine is shared, so for each K the Swift benchmark and the peer run back to back, ROUNDS
# times; each ratio is computed within a round and the median over rounds is reported.
#
# Needs: Debian's libembree-dev (apt-get install -y libembree-dev), a C compiler, python3.
# Usage: Benchmarks/peers/run_embree_peer.sh [repetitions] [planes, e.g. 1,8,64,512]
# Env:   SCRATCH (swift --scratch-path, default .build), WORK (temporary directory), ROUNDS (3).
set -euo pipefail
reps="${1:-7}"
planes="${2:-1,8,64,512}"
rounds="${ROUNDS:-3}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="${SCRATCH:-$root/.build}"
work="${WORK:-$(mktemp -d)}"
mkdir -p "$work"

cc -O2 -Wall -o "$work/embree_peer" "$root/Benchmarks/peers/embree_peer.c" -lembree3 -lm
swift build -c release --package-path "$root" --scratch-path "$scratch" --product ARSimBenchmarks >&2
IFS=',' read -ra counts <<< "$planes"
for round in $(seq 1 "$rounds"); do
  for k in "${counts[@]}"; do
    "$scratch/release/ARSimBenchmarks" raycast --repetitions "$reps" --planes "$k" \
      --export "$work" > "$work/swift-K$k-r$round.json"
    "$work/embree_peer" "$work/raycast-K$k.txt" "$reps" > "$work/embree-K$k-r$round.json"
  done
done

python3 - "$work" "$planes" "$rounds" <<'PY'
import json, statistics, sys
work, planes, rounds = sys.argv[1], [int(k) for k in sys.argv[2].split(",")], int(sys.argv[3])
def pick(swift, workload, engine, threads, culling=None):
    for m in swift["measurements"]:
        if (m["workload"], m["engine"], m["threads"]) == (workload, engine, threads) \
           and (culling is None or m["tileCulling"] == culling):
            return m["mraysPerSecond"]
med = lambda xs: round(statistics.median(xs), 2)
out = {"benchmark": "raycast-vs-embree", "rounds": rounds, "rows": [], "allReferenceChecksPassed": True}
for k in planes:
    cols = {}
    for r in range(1, rounds + 1):
        s = json.load(open(f"{work}/swift-K{k}-r{r}.json"))
        e = json.load(open(f"{work}/embree-K{k}-r{r}.json"))
        out["allReferenceChecksPassed"] &= all(m["matchesReference"] for m in s["measurements"])
        f1, f2 = pick(s, "frame", "simd", 1, True), pick(s, "frame", "simd", 2, True)
        s1 = pick(s, "sparse", "simd", 1)
        vals = {
            "embreeFrameCoherent8Mrays": e["frameCoherent8"]["mraysPerSecond"],
            "embreeFrameDefault8Mrays": e["frameDefault8"]["mraysPerSecond"],
            "embreeSparse1Mrays": e["sparse1"]["mraysPerSecond"],
            "simdFrame1ThreadMrays": f1, "simdFrame2ThreadsMrays": f2,
            "baselineFrame1ThreadMrays": pick(s, "frame", "baseline", 1, True),
            "simdBruteForceFrame1ThreadMrays": pick(s, "frame", "simd", 1, False),
            "referenceFrame1ThreadMrays": pick(s, "frame", "reference", 1),
            "simdSparse1ThreadMrays": s1,
            "ratioFrameVsCoherent8": f1 / e["frameCoherent8"]["mraysPerSecond"],
            "ratioSparseVsIntersect1": s1 / e["sparse1"]["mraysPerSecond"],
            "ratio2ThreadsVs1": f2 / f1,
        }
        for key, v in vals.items(): cols.setdefault(key, []).append(v)
        hits = lambda name: int(s["checksums"][name].split()[0].split("=")[1])
        cols["frameHits"] = [hits(f"frame K={k}"), e["frameCoherent8"]["hits"]]
        cols["sparseHits"] = [hits(f"sparse K={k}"), e["sparse1"]["hits"]]
    row = {"planes": k}
    for key, v in cols.items():
        row[key] = v if key.endswith("Hits") else med(v)
    row["frameHits"] = {"swift": cols["frameHits"][0], "embree": cols["frameHits"][1]}
    row["sparseHits"] = {"swift": cols["sparseHits"][0], "embree": cols["sparseHits"][1]}
    out["rows"].append(row)
print(json.dumps(out, indent=2, sort_keys=True))
PY
