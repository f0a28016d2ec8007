"""Skillet's own loader on eval files: what `load_evals` loads from each, or why it refuses it.

    python3 skillet-load-evals.py <vendored skillet folder>  < files.json  > readings.json

stdin is a JSON list of file paths; stdout a JSON list, one entry per file: {"ok": true, "eval": {...}} with the
eval's fields, under "text" how Skillet turns each scalar into text (str()) and under "types" the Python type of each
value it hands on, or {"ok": false, "error": "..."}.
"""

import datetime
import json
import math
import sys

sys.path.insert(0, sys.argv[1])

from skillet.evals.load import load_evals  # noqa: E402


def plain(value):
    """The value as JSON can hold it: dates as ISO text, non-finite floats as text, anything else by str()."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def text(value):
    """How Skillet writes a value into a prompt or a message: str(), item by item for a list."""
    if isinstance(value, list):
        return [str(v) for v in value]
    return str(value)


def types(loaded):
    """The Python type of each value Skillet hands on: name, expected, each turn and each assertion's value."""
    prompt = loaded.get("prompt")
    return {
        "name": type(loaded.get("name")).__name__,
        "expected": type(loaded.get("expected")).__name__,
        "prompt": [type(p).__name__ for p in prompt] if isinstance(prompt, list) else type(prompt).__name__,
        "values": [type(a.get("value")).__name__ for a in loaded.get("assertions") or [] if isinstance(a, dict)],
    }


readings = []
for path in json.load(sys.stdin):
    try:
        [loaded] = load_evals(path)
        loaded.pop("_content", None)
        readings.append(
            {
                "ok": True,
                "eval": plain(loaded),
                "text": {key: text(loaded[key]) for key in ("name", "prompt", "expected") if key in loaded},
                "types": types(loaded),
            }
        )
    except Exception as error:  # noqa: BLE001 - every refusal is an answer here
        readings.append({"ok": False, "error": f"{type(error).__name__}: {error}"})
print(json.dumps(readings))
