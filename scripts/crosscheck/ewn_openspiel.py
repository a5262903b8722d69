#!/usr/bin/env python3
"""Differential test of boardlab's EinStein würfelt nicht against OpenSpiel's
`einstein_wurfelt_nicht` (open_spiel 2.0.2).

OpenSpiel's game: player 0 ("black", b) starts top-left, player 1 ("white", w) bottom-right; two
chance nodes draw the arrangements (720 permutations each, black first), then white rolls first;
rolls are chance actions 0..5 (die 1..6); a move is the action
((row * 5 + col) * 6 + direction) * 2 + capture with direction offsets
dr = (1, 1, 0, -1, -1, 0), dc = (1, 0, 1, 0, -1, -1). Row 0 is the top.

boardlab: red = player 0 (top-left), blue = player 1, rules `setup=random,first=blue`, squares
a1 (top-left) .. e5, moves `5:b2-c3` / `5:b2xc3`, `roll:4`, `setup:123/45/6` (cubes on the
start squares from the own corner: red a1 b1 c1 / a2 b2 / a3, blue e5 d5 c5 / e4 d4 / e3).

The script translates every OpenSpiel action into boardlab notation by reading OpenSpiel's own
board (setups: from the board after applying the action), writes one JSON line a game with the
legal moves at every node, and runs `boardlab crosscheck --game ewn --file F`.

    scripts/crosscheck/ewn_openspiel.py --games 2000            # random games, compared position by position
    scripts/crosscheck/ewn_openspiel.py --perft 8 --setups 4    # perft counts from fixed setups vs `boardlab perft`
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
import tempfile

import pyspiel

GAME = "einstein_wurfelt_nicht"
RULES = "setup=random,first=blue"
DR = (1, 1, 0, -1, -1, 0)
DC = (1, 0, 1, 0, -1, -1)
# Start squares in boardlab's arrangement order, as (row, col).
START = {
    0: [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)],
    1: [(4, 4), (4, 3), (4, 2), (3, 4), (3, 3), (2, 4)],
}
CELL = re.compile(r"\|(b\d|w\d|__)\|")


def board_of(state):
    """OpenSpiel's board as a dict (row, col) -> (player, cube), read from its own text."""
    cells = CELL.findall(str(state))
    assert len(cells) == 25, str(state)
    board = {}
    for i, cell in enumerate(cells):
        if cell != "__":
            board[(i // 5, i % 5)] = (0 if cell[0] == "b" else 1, int(cell[1]))
    return board


def square(r, c):
    return "abcde"[c] + str(r + 1)


def arrangement_text(board, player):
    d = [str(board[sq][1]) for sq in START[player]]
    return "{}{}{}/{}{}/{}".format(*d)


def setup_maps(game):
    """OpenSpiel setup action -> boardlab `setup ...` text, for black then white."""
    maps = {}
    root = game.new_initial_state()
    maps[0] = {}
    for a in range(720):
        s = root.clone()
        s.apply_action(a)
        maps[0][a] = "setup:" + arrangement_text(board_of(s), 0)
    after_black = root.clone()
    after_black.apply_action(0)
    maps[1] = {}
    for a in range(720):
        s = after_black.clone()
        s.apply_action(a)
        maps[1][a] = "setup:" + arrangement_text(board_of(s), 1)
    for p in (0, 1):
        assert len(set(maps[p].values())) == 720, "setup actions must give distinct arrangements"
    return maps


def move_text(board, action):
    rest, capture = divmod(action, 2)
    rest, direction = divmod(rest, 6)
    r, c = divmod(rest, 5)
    r2, c2 = r + DR[direction], c + DC[direction]
    _, cube = board[(r, c)]
    return "{}:{}{}{}".format(cube, square(r, c), "x" if capture else "-", square(r2, c2))


def node_texts(state, setups_done, maps):
    """(texts of every legal action/outcome, mapping action -> text) at this node."""
    if state.is_chance_node():
        actions = [a for a, _ in state.chance_outcomes()]
        if setups_done < 2:
            return {a: maps[setups_done][a] for a in actions}
        return {a: "roll:{}".format(a + 1) for a in actions}
    board = board_of(state)
    return {a: move_text(board, a) for a in state.legal_actions()}


def play_game(game, rng, maps):
    state = game.new_initial_state()
    steps = []
    setups_done = 0
    while not state.is_terminal():
        texts = node_texts(state, setups_done, maps)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        steps.append({"legal": sorted(texts.values()), "move": texts[action]})
        if state.is_chance_node() and setups_done < 2:
            setups_done += 1
        state.apply_action(action)
    steps.append({"legal": [], "move": None})
    return {"rules": RULES, "start": None, "steps": steps, "returns": state.returns()}


def perft(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 1
    if state.is_chance_node():
        actions = [a for a, _ in state.chance_outcomes()]
    else:
        actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def run_perft(game, maps, depth, setups, rng):
    pairs = [(0, 719)] + [(rng.randrange(720), rng.randrange(720)) for _ in range(setups)]
    ok = True
    for black, white in pairs:
        state = game.new_initial_state()
        state.apply_action(black)
        state.apply_action(white)
        red = maps[0][black].split(":")[1]
        blue = maps[1][white].split(":")[1]
        theirs = [perft(state, d) for d in range(1, depth + 1)]
        rules = "setup=fixed,first=blue,red_setup={},blue_setup={}".format(red, blue)
        out = subprocess.run(
            [boardlab_path(), "perft", "--game", "ewn", "--rules", rules, "--depth", str(depth), "--json"],
            check=True, capture_output=True, text=True,
        ).stdout
        ours = json.loads(out)["nodes"]
        same = ours == theirs
        ok &= same
        print("perft {} red {} blue {}: openspiel {} boardlab {} {}".format(
            depth, red, blue, theirs, ours, "same" if same else "DIFFERENT"))
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="keep the JSON lines here (default: a temporary file)")
    ap.add_argument("--perft", type=int, default=0, help="compare perft to this depth instead")
    ap.add_argument("--setups", type=int, default=4, help="random setup pairs for --perft")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    game = pyspiel.load_game(GAME)
    maps = setup_maps(game)
    if args.perft:
        sys.exit(0 if run_perft(game, maps, args.perft, args.setups, rng) else 1)
    out = args.out or tempfile.mkstemp(prefix="ewn_crosscheck_", suffix=".jsonl")[1]
    winners = [0, 0]
    with open(out, "w") as f:
        for _ in range(args.games):
            line = play_game(game, rng, maps)
            winners[0 if line["returns"][0] > 0 else 1] += 1
            f.write(json.dumps(line) + "\n")
    print("openspiel: {} games, black/red won {}, white/blue won {}".format(args.games, *winners))
    rc = subprocess.run([boardlab_path(), "crosscheck", "--game", "ewn", "--file", out]).returncode
    if not args.out:
        os.unlink(out)
    sys.exit(rc)


if __name__ == "__main__":
    main()
