#!/usr/bin/env python3
"""Freestyle gomoku (15x15, five or more wins, no opening rule): boardlab against OpenSpiel's
`gomoku`. Random games are played in OpenSpiel; every position's legal moves and the final
returns go to `boardlab crosscheck`, which replays each game and compares position by position.

OpenSpiel's action is row * 15 + column with row 0 printed at the top; boardlab writes that point
as the column letter and the row counted from the bottom (row 0 -> 15).

Usage: PY=$(bash scripts/pyenv.sh); $PY scripts/crosscheck_gomoku_openspiel.py --games 2000
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
    # Bias some games to long lines so that fives, overlines and full boards all occur.
    lines = []
    ends = {"black": 0, "white": 0, "draw": 0}
    for g in range(args.games):
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
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    res = subprocess.run([args.boardlab, "crosscheck", "--game", "gomoku", "--file", path],
                         capture_output=True, text=True)
    os.unlink(path)
    print(res.stdout.strip())
    print(json.dumps({"games": args.games, "results": ends}))
    if res.returncode != 0:
        print(res.stderr, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
