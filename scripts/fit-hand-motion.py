#!/usr/bin/env python3
"""Fit the synthesizer's handheld-motion model (HandMotionSpec) to a real hand-held trajectory, and
check a synthesized recording against it.

The model adds, per frequency band, sines whose 3D velocity (world axes) and 3D angular velocity
(camera axes) have given RMS values. The fit measures exactly those band RMS values on the real
trajectory:
1. read the ARKit Data Logger poses (worldFromCamera at about 60 Hz) and resample them to a uniform
   60 Hz grid (linear interpolation of positions; angular velocity from consecutive rotations,
   R_i^T R_{i+1}, in camera axes, interpolated);
2. velocity and jerk by central differences (numpy.gradient);
3. Welch power spectral densities (Hann window of 512 samples = 8.5 s, half overlap) per axis,
   summed over the three axes, and integrated over each band [f_i, f_{i+1}): the band's RMS.
The band edges are octaves from 0.125 Hz to 16 Hz and 16–30 Hz (Nyquist). In the lowest band
(0.125–0.25 Hz) the translation is the walk itself, which a scene's waypoints provide, so the model
adds none there; its rotation is looking around, which the model adds.

With --check RECORDING (a recording synthesized from a spec that uses the fitted "hand"), the same
figures are computed on that recording's cameras (frames[].camera.transform) and compared: speed
and angular speed percentiles, and per band the RMS velocity, angular velocity and jerk as ratios
synthetic / real.

Development tooling only (numpy). Prints one JSON object (sorted keys). Usage:
  scripts/fit-hand-motion.py [--logger DIR] [--check RECORDING.json]
"""
import argparse
import json
import pathlib
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
EDGES = [0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0]
RATE = 60.0


def default_logger():
    for base in (ROOT.parent / "shared", ROOT.parent.parent / "shared"):
        candidate = base / "data" / "arkit-data-logger"
        if candidate.exists():
            return candidate
    return ROOT.parent / "shared" / "data" / "arkit-data-logger"


def log_rotation(r):
    """The rotation vector (axis * angle, radians) of a 3x3 rotation."""
    angle = np.arccos(np.clip((np.trace(r) - 1) / 2, -1, 1))
    if angle < 1e-9:
        return np.zeros(3)
    axis = np.array([r[2, 1] - r[1, 2], r[0, 2] - r[2, 0], r[1, 0] - r[0, 1]]) / (2 * np.sin(angle))
    return axis * angle


def resampled(times, positions, rotations):
    """Positions and camera-axis angular velocities (rad/s) on a uniform RATE grid."""
    grid = np.arange(times[0], times[-1], 1 / RATE)
    p = np.stack([np.interp(grid, times, positions[:, i]) for i in range(3)], axis=1)
    omega = np.array([log_rotation(rotations[i].T @ rotations[i + 1]) / (times[i + 1] - times[i])
                      for i in range(len(times) - 1)])
    middle = (times[1:] + times[:-1]) / 2
    w = np.stack([np.interp(grid, middle, omega[:, i]) for i in range(3)], axis=1)
    return p, w


def band_rms(signal):
    """RMS of a 3-axis signal in each band of EDGES (Welch PSD summed over axes)."""
    n = 512
    window = np.hanning(n)
    scale = RATE * (window ** 2).sum()
    total = np.zeros(n // 2 + 1)
    for axis in range(3):
        x = signal[:, axis]
        segments = [x[i:i + n] - x[i:i + n].mean() for i in range(0, len(x) - n + 1, n // 2)]
        total += 2 * np.mean([np.abs(np.fft.rfft(s * window)) ** 2 for s in segments], axis=0) / scale
    f = np.fft.rfftfreq(n, 1 / RATE)
    df = f[1] - f[0]
    return [float(np.sqrt(total[(f >= lo) & (f < hi)].sum() * df)) for lo, hi in zip(EDGES[:-1], EDGES[1:])]


def statistics(times, positions, rotations):
    p, w = resampled(times, positions, rotations)
    v = np.gradient(p, 1 / RATE, axis=0)
    j = np.gradient(np.gradient(v, 1 / RATE, axis=0), 1 / RATE, axis=0)
    speed = np.linalg.norm(v, axis=1)
    turn = np.degrees(np.linalg.norm(w, axis=1))
    return {
        "frames": int(len(times)), "seconds": round(float(times[-1] - times[0]), 3),
        "speedMetersPerSecond": {"p50": round(float(np.percentile(speed, 50)), 4),
                                 "p90": round(float(np.percentile(speed, 90)), 4)},
        "angularSpeedDegreesPerSecond": {"p50": round(float(np.percentile(turn, 50)), 3),
                                         "p90": round(float(np.percentile(turn, 90)), 3)},
        "bandEdgesHertz": EDGES,
        "velocityRMSMetersPerSecond": [round(x, 5) for x in band_rms(v)],
        "angularVelocityRMSDegreesPerSecond": [round(float(np.degrees(x)), 4) for x in band_rms(w)],
        "jerkRMSMetersPerSecondCubed": [round(x, 3) for x in band_rms(j)],
    }


def logger_poses(directory):
    rows = np.array([[float(v) for v in line.split()] for line in open(directory / "ARKit_camera_pose.txt")
                     if line.strip() and not line.startswith("#")])
    times = (rows[:, 0] - rows[0, 0]) * 1e-9
    rotations = rows[:, [1, 2, 3, 5, 6, 7, 9, 10, 11]].reshape(-1, 3, 3)
    return times, rows[:, [4, 8, 12]], rotations


def recording_poses(path):
    frames = json.loads(pathlib.Path(path).read_text())["frames"]
    times = np.array([f["timestamp"] for f in frames])
    matrices = np.array([np.array(f["camera"]["transform"]).reshape(4, 4).T for f in frames])  # column-major
    return times - times[0], matrices[:, :3, 3], matrices[:, :3, :3]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logger", type=pathlib.Path, default=default_logger())
    parser.add_argument("--check", type=pathlib.Path, default=None)
    arguments = parser.parse_args()
    real = statistics(*logger_poses(arguments.logger))
    # The model: every band as measured, except the walk (translation below 0.25 Hz).
    velocity = [0.0] + real["velocityRMSMetersPerSecond"][1:]
    hand = {"bandEdgesHertz": EDGES,
            "velocityRMSMetersPerSecond": [round(x, 4) for x in velocity],
            "angularVelocityRMSDegreesPerSecond": [round(x, 2) for x in real["angularVelocityRMSDegreesPerSecond"]],
            "componentsPerBand": 4}
    output = {"real": real, "hand": hand}
    if arguments.check:
        synthetic = statistics(*recording_poses(arguments.check))
        output["check"] = {"file": str(arguments.check), "synthetic": synthetic, "ratios": {
            key: [round(s / r, 3) if r > 0 else None for s, r in zip(synthetic[key], real[key])]
            for key in ("velocityRMSMetersPerSecond", "angularVelocityRMSDegreesPerSecond",
                        "jerkRMSMetersPerSecondCubed")}}
    print(json.dumps(output, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
