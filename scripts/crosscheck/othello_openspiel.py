#!/usr/bin/env python3
"""Differential test of boardlab's Othello against OpenSpiel's `othello`.

Plays random games in OpenSpiel (PyPI open_spiel), records OpenSpiel's legal moves at every
position in boardlab notation, then `boardlab crosscheck` replays every game and compares the
legal move sets position by position, and the final result.

    PY=$(bash scripts/ci/pyenv.sh); $PY scripts/crosscheck/othello_openspiel.py --games 2000
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

import pyspiel

PASS_ACTION = 64


def move_text(action):
    if action == PASS_ACTION:
        return "pass"
    return "abcdefgh"[action % 8] + str(action // 8 + 1)


def play_random_game(game, rng):
    state = game.new_initial_state()
    steps = []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = rng.choice(legal)
        steps.append({"legal": [move_text(a) for a in legal], "move": move_text(action)})
        state.apply_action(action)
    steps.append({"legal": [], "move": None})
    return {"rules": "", "start": None, "steps": steps, "returns": state.returns()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--boardlab", default=os.environ.get("BOARDLAB", "target/release/boardlab"))
    args = parser.parse_args()

    game = pyspiel.load_game("othello")
    rng = random.Random(args.seed)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for _ in range(args.games):
            f.write(json.dumps(play_random_game(game, rng)) + "\n")
        path = f.name
    try:
        done = subprocess.run([args.boardlab, "crosscheck", "--game", "othello", "--file", path])
    finally:
        os.unlink(path)
    sys.exit(done.returncode)


if __name__ == "__main__":
    main()
