#!/usr/bin/env python3
"""Differential test of boardlab's Oware under `preset=abapa` against OpenSpiel's `oware`
(open_spiel 2.0.2, the Abapa rules: must feed, a grand slam captures nothing, the origin house
skipped, an unfeedable opponent or a repeated position ends the game with each side taking its own
seeds, more than half the seeds ends it at once).

OpenSpiel's actions 0..5 are the mover's houses from its left: South (player 0) A-F, North
(player 1) a-f, the same letters boardlab writes. Its observation string `p | s0 s1 | h0 .. h11`
(player to move, captured seeds, houses in sowing order) becomes boardlab's position text
`h0,..,h5/h6,..,h11 s0 s1 S|N|-`, so every position is compared whole: houses, captured seeds,
side to move and whether the game is over; the legal moves are compared at every position and the
returns at the end. The script writes one JSON line a game and runs
`boardlab crosscheck --game oware --file F`.

    scripts/crosscheck/oware_openspiel.py --games 2000     # random games, compared position by position
    scripts/crosscheck/oware_openspiel.py --perft 9        # perft from the start, computed here, vs `boardlab perft`
"""
import argparse
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from lab import boardlab_path  # noqa: E402
import tempfile

import pyspiel

RULES = "preset=abapa"


def position_text(state):
    player, scores, houses = state.observation_string(0).split("|")
    s = [int(x) for x in scores.split()]
    h = [int(x) for x in houses.split()]
    assert len(h) == 12 and len(s) == 2, state.observation_string(0)
    side = "-" if state.is_terminal() else ("S" if int(player) == 0 else "N")
    return "{}/{} {} {} {}".format(
        ",".join(map(str, h[:6])), ",".join(map(str, h[6:])), s[0], s[1], side)


def move_text(player, action):
    return chr((ord("A") if player == 0 else ord("a")) + action)


def play_game(game, rng, max_plies):
    state = game.new_initial_state()
    steps = []
    while not state.is_terminal() and len(steps) < max_plies:
        p = state.current_player()
        legal = state.legal_actions()
        action = rng.choice(legal)
        steps.append({
            "position": position_text(state),
            "legal": sorted(move_text(p, a) for a in legal),
            "move": move_text(p, action),
        })
        state.apply_action(action)
    finished = state.is_terminal()
    if finished:
        steps.append({"position": position_text(state), "legal": [], "move": None})
    line = {"rules": RULES, "start": None, "steps": steps}
    if finished:
        line["returns"] = state.returns()
    return line, finished


def perft(state, depth):
    if state.is_terminal():
        return 1
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for a in legal:
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def run_perft(game, depth):
    root = game.new_initial_state()
    theirs = [perft(root, d) for d in range(1, depth + 1)]
    out = subprocess.run(
        [boardlab_path(), "perft", "--game", "oware", "--rules", RULES, "--depth", str(depth),
         "--convention", "A", "--json"],
        check=True, capture_output=True, text=True).stdout
    ours = json.loads(out)["nodes"]
    same = ours == theirs
    print("perft {} from the start: openspiel {} boardlab {} {}".format(
        depth, theirs, ours, "same" if same else "DIFFERENT"))
    return same


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="keep the JSON lines here (default: a temporary file)")
    ap.add_argument("--perft", type=int, default=0, help="compare perft to this depth instead")
    args = ap.parse_args()
    game = pyspiel.load_game("oware")
    if args.perft:
        sys.exit(0 if run_perft(game, args.perft) else 1)
    rng = random.Random(args.seed)
    # OpenSpiel refuses a 1000th move (kMaxGameLength): games still running then are compared
    # up to there, without returns.
    max_plies = game.max_game_length() - 1
    out = args.out or tempfile.mkstemp(prefix="oware_crosscheck_", suffix=".jsonl")[1]
    results = {"south": 0, "north": 0, "draw": 0, "unfinished": 0}
    plies = 0
    with open(out, "w") as f:
        for _ in range(args.games):
            line, finished = play_game(game, rng, max_plies)
            plies += len(line["steps"])
            if not finished:
                results["unfinished"] += 1
            elif line["returns"][0] > 0:
                results["south"] += 1
            elif line["returns"][0] < 0:
                results["north"] += 1
            else:
                results["draw"] += 1
            f.write(json.dumps(line) + "\n")
    print("openspiel: {} games, {} positions; South won {south}, North {north}, drawn {draw}, "
          "unfinished at {} plies {unfinished}".format(args.games, plies, max_plies, **results))
    rc = subprocess.run([boardlab_path(), "crosscheck", "--game", "oware", "--file", out]).returncode
    if not args.out:
        os.unlink(out)
    sys.exit(rc)


if __name__ == "__main__":
    main()
