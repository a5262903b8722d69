"""The one helper every Python script of scripts/ shares: where the repository and the boardlab
binary are, and how game records are read (as boardlab itself reads them).

A script in a subfolder (scripts/crosscheck/, peers/, speed/, tools/) reaches it, and the other
scripts' modules, by putting scripts/ on its path:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import lab                               # lab.TOP, lab.boardlab_path(), lab.read_records(...)
    from tools.score_interval import wilson  # another script's module, by its folder

Game records: a `games.jsonl` file, or the same file compressed (`games.jsonl.gz`), which is how
finished runs are kept in results/. Give either name: when `games.jsonl` is absent,
`games.jsonl.gz` beside it is read. A last line cut off by a killed run (no newline, not JSON) is
skipped, as the arena skips it.
"""
import gzip
import json
import os

# The repository's top folder (scripts/ is one below it).
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def boardlab_path():
    """The boardlab binary: $BOARDLAB, or the release build of this checkout."""
    return os.environ.get("BOARDLAB") or os.path.join(TOP, "target", "release", "boardlab")


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


def forwarded_args(parser, args, reserved):
    """What a driver passes on to a boardlab command: the arguments after `--`, refusing those
    the driver sets itself (a parser error naming the flag)."""
    if args and args[0] == "--":
        args = args[1:]
    for flag in reserved:
        if flag in args:
            parser.error(f"{flag} is set by the driver")
    return args
