#!/usr/bin/env python3
"""Writes the bad-input fixtures for replay settings (`arsim replay --config`) and scene specs
(`arsim synth`): Tests/Fixtures/bad-replay-settings/ and bad-scene-specs/.

Each file has exactly one defect. The expected error of every file (kind, JSON path, line) is
written by hand in Tests/SceneReplayTests/BadConfigFixtureTests.swift; this script only makes
the inputs. Run it from the package root; it rewrites both directories.
"""
import copy
import json
import os
import shutil

SETTINGS_OUT = "Tests/Fixtures/bad-replay-settings"
SPECS_OUT = "Tests/Fixtures/bad-scene-specs"


def text(value):
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


# Replay settings: small objects, each wrong in one member.
settings = {
    "syntax-truncated.json": '{"filter":"kalman","tracker":{"confirmationHitCount":3',
    "syntax-nan-literal.json": '{"matchThresholdMeters":NaN}',
    "top-level-array.json": text([]),
    "unknown-member.json": text({"filter": "kalman", "colour": 1}),
    "unknown-filter-name.json": text({"filter": "kalmann"}),
    "filter-not-a-string.json": text({"filter": 3}),
    "filter-parameter-negative.json": text({"filter": "kalman", "filterParameters": {"gate": "-1"}}),
    "filter-parameter-boolean.json": text({"filterParameters": {"gate": True}}),
    "tracker-unknown-member.json": text({"tracker": {"gateMeters": 0.01}}),
    "tracker-negative-gate.json": text({"tracker": {"associationGateMeters": -0.01}}),
    "tracker-fractional-count.json": text({"tracker": {"confirmationHitCount": 1.5}}),
    "tracker-rigid-layout-string.json": text({"tracker": {"rigidLayout": "yes"}}),
    "attempt-unknown-target.json": text({"attempts": [{"target": "wall", "alignment": "any"}]}),
    "anchor-point-out-of-range.json": text({"anchorPoint": [1.5, 0.5]}),
    "anchor-point-unknown-name.json": text({"anchorPoint": "middle"}),
    "back-face-policy-unknown.json": text({"backFacePolicy": "sometimes"}),
    "raycast-seed-negative.json": text({"raycastSeed": -1}),
    "raycast-seed-fraction.json": text({"raycastSeed": 0.5}),
    "match-threshold-zero.json": text({"matchThresholdMeters": 0}),
    "tracker-view-gate-zero.json": text({"tracker": {"associationGateChiSquare": 0}}),
    "tracker-view-margin-half.json": text({"tracker": {"detectionMarginFraction": 0.5}}),
    "tracker-view-error-unknown-member.json": text({"tracker": {"measurementError": {"pixels": 2}}}),
    "tracker-view-error-latency-negative.json": text(
        {"tracker": {"measurementError": {"latencySeconds": -0.01}}}),
    "tracker-view-flag-number.json": text({"trackerUsesDetectorView": 1}),
    "vision-model-size-zero.json": text({"interpretVisionAs": {
        "cropAndScale": "centerCrop", "modelInputSize": [0, 416], "orientation": "up"}}),
}

# Scene specs: a small valid spec, then one defect each.
SPEC = {
    "format": "arplacementsim.sceneSpec", "version": 1, "framesPerSecond": 30, "durationSeconds": 1,
    "device": {"preset": "iPhone15Pro"},
    "vision": {"cropAndScale": "centerCrop", "modelInputSize": [416, 416], "orientation": "right"},
    "viewport": {"size": [390, 844], "interfaceOrientation": "portrait"},
    "surfaces": [{"identifier": "dashboard", "position": [0, 1.0, -0.6],
                  "rotation": {"axis": [1, 0, 0], "degrees": 60}, "size": [0.8, 0.3]}],
    "objects": [{"id": "button-1", "label": "hazard", "surface": "dashboard",
                 "surfacePosition": [-0.3, -0.08], "size": [0.03, 0.03, 0.01]}],
    "trajectory": {"waypoints": [
        {"time": 0, "position": [-0.08, 1.3, 0.22], "lookAt": [0, 1.0, -0.6]},
        {"time": 0.5, "position": [0.1, 1.26, 0.2], "lookAt": [0.04, 0.99, -0.6]},
        {"time": 1, "position": [0.02, 1.34, 0.28], "lookAt": [0, 1.01, -0.6]}]},
}


def spec(edit):
    s = copy.deepcopy(SPEC)
    edit(s)
    return text(s)


def setter(*path_and_value):
    *path, value = path_and_value

    def edit(s):
        target = s
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return edit


specs = {
    "valid.json": text(SPEC),  # the base, which must decode (checked by the tests)
    "syntax-truncated.json": text(SPEC)[:-20],
    "syntax-nan-literal.json": text(SPEC).replace('"framesPerSecond":30', '"framesPerSecond":NaN'),
    "unknown-member.json": spec(setter("colour", 1)),
    "unknown-format.json": spec(setter("format", "arplacementsim.recording")),
    "missing-device.json": spec(lambda s: s.pop("device")),
    "fps-zero.json": spec(setter("framesPerSecond", 0)),
    "fps-nan-string.json": spec(setter("framesPerSecond", "NaN")),
    "duration-negative.json": spec(setter("durationSeconds", -1)),
    "unknown-device-preset.json": spec(setter("device", "preset", "iPhone99")),
    "surface-size-negative.json": spec(setter("surfaces", 0, "size", [-0.8, 0.3])),
    "surface-size-zero.json": spec(setter("surfaces", 0, "size", [0.8, 0])),
    "object-unknown-surface.json": spec(setter("objects", 0, "surface", "roof")),
    # Found by the scene-spec fuzzer: a depth of 8.1e305 m decoded and synthesized a NaN truth position.
    "object-size-huge.json": spec(setter("objects", 0, "size", [0.03, 0.03, 8.1e305])),
    "object-surface-position-huge.json": spec(setter("objects", 0, "surfacePosition", [1e300, 0])),
    # The dashboard is 0.3 m deep (surface-local z): z = 0.2 is beyond its half height 0.15.
    "object-outside-surface.json": spec(setter("objects", 0, "surfacePosition", [0.2, 0.2])),
    "waypoint-time-repeated.json": spec(setter("trajectory", "waypoints", 2, "time", 0.5)),
    "waypoint-time-decreasing.json": spec(setter("trajectory", "waypoints", 1, "time", 2)),
    "waypoint-position-huge.json": spec(setter("trajectory", "waypoints", 0, "position", [1e300, 0, 0])),
    "detector-miss-probability-over-one.json": spec(setter("detector", {"missProbability": 1.5})),
    "hand-edges-decreasing.json": spec(setter("trajectory", "hand", {
        "bandEdgesHertz": [1, 4, 2], "velocityRMSMetersPerSecond": [0.1, 0.1],
        "angularVelocityRMSDegreesPerSecond": [5, 5]})),
    "hand-band-count-mismatch.json": spec(setter("trajectory", "hand", {
        "bandEdgesHertz": [1, 2, 4], "velocityRMSMetersPerSecond": [0.1],
        "angularVelocityRMSDegreesPerSecond": [5, 5]})),
    "hand-components-zero.json": spec(setter("trajectory", "hand", {
        "bandEdgesHertz": [1, 2], "velocityRMSMetersPerSecond": [0.1],
        "angularVelocityRMSDegreesPerSecond": [5], "componentsPerBand": 0})),
}

for out, files in ((SETTINGS_OUT, settings), (SPECS_OUT, specs)):
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    for name, content in sorted(files.items()):
        with open(os.path.join(out, name), "w") as f:
            f.write(content + "\n")
print(f"wrote {len(settings)} settings and {len(specs)} spec fixtures")
