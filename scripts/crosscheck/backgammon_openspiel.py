#!/usr/bin/env python3
"""Differential test of boardlab's backgammon move generation against OpenSpiel's `backgammon`
(open_spiel 2.0.2, `scoring_type=full_scoring`; OpenSpiel has no cube and no match play).

Random OpenSpiel games (uniform random plays) give the positions: every chance node before a
roll (the opening roll included). At each, for every distinct roll (21; the opening: 15 rolls,
either side starting), the script applies the roll, follows every OpenSpiel action sequence of
the turn (a double is two OpenSpiel decisions of two checker moves each), and collects the
distinct positions the turn can leave. boardlab is given the position with the roll and must
list exactly that set of positions after its legal plays (`boardlab crosscheck`, `after`).

OpenSpiel's board: player 0 ("x") has board(0, i) checkers at index i and moves from index 0
to 23, so its own point is 24 - i; player 1 ("o") has its own point i + 1. The bar and the
borne-off counts are read from OpenSpiel's text. boardlab's side O is OpenSpiel's player 0 and
X its player 1; rules `cube=false` (cubeless money play: a finished game is `over:<side>+<1|2|3>`
with OpenSpiel's full-scoring return as the points, so gammons and backgammons are checked too).

    scripts/crosscheck/backgammon_openspiel.py --positions 10000           # the full check (about 20 minutes)
    scripts/crosscheck/backgammon_openspiel.py --positions 300             # the CI count
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from lab import boardlab_path  # noqa: E402

import pyspiel

RULES = "cube=false"
NAMES = ("O", "X")
BAR = re.compile(r"^Bar:\s*(\S*)\s*$", re.M)
SCORES = re.compile(r"Scores, X: (\d+), O: (\d+)")
DICE = re.compile(r"^Dice: (\d*)\s*$", re.M)


def sides_of(state):
    """Both sides' checkers in their own point numbers: [off, 1..24, bar] (boardlab's order)."""
    text = str(state)
    sides = [[0] * 26, [0] * 26]
    for i in range(24):
        sides[0][24 - i] = state.board(0, i)
        sides[1][i + 1] = state.board(1, i)
    bar = BAR.search(text).group(1)
    sides[0][25] = bar.count("x")
    sides[1][25] = bar.count("o")
    for p in (0, 1):
        sides[p][0] = 15 - sum(sides[p][1:])
    return sides


def side_text(side):
    parts = []
    for p in range(25, 0, -1):
        if side[p]:
            parts.append("{}x{}".format("bar" if p == 25 else p, side[p]))
    return ",".join(parts) if parts else "-"


def position_text(sides, phase):
    return "O:{} X:{} {} cube=1 money".format(side_text(sides[0]), side_text(sides[1]), phase)


def after_text(state, mover):
    """boardlab's text of the position a finished turn leaves."""
    sides = sides_of(state)
    if state.is_terminal():
        r = state.returns()
        winner = 0 if r[0] > 0 else 1
        return position_text(sides, "over:{}+{}".format(NAMES[winner], int(abs(r[0]))))
    return position_text(sides, "{}:roll".format(NAMES[1 - mover]))


def turn_ends(state, mover, seen, out):
    """Every position the mover's turn can end in (doubles: two decisions)."""
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        if child.is_terminal() or child.is_chance_node() or child.current_player() != mover:
            key = str(child)
            if key not in seen:
                seen.add(key)
                out.add(after_text(child, mover))
        else:
            turn_ends(child, mover, seen, out)


def roll_lines(state):
    """One crosscheck line for every distinct roll at this chance node."""
    lines = []
    done = set()
    for outcome, _ in state.chance_outcomes():
        child = state.clone()
        child.apply_action(outcome)
        if child.is_terminal() or child.is_chance_node():
            continue
        mover = child.current_player()
        dice = DICE.search(str(child)).group(1)
        hi, lo = max(dice), min(dice)
        if (mover, hi, lo) in done:
            continue
        done.add((mover, hi, lo))
        start = position_text(sides_of(child), "{}:{}{}".format(NAMES[mover], hi, lo))
        ends = set()
        turn_ends(child, mover, set(), ends)
        lines.append({"rules": RULES, "start": start, "steps": [{"after": sorted(ends)}]})
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=300, help="chance nodes before a roll to check")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="also keep the JSON lines here")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    game = pyspiel.load_game("backgammon", {"scoring_type": "full_scoring"})
    proc = subprocess.Popen(
        [boardlab_path(), "crosscheck", "--game", "backgammon", "--file", "-"],
        stdin=subprocess.PIPE, text=True,
    )
    keep = open(args.out, "w") if args.out else None
    positions = rolls = games = 0
    while positions < args.positions:
        state = game.new_initial_state()
        games += 1
        while not state.is_terminal() and positions < args.positions:
            if state.is_chance_node():
                lines = roll_lines(state)
                for line in lines:
                    text = json.dumps(line)
                    proc.stdin.write(text + "\n")
                    if keep:
                        keep.write(text + "\n")
                positions += 1
                rolls += len(lines)
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
    proc.stdin.close()
    rc = proc.wait()
    print("openspiel: {} games, {} positions before a roll, {} (position, roll) pairs compared".format(
        games, positions, rolls))
    sys.exit(rc)


if __name__ == "__main__":
    main()
