#!/usr/bin/env python3
"""A boardlab EWN engine against OpenSpiel's C++ MCTS (pyspiel.MCTSBot with random rollouts).

The game is OpenSpiel's `einstein_wurfelt_nicht` (random setups, white/blue rolls first), which is
boardlab's `ewn` with `setup=random,first=blue` (scripts/crosscheck/ewn_openspiel.py proves the two equal).
OpenSpiel keeps the game; the boardlab engine runs as `boardlab serve --protocol line` and gets
`position startpos moves ...` (every setup, roll and step so far, in boardlab notation) and `go`.
Seats alternate: the engine is player 0 (black/red) in even games, player 1 in odd games.

    scripts/peers/ewn_vs_openspiel.py --engine engines/ewn/expectimax.toml --games 1000 --sims 1000
"""
import argparse
import os
import random
import subprocess
import sys
import time

import pyspiel

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from crosscheck import ewn_openspiel as cx  # noqa: E402  (the notation translation lives there)
from tools.score_interval import elo, normal  # noqa: E402


class Engine:
    def __init__(self, path, engine):
        self.p = subprocess.Popen(
            [path, "serve", "--protocol", "line", "--game", "ewn", "--engine", engine],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("rules " + cx.RULES)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def ask(self, moves, go):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(go)
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            line = line.strip()
            if line.startswith("error"):
                raise RuntimeError(line)
            if line.startswith("bestmove"):
                return line.split()[1]

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def score_line(label, wins, n):
    s = wins / n
    half, lo, hi = normal(s, n)
    lo, hi = max(lo, 1e-6), min(hi, 1 - 1e-6)
    return "{}: {} games, {} wins, score {:.3f} ± {:.3f}, Elo {:+.0f} [{:+.0f}, {:+.0f}] (95%)".format(
        label, n, wins, s, half, elo(s, 1e-6), elo(lo, 1e-6), elo(hi, 1e-6))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="boardlab engine file")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--sims", type=int, default=1000, help="MCTSBot simulations a move")
    ap.add_argument("--uct", type=float, default=2.0, help="MCTSBot exploration constant")
    ap.add_argument("--go", default="go", help="the go command for boardlab (e.g. `go depth 3`)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    game = pyspiel.load_game(cx.GAME)
    maps = cx.setup_maps(game)
    evaluator = pyspiel.RandomRolloutEvaluator(1, args.seed)
    bot = pyspiel.MCTSBot(game, evaluator, args.uct, args.sims, 10**7, False, args.seed, False)
    engine = Engine(cx.boardlab_path(), args.engine)
    wins = 0
    seat_wins = [0, 0]
    started = time.time()
    for g in range(args.games):
        me = g % 2
        state = game.new_initial_state()
        moves = []
        setups = 0
        while not state.is_terminal():
            texts = cx.node_texts(state, setups, maps)
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
                if setups < 2:
                    setups += 1
            elif state.current_player() == me:
                text = engine.ask(moves, args.go)
                back = [a for a, t in texts.items() if t == text]
                if len(back) != 1:
                    raise RuntimeError("engine move {!r} not legal in OpenSpiel: {}".format(text, sorted(texts.values())))
                action = back[0]
            else:
                action = bot.step(state)
            moves.append(texts[action])
            state.apply_action(action)
        if state.returns()[me] > 0:
            wins += 1
            seat_wins[me] += 1
    engine.close()
    print(score_line("{} vs OpenSpiel MCTS({} sims, uct {})".format(args.engine, args.sims, args.uct), wins, args.games))
    print("engine wins as red/black (player 0): {} of {}, as blue/white: {} of {}; {:.0f} s".format(
        seat_wins[0], (args.games + 1) // 2, seat_wins[1], args.games // 2, time.time() - started))


if __name__ == "__main__":
    main()
