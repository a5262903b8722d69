#!/usr/bin/env python3
"""Backgammon search speed: expectimax positions (nodes) per second and the time per move of
the 0-, 1- and 2-ply engine files (engines/backgammon/ply{0,1,2}.toml), each on a few fixed
contact positions with the dice rolled (one `boardlab search --json` per position, a fresh
process each, so the times include no table building: contact positions never reach the
bearoff database at these depths).

    heavy -x scripts/speed/bench_backgammon.py [--boardlab target/release/boardlab]

Take the figures for results/ only with the machine otherwise idle (heavy -x) and give the
load (`uptime`) beside them.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import lab  # noqa: E402
import subprocess

TOP = lab.TOP
POSITIONS = [
    "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 O:31 cube=1 money",
    "O:24x2,13x5,8x3,6x5 X:24x2,13x4,11x1,8x3,6x5 O:66 cube=1 money",
    "O:24x2,13x2,8x1,7x2,6x2,5x2,2x3,1x1 X:barx2,13x2,8x2,6x5,3x2,2x2 O:52 cube=1 money",
    "O:18x2,13x3,8x2,7x2,6x4,1x2 X:22x2,13x3,8x1,6x4,5x2,4x1,3x2 O:21 cube=1 money",
    "O:barx1,24x1,23x2,13x2,6x2,5x3,3x1,1x3 X:21x2,13x3,10x1,8x2,6x4,5x3 O:41 cube=1 money",
]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--boardlab", default=os.path.join(TOP, "target", "release", "boardlab"))
    args = ap.parse_args()
    print("| engine | positions | nodes | ms | nodes / s | ms per move (mean, max) |")
    print("|---|---|---|---|---|---|")
    for ply in (0, 1, 2):
        engine = os.path.join(TOP, "engines", "backgammon", "ply{}.toml".format(ply))
        nodes = ms = 0
        per = []
        for pos in POSITIONS:
            out = subprocess.run([args.boardlab, "search", "--game", "backgammon", "--engine", engine,
                                  "--position", pos, "--json"], capture_output=True, text=True, check=True)
            r = json.loads(out.stdout)
            nodes += r["nodes"]
            ms += r["ms"]
            per.append(r["ms"])
        rate = nodes / (ms / 1000.0) if ms else float("nan")
        print("| ply{} (depth {}) | {} | {} | {} | {:,.0f} | {:.0f}, {} |".format(
            ply, ply + 1, len(POSITIONS), nodes, ms, rate, ms / len(POSITIONS), max(per)))


if __name__ == "__main__":
    main()
