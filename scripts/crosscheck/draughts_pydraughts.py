#!/usr/bin/env python3
"""Differential test of boardlab's draughts rules against pydraughts (PyPI, an independent
implementation). Plays random games with pydraughts, writes one JSON line a game with pydraughts'
legal moves at every position in boardlab notation, then runs `boardlab crosscheck` on them.

pydraughts' core `Game` numbers squares from the top-left with the first player (its internal
"white") at the bottom, as boardlab does inside; on 10x10 the numbers are PDN numbers, on 8x8
boardlab writes the English numbering, which counts from the other end (33 - n). Every 7th
position also carries pydraughts' own FEN (its `Board.fen`: numeric for international and
English, algebraic `W:Wa1,c1,...` for Russian and Brazilian), which boardlab must read as the
position it reached by playing the moves.

Variants: international (boardlab `draughts`), english, russian, brazilian (boardlab
`checkers` with presets). pydraughts' Russian/Brazilian draw rules (15-move and material rules)
are not boardlab's: for those two the games are compared up to pydraughts' draw, with boardlab's
king-move and endgame rules off so that boardlab does not stop first; wins and the international
and English draw rules are compared through the returns. pydraughts restarts the FMJD endgame
count (16/5 moves) on man moves; boardlab's default counts from when the material arises (FMJD's
text), so international games are compared with boardlab's `endgame_count=king_moves`.

Usage: scripts/crosscheck/draughts_pydraughts.py [--games N] [--variants international,english,...] [--seed S]
       [--jobs J] [--keep DIR]
"""
import argparse
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile

import draughts.core.game
from draughts.core.game import Game

# pydraughts' own FEN writer (kept before the speed-up below replaces it): numeric PDN FEN for
# international and English, algebraic (`W:Wa1,c1,..`) for Russian and Brazilian.
VARIANT_FEN = draughts.core.game.fen_to_variant

# pydraughts fills two display fields in every Game it builds (and it builds one per legal-move
# probe): `last_non_reversible_fen` (a FEN conversion after every move) and `initial_dxp_fen`.
# No rule reads either; computing them is most of its run time. Skipping them changes no legal
# move, draw or result (the rules code is untouched).
draughts.core.game.fen_to_variant = lambda fen, variant: fen
draughts.core.game.Game.get_dxp_fen = lambda self: ""

VARIANTS = {
    # name: (pydraughts variant, boardlab game, boardlab rules, compare draws)
    "international": ("standard", "draughts", "endgame_count=king_moves", True),
    "english": ("english", "checkers", "", True),
    "russian": ("russian", "checkers", "preset=russian,king_moves=0", False),
    "brazilian": ("brazilian", "checkers", "preset=brazilian,king_moves=0,endgame_rule=false", False),
}

MAX_PLIES = 400
# Every this many plies a step also carries pydraughts' FEN of the position, which boardlab must
# read as the position it reached itself (FEN interop, numeric and algebraic).
FEN_EVERY = 7


def to_ours(square, eight):
    return 33 - square if eight else square


def move_texts(moves, captures, eight):
    """pydraughts moves -> boardlab notation, with boardlab's disambiguation rule."""
    triples = []
    for mv, cap in zip(moves, captures):
        frm = to_ours(mv[0][0], eight)
        to = to_ours(mv[-1][1], eight)
        caps = tuple(sorted(to_ours(c, eight) for c in cap if c is not None))
        triples.append((frm, to, caps))
    texts = []
    for frm, to, caps in triples:
        if not caps:
            texts.append(f"{frm}-{to}")
            continue
        ambiguous = any(f == frm and t == to and c != caps for f, t, c in triples)
        if ambiguous:
            texts.append("x".join(str(x) for x in (frm, to) + caps))
        else:
            texts.append(f"{frm}x{to}")
    return texts


def play_one(args):
    variant, seed = args
    pyd_variant, _, rules, compare_draws = VARIANTS[variant]
    eight = pyd_variant != "standard"
    rng = random.Random(seed)
    g = Game(pyd_variant)
    steps = []
    for _ in range(MAX_PLIES):
        if g.is_over():
            break
        moves, captures = g.legal_moves()
        texts = move_texts(moves, captures, eight)
        i = rng.randrange(len(moves))
        step = {"legal": sorted(set(texts)), "move": texts[i]}
        if len(steps) % FEN_EVERY == 0:
            step["position"] = VARIANT_FEN(g.get_li_fen(), pyd_variant)
        steps.append(step)
        g.push(moves[i])
    line = {"rules": rules, "start": None, "steps": steps}
    if g.is_over():
        winner = g.get_winner()  # internal WHITE (2) is the first player
        if winner in (1, 2) or compare_draws:
            steps.append({"legal": [], "move": None})
            first = {2: 1.0, 1: -1.0, 0: 0.0}[winner]
            line["returns"] = [first, -first]
    return json.dumps(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100, help="random games per variant")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=max(1, min(2, os.cpu_count() or 1)))
    ap.add_argument("--keep", help="write the JSON-lines files into this directory")
    ap.add_argument("--boardlab", default=os.environ.get("BOARDLAB", "target/release/boardlab"))
    args = ap.parse_args()
    failed = False
    outdir = args.keep or tempfile.mkdtemp(prefix="crosscheck_draughts_")
    os.makedirs(outdir, exist_ok=True)
    for variant in args.variants.split(","):
        _, game, _, _ = VARIANTS[variant]
        tasks = [(variant, args.seed * 1_000_003 + i) for i in range(args.games)]
        path = os.path.join(outdir, f"{variant}.jsonl")
        with multiprocessing.Pool(args.jobs) as pool, open(path, "w") as f:
            for line in pool.imap(play_one, tasks, chunksize=2):
                f.write(line + "\n")
                f.flush()
        print(f"{variant}: ", end="", flush=True)
        r = subprocess.run([args.boardlab, "crosscheck", "--game", game, "--file", path])
        failed |= r.returncode != 0
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
