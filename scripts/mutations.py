#!/usr/bin/env python3
"""Mutation spot-check: apply each named mutation, run the tests that should catch it, revert.

Each mutation replaces one exact snippet of one source file (it must occur exactly once), builds,
runs `swift test --skip-build --filter FILTER`, and restores the file byte for byte (also on
Ctrl-C or a crash). A mutation is KILLED when the filtered tests fail, SURVIVED when they pass,
and BUILD-FAILED when the mutant does not compile. The script refuses to run when a file it
mutates has uncommitted changes, and prints a summary table at the end.

Usage: scripts/mutations.py [--without-new-tests] [NAME ...]   (default: all; --list: names)

--without-new-tests skips the tests written to kill each mutation (`swift test --skip`), to show
which mutations the suite let through before them.
Needs: the Swift toolchain on PATH (or /opt/swift/usr/bin); Python 3.9+. Development only.
"""
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent

# (name, file, original snippet, mutant snippet, test filter, what the mutant breaks, the tests
# written to kill it: a --skip pattern for --without-new-tests, or None)
MUTATIONS = [
    ("one-euro-raw-derivative", "Sources/Placement/Filters/OneEuroFilter.swift",
     "let cutoff = minCutoffHz + beta * abs(derivativeEstimate[axis])",
     "let cutoff = minCutoffHz + beta * abs(dx[axis])",
     "OneEuroFilterTests", "the cutoff uses the raw instead of the filtered derivative",
     "speedAdaptiveCutoffByHand"),
    ("one-euro-derivative-alpha", "Sources/Placement/Filters/OneEuroFilter.swift",
     "tauSeconds: 1 / (2 * Double.pi * derivativeCutoffHz), intervalSeconds: te)",
     "tauSeconds: 1 / (2 * Double.pi * minCutoffHz), intervalSeconds: te)",
     "OneEuroFilterTests", "the derivative's alpha comes from the minimum cutoff",
     "speedAdaptiveCutoffByHand"),
    ("assignment-tie-way", "Sources/Placement/Tracking/LinearAssignment.swift",
     "if current < minValue[j] {", "if current <= minValue[j] {",
     "LinearAssignmentTests", "equal reduced costs take the later path",
     "equalCostAssignmentsKeepEarlierRowsChoices"),
    ("assignment-tie-column", "Sources/Placement/Tracking/LinearAssignment.swift",
     "if minValue[j] < delta {", "if minValue[j] <= delta {",
     "LinearAssignmentTests", "equal costs take the higher column",
     "equalCostAssignmentsKeepEarlierRowsChoices"),
    ("evidence-tie", "Sources/Placement/Tracking/MarkerTracker.swift",
     "distance < evidenceDistance[trackIndex]", "distance <= evidenceDistance[trackIndex]",
     "MarkerTracker", "re-anchoring evidence ties go to the later measurement",
     "MarkerTrackerTieTests"),
    ("reanchor-candidate-tie", "Sources/Placement/Tracking/MarkerTracker.swift",
     "if best.map({ d < $0.distance }) ?? true { best = (i, d) }",
     "if best.map({ d <= $0.distance }) ?? true { best = (i, d) }",
     "MarkerTracker", "re-anchoring candidate ties go to the higher id",
     "MarkerTrackerTieTests"),
    ("boundary-edge-tolerance", "Sources/ARSimulation/World/PlaneBoundary.swift",
     "if cross < -1e-6 * (abs(ex) + abs(ez)) { return false }",
     "if cross < 0 { return false }",
     "PlaneBoundaryTests", "on-edge points that are not exact in Float fall outside",
     "onEdgePointsNotExactInFloatAreInside"),
    ("registry-process-noise-default",
     "Sources/Placement/Filters/ConstantVelocityKalmanFilter+Kind.swift",
     '[.init("velocity", 3e-6), .init("position", 1e-6)]',
     '[.init("velocity", 0.01), .init("position", 1e-5)]',
     "AnyPositionFilterTests", "the registry's defaults drift from the documented ones", None),
    ("registry-tracker-range", "Sources/Placement/Tracking/TrackerSetting.swift",
     '"confirmationHitCount", "Consecutive hits that confirm a tentative marker",\n      domain: .integer(minimum: 1)',
     '"confirmationHitCount", "Consecutive hits that confirm a tentative marker",\n      domain: .integer(minimum: 0)',
     "VocabularyRegistryTests", "a tracker range drifts from the JSON Schema", None),
    ("docs-outside-citation", "Sources/ARSimulation/Raycast/Raycaster.swift",
     "against a `FrameWorld` (<doc:Raycasting>)", "against a `FrameWorld` (DESIGN \u00a75)",
     "SelfContainedDocsTests", "a doc comment cites a document outside the repository", None),
]


def swift(*arguments, log):
    env = dict(os.environ)
    env["PATH"] = "/opt/swift/usr/bin:" + env.get("PATH", "")
    with open(log, "ab") as out:
        return subprocess.run(["swift", *arguments], cwd=ROOT, env=env, stdout=out,
                              stderr=subprocess.STDOUT).returncode


def main(argv):
    if "--list" in argv:
        for m in MUTATIONS:
            print(f"{m[0]:32} {m[1]}  ({m[5]})")
        return 0
    without_new = "--without-new-tests" in argv
    argv = [a for a in argv if a != "--without-new-tests"]
    chosen = [m for m in MUTATIONS if (not argv or m[0] in argv) and not (without_new and m[6] is None)]
    unknown = set(argv) - {m[0] for m in MUTATIONS}
    if unknown:
        print(f"unknown mutation(s): {', '.join(sorted(unknown))} (see --list)", file=sys.stderr)
        return 64
    files = sorted({m[1] for m in chosen})
    dirty = subprocess.run(["git", "status", "--porcelain", "--", *files], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    if dirty:
        print(f"refusing: uncommitted changes in files to mutate:\n{dirty}", file=sys.stderr)
        return 1
    log = ROOT / ".build" / "mutations.log"
    log.parent.mkdir(exist_ok=True)
    log.write_bytes(b"")
    results = []
    for name, file, original, mutant, test_filter, meaning, new_tests in chosen:
        path = ROOT / file
        saved = path.read_bytes()
        text = saved.decode()
        if text.count(original) != 1:
            results.append((name, "NOT-APPLIED", test_filter, 0.0, meaning))
            continue
        started = time.monotonic()
        try:
            path.write_text(text.replace(original, mutant))
            if swift("build", "--build-tests", log=log) != 0:
                outcome = "BUILD-FAILED"
            elif swift("test", "--skip-build", "--filter", test_filter,
                       *(["--skip", new_tests] if without_new else []), log=log) != 0:
                outcome = "KILLED"
            else:
                outcome = "SURVIVED"
        finally:
            path.write_bytes(saved)
        results.append((name, outcome, test_filter, time.monotonic() - started, meaning))
        print(f"{name}: {outcome}", flush=True)
    # Rebuild the unmutated sources so that the next `swift test` does not see a stale mutant.
    swift("build", "--build-tests", log=log)
    print()
    if without_new:
        print("(without the tests written for each mutation)")
    print(f"| {'mutation':32} | {'outcome':11} | {'tests run':24} | {'seconds':>7} | what it breaks")
    print(f"|{'-' * 34}|{'-' * 13}|{'-' * 26}|{'-' * 9}|{'-' * 16}")
    for name, outcome, test_filter, seconds, meaning in results:
        print(f"| {name:32} | {outcome:11} | {test_filter:24} | {seconds:7.0f} | {meaning}")
    killed = sum(1 for r in results if r[1] == "KILLED")
    print(f"\n{killed} of {len(results)} mutations killed (log: {log.relative_to(ROOT)})")
    return 0 if killed == len(results) or without_new else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
