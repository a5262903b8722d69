#!/usr/bin/env python3
"""Reads boardlab position files (.blpos, docs/formats.md "Position files (.blpos)"), the output
of `boardlab selfplay`. Standard library only.

As a module:

    sys.path.insert(0, "scripts"); from tools.positions_file import PositionFile
    with PositionFile("run.blpos") as f:
        print(f.game, f.rules)
        for rec in f.positions():      # streamed: one record in memory at a time
            rec.position, rec.side, rec.result, rec.score, rec.exact, rec.ply, rec.game

From the command line:

    python3 scripts/tools/positions_file.py --summary run.blpos
    python3 scripts/tools/positions_file.py --dump run.blpos | head

A cut file, a wrong magic, an unknown version or a garbled frame raise FormatError naming the
file and the byte offset.
"""

import argparse
import math
import struct
import sys
from collections import namedtuple

MAGIC = b"BLPOS\r\n\x1a"
VERSION = 1
TAG_POSITION, TAG_GAME_END, TAG_FILE_END = 1, 2, 3
# game u32, ply u16, side u8, flags u8, hash u64, result f32, score f32, exact f32
POSITION_FIXED = struct.Struct("<IHBBQfff")
GAME_END = struct.Struct("<IIIIB")
FILE_END = struct.Struct("<QQQ")
MAX_FRAME = 1 << 20
FLAG_SCORE, FLAG_EXACT, FLAG_CUT = 1, 2, 1

Position = namedtuple("Position", "game ply side hash result score exact position")
GameEnd = namedtuple("GameEnd", "game plies positions duplicates cut")
FileEnd = namedtuple("FileEnd", "games positions duplicates")


class FormatError(Exception):
    def __init__(self, path, offset, message, truncated=False):
        super().__init__(f"{path}: byte {offset}: {message}")
        self.path, self.offset, self.truncated = path, offset, truncated


class PositionFile:
    """A position file opened for streaming: header fields, then `entries()` / `positions()`."""

    def __init__(self, path, game=None):
        self.path = path
        self._f = open(path, "rb")
        self.offset = 0
        self.finished = False
        magic = self._take(len(MAGIC), "magic")
        if magic != MAGIC:
            raise FormatError(path, 0, f"not a position file (magic bytes {magic!r}, expected {MAGIC!r})")
        (version,) = struct.unpack("<H", self._take(2, "version"))
        if version != VERSION:
            raise FormatError(path, 8, f"format version {version}; this reader reads version {VERSION} only")
        self.game = self._text("<H", "game id")
        self.rules = self._text("<I", "rules")
        self.meta = self._text("<I", "meta")
        if game is not None and self.game != game:
            raise FormatError(path, 10, f"a position file of game {self.game!r}, not {game!r}")

    def _take(self, n, what):
        data = self._f.read(n)
        if len(data) < n:
            if self.offset == 0 and not data:
                raise FormatError(self.path, 0, "empty file, not a position file")
            raise FormatError(self.path, self.offset + len(data),
                              f"file ends inside the header ({what}: {len(data)} of {n} bytes)", True)
        self.offset += n
        return data

    def _text(self, fmt, what):
        at = self.offset
        (n,) = struct.unpack(fmt, self._take(struct.calcsize(fmt), what))
        if n > MAX_FRAME:
            raise FormatError(self.path, at, f"{what} of {n} bytes: a garbled header")
        at = self.offset
        try:
            return self._take(n, what).decode("utf-8")
        except UnicodeDecodeError:
            raise FormatError(self.path, at, f"{what} is not UTF-8")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()

    def close(self):
        self._f.close()

    def entries(self):
        """Every frame in order: Position, GameEnd and (last, in a finished file) FileEnd."""
        while not self.finished:
            start = self.offset
            head = self._f.read(5)
            if not head:
                return
            if len(head) < 5:
                raise FormatError(self.path, start, f"file ends inside a frame header ({len(head)} of 5 bytes)", True)
            tag, n = struct.unpack("<BI", head)
            ok = {TAG_POSITION: POSITION_FIXED.size <= n <= MAX_FRAME,
                  TAG_GAME_END: n == GAME_END.size,
                  TAG_FILE_END: n == FILE_END.size}
            if tag not in ok:
                raise FormatError(self.path, start, f"unknown frame tag {tag}: a garbled file")
            if not ok[tag]:
                raise FormatError(self.path, start, f"frame of tag {tag} with a wrong length {n}: a garbled file")
            body = self._f.read(n)
            if len(body) < n:
                raise FormatError(self.path, start, f"file ends inside a frame ({len(body)} of {n} bytes): a cut file", True)
            self.offset = start + 5 + n
            if tag == TAG_POSITION:
                game, ply, side, flags, h, result, score, exact = POSITION_FIXED.unpack_from(body)
                if flags & ~(FLAG_SCORE | FLAG_EXACT):
                    raise FormatError(self.path, start, f"position record with unknown flags {flags:#04x}")
                try:
                    text = body[POSITION_FIXED.size:].decode("utf-8")
                except UnicodeDecodeError:
                    raise FormatError(self.path, start, "position text is not UTF-8")
                yield Position(game, ply, side, h, result,
                               score if flags & FLAG_SCORE else None,
                               exact if flags & FLAG_EXACT else None, text)
            elif tag == TAG_GAME_END:
                g, plies, positions, dups, flags = GAME_END.unpack(body)
                yield GameEnd(g, plies, positions, dups, bool(flags & FLAG_CUT))
            else:
                self.finished = True
                yield FileEnd(*FILE_END.unpack(body))

    def positions(self):
        """The position records only."""
        return (e for e in self.entries() if isinstance(e, Position))


def summary(path):
    """A few lines about a file: header, counts, label coverage, whether it is finished."""
    with PositionFile(path) as f:
        n = games = cut = scored = exact = 0
        result_sum = 0.0
        plies = set()
        sides = {}
        end = None
        for e in f.entries():
            if isinstance(e, Position):
                n += 1
                result_sum += e.result
                scored += e.score is not None
                exact += e.exact is not None
                plies.add(e.ply)
                sides[e.side] = sides.get(e.side, 0) + 1
            elif isinstance(e, GameEnd):
                games += 1
                cut += e.cut
            else:
                end = e
        lines = [
            f"file {path}",
            f"game {f.game}",
            f"rules {f.rules}",
            f"positions {n}",
            f"games {games} ({cut} cut at the ply limit)",
            f"with search score {scored}",
            f"with exact value {exact}",
            f"mean result {result_sum / n if n else math.nan:.4f}",
            f"plies {min(plies) if plies else '-'}..{max(plies) if plies else '-'}",
            "sides " + " ".join(f"{s}:{c}" for s, c in sorted(sides.items())),
            f"finished {'yes' if end else 'no'}",
        ]
        if end and (end.games, end.positions) != (games, n):
            lines.append(f"warning: end frame says {end.games} games, {end.positions} positions")
        return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--summary", action="store_true", help="print counts and the header")
    mode.add_argument("--dump", action="store_true",
                      help="print every position record as a tab-separated line")
    a = ap.parse_args()
    try:
        if a.summary:
            print(summary(a.file))
        else:
            with PositionFile(a.file) as f:
                for p in f.positions():
                    print("\t".join(str(x) for x in (p.game, p.ply, p.side, f"{p.hash:016x}", p.result,
                                                       p.score, p.exact, p.position)))
    except BrokenPipeError:
        # `--dump ... | head`: end quietly, as a Unix tool killed by SIGPIPE would.
        sys.stderr.close()
        return 141
    except (FormatError, OSError) as e:
        print(f"positions_file.py: error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
