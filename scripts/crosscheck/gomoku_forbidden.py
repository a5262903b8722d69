#!/usr/bin/env python3
"""Renju's forbidden points: boardlab against PyPI `renju` (its referee `check_forbid`, ported
from Piskvork's judge), on positions reached by random play, every empty point compared, the
kind of foul included (1 double-three, 2 double-four, 3 overline).

The random play is biased to make black-rich clusters (black plays next to its own stones most
of the time, white often far away), so the positions hold many threes, fours and the recursive
cases. `renju.check_forbid.get_foul_type` is slow (pure Python), so it is asked only at points
where a foul is possible at all: a foul needs six or more black stones in a row through the
point, or two fours in one line (`X.XXX.X`: four other black stones within four steps on that
line), or two of the four lines through it each holding at least two other black stones within
four steps (a four needs three, a three two: the straight four is four stones in a row through
the point with the point and one more stone new). The first `--full` positions are checked at
every empty point without this filter, which shows it drops nothing.

Usage: PY=$(bash scripts/ci/pyenv.sh); $PY scripts/crosscheck/gomoku_forbidden.py --positions 100000
       [--boardlab target/release/boardlab] [--seed 1] [--full 300]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

from renju.check_forbid import get_foul_type

N = 15
DIRS = [(1, 0), (0, 1), (1, 1), (1, -1)]
KINDS = {1: "double-three", 2: "double-four", 3: "overline"}


def on(f, r):
    return 0 <= f < N and 0 <= r < N


def five_on_board(board):
    """Any five or more in a row (the game would have ended)."""
    for f in range(N):
        for r in range(N):
            c = board[f][r]
            if c == 0:
                continue
            for df, dr in DIRS:
                k = 1
                while on(f + k * df, r + k * dr) and board[f + k * df][r + k * dr] == c:
                    k += 1
                if k >= 5:
                    return True
    return False


def random_position(rng):
    """A position of random play: black clusters, white partly far away."""
    board = [[0] * N for _ in range(N)]
    plies = rng.randint(8, 110)
    black = []
    for ply in range(plies):
        colour = 1 if ply % 2 == 0 else 2
        empties = [(f, r) for f in range(N) for r in range(N) if board[f][r] == 0]
        if not empties:
            break
        p = None
        if colour == 1 and black and rng.random() < 0.85:
            bf, br = rng.choice(black)
            near = [(bf + df, br + dr) for df in range(-2, 3) for dr in range(-2, 3)
                    if on(bf + df, br + dr) and board[bf + df][br + dr] == 0]
            if near:
                p = rng.choice(near)
        elif colour == 2 and rng.random() < 0.35 and black:
            bf, br = rng.choice(black)
            near = [(bf + df, br + dr) for df in range(-2, 3) for dr in range(-2, 3)
                    if on(bf + df, br + dr) and board[bf + df][br + dr] == 0]
            if near:
                p = rng.choice(near)
        if p is None:
            p = rng.choice(empties)
        board[p[0]][p[1]] = colour
        if five_on_board(board):
            board[p[0]][p[1]] = 0
            break
        if colour == 1:
            black.append(p)
    return board


def may_be_foul(board, f, r):
    """A necessary condition for a foul at the empty (f, r): see the module docstring."""
    busy = 0
    for df, dr in DIRS:
        run = 1
        for s in (1, -1):
            k = 1
            while on(f + s * k * df, r + s * k * dr) and board[f + s * k * df][r + s * k * dr] == 1:
                run += 1
                k += 1
        if run >= 6:
            return True
        near = sum(1 for s in (1, -1) for k in range(1, 5)
                   if on(f + s * k * df, r + s * k * dr) and board[f + s * k * df][r + s * k * dr] == 1)
        if near >= 4:
            return True
        if near >= 2:
            busy += 1
    return busy >= 2


def position_text(board):
    rows = []
    for r in range(N - 1, -1, -1):
        rows.append("".join(".xo"[board[f][r]] for f in range(N)))
    nb = sum(row.count("x") for row in rows)
    nw = sum(row.count("o") for row in rows)
    return "/".join(rows) + (" x" if nb == nw else " o")


def name(f, r):
    return f"{chr(97 + f)}{r + 1}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=100000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--full", type=int, default=300, help="positions checked at every point")
    ap.add_argument("--boardlab", default=os.environ.get("BOARDLAB", "target/release/boardlab"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    started = time.time()
    boards = [random_position(rng) for _ in range(args.positions)]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for b in boards:
            f.write(position_text(b) + "\n")
        path = f.name
    out = subprocess.run([args.boardlab, "show", "--game", "gomoku",
                          "--rules", "rule=renju,opening=free", "--positions", path,
                          "--extra", "forbidden_kinds", "--json"],
                         check=True, capture_output=True, text=True).stdout.splitlines()
    os.unlink(path)
    assert len(out) == len(boards), (len(out), len(boards))
    points = asked = fouls = 0
    by_kind = {k: 0 for k in KINDS.values()}
    mismatches = 0
    for i, (b, line) in enumerate(zip(boards, out)):
        ours = dict(s.rsplit(":", 1) for s in json.loads(line)["forbidden_kinds"])
        theirs = {}
        for f in range(N):
            for r in range(N):
                if b[f][r] != 0:
                    continue
                points += 1
                if i >= args.full and not may_be_foul(b, f, r):
                    continue
                asked += 1
                k = get_foul_type([row[:] for row in b], f, r)
                if k:
                    theirs[name(f, r)] = KINDS[k]
        if ours != theirs:
            mismatches += 1
            if mismatches <= 5:
                print(f"position {i}: {position_text(b)}", file=sys.stderr)
                only_ours = {p: k for p, k in ours.items() if theirs.get(p) != k}
                only_theirs = {p: k for p, k in theirs.items() if ours.get(p) != k}
                print(f"  boardlab only: {only_ours}\n  renju only: {only_theirs}", file=sys.stderr)
        fouls += len(theirs)
        for k in theirs.values():
            by_kind[k] += 1
    summary = {"positions": len(boards), "empty_points": points, "asked_renju": asked,
               "fouls": fouls, "by_kind": by_kind, "positions_differ": mismatches,
               "seconds": round(time.time() - started, 1)}
    print(json.dumps(summary))
    if mismatches:
        sys.exit(f"{mismatches} positions differ from renju")


if __name__ == "__main__":
    main()
