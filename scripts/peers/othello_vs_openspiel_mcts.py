#!/usr/bin/env python3
"""Othello matches played with OpenSpiel (pyspiel) as the referee: boardlab engines against
OpenSpiel's C++ MCTS (pyspiel.MCTSBot with RandomRolloutEvaluator), or against another boardlab
engine. boardlab is asked for each of its moves with `boardlab search --json`.

Square numbering: OpenSpiel's Othello action is 8*row+col with row 0 = rank 1 at the top (d3 =
19) and 64 = pass; boardlab's move a1..h8 is the same bit 8*row+col with a1 top left, so actions
and boardlab squares coincide (checked at start-up on the first position).

Each pair of games starts from the same random opening (--opening-plies random moves) with the
colours swapped. Prints one result line per game and a summary with score and Elo +- 95%.

Usage: PY=$(bash scripts/ci/pyenv.sh); $PY scripts/peers/othello_vs_openspiel_mcts.py \
          --engine engines/othello/ab-fast.toml --opponent openspiel-mcts --games 100
       (--opponent may also be a boardlab engine file, e.g. engines/othello/greedy.toml)
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


def position_text(state):
    """boardlab's position text (64 squares a1..h8, then X or O to move) from a pyspiel state."""
    rows = [l for l in str(state).splitlines() if l[:1].isdigit()]
    squares = "".join("".join(l.split()[1:9]) for l in rows)
    squares = squares.replace("x", "X").replace("o", "O")
    assert len(squares) == 64, squares
    return squares + " " + ("X" if state.current_player() == 0 else "O")


def boardlab_move(binary, engine, state, seed):
    out = subprocess.run(
        [binary, "search", "--game", "othello", "--engine", engine,
         "--position=" + position_text(state), "--seed", str(seed), "--json"],
        check=True, capture_output=True, text=True).stdout
    r = json.loads(out)
    mv = r["best"]
    if mv == "pass":
        return 64, r
    return (int(mv[1]) - 1) * 8 + (ord(mv[0]) - ord("a")), r


def elo_with_interval(score, n):
    """Elo difference and its 95% interval, from the Wilson interval of the score (which stays
    finite-width at a perfect score; draws count as half points)."""
    lo, hi = wilson(score, n)
    return elo(score), elo(lo), elo(hi)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--engine", required=True, help="boardlab engine file under test")
    p.add_argument("--opponent", default="openspiel-mcts",
                   help="openspiel-mcts, or another boardlab engine file")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--simulations", type=int, default=300, help="OpenSpiel MCTS simulations a move")
    p.add_argument("--uct-c", type=float, default=2.0)
    p.add_argument("--opening-plies", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--boardlab", default=os.environ.get("BOARDLAB", "target/release/boardlab"))
    args = p.parse_args()

    game = pyspiel.load_game("othello")
    # The numbering check: d3 is action 19 in OpenSpiel and square 19 in boardlab.
    s0 = game.new_initial_state()
    assert s0.action_to_string(19) == "d3", s0.action_to_string(19)
    assert sorted(s0.legal_actions()) == [19, 26, 37, 44]

    rng = random.Random(args.seed)
    wins = draws = losses = 0
    scores = []
    t_engine = [0.0, 0]
    t_opp = [0.0, 0]
    search_ms = [0]
    opening = None
    for g in range(args.games):
        if g % 2 == 0:
            st = game.new_initial_state()
            opening = []
            for _ in range(args.opening_plies):
                a = rng.choice(st.legal_actions())
                opening.append(a)
                st.apply_action(a)
        engine_colour = g % 2  # 0: engine plays black (x, first)
        state = game.new_initial_state()
        for a in opening:
            state.apply_action(a)
        if args.opponent == "openspiel-mcts":
            bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, args.seed * 1000 + g),
                                  args.uct_c, args.simulations, 1000, False,
                                  args.seed * 1000 + g, False)
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            t = time.time()
            if player == engine_colour:
                a, r = boardlab_move(args.boardlab, args.engine, state, g)
                t_engine[0] += time.time() - t
                t_engine[1] += 1
                search_ms[0] += r["ms"]
            elif args.opponent == "openspiel-mcts":
                a = bot.step(state)
                t_opp[0] += time.time() - t
                t_opp[1] += 1
            else:
                a, _ = boardlab_move(args.boardlab, args.opponent, state, 7919 * g + 1)
                t_opp[0] += time.time() - t
                t_opp[1] += 1
            if a not in legal:
                sys.exit(f"game {g}: illegal move {a} by {'engine' if player == engine_colour else 'opponent'}")
            state.apply_action(a)
        ret = state.returns()[engine_colour]
        s = 1.0 if ret > 0 else 0.5 if ret == 0 else 0.0
        scores.append(s)
        wins += s == 1.0
        draws += s == 0.5
        losses += s == 0.0
        print(f"game {g + 1}: engine as {'black' if engine_colour == 0 else 'white'}: "
              f"{'win' if s == 1 else 'draw' if s == 0.5 else 'loss'}", flush=True)
    n = len(scores)
    mean = sum(scores) / n
    e, lo, hi = elo_with_interval(mean, n)
    print(json.dumps({
        "engine": args.engine, "opponent": args.opponent,
        "simulations": args.simulations if args.opponent == "openspiel-mcts" else None,
        "games": n, "wins": wins, "draws": draws, "losses": losses,
        "score": round(mean, 4), "elo": round(e, 1), "elo_95": [round(lo, 1), round(hi, 1)],
        "engine_s_per_move": round(t_engine[0] / max(t_engine[1], 1), 4),
        "engine_search_s_per_move": round(search_ms[0] / 1000 / max(t_engine[1], 1), 4),
        "opponent_s_per_move": round(t_opp[0] / max(t_opp[1], 1), 4),
    }))


if __name__ == "__main__":
    main()
