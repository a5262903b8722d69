#!/usr/bin/env python3
"""Oware matches refereed by OpenSpiel (open_spiel 2.0.2, game `oware`, the Abapa rules): a
boardlab engine against OpenSpiel's C++ MCTS (pyspiel.MCTSBot with RandomRolloutEvaluator).

The boardlab engine runs as one `boardlab serve --protocol line` process for the whole match (so
an endgame database is loaded once); for each of its moves it gets `position startpos moves ...`
with every move of the game (so its repetition history is the game's) and `go`. OpenSpiel keeps
the board, checks every move against its own legal moves and scores the end. The engine file must
play `rules = "preset=abapa"` (the script sends those rules; the engine refuses a database built
for others). Each opening (--opening-plies random moves) is played twice with the colours swapped.

Prints a line per game and a JSON summary: W-D-L, score with its 95% interval and Elo (Wilson
interval, draws as half points), and the average wall time a move of each side.

    PY=$(bash scripts/ci/pyenv.sh)
    $PY scripts/peers/oware_vs_openspiel_mcts.py --engine engines/oware/ab-abapa-db-time.toml \\
        --simulations 2000 --games 100
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


def move_text(player, action):
    return chr((ord("A") if player == 0 else ord("a")) + action)


def action_of(text):
    c = text.strip()
    if len(c) != 1 or not c.isalpha():
        raise ValueError("not a house: {!r}".format(text))
    return ord(c.upper()) - ord("A")


class Engine:
    def __init__(self, binary, engine_file):
        self.p = subprocess.Popen(
            [binary, "serve", "--protocol", "line", "--game", "oware", "--engine", engine_file],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("rules preset=abapa")
        self.send("isready")
        self.expect("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def expect(self, word):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("boardlab engine exited")
            if line.startswith("error"):
                sys.exit("boardlab: " + line.strip())
            if line.startswith(word):
                return line.strip()

    def new_game(self):
        self.send("newgame")

    def move(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go")
        line = self.expect("bestmove")
        return line.split()[1], line

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="boardlab engine file (rules preset=abapa)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--simulations", type=int, default=1000, help="MCTS simulations a move")
    ap.add_argument("--uct-c", type=float, default=2.0)
    ap.add_argument("--rollouts", type=int, default=1, help="random rollouts a leaf")
    ap.add_argument("--opening-plies", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--boardlab", default=os.environ.get("BOARDLAB", "target/release/boardlab"))
    args = ap.parse_args()

    game = pyspiel.load_game("oware")
    engine = Engine(args.boardlab, args.engine)
    rng = random.Random(args.seed)
    results = []
    t_engine, n_engine, t_mcts, n_mcts = 0.0, 0, 0.0, 0
    opening = []
    for g in range(args.games):
        if g % 2 == 0:
            st = game.new_initial_state()
            opening = []
            for _ in range(args.opening_plies):
                a = rng.choice(st.legal_actions())
                opening.append((st.current_player(), a))
                st.apply_action(a)
        engine_seat = g % 2
        state = game.new_initial_state()
        moves = []
        for p, a in opening:
            moves.append(move_text(p, a))
            state.apply_action(a)
        engine.new_game()
        bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(args.rollouts, args.seed * 1000 + g),
                              args.uct_c, args.simulations, 1000, False, args.seed * 1000 + g, False)
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            t = time.time()
            if p == engine_seat:
                text, _ = engine.move(moves)
                a = action_of(text)
                t_engine += time.time() - t
                n_engine += 1
            else:
                a = bot.step(state)
                t_mcts += time.time() - t
                n_mcts += 1
            if a not in legal:
                sys.exit("game {}: illegal move {} by {}".format(
                    g + 1, a, "boardlab" if p == engine_seat else "mcts"))
            moves.append(move_text(p, a))
            state.apply_action(a)
            if len(moves) >= game.max_game_length() - 1:
                break
        r = state.returns()[engine_seat] if state.is_terminal() else 0.0
        s = 1.0 if r > 0 else 0.5 if r == 0 else 0.0
        results.append(s)
        print("game {}: boardlab as {}: {} ({} plies{})".format(
            g + 1, "South" if engine_seat == 0 else "North",
            "win" if s == 1 else "draw" if s == 0.5 else "loss", len(moves),
            "" if state.is_terminal() else ", unfinished: a draw"), flush=True)
    engine.close()
    n = len(results)
    score = sum(results) / n
    lo, hi = wilson(score, n)
    print(json.dumps({
        "engine": args.engine, "opponent": "openspiel MCTSBot + RandomRolloutEvaluator",
        "simulations": args.simulations, "uct_c": args.uct_c, "rollouts": args.rollouts,
        "games": n, "wins": results.count(1.0), "draws": results.count(0.5),
        "losses": results.count(0.0), "score": round(score, 4),
        "score_95": [round(lo, 4), round(hi, 4)],
        "elo": round(elo(score), 1), "elo_95": [round(elo(lo), 1), round(elo(hi), 1)],
        "engine_s_per_move": round(t_engine / max(n_engine, 1), 4),
        "mcts_s_per_move": round(t_mcts / max(n_mcts, 1), 4),
    }))


if __name__ == "__main__":
    main()
