#!/usr/bin/env python3
"""Validate JSON or JSON Lines files against one definition of a schema in Scenes/schema/.

    scripts/validate-json.py SCHEMA DEFINITION FILE...

FILE ending in .jsonl is checked line by line (blank lines skipped), anything else as one JSON
document. Example (.ci/run): the output of `arsim score --json` against score.schema.json's
`score`, and replay's --out lines against its `markersLine`. Errors name the file, the line
(JSON Lines) and the JSON path. Development tooling only. Exit status: 0 valid, 1 invalid.
"""
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
validate_scenes = __import__("validate-scenes")


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 64
    schema_path, definition, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    jsonschema = validate_scenes.ensure_jsonschema()
    with open(schema_path, encoding="utf-8") as handle:
        checker = validate_scenes.Checker(jsonschema, json.load(handle))
    for name in files:
        if name.endswith(".jsonl"):
            with open(name, encoding="utf-8") as handle:
                for number, line in enumerate(handle, start=1):
                    if line.strip():
                        checker.check(f"{name}:{number}", json.loads(line), definition)
        else:
            with open(name, encoding="utf-8") as handle:
                checker.check(name, json.load(handle), definition)
    if checker.failures:
        print(f"validate-json: {checker.failures} error(s)", file=sys.stderr)
        return 1
    print(f"validate-json: {len(files)} file(s) valid against {definition}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
