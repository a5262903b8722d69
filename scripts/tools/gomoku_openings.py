#!/usr/bin/env python3
"""Writes RIF-style start positions for gomoku matches: black on the centre, white within the
3x3 around it, black within the 5x5 (the 26 openings and their mirror images), white to move,
drawn from a seed; one position a line in boardlab's text (opening=free or centre rules).

Usage: python3 scripts/tools/gomoku_openings.py --count 50 --seed 1 > openings.txt
"""
import argparse
import random


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    n, c = 15, 7
    seen = set()
    while len(seen) < args.count:
        w = rng.choice([(c + df, c + dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)])
        b = rng.choice([(c + df, c + dr) for df in range(-2, 3) for dr in range(-2, 3)
                        if (c + df, c + dr) not in ((c, c), w)])
        cells = {(c, c): "x", w: "o", b: "x"}
        rows = []
        for r in range(n - 1, -1, -1):
            row, run = "", 0
            for f in range(n):
                s = cells.get((f, r))
                if s is None:
                    run += 1
                    continue
                if run:
                    row += str(run)
                    run = 0
                row += s
            if run:
                row += str(run)
            rows.append(row)
        text = "/".join(rows) + " o"
        if text not in seen:
            seen.add(text)
            print(text)


if __name__ == "__main__":
    main()
