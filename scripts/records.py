"""Reading the arena's game records from Python, as boardlab itself reads them: a
`games.jsonl` file, or the same file compressed (`games.jsonl.gz`), which is how finished runs
are kept in results/. Give either name: when `games.jsonl` is absent, `games.jsonl.gz` beside it
is read. A last line cut off by a killed run (no newline, not JSON) is skipped, as the arena
skips it.

    sys.path.insert(0, os.path.dirname(__file__)); from records import read_records
    for g in read_records("results/search/<run>/games.jsonl"): ...
"""
import gzip
import json
import os


def resolve(path):
    """The file that holds the records `path` names: itself, or its `.gz` twin."""
    if os.path.isdir(path):
        path = os.path.join(path, "games.jsonl")
    if os.path.exists(path):
        return path
    if not path.endswith(".gz") and os.path.exists(path + ".gz"):
        return path + ".gz"
    raise FileNotFoundError(f"{path}: no such file (nor {path}.gz)")


def read_records(path):
    """Every complete record of a games.jsonl[.gz] file (or a run directory), in file order."""
    path = resolve(path)
    with open(path, "rb") as f:
        magic = f.read(2)
    opener = gzip.open if magic == b"\x1f\x8b" else open
    with opener(path, "rt", encoding="utf-8") as f:
        lines = f.read().split("\n")
    records = []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            if i == len(lines) - 1:
                break  # the line a killed run was writing
            raise ValueError(f"{path}: line {i + 1} is not a game record")
    return records


def unpack(path):
    """Before appending to `path` (a driver resuming its run): when only `path.gz` exists,
    unpack it to `path` and remove the .gz, as `boardlab tournament` does for its runs."""
    twin = path + ".gz"
    if os.path.exists(path) or not os.path.exists(twin):
        return
    partial = path + ".unpacking"
    with gzip.open(twin, "rb") as src, open(partial, "wb") as dst:
        dst.write(src.read())
    os.replace(partial, path)
    os.remove(twin)
