#!/usr/bin/env python3
"""Peer for `ARSimBenchmarks decode`: time json.load on the same file.

usage: python_json_load.py FILE [--repetitions R]
Prints one JSON object (sorted keys): median seconds and MB/s (10^6 bytes) of
open + json.load, the same work as the Swift "parse" figure (file read + parse into values).
"""
import argparse
import json
import os
import statistics
import sys
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--repetitions", type=int, default=7)
    arguments = parser.parse_args()
    size = os.path.getsize(arguments.file)
    timings = []
    frames = 0
    for _ in range(max(1, arguments.repetitions)):
        start = time.perf_counter()
        with open(arguments.file, "rb") as handle:
            document = json.load(handle)
        timings.append(time.perf_counter() - start)
        frames = len(document["frames"])
        del document
    median = statistics.median(timings)
    print(json.dumps({
        "benchmark": "python json.load",
        "python": sys.version.split()[0],
        "bytes": size,
        "frames": frames,
        "repetitions": len(timings),
        "medianSeconds": median,
        "mbPerSecond": size / 1e6 / median,
    }, sort_keys=True))


if __name__ == "__main__":
    main()
