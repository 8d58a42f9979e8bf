#!/usr/bin/env python3
"""Build a bundled real-trajectory scene from a data logger capture: `arkit` writes
Scenes/specs/real-arkit-logger.json and Scenes/real-arkit-logger.json from the ARKit Data Logger
recording (real iPhone XS camera poses at 60 Hz and real feature points), `arcore` writes
Scenes/specs/real-arcore-logger.json and Scenes/real-arcore-logger.json from the ARCore Data
Logger recording (real Android sensor poses at about 20 Hz, which `arsim synth` turns into camera
poses with the spec's arcore.sensorOrientation, and real feature points). Both MIT licence.

1. Fit the dominant plane of the real point cloud (RANSAC, fixed seed, 2 cm inlier threshold, then
   a least-squares refit of the inliers); orient its normal towards the mean camera position.
2. Take the inliers' 10th-90th percentile box in the plane as the true surface, and place a 4x3
   grid of synthetic buttons over its central 60 %.
3. Write the scene spec (recordedTrajectory = the logger directory) and run `arsim synth` on it
   to produce the recording.

Development tooling only (needs numpy). Usage:
  scripts/make-real-logger-scene.py {arkit,arcore} [--logger DIR] [--arsim PATH] [--seed N]
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
# Per logger: the scene's name, the spec member naming the directory, the directory as written
# in the spec (relative to Scenes/specs/: the copy of the data in Tests/Fixtures/), the files,
# the column of the pose file holding the camera (or sensor) position, and the frames kept.
LOGGERS = {
    "arkit": {"scene": "real-arkit-logger", "member": "arkitDataLogger",
              "directory": "../../Tests/Fixtures/arkit-data-logger", "poses": "ARKit_camera_pose.txt",
              "points": "ARKit_point_cloud.txt", "position_columns": [4, 8, 12], "every_nth": 2, "seed": 7},
    "arcore": {"scene": "real-arcore-logger", "member": "arcoreDataLogger",
               "directory": "../../Tests/Fixtures/arcore-data-logger", "poses": "ARCore_sensor_pose.txt",
               "points": "ARCore_point_cloud.txt", "position_columns": [5, 6, 7], "every_nth": 1, "seed": 3},
}


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


def platform_members(platform, inliers, cloud):
    """The spec members that differ between the two loggers' scenes."""
    if platform == "arkit":
        return {
            "description": (f"Real iPhone XS poses (ARKit Data Logger, every 2nd of 2762 frames at 60 Hz) and the real "
                            f"point cloud; synthetic buttons on the dominant plane of the cloud ({len(inliers)} of "
                            f"{len(cloud)} points within 2 cm), found by scripts/make-real-logger-scene.py."),
            "device": {"preset": "iPhoneXS"},
            "vision": {"cropAndScale": "centerCrop", "modelInputSize": [416, 416], "orientation": "right",
                       "regionOfInterest": [0, 0, 1, 1]},
            "viewport": {"size": [375, 812], "interfaceOrientation": "portrait"},
        }
    return {
        "description": (f"Real Android phone poses (ARCore Data Logger: Frame.getAndroidSensorPose() at about 20 Hz, "
                        f"converted to camera poses for a 90-degree back camera in portrait, ROTATION_0) and the real "
                        f"point cloud; synthetic buttons on the dominant plane of the cloud ({len(inliers)} of "
                        f"{len(cloud)} points within 2 cm), found by scripts/make-real-logger-scene.py. The logger "
                        f"recorded no intrinsics: a 1920x1080 texture with fx = fy = 1450 px is assumed."),
        "device": {"intrinsics": [1450, 1450, 959.5, 539.5], "imageResolution": [1920, 1080]},
        "arcore": {"displayGeometry": {"rotation": "ROTATION_0", "width": 1080, "height": 2400},
                   "sensorOrientation": 90, "imageSize": [640, 480]},
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("platform", choices=sorted(LOGGERS))
    parser.add_argument("--logger", type=pathlib.Path, default=None)
    parser.add_argument("--arsim", default=None, help="the arsim binary (default: swift run arsim)")
    parser.add_argument("--seed", type=int, default=None)
    arguments = parser.parse_args()
    logger = LOGGERS[arguments.platform]
    spec_path = ROOT / "Scenes" / "specs" / f"{logger['scene']}.json"
    out = ROOT / "Scenes" / f"{logger['scene']}.json"
    directory = arguments.logger or (spec_path.parent / logger["directory"]).resolve()
    seed = logger["seed"] if arguments.seed is None else arguments.seed
    cloud = load_rows(directory / logger["points"])[:, :3]
    poses = load_rows(directory / logger["poses"])
    camera_mean = poses[:, logger["position_columns"]].mean(axis=0)
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
    spec = {"format": "arplacementsim.sceneSpec", "version": 1}
    spec.update(platform_members(arguments.platform, inliers, cloud))
    spec.update({
        "surfaces": [{"identifier": "found-plane", "position": [round(float(v), 5) for v in origin],
                      "rotation": {"axis": [round(float(v), 6) for v in axis], "degrees": round(degrees, 4)},
                      "size": [round(float(size[0]), 4), round(float(size[1]), 4)]}],
        "objects": objects,
        "recordedTrajectory": {logger["member"]: logger["directory"], "everyNthFrame": logger["every_nth"]},
        "planes": {"detectionDelaySeconds": 0.5, "growthTimeSeconds": 2, "initialFraction": 0.3},
        "featurePoints": {"maximumPerFrame": 12},
        "detector": {"boxNoisePixels": 3, "missProbability": 0.05, "confidenceMean": 0.85, "confidenceSpread": 0.1},
    })
    if logger["every_nth"] == 1:
        del spec["recordedTrajectory"]["everyNthFrame"]
    spec_path.write_text(json.dumps(spec, indent=2) + "\n", encoding="utf-8")
    with tempfile.TemporaryDirectory() as temporary_directory:
        local = dict(spec, recordedTrajectory=dict(spec["recordedTrajectory"], **{logger["member"]: str(directory)}))
        temporary = pathlib.Path(temporary_directory) / "spec.json"
        temporary.write_text(json.dumps(local), encoding="utf-8")
        command = [arguments.arsim] if arguments.arsim else ["swift", "run", "--package-path", str(ROOT), "arsim"]
        subprocess.run(command + ["synth", str(temporary), "--seed", str(seed), "--out", str(out)], check=True)
    print(f"plane: {len(inliers)} inliers, normal {np.round(normal, 3)}, size {np.round(size, 3)} m; wrote {spec_path} and {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
