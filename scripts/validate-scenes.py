#!/usr/bin/env python3
"""Validate every file under Scenes/ against Scenes/schema/recording.schema.json (draft 2020-12).

Called from .ci/run. Development tooling only: `swift build`/`swift test` never need it.

- `*.json` with "format": "arplacementsim.sweepGrid" (Scenes/grids/): against #/$defs/sweepGrid;
- `*.json` with "format": "arplacementsim.sceneSpec" (Scenes/specs/): against #/$defs/sceneSpec;
- `*.json` with another "format" member: the whole document against #/$defs/recording;
  `*.json` with only "planes": against #/$defs/planeList.
- `*.jsonl`: the first non-blank line against #/$defs/header, every later line against
  #/$defs/frame (reported as frames[i], with its line number).
- Files under Scenes/schema/ are the schemas themselves and are checked as draft 2020-12 schemas.
Other files are an error, so nothing in Scenes/ goes unchecked.

Errors name the file, the line (JSON Lines), and the JSON path, e.g.
  Scenes/a.json: frames[12].camera.intrinsics[0]: 0 is less than or equal to the minimum of 0
Exit status: 0 all valid, 1 some file invalid, 2 setup failure.
"""
import argparse
import importlib
import json
import pathlib
import subprocess
import sys


def ensure_jsonschema():
    try:
        return importlib.import_module("jsonschema")
    except ImportError:
        pass
    print("validate-scenes: installing jsonschema with pip", file=sys.stderr)
    base = [sys.executable, "-m", "pip", "install", "--quiet", "jsonschema>=4.18"]
    in_venv = sys.prefix != sys.base_prefix
    attempts = [[]] if in_venv else [["--user"], ["--user", "--break-system-packages"]]
    for extra in attempts:
        if subprocess.run(base + extra).returncode == 0:
            importlib.invalidate_caches()
            try:
                return importlib.import_module("jsonschema")
            except ImportError:
                import site
                sys.path.append(site.getusersitepackages())
                return importlib.import_module("jsonschema")
    print("validate-scenes: could not install jsonschema", file=sys.stderr)
    sys.exit(2)


def json_path(parts):
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.replace("_", "a").isalnum() and part.isascii():
            text += ("." if text else "") + part
        else:
            text += f'["{part}"]'
    return text


class Checker:
    def __init__(self, jsonschema, schema):
        self.jsonschema = jsonschema
        self.schema = schema
        self.validators = {}
        self.failures = 0

    def validator(self, definition):
        if definition not in self.validators:
            sub = {
                "$schema": self.schema["$schema"],
                "$defs": self.schema["$defs"],
                "$ref": f"#/$defs/{definition}",
            }
            self.validators[definition] = self.jsonschema.Draft202012Validator(sub)
        return self.validators[definition]

    def report(self, place, path, message):
        self.failures += 1
        where = json_path(path)
        print(f"{place}: {where}: {message}" if where else f"{place}: {message}")

    def check(self, place, value, definition, prefix=()):
        errors = sorted(
            self.validator(definition).iter_errors(value),
            key=lambda e: [str(p) for p in e.absolute_path],
        )
        for error in errors:
            self.report(place, list(prefix) + list(error.absolute_path), error.message)

    def check_json(self, path, name):
        try:
            with open(path, encoding="utf-8") as handle:
                document = json.load(handle)
        except json.JSONDecodeError as error:
            self.report(f"{name}:{error.lineno}:{error.colno}", [], error.msg)
            return
        if isinstance(document, dict) and document.get("format") == "arplacementsim.sceneSpec":
            self.check(name, document, "sceneSpec")
        elif isinstance(document, dict) and document.get("format") == "arplacementsim.sweepGrid":
            self.check(name, document, "sweepGrid")
        elif isinstance(document, dict) and "format" in document:
            if document.get("version") != 1:
                self.report(name, [], f"version {document.get('version')} is not supported; this build reads version 1")
                return
            self.check(name, document, "recording")
        elif isinstance(document, dict) and "planes" in document:
            self.check(name, document, "planeList")
        elif isinstance(document, dict) and "box" in document:
            self.check(name, document, "explainRequest")
        else:
            self.report(name, [], 'neither a recording (no "format"), a plane list (no "planes") nor an explain request (no "box")')

    def check_jsonl(self, path, name):
        header_seen = False
        frame_index = 0
        with open(path, encoding="utf-8") as handle:
            for line_number, line in enumerate(handle, start=1):
                if not line.strip():
                    continue
                place = f"{name}:{line_number}"
                try:
                    value = json.loads(line)
                except json.JSONDecodeError as error:
                    self.report(f"{place}:{error.colno}", [], error.msg)
                    return
                if not header_seen:
                    header_seen = True
                    if isinstance(value, dict) and value.get("version", 1) != 1:
                        self.report(place, [], f"version {value.get('version')} is not supported; this build reads version 1")
                        return
                    self.check(place, value, "header")
                else:
                    self.check(place, value, "frame", prefix=("frames", frame_index))
                    frame_index += 1
        if not header_seen:
            self.report(name, [], "empty file: expected a header line")


def main():
    root = pathlib.Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", type=pathlib.Path, default=root / "Scenes")
    parser.add_argument("--schema", type=pathlib.Path, default=None)
    arguments = parser.parse_args()
    scenes = arguments.scenes.resolve()
    schema_path = arguments.schema or scenes / "schema" / "recording.schema.json"
    jsonschema = ensure_jsonschema()
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    checker = Checker(jsonschema, schema)
    count = 0
    for path in sorted(p for p in scenes.rglob("*") if p.is_file()):
        name = str(path.relative_to(scenes.parent)) if scenes.parent in path.parents else str(path)
        count += 1
        if "schema" in path.relative_to(scenes).parts[:1]:
            try:
                with open(path, encoding="utf-8") as handle:
                    jsonschema.Draft202012Validator.check_schema(json.load(handle))
            except Exception as error:  # noqa: BLE001 - any failure is a finding
                checker.report(name, [], f"not a valid draft 2020-12 schema: {error}")
        elif path.suffix == ".json":
            checker.check_json(path, name)
        elif path.suffix == ".jsonl":
            checker.check_jsonl(path, name)
        elif path.suffix == ".md":
            continue  # Documentation (Scenes/README.md describes every file).
        else:
            checker.report(name, [], "not a .json or .jsonl file; Scenes/ holds only recordings, plane lists, requests, sweep grids and schemas")
    if checker.failures:
        print(f"validate-scenes: {checker.failures} error(s) in {count} file(s)", file=sys.stderr)
        return 1
    print(f"validate-scenes: {count} file(s) valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
