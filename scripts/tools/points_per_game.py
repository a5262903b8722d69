#!/usr/bin/env python3
"""Points per game of one engine in arena game records (games.jsonl or .gz), with a 95% normal
interval, and the count of each result: for games whose return is more than a win or a loss
(backgammon's gammons and backgammons).

    scripts/tools/points_per_game.py results/tune/td-backgammon/vs-ply0/games.jsonl.gz bl-td-ply0
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from lab import read_records  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: scripts/tools/points_per_game.py GAMES.jsonl[.gz] ENGINE_NAME")
    path, name = sys.argv[1], sys.argv[2]
    xs, kinds = [], {}
    for g in read_records(path):
        if name not in g["engines"]:
            continue
        r = g["returns"][g["engines"].index(name)]
        xs.append(r)
        kinds[r] = kinds.get(r, 0) + 1
    if len(xs) < 2:
        sys.exit(f"{path}: fewer than 2 games of {name!r}")
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    results = ", ".join(f"{k:+g}: {v}" for k, v in sorted(kinds.items()))
    print(f"{name}: {n} games, points per game {m:.3f} +- {1.96 * sd / math.sqrt(n):.3f} (95%); {results}")


if __name__ == "__main__":
    main()
