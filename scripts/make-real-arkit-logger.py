#!/usr/bin/env python3
"""Build Scenes/specs/real-arkit-logger.json and Scenes/real-arkit-logger.json from the
ARKit Data Logger recording (real iPhone XS poses at 60 Hz and real feature points, MIT licence).

1. Fit the dominant plane of the real point cloud (RANSAC, fixed seed, 2 cm inlier threshold, then
   a least-squares refit of the inliers); orient its normal towards the mean camera position.
2. Take the inliers' 10th-90th percentile box in the plane as the true surface, and place a 4x3
   grid of synthetic buttons over its central 60 %.
3. Write the scene spec (recordedTrajectory = the logger directory, every 2nd pose) and run
   `arsim synth` on it to produce the recording.

Development tooling only (needs numpy). Usage:
  scripts/make-real-arkit-logger.py [--logger DIR] [--arsim PATH] [--seed N]
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
SPEC = ROOT / "Scenes" / "specs" / "real-arkit-logger.json"
OUT = ROOT / "Scenes" / "real-arkit-logger.json"
# As written in the spec: relative to Scenes/specs/ (the copy of the data in Tests/Fixtures/ of
# the repository).
LOGGER_IN_SPEC = "../../Tests/Fixtures/arkit-data-logger"


def load_rows(path):
    with open(path, encoding="utf-8") as handle:
        return np.array([[float(v) for v in line.split()] for line in handle if line.strip() and not line.startswith("#")])


def fit_plane(points, rng):
    best = None
    for _ in range(400):
        a, b, c = points[rng.choice(len(points), 3, replace=False)]
        n = np.cross(b - a, c - a)
        if np.linalg.norm(n) < 1e-9:
            continue
        n /= np.linalg.norm(n)
        inliers = np.abs((points - a) @ n) < 0.02
        if best is None or inliers.sum() > best.sum():
            best = inliers
    chosen = points[best]
    centroid = chosen.mean(axis=0)
    _, _, vt = np.linalg.svd(chosen - centroid)
    return centroid, vt[2], chosen


def axis_angle(r):
    angle = np.degrees(np.arccos(np.clip((np.trace(r) - 1) / 2, -1, 1)))
    axis = np.array([r[2, 1] - r[1, 2], r[0, 2] - r[2, 0], r[1, 0] - r[0, 1]])
    if np.linalg.norm(axis) < 1e-9:
        return [1.0, 0.0, 0.0], 0.0
    return list(axis / np.linalg.norm(axis)), float(angle)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logger", type=pathlib.Path, default=(SPEC.parent / LOGGER_IN_SPEC).resolve())
    parser.add_argument("--arsim", default=None, help="the arsim binary (default: swift run arsim)")
    parser.add_argument("--seed", type=int, default=7)
    arguments = parser.parse_args()
    cloud = load_rows(arguments.logger / "ARKit_point_cloud.txt")[:, :3]
    poses = load_rows(arguments.logger / "ARKit_camera_pose.txt")
    camera_mean = poses[:, [4, 8, 12]].mean(axis=0)
    centroid, normal, inliers = fit_plane(cloud, np.random.default_rng(20190722))
    if (camera_mean - centroid) @ normal < 0:
        normal = -normal
    # Local frame: y = normal, x = world x (or z) projected into the plane, z = x cross y.
    seed_axis = np.array([1.0, 0.0, 0.0]) if abs(normal[0]) < 0.9 else np.array([0.0, 0.0, 1.0])
    x = seed_axis - (seed_axis @ normal) * normal
    x /= np.linalg.norm(x)
    z = np.cross(x, normal)
    rotation = np.column_stack([x, normal, z])
    uv = np.column_stack([(inliers - centroid) @ x, (inliers - centroid) @ z])
    low, high = np.percentile(uv, 10, axis=0), np.percentile(uv, 90, axis=0)
    middle = (low + high) / 2
    size = high - low
    origin = centroid + middle[0] * x + middle[1] * z
    axis, degrees = axis_angle(rotation)
    labels = ["hazard", "defrost", "ac", "fan", "volume", "seat-heat"]
    objects = []
    for row, fz in enumerate([-0.3, 0.0, 0.3]):
        for column, fx in enumerate([-0.3, -0.1, 0.1, 0.3]):
            index = row * 4 + column
            objects.append({"id": f"button-{index + 1}", "label": labels[index % 6], "surface": "found-plane",
                            "surfacePosition": [round(fx * size[0], 4), round(fz * size[1], 4)],
                            "size": [0.05, 0.04, 0.01]})
    spec = {
        "format": "arplacementsim.sceneSpec", "version": 1,
        "description": (f"Real iPhone XS poses (ARKit Data Logger, every 2nd of 2762 frames at 60 Hz) and the real "
                        f"point cloud; synthetic buttons on the dominant plane of the cloud ({len(inliers)} of "
                        f"{len(cloud)} points within 2 cm), found by scripts/make-real-arkit-logger.py."),
        "device": {"preset": "iPhoneXS"},
        "vision": {"cropAndScale": "centerCrop", "modelInputSize": [416, 416], "orientation": "right",
                   "regionOfInterest": [0, 0, 1, 1]},
        "viewport": {"size": [375, 812], "interfaceOrientation": "portrait"},
        "surfaces": [{"identifier": "found-plane", "position": [round(float(v), 5) for v in origin],
                      "rotation": {"axis": [round(float(v), 6) for v in axis], "degrees": round(degrees, 4)},
                      "size": [round(float(size[0]), 4), round(float(size[1]), 4)]}],
        "objects": objects,
        "recordedTrajectory": {"arkitDataLogger": LOGGER_IN_SPEC, "everyNthFrame": 2},
        "planes": {"detectionDelaySeconds": 0.5, "growthTimeSeconds": 2, "initialFraction": 0.3},
        "featurePoints": {"maximumPerFrame": 12},
        "detector": {"boxNoisePixels": 3, "missProbability": 0.05, "confidenceMean": 0.85, "confidenceSpread": 0.1},
    }
    SPEC.write_text(json.dumps(spec, indent=2) + "\n", encoding="utf-8")
    with tempfile.TemporaryDirectory() as directory:
        local = dict(spec, recordedTrajectory=dict(spec["recordedTrajectory"], arkitDataLogger=str(arguments.logger)))
        temporary = pathlib.Path(directory) / "spec.json"
        temporary.write_text(json.dumps(local), encoding="utf-8")
        command = [arguments.arsim] if arguments.arsim else ["swift", "run", "--package-path", str(ROOT), "arsim"]
        subprocess.run(command + ["synth", str(temporary), "--seed", str(arguments.seed), "--out", str(OUT)], check=True)
    print(f"plane: {len(inliers)} inliers, normal {np.round(normal, 3)}, size {np.round(size, 3)} m; wrote {SPEC} and {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
