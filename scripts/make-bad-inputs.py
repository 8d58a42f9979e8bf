#!/usr/bin/env python3
"""Writes the bad-input corpus, Tests/Fixtures/bad-inputs/.

Each file is a small valid recording (or plane list) with exactly one defect, almost always in
frame 1 (the second frame) so that the tests can check that errors name the frame index. The
expected error of every file is written by hand in Tests/SceneReplayTests/BadInputCorpusTests.swift;
this script only makes the inputs. Run it from the package root; it rewrites the directory.
Inputs too big to commit (100,000 detections, deep nesting past the parser, oversize files) are
made by the tests themselves.
"""
import copy
import json
import os
import shutil

OUT = "Tests/Fixtures/bad-inputs"
IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
CAMERA = {"transform": IDENTITY[:12] + [0, 1.2, 0.4, 1],
          "intrinsics": [1445, 0, 0, 0, 1445, 0, 959.5, 719.5, 1], "imageResolution": [1920, 1440]}
PLANE = {"identifier": "floor", "transform": IDENTITY[:12] + [0, 0, -1, 1], "center": [0, 0, 0],
         "extent": {"width": 2, "height": 3, "rotationOnYAxis": 0},
         "boundary": [[-1, 0, -1.5], [1, 0, -1.5], [1, 0, 1.5], [-1, 0, 1.5]],
         "alignment": "horizontal", "classification": "floor"}
DETECTION = {"label": "hazard", "confidence": 0.9, "boundingBox": [0.25, 0.5, 0.125, 0.25]}
POINTS = {"points": [[0.1, 0, -1.2], [-0.3, 0, -0.8]], "identifiers": [11, 12]}


def frame(timestamp):
    return {"timestamp": timestamp, "camera": copy.deepcopy(CAMERA), "planes": [copy.deepcopy(PLANE)],
            "featurePoints": copy.deepcopy(POINTS), "detections": [copy.deepcopy(DETECTION)]}


def recording():
    return {"format": "arplacementsim.recording", "version": 1,
            "viewport": {"size": [390, 844], "interfaceOrientation": "portrait"},
            "vision": {"cropAndScale": "centerCrop", "modelInputSize": [416, 416], "orientation": "right",
                       "regionOfInterest": [0, 0, 1, 1]},
            "frames": [frame(0.5), frame(1.0)]}


def text(value):
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


files = {}


def mutated(name, edit):
    """A recording whose frame 1 (or header, for `header-` names) is changed by `edit`."""
    r = recording()
    edit(r, r["frames"][1])
    files[name] = text(r) + "\n"


def setter(*path_and_value):
    *path, value = path_and_value

    def edit(r, f):
        target = r if path[0] == "/" else f
        keys = path[1:] if path[0] == "/" else path
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
    return edit


good = text(recording())
# Syntax: not JSON.
files["syntax-truncated.json"] = good[: len(good) // 2]
files["syntax-trailing-comma.json"] = good.replace('"imageResolution":[1920,1440]', '"imageResolution":[1920,1440,]', 1)
files["syntax-unterminated-string.json"] = '{"format":"arplacementsim.recording","version":1,"frames":[{"timestamp":0.5,"camera":{"transform":"abc'
files["syntax-nan-literal.json"] = good.replace('"timestamp":1.0', '"timestamp":NaN')
files["syntax-infinity-literal.json"] = good.replace('"timestamp":1.0', '"timestamp":-Infinity')
files["syntax-number-overflow.json"] = good.replace('"timestamp":1.0', '"timestamp":1e400')
files["syntax-duplicate-member.json"] = good.replace('"timestamp":1.0', '"timestamp":1.0,"timestamp":2.0')
files["syntax-empty-file.json"] = ""
files["syntax-nested-600-deep.json"] = good.replace('"timestamp":1.0', '"timestamp":1.0,"x":' + "[" * 600 + "]" * 600)
files["syntax-comment.json"] = "// a recording\n" + good
# Header.
mutated("header-unknown-version.json", setter("/", "version", 2))
mutated("header-unknown-format.json", setter("/", "format", "arplacementsim.scene"))
mutated("header-version-string.json", setter("/", "version", "1"))
mutated("header-frames-object.json", setter("/", "frames", {}))
mutated("header-unknown-vision-orientation.json", setter("/", "vision", "orientation", "sideways"))
mutated("header-viewport-zero-width.json", setter("/", "viewport", "size", [0, 844]))
mutated("header-unknown-crop.json", setter("/", "vision", "cropAndScale", "stretch"))
files["header-missing-frames.json"] = text({k: v for k, v in recording().items() if k != "frames"}) + "\n"
files["header-top-level-array.json"] = "[" + good + "]\n"
# Frames.
mutated("frame-empty-object.json", lambda r, f: r["frames"].__setitem__(1, {}))
mutated("frame-timestamp-repeated.json", setter("timestamp", 0.5))
mutated("frame-timestamp-decreasing.json", setter("timestamp", 0.25))
mutated("frame-timestamp-string.json", setter("timestamp", "1.0"))
mutated("frame-unknown-interface-orientation.json", setter("interfaceOrientation", "upsideDown"))
mutated("frame-display-transform-missing-ty.json", setter("displayTransform", {"a": 0, "b": 1, "c": -1, "d": 0, "tx": 1}))
mutated("frame-frame-is-number.json", lambda r, f: r["frames"].__setitem__(1, 7))
# Cameras.
mutated("camera-focal-zero.json", setter("camera", "intrinsics", [0, 0, 0, 0, 1445, 0, 959.5, 719.5, 1]))
mutated("camera-focal-negative.json", setter("camera", "intrinsics", [1445, 0, 0, 0, -1445, 0, 959.5, 719.5, 1]))
mutated("camera-image-width-zero.json", setter("camera", "imageResolution", [0, 1440]))
mutated("camera-image-height-negative.json", setter("camera", "imageResolution", [1920, -1440]))
mutated("camera-transform-singular.json", setter("camera", "transform", [0] * 15 + [1]))
mutated("camera-transform-scaled.json", setter("camera", "transform", [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1]))
mutated("camera-transform-reflection.json", setter("camera", "transform", [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
mutated("camera-transform-projective.json", setter("camera", "transform", IDENTITY[:11] + [0.5, 0, 0, 0, 1]))
mutated("camera-transform-15-numbers.json", setter("camera", "transform", IDENTITY[:15]))
mutated("camera-transform-null-element.json", setter("camera", "transform", IDENTITY[:5] + [None] + IDENTITY[6:]))
mutated("camera-intrinsics-float-overflow.json", setter("camera", "intrinsics", [1e39, 0, 0, 0, 1e39, 0, 959.5, 719.5, 1]))
mutated("camera-translation-float-overflow.json", setter("camera", "transform", IDENTITY[:12] + [1e39, 0, 0, 1]))
# Planes (recording validation).
mutated("plane-zero-extent.json", setter("planes", 0, "extent", "width", 0))
mutated("plane-negative-extent.json", setter("planes", 0, "extent", "height", -3))
mutated("plane-two-vertices.json", setter("planes", 0, "boundary", [[-1, 0, -1.5], [1, 0, -1.5]]))
mutated("plane-vertex-two-numbers.json", setter("planes", 0, "boundary", [[-1, 0, -1.5], [1, 0], [1, 0, 1.5]]))
mutated("plane-duplicate-identifier.json", lambda r, f: f["planes"].append(copy.deepcopy(PLANE)))
mutated("plane-empty-identifier.json", setter("planes", 0, "identifier", ""))
mutated("plane-unknown-alignment.json", setter("planes", 0, "alignment", "diagonal"))
mutated("plane-unknown-classification.json", setter("planes", 0, "classification", "sofa"))
# Planes (domain conversion: decodes, refused by PlaneAnchor / PlaneBoundary).
mutated("domain-plane-zero-normal.json", setter("planes", 0, "transform", [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, -1, 1]))
mutated("domain-plane-scaled-transform.json", setter("planes", 0, "transform", [3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 3, 0, 0, 0, -1, 1]))
mutated("domain-plane-nonconvex-boundary.json", setter("planes", 0, "boundary", [[-1, 0, -1], [1, 0, -1], [0, 0, -0.2], [1, 0, 1], [-1, 0, 1]]))
mutated("domain-plane-self-intersecting-boundary.json", setter("planes", 0, "boundary", [[-1, 0, -1], [1, 0, 1], [1, 0, -1], [-1, 0, 1]]))
mutated("domain-plane-collinear-boundary.json", setter("planes", 0, "boundary", [[-1, 0, 0], [0, 0, 0], [1, 0, 0]]))
mutated("domain-feature-point-float-overflow.json", setter("featurePoints", "points", [[0.1, 0, -1.2], [1e39, 0, -0.8]]))
# Detections and feature points.
mutated("detection-box-past-right-edge.json", setter("detections", 0, "boundingBox", [0.8, 0.5, 0.5, 0.25]))
mutated("detection-box-negative-width.json", setter("detections", 0, "boundingBox", [0.25, 0.5, -0.125, 0.25]))
mutated("detection-box-negative-origin.json", setter("detections", 0, "boundingBox", [0.25, -0.5, 0.125, 0.25]))
mutated("detection-box-three-numbers.json", setter("detections", 0, "boundingBox", [0.25, 0.5, 0.125]))
mutated("detection-confidence-above-one.json", setter("detections", 0, "confidence", 1.5))
mutated("detection-label-number.json", setter("detections", 0, "label", 5))
mutated("points-identifier-count.json", setter("featurePoints", "identifiers", [11]))
mutated("points-identifier-fraction.json", setter("featurePoints", "identifiers", [11, 12.5]))
# Plane lists.
files["planelist-missing-planes.json"] = text({"plane": [PLANE]}) + "\n"
files["planelist-duplicate-identifier.json"] = text({"planes": [PLANE, PLANE]}) + "\n"
files["planelist-two-vertices.json"] = text({"planes": [dict(PLANE, boundary=PLANE["boundary"][:2])]}) + "\n"
# JSON Lines: header line, then one frame per line.
header = {k: v for k, v in recording().items() if k != "frames"}
lines = [text(header), text(frame(0.5)), text(frame(1.0))]
files["jsonl-frame-syntax.jsonl"] = "\n".join(lines[:2] + [lines[2].replace('"timestamp":1.0', '"timestamp":1.0,,')]) + "\n"
files["jsonl-truncated-last-line.jsonl"] = "\n".join(lines[:2] + [lines[2][:40]])
files["jsonl-timestamp-repeated.jsonl"] = "\n".join(lines[:2] + [text(frame(0.5))]) + "\n"
files["jsonl-header-with-frames.jsonl"] = text(recording()) + "\n"
files["jsonl-empty.jsonl"] = "\n\n"
files["jsonl-unknown-version.jsonl"] = "\n".join([text(dict(header, version=3))] + lines[1:]) + "\n"
files["jsonl-frame-box-outside.jsonl"] = "\n".join(lines[:2] + [lines[2].replace("[0.25,0.5,0.125,0.25]", "[0.25,0.5,0.125,1.25]")]) + "\n"

if os.path.isdir(OUT):
    shutil.rmtree(OUT)
os.makedirs(OUT)
for name, content in sorted(files.items()):
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        f.write(content)
# A string that is not UTF-8 (a lone continuation byte), written as bytes.
with open(os.path.join(OUT, "syntax-invalid-utf8.json"), "wb") as f:
    f.write(good.replace('"hazard"', '"haz\\u0041rd"', 1).encode().replace(b"\\u0041", b"\x80", 1) + b"\n")
print(f"wrote {len(files) + 1} files to {OUT}")
