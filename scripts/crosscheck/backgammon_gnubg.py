#!/usr/bin/env python3
"""Differential test of boardlab's backgammon against GNU Backgammon (Debian `gnubg`, 1.07):
move generation, the opening's distinct plays, and gnubg's position and match ids.

1. Positions: every chance node before a roll of random OpenSpiel games (as in
   scripts/crosscheck/backgammon_openspiel.py, another seed). For each position and each of the 21 rolls, gnubg
   lists every legal play (its `hint` at 0 ply, driven by scripts/crosscheck/backgammon_gnubg_inner.py
   inside gnubg). This script applies gnubg's move texts to the board itself (bar, off, `*`
   hits, `(n)` repeats; gnubg names an intermediate point only where it hits) and boardlab must
   list exactly that set of positions after its plays. The start is given to boardlab as
   gnubg's own ids (`gnubg:<position id>:<match id>`, both computed by gnubg), so boardlab's
   reading of gnubg's ids is checked on every position.
2. The opening: gnubg's number of distinct plays of each of the 15 opening rolls, asked of
   gnubg, against boardlab's.
3. Ids written by boardlab (`boardlab show`) against gnubg's for a sample of positions, and for
   match states with scores, cube values and owners, the Crawford flag, dice and doubles
   (gnubg.matchid of gnubg.cubeinfo / gnubg.posinfo).

gnubg: `apt-get install -y gnubg` (this script installs it when it is missing and it runs as
root; otherwise it says so and stops).

    scripts/crosscheck/backgammon_gnubg.py --positions 1000
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

import pyspiel

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from crosscheck.backgammon_openspiel import boardlab_path, position_text, side_text, sides_of  # noqa: E402

GNUBG = "/usr/games/gnubg"
INNER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "backgammon_gnubg_inner.py")
NAMES = ("O", "X")
ROLLS = [(h, l) for h in range(1, 7) for l in range(1, h + 1)]
START = [0] * 26
for p, n in ((24, 2), (13, 5), (8, 3), (6, 5)):
    START[p] = n


def ensure_gnubg():
    if os.path.exists(GNUBG):
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "gnubg"], check=True, stdout=subprocess.DEVNULL)
    if not os.path.exists(GNUBG):
        sys.exit("gnubg is not installed: apt-get install -y gnubg (Debian package gnubg)")


def run_gnubg(jobs):
    """The answers of gnubg to the jobs, in order."""
    with tempfile.TemporaryDirectory() as d:
        jobs_path, out_path = os.path.join(d, "jobs.jsonl"), os.path.join(d, "out.jsonl")
        with open(jobs_path, "w") as f:
            for j in jobs:
                f.write(json.dumps(j) + "\n")
        env = dict(os.environ, BOARDLAB_GNUBG_JOBS=jobs_path, BOARDLAB_GNUBG_OUT=out_path)
        subprocess.run([GNUBG, "-t", "-q", "-p", INNER], env=env, check=True,
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(out_path) as f:
            answers = [json.loads(l) for l in f]
    if len(answers) != len(jobs):
        sys.exit("gnubg answered {} of {} jobs".format(len(answers), len(jobs)))
    return answers


def gnubg_board(sides, roller):
    """gnubg's board (opponent, on roll), points 1..24 then the bar."""
    return [sides[1 - roller][1:26], sides[roller][1:26]]


def apply_gnubg_move(me, opp, text):
    """Plays gnubg's move text (e.g. `bar/22* 13/7(2) 6/off`) on copies of the two sides."""
    me, opp = list(me), list(opp)
    for part in text.split():
        m = re.fullmatch(r"(.*?)(?:\((\d)\))?", part)
        chain, times = m.group(1), int(m.group(2) or 1)
        points = [25 if p == "bar" else 0 if p == "off" else int(p) for p in chain.replace("*", "").split("/")]
        for _ in range(times):
            for a, b in zip(points, points[1:]):
                if me[a] <= 0:
                    raise ValueError("gnubg move {!r}: no checker on {}".format(text, a))
                me[a] -= 1
                me[b] += 1
                if b != 0 and opp[25 - b] == 1:
                    opp[25 - b] = 0
                    opp[25] += 1
    return me, opp


def win_kind(loser):
    if loser[0] > 0:
        return 1
    if loser[25] > 0 or any(loser[19:25]):
        return 3
    return 2


def after_text(sides, roller):
    if sides[roller][0] == 15:
        return position_text(sides, "over:{}+{}".format(NAMES[roller], win_kind(sides[1 - roller])))
    return position_text(sides, "{}:roll".format(NAMES[1 - roller]))


def random_positions(n, seed):
    """(sides, side to move) at chance nodes before a roll of random OpenSpiel games."""
    rng = random.Random(seed)
    game = pyspiel.load_game("backgammon")
    out = []
    while len(out) < n:
        state = game.new_initial_state()
        first = True
        while not state.is_terminal() and len(out) < n:
            if state.is_chance_node():
                if not first:
                    # The side to roll is the one that did not just move.
                    out.append((sides_of(state), 1 - prev))
                first = False
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
            else:
                prev = state.current_player()
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
    return out


def boardlab_ids(text, rules):
    out = subprocess.run([boardlab_path(), "show", "--game", "backgammon", "--rules", rules, "--position", text],
                         capture_output=True, text=True)
    m = re.search(r"gnubg position id (\S+), match id (\S+)", out.stdout)
    return (m.group(1), m.group(2)) if m else (None, out.stderr.strip())


def boardlab_opening_counts():
    counts = {}
    for h, l in ROLLS:
        if h == l:
            continue
        out = subprocess.run([boardlab_path(), "show", "--game", "backgammon", "--moves", "opening:{}-{}".format(h, l)],
                             capture_output=True, text=True, check=True).stdout
        counts[(h, l)] = int(re.search(r"legal moves \((\d+)\)", out).group(1))
    return counts


def check_moves(positions):
    jobs, meta = [], []
    for sides, roller in positions:
        for h, l in ROLLS:
            jobs.append({"kind": "moves", "board": gnubg_board(sides, roller), "dice": [h, l]})
            meta.append((sides, roller, h, l))
    # gnubg's match id of each start: money, cube 1 centred, the roller on roll with its dice.
    for sides, roller, h, l in meta:
        jobs.append({"kind": "matchid", "cubeinfo": [1, -1, roller, 0, [0, 0], 0, 0],
                     "posinfo": [roller, 0, 0, 1, [h, l]]})
    answers = run_gnubg(jobs)
    moves, matchids = answers[:len(meta)], answers[len(meta):]
    proc = subprocess.Popen([boardlab_path(), "crosscheck", "--game", "backgammon", "--file", "-"],
                            stdin=subprocess.PIPE, text=True)
    plays = 0
    for (sides, roller, h, l), mv, mid in zip(meta, moves, matchids):
        ends = set()
        if not mv["moves"]:
            ends.add(after_text(sides, roller))
        for text in mv["moves"]:
            me, opp = apply_gnubg_move(sides[roller], sides[1 - roller], text)
            new = [None, None]
            new[roller], new[1 - roller] = me, opp
            ends.add(after_text(new, roller))
        plays += max(1, len(mv["moves"]))
        start = "gnubg:{}:{}".format(mv["posid"], mid["matchid"])
        proc.stdin.write(json.dumps({"rules": "cube=false", "start": start, "steps": [{"after": sorted(ends)}]}) + "\n")
    proc.stdin.close()
    rc = proc.wait()
    print("gnubg moves: {} positions x 21 rolls, {} gnubg plays applied; boardlab crosscheck exit {}".format(
        len(positions), plays, rc))
    return rc == 0, moves, meta


def check_opening():
    jobs = [{"kind": "moves", "board": [START[1:26], START[1:26]], "dice": [h, l]} for h, l in ROLLS if h != l]
    answers = run_gnubg(jobs)
    theirs = {roll: len(a["moves"]) for roll, a in zip([r for r in ROLLS if r[0] != r[1]], answers)}
    ours = boardlab_opening_counts()
    line = ", ".join("{}{}: {}".format(h, l, theirs[(h, l)]) for h, l in sorted(theirs, key=lambda r: (r[0], r[1])))
    same = theirs == ours
    print("opening distinct plays (gnubg): " + line)
    print("opening distinct plays: boardlab {}".format("the same" if same else "DIFFERENT: {}".format(ours)))
    return same


def check_ids(moves, meta, sample, rng):
    """Ids boardlab writes against gnubg's: position ids of sampled positions, and match ids of
    generated match states."""
    ok = bad = 0
    picks = rng.sample(range(len(meta)), min(sample, len(meta)))
    for i in picks:
        sides, roller, h, l = meta[i]
        text = position_text(sides, "{}:{}{}".format(NAMES[roller], h, l))
        pos, _ = boardlab_ids(text, "cube=false")
        if pos == moves[i]["posid"]:
            ok += 1
        else:
            bad += 1
            print("position id differs at {}: boardlab {} gnubg {}".format(text, pos, moves[i]["posid"]))
    cases, jobs = [], []
    for _ in range(sample):
        sides, roller, h, l = meta[rng.randrange(len(meta))]
        n = rng.choice([0, 3, 5, 7, 11])
        cube = rng.choice([1, 1, 2, 4, 8])
        owner = -1 if cube == 1 else rng.choice([0, 1])
        score = [0, 0]
        crawford = post = 0
        if n:
            score = [rng.randrange(n - 1), rng.randrange(n - 1)]
            if rng.random() < 0.2 and n > 1:
                score[rng.randrange(2)] = n - 1
                if score[0] != score[1]:
                    crawford = rng.random() < 0.5
                    post = not crawford
                else:
                    post = 1
            if crawford:
                cube, owner = 1, -1
        kind = rng.choice(["rolled", "cube", "doubled"])
        turn, doubled, dice = roller, 0, [h, l]
        if kind == "cube":
            dice = [0, 0]
            phase = "{}:cube".format(NAMES[roller])
        elif kind == "doubled":
            dice, doubled, turn = [0, 0], 1, 1 - roller
            phase = "{}:doubled".format(NAMES[roller])
        else:
            phase = "{}:{}{}".format(NAMES[roller], h, l)
        cube_text = "cube={}".format(cube) + ("" if owner < 0 else ":" + NAMES[owner])
        m = "money" if n == 0 else "match={}:{}-{}{}".format(n, score[0], score[1],
                                                           ":crawford" if crawford else ":post" if post else "")
        text = "O:{} X:{} {} {} {}".format(side_text(sides[0]), side_text(sides[1]), phase, cube_text, m)
        rules = "match={}".format(n)
        pos, mid = boardlab_ids(text, rules)
        if pos is None:
            continue  # not a state the rules reach (a dead cube, a Crawford double): skip it
        cases.append((text, mid))
        jobs.append({"kind": "matchid", "cubeinfo": [cube, owner, roller, n, score, int(crawford), 0],
                     "posinfo": [turn, 0, doubled, 1, dice]})
    answers = run_gnubg(jobs)
    mok = mbad = 0
    for (text, ours), a in zip(cases, answers):
        if ours == a["matchid"]:
            mok += 1
        else:
            mbad += 1
            print("match id differs at {}: boardlab {} gnubg {}".format(text, ours, a["matchid"]))
    print("ids: {} position ids equal gnubg's ({} differ); {} match ids equal ({} differ)".format(ok, bad, mok, mbad))
    return bad == 0 and mbad == 0 and mok > 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--ids", type=int, default=200, help="positions and match states whose ids are compared")
    ap.add_argument("--seed", type=int, default=2)
    args = ap.parse_args()
    ensure_gnubg()
    rng = random.Random(args.seed)
    positions = random_positions(args.positions, args.seed)
    ok_moves, moves, meta = check_moves(positions)
    ok_open = check_opening()
    ok_ids = check_ids(moves, meta, args.ids, rng)
    sys.exit(0 if ok_moves and ok_open and ok_ids else 1)


if __name__ == "__main__":
    main()
