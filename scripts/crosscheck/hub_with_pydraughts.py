#!/usr/bin/env python3
"""Drives `boardlab serve --protocol hub --game draughts` through pydraughts' own Hub client
(draughts.engine.HubEngine, written independently of boardlab) for full games: two boardlab
Hub processes play each other, every move is checked against pydraughts' rules (an illegal or
unreadable move raises), and the game runs until pydraughts says it is over.

Usage: scripts/crosscheck/hub_with_pydraughts.py [--games N] [--engine engines/draughts/X.toml] [--depth D]
"""
import argparse
import os
import sys

import draughts
from draughts.engine import HubEngine, Limit


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--engine", help="engine file for both sides (default: boardlab's default)")
    ap.add_argument("--depth", type=int, default=4, help="`level depth=` sent before each move")
    ap.add_argument("--max-plies", type=int, default=1000)
    ap.add_argument("--boardlab", default=os.environ.get("BOARDLAB", "target/release/boardlab"))
    args = ap.parse_args()
    command = [args.boardlab, "serve", "--protocol", "hub", "--game", "draughts"]
    if args.engine:
        command += ["--engine", args.engine]
    results = []
    for g in range(args.games):
        engines = [HubEngine(command), HubEngine(command)]
        for e in engines:
            if e.id.get("name") != "boardlab":
                sys.exit(f"unexpected engine id {e.id}")
            e.init()
        board = draughts.Board("standard")
        plies = 0
        try:
            while not board.is_over() and plies < args.max_plies:
                side = 0 if board.turn == draughts.WHITE else 1
                result = engines[side].play(board, Limit(depth=args.depth), ponder=False)
                legal = {m.hub_move for m in board.legal_moves()}
                if result.move.hub_move not in legal:
                    sys.exit(f"game {g}: illegal move {result.move.hub_move} at {board.fen}")
                board.push(result.move)
                plies += 1
        finally:
            for e in engines:
                e.quit()
                e.p.wait(timeout=10)
                e.p.stdin.close()
                e.p.stdout.close()
        if not board.is_over():
            sys.exit(f"game {g}: not finished after {plies} plies")
        winner = {draughts.WHITE: "white", draughts.BLACK: "black", 0: "draw"}[board.winner()]
        results.append(winner)
        print(f"hub game {g + 1}: {plies} plies, result {winner}, final {board.fen}")
    print(f"hub via pydraughts HubEngine: {len(results)} full games, every move legal")


if __name__ == "__main__":
    main()
