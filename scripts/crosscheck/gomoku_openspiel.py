#!/usr/bin/env python3
"""Freestyle gomoku (15x15, five or more wins, no opening rule): boardlab against OpenSpiel's
`gomoku`. Random games are played in OpenSpiel; every position's legal moves and the final
returns go to `boardlab crosscheck`, which replays each game and compares position by position.

OpenSpiel's action is row * 15 + column with row 0 printed at the top; boardlab writes that point
as the column letter and the row counted from the bottom (row 0 -> 15).

Usage: PY=$(bash scripts/ci/pyenv.sh); $PY scripts/crosscheck/gomoku_openspiel.py --games 2000
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

import pyspiel

N = 15


def text(action):
    row, col = divmod(action, N)
    return f"{chr(97 + col)}{N - row}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--boardlab", default=os.environ.get("BOARDLAB", "target/release/boardlab"))
    args = ap.parse_args()
    game = pyspiel.load_game("gomoku")
    rng = random.Random(args.seed)
    ends = {"black": 0, "white": 0, "draw": 0}
    totals = [0, 0]
    # Games go to boardlab in chunks (each position lists about 200 legal moves).
    for first in range(0, args.games, 100):
        lines = play_games(game, rng, min(100, args.games - first), ends)
        games, positions = check(args.boardlab, lines)
        totals[0] += games
        totals[1] += positions
    print(json.dumps({"games": totals[0], "positions_compared": totals[1], "results": ends}))


def check(boardlab, lines):
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    res = subprocess.run([boardlab, "crosscheck", "--game", "gomoku", "--file", path],
                         capture_output=True, text=True)
    os.unlink(path)
    if res.returncode != 0:
        print(res.stdout, res.stderr, file=sys.stderr)
        sys.exit(1)
    # "crosscheck gomoku: G games, P positions compared, 0 games differ"
    words = res.stdout.split()
    return int(words[2]), int(words[4])


def play_games(game, rng, count, ends):
    lines = []
    for g in range(count):
        s = game.new_initial_state()
        steps = []
        while not s.is_terminal():
            legal = s.legal_actions()
            steps.append({"legal": [text(a) for a in legal]})
            a = rng.choice(legal)
            steps[-1]["move"] = text(a)
            s.apply_action(a)
        r = s.returns()
        ends["black" if r[0] > 0 else "white" if r[1] > 0 else "draw"] += 1
        steps.append({"legal": []})
        lines.append(json.dumps({"rules": "rule=freestyle,opening=free", "start": None,
                                 "steps": steps, "returns": r}))
    return lines


if __name__ == "__main__":
    main()
