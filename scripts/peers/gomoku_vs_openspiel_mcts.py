#!/usr/bin/env python3
"""Freestyle gomoku (15x15) with OpenSpiel as the referee: a boardlab engine against OpenSpiel's
C++ MCTS (pyspiel.MCTSBot with RandomRolloutEvaluator). boardlab runs as one `serve --protocol
line` process and is asked `go` for each of its moves. Each pair of games starts from the same
random opening (--opening-plies random moves near the centre) with colours swapped. Prints a line
a game and a JSON summary with the score, Elo and its 95% interval, and the time per move of
each side.

Usage: PY=$(bash scripts/ci/pyenv.sh); $PY scripts/peers/gomoku_vs_openspiel_mcts.py \\
          --engine engines/gomoku/ab.toml --movetime 100 --simulations 1000 --games 100
"""
import argparse
import json
import os
import random
import subprocess
import sys
import time

import pyspiel

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tools.score_interval import elo, wilson  # noqa: E402

N = 15


def to_text(action):
    row, col = divmod(action, N)
    return f"{chr(97 + col)}{N - row}"


def to_action(text):
    col = ord(text[0]) - 97
    row = N - int(text[1:])
    return row * N + col


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--movetime", type=int, default=100, help="boardlab ms a move")
    ap.add_argument("--simulations", type=int, default=1000)
    ap.add_argument("--uct-c", type=float, default=2.0)
    ap.add_argument("--opening-plies", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--boardlab", default=os.environ.get("BOARDLAB", "target/release/boardlab"))
    args = ap.parse_args()
    game = pyspiel.load_game("gomoku")
    bl = subprocess.Popen([args.boardlab, "serve", "--protocol", "line", "--game", "gomoku",
                           "--engine", args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          text=True, bufsize=1)

    def ask(line):
        bl.stdin.write(line + "\n")
        bl.stdin.flush()

    ask("rules rule=freestyle,opening=free")
    rng = random.Random(args.seed)
    scores, t_engine, t_opp = [], [0.0, 0], [0.0, 0]
    opening = []
    for g in range(args.games):
        if g % 2 == 0:
            opening = []
            s = game.new_initial_state()
            for _ in range(args.opening_plies):
                near = [a for a in s.legal_actions()
                        if abs(a // N - 7) <= 2 and abs(a % N - 7) <= 2]
                a = rng.choice(near)
                opening.append(a)
                s.apply_action(a)
        engine_colour = g % 2
        state = game.new_initial_state()
        for a in opening:
            state.apply_action(a)
        bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, args.seed * 1000 + g),
                              args.uct_c, args.simulations, 1000, False, args.seed * 1000 + g, False)
        moves = [to_text(a) for a in opening]
        while not state.is_terminal():
            t = time.time()
            if state.current_player() == engine_colour:
                ask("position startpos" + (" moves " + " ".join(moves) if moves else ""))
                ask(f"go time {args.movetime}")
                line = bl.stdout.readline().split()
                if not line or line[0] != "bestmove":
                    sys.exit(f"game {g}: boardlab answered {line}")
                a = to_action(line[1])
                t_engine[0] += time.time() - t
                t_engine[1] += 1
            else:
                a = bot.step(state)
                t_opp[0] += time.time() - t
                t_opp[1] += 1
            if a not in state.legal_actions():
                sys.exit(f"game {g}: illegal move {a}")
            moves.append(to_text(a))
            state.apply_action(a)
        r = state.returns()[engine_colour]
        sc = 1.0 if r > 0 else 0.5 if r == 0 else 0.0
        scores.append(sc)
        print(f"game {g + 1}: engine as {'black' if engine_colour == 0 else 'white'}: "
              f"{'win' if sc == 1 else 'draw' if sc == 0.5 else 'loss'} in {len(moves)} plies",
              flush=True)
    ask("quit")
    n = len(scores)
    mean = sum(scores) / n
    lo, hi = wilson(mean, n)
    print(json.dumps({
        "engine": args.engine, "movetime_ms": args.movetime, "simulations": args.simulations,
        "games": n, "wins": scores.count(1.0), "draws": scores.count(0.5), "losses": scores.count(0.0),
        "score": round(mean, 4), "score_95": [round(lo, 4), round(hi, 4)],
        "elo": round(elo(mean), 1), "elo_95": [round(elo(lo), 1), round(elo(hi), 1)],
        "engine_s_per_move": round(t_engine[0] / max(t_engine[1], 1), 4),
        "mcts_s_per_move": round(t_opp[0] / max(t_opp[1], 1), 4),
    }))


if __name__ == "__main__":
    main()
