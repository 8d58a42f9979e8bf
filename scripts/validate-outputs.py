#!/usr/bin/env python3
"""Validate real `arsim` JSON outputs against their schemas in Scenes/schema/ (draft 2020-12).

Called from .ci/run after the release build. Development tooling only: `swift build`/`swift test`
never need it.

Runs the built `arsim` (default: .build/release/arsim, else .build/debug/arsim) on the committed
scenes and the bad-input corpus and checks every output it documents:
- `replay --json`                      -> replay-report.schema.json (every Scenes/ recording;
                                          with --skip-invalid-frames over Tests/Fixtures/bad-inputs,
                                          so that skippedFrames is exercised)
- each line of `replay --out FILE`     -> replay-frame.schema.json
- each line of `sweep --out FILE`      -> sweep-result.schema.json
- `sweep --json`, `sweep --merge --json` -> sweep-ranking.schema.json
- `score REC --markers FILE --json`    -> score.schema.json (on replay's own markers)
Every output schema in Scenes/schema/ (all but recording.schema.json) must be exercised by at
least one output, so a new schema without a check here fails. To add an output, add a schema and
one entry to OUTPUTS below.

Errors name the command, the output (stdout or file:line) and the JSON path, e.g.
  replay Scenes/tabletop-landscape.json --json: stdout: markers[0].lastState: 'x' is not one of [...]
Exit status: 0 all valid, 1 some output invalid or a command failed, 2 setup failure.
"""
import argparse
import importlib.util
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def load_validate_scenes():
    spec = importlib.util.spec_from_file_location("validate_scenes", ROOT / "scripts" / "validate-scenes.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


validate_scenes = load_validate_scenes()


class Outputs:
    def __init__(self, jsonschema, schema_dir):
        from referencing import Registry, Resource

        self.jsonschema = jsonschema
        self.schemas = {}
        resources = []
        for path in sorted(schema_dir.glob("*.schema.json")):
            with open(path, encoding="utf-8") as handle:
                schema = json.load(handle)
            self.schemas[path.name] = schema
            resources.append((schema["$id"], Resource.from_contents(schema)))
        self.registry = Registry().with_resources(resources)
        self.validators = {}
        self.exercised = {}
        self.failures = 0

    def report(self, place, path, message):
        self.failures += 1
        where = validate_scenes.json_path(path)
        print(f"{place}: {where}: {message}" if where else f"{place}: {message}")

    def check(self, place, value, schema_name):
        if schema_name not in self.validators:
            self.validators[schema_name] = self.jsonschema.Draft202012Validator(
                self.schemas[schema_name], registry=self.registry)
        self.exercised[schema_name] = self.exercised.get(schema_name, 0) + 1
        errors = sorted(
            self.validators[schema_name].iter_errors(value),
            key=lambda e: [str(p) for p in e.absolute_path],
        )
        for error in errors[:20]:
            self.report(place, list(error.absolute_path), error.message)

    def check_object(self, place, text, schema_name):
        try:
            value = json.loads(text)
        except json.JSONDecodeError as error:
            self.report(place, [], f"not JSON: {error}")
            return
        self.check(place, value, schema_name)

    def check_lines(self, place, path, schema_name, at_least=1, header_format=None):
        count = 0
        expect_header = header_format is not None
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, start=1):
                if line.strip() and expect_header:
                    # Sweep results begin with their header line (shard, job count, line count).
                    expect_header = False
                    if json.loads(line).get("format") != header_format:
                        self.report(f"{place}:{number}", [], f"expected the {header_format} line first")
                    continue
                if line.strip():
                    count += 1
                    self.check_object(f"{place}:{number}", line, schema_name)
        if count < at_least:
            self.report(place, [], f"expected at least {at_least} line(s), got {count}")


def run(arsim, arguments, place, outputs, allowed=(0,)):
    completed = subprocess.run([str(arsim)] + arguments, cwd=ROOT, capture_output=True, text=True)
    if completed.returncode not in allowed:
        outputs.report(place, [], f"exit status {completed.returncode}: {completed.stderr.strip()[:500]}")
        return None
    return completed


def parsed(text):
    """The JSON value of `text`, or None when it is not JSON (already reported by check_object)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return None


def relative(path):
    try:
        return str(pathlib.Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arsim", type=pathlib.Path, default=None,
                        help="the arsim binary (default: .build/release/arsim, else .build/debug/arsim)")
    arguments = parser.parse_args()
    arsim = arguments.arsim
    if arsim is None:
        candidates = [ROOT / ".build" / "release" / "arsim", ROOT / ".build" / "debug" / "arsim"]
        arsim = next((c for c in candidates if c.is_file()), None)
        if arsim is None:
            print("validate-outputs: no arsim binary; run `swift build -c release` first", file=sys.stderr)
            return 2
    jsonschema = validate_scenes.ensure_jsonschema()
    outputs = Outputs(jsonschema, ROOT / "Scenes" / "schema")
    scenes = ROOT / "Scenes"
    recordings = sorted(
        p for p in scenes.glob("*.json")
        if json.loads(p.read_text(encoding="utf-8")).get("format") == "arplacementsim.recording"
    ) + sorted((scenes / "recordings").glob("*.json*"))
    bad_inputs = sorted((ROOT / "Tests" / "Fixtures" / "bad-inputs").glob("*.json*"))

    with tempfile.TemporaryDirectory(prefix="validate-outputs.") as temporary:
        work = pathlib.Path(temporary)
        # replay --json and --out on every committed recording.
        marker_count = 0
        for recording in recordings:
            name = relative(recording)
            out = work / "frames.jsonl"
            place = f"replay {name} --json --out FRAMES.jsonl"
            completed = run(arsim, ["replay", str(recording), "--json", "--out", str(out)], place, outputs)
            if completed:
                outputs.check_object(f"{place}: stdout", completed.stdout, "replay-report.schema.json")
                outputs.check_lines(f"{place}: FRAMES.jsonl", out, "replay-frame.schema.json")
                marker_count += len((parsed(completed.stdout) or {}).get("markers") or [])
                if recording.name == "dashboard-portrait.json":
                    # arsim score on replay's own markers (the markers file arsim replay --out wrote).
                    score_place = f"score {name} --markers FRAMES.jsonl --json"
                    scored = run(arsim, ["score", str(recording), "--markers", str(out), "--json"],
                                 score_place, outputs)
                    if scored:
                        outputs.check_object(f"{score_place}: stdout", scored.stdout, "score.schema.json")
        if marker_count == 0:
            outputs.report("replay", [], "no committed recording produced a marker: the marker schemas went unchecked")
        # --skip-invalid-frames over the bad-input corpus: reports with skippedFrames (files whose
        # header is bad are refused with status 1 and have no output to check).
        with_skipped = 0
        for bad in bad_inputs:
            place = f"replay {relative(bad)} --skip-invalid-frames --json"
            completed = run(arsim, ["replay", str(bad), "--skip-invalid-frames", "--json"], place, outputs,
                            allowed=(0, 1))
            if completed and completed.returncode == 0:
                outputs.check_object(f"{place}: stdout", completed.stdout, "replay-report.schema.json")
                if (parsed(completed.stdout) or {}).get("skippedFrames"):
                    with_skipped += 1
        if bad_inputs and with_skipped == 0:
            outputs.report("replay --skip-invalid-frames", [], "no report listed a skipped frame")
        # sweep: the committed grid over the committed recordings, then a merge of its results.
        grid = scenes / "grids" / "filters-and-anchors.json"
        results = work / "results.jsonl"
        place = f"sweep --recordings Scenes/recordings --grid {relative(grid)} --json"
        completed = run(arsim, ["sweep", "--recordings", str(scenes / "recordings"), "--grid", str(grid),
                                "--out", str(results), "--json", "--quiet"], place, outputs)
        if completed:
            outputs.check_object(f"{place}: stdout", completed.stdout, "sweep-ranking.schema.json")
            outputs.check_lines(f"{place}: RESULTS.jsonl", results, "sweep-result.schema.json",
                                header_format="arplacementsim.sweepResultsHeader")
            place = "sweep --merge RESULTS.jsonl --json"
            merged = run(arsim, ["sweep", "--merge", str(results), "--json", "--quiet"], place, outputs)
            if merged:
                outputs.check_object(f"{place}: stdout", merged.stdout, "sweep-ranking.schema.json")

    for name in sorted(outputs.schemas):
        if name != "recording.schema.json" and name not in outputs.exercised:
            outputs.report(f"Scenes/schema/{name}", [], "no output was checked against this schema; add one to scripts/validate-outputs.py")
    checked = sum(outputs.exercised.values())
    summary = ", ".join(f"{name} {count}" for name, count in sorted(outputs.exercised.items()))
    if outputs.failures:
        print(f"validate-outputs: {outputs.failures} error(s) in {checked} output(s) ({summary})", file=sys.stderr)
        return 1
    print(f"validate-outputs: {checked} output(s) valid ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
