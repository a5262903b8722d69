#!/usr/bin/env python3
"""Differential test of boardlab's Wa shogi without drops against HaChu (`variant wa-shogi`).

HaChu prints its list of legal moves (`# n. <hex> <hex> <move>` lines) when it is sent a move it
does not know, so the script plays random games and, before every move, sends HaChu an
impossible move (`a1k10`) and compares HaChu's list with `legal` from
`boardlab serve --protocol line --game washogi`, then plays one of boardlab's moves in both.
HaChu is set to shogi-style promotion (`option Promote on entry=0`: promotion on moves into,
inside or out of the zone) and to accept repeated positions (`option Allow repeats=1`; by
default it refuses any move that repeats a position, which is not a rule of Wa shogi).

HaChu's list is pseudo-legal (it keeps moves that leave its king attacked; its search refutes
them by capturing the king), and it lists only the promotion where promoting loses nothing (its
DONT_DEFER pieces) but accepts the deferral when it is played. So the comparison is: every
boardlab move is in HaChu's list or is the deferral of a listed promotion; and every move HaChu
lists that boardlab calls illegal leaves the mover's king attacked (the script makes the move on
the board text itself and boardlab must refuse the resulting position for exactly that reason).
The random games play deferrals HaChu does not list now and then and check that HaChu accepts
them (it answers `Illegal move` otherwise). The attack test itself is proven against the slow
generator in tests/washogi.rs; this script proves the piece moves and promotion choices.
With `--royal capture` boardlab plays rule option royal=capture (HaChu's own rule: the king is
taken, not mated) and the lists must be equal but for those deferrals; a game ends when a king is
attackable (HaChu stops playing normally once a king can be taken).

    scripts/crosscheck/washogi_hachu.py --games 200 [--plies 300] [--seed 1] [--royal capture] [--progress FILE [--resume]]

Each game has its own random stream (from the seed and the game number), so a run can be cut
into pieces: with --progress every finished game appends one JSON line of counts to FILE, and
--resume skips the games FILE already holds and adds their counts to the total.

Needs the `hachu` Debian package (installed with apt-get when missing).
"""
import argparse
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import lab  # noqa: E402
from peers import washogi_engines  # noqa: E402

TOP = lab.TOP
IMPOSSIBLE = "a1k10"  # no Wa shogi piece moves ten files and nine ranks


class Proc:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.n = 0

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def readline(self):
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError(f"engine exited: {self.p.poll()}")
        return line.rstrip("\n")

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


class HaChu(Proc):
    def __init__(self, path):
        super().__init__([path])
        for c in ["xboard", "protover 2", "memory 16", "option Promote on entry=0",
                  "option Allow repeats=1"]:
            self.send(c)
        self.sync()

    def sync(self):
        """Lines up to the answer of a ping."""
        self.n += 1
        self.send(f"ping {self.n}")
        out = []
        while True:
            line = self.readline()
            if line == f"pong {self.n}":
                return out
            out.append(line)

    def new_game(self):
        for c in ["new", "variant wa-shogi", "force"]:
            self.send(c)
        self.sync()

    def legal(self):
        self.send(f"usermove {IMPOSSIBLE}")
        moves = set()
        for line in self.sync():
            f = line.split()
            if len(f) == 5 and f[0] == "#" and f[1].rstrip(".").lstrip("-").isdigit():
                if f[4] != "@@@@":
                    moves.add(f[4])
        return moves

    def play(self, mv):
        self.send(f"usermove {mv}")
        return [l for l in self.sync() if l.startswith("Illegal") or l.startswith("Error")]


class Boardlab(Proc):
    def __init__(self, binary):
        super().__init__([binary, "serve", "--protocol", "line", "--game", "washogi"])

    def cmd(self, line):
        self.send(line)
        self.send("isready")
        out = []
        while True:
            l = self.readline()
            if l == "readyok":
                return out
            out.append(l)

    def legal(self):
        (line,) = self.cmd("legal")
        return set(line.split()[1:])


FILES = "abcdefghijk"


def split_move(mv):
    """'a9a10+' -> ((file, rank), (file, rank), promote), 0-based."""
    promote = mv.endswith("+")
    body = mv.rstrip("+")
    i = 1
    while body[i].isdigit():
        i += 1
    sq = lambda t: (FILES.index(t[0]), int(t[1:]) - 1)
    return sq(body[:i]), sq(body[i:]), promote


def after_move(fen, mv):
    """The position text after a board move, made on the text alone (no legality test)."""
    rows, side = fen.split()[0], fen.split()[1]
    board = []
    for row in rows.split("/"):
        cells, plus, digits = [], "", ""
        for c in row + "/":
            if c.isdigit():
                digits += c
                continue
            if digits:
                cells += [None] * int(digits)
                digits = ""
            if c == "+":
                plus = "+"
            elif c != "/":
                cells.append(plus + c)
                plus = ""
        board.append(cells)
    board.reverse()  # board[rank][file]
    (ff, fr), (tf, tr), promote = split_move(mv)
    piece = board[fr][ff]
    board[fr][ff] = None
    board[tr][tf] = ("+" + piece) if promote else piece
    out = []
    for cells in reversed(board):
        text, run = "", 0
        for c in cells:
            if c is None:
                run += 1
            else:
                text += (str(run) if run else "") + c
                run = 0
        out.append(text + (str(run) if run else ""))
    return "/".join(out) + (" b" if side == "w" else " w")


def king_square(fen, upper):
    """The square text of the first (upper=True) or second player's Crane King, or None."""
    rows = fen.split()[0].split("/")
    for i, row in enumerate(rows):
        f, digits = 0, ""
        for c in row:
            if c.isdigit():
                digits += c
                continue
            if digits:
                f, digits = f + int(digits), ""
            if c == "+":
                continue
            if c == ("K" if upper else "k"):
                return f"{FILES[f]}{11 - i}"
            f += 1
    return None


def takes_king(moves, fen):
    """Whether one of the side to move's moves lands on the other side's Crane King."""
    k = king_square(fen, upper=fen.split()[1] == "b")
    return k is not None and any(split_move(m)[1] == split_move("a1" + k)[1] for m in moves)


def compare(ours, theirs, fen, boardlab, king_capture=False):
    """Mismatch descriptions (empty when the lists agree as described in the module doc)."""
    problems = []
    unexplained = sorted(m for m in ours - theirs if m.endswith("+") or m + "+" not in theirs)
    if unexplained:
        problems.append(f"boardlab moves HaChu neither lists nor defers: {unexplained}")
    if king_capture:
        # royal=capture is HaChu's own rule: every move it lists must be legal in boardlab.
        if theirs - ours:
            problems.append(f"HaChu lists moves boardlab refuses under royal=capture: {sorted(theirs - ours)}")
        return problems
    for m in sorted(theirs - ours):
        answer = boardlab.cmd(f"position {after_move(fen, m)}")
        if not (answer and "has just moved is in check" in answer[0]):
            problems.append(f"HaChu lists {m}, boardlab calls it illegal but not for leaving the "
                            f"king attacked: {answer}")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--plies", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--boardlab", default=os.environ.get("BOARDLAB", os.path.join(TOP, "target", "release", "boardlab")))
    ap.add_argument("--progress", help="append a JSON line of counts per finished game here")
    ap.add_argument("--resume", action="store_true", help="skip the games --progress holds")
    ap.add_argument("--royal", choices=["checkmate", "capture"], default="checkmate",
                    help="boardlab's rule option royal; under capture (HaChu's rule) the two lists must "
                    "agree but for deferrals, and a game ends when a king is taken")
    args = ap.parse_args()
    capture = args.royal == "capture"
    hachu = HaChu(washogi_engines.hachu())
    ours = Boardlab(args.boardlab)
    shogi = Boardlab(args.boardlab)  # royal=checkmate: which moves keep the king safe
    # HaChu has no draw rules: ours are off too, so only move generation is compared.
    shogi.cmd("rules drops=false,repetition=off,bare_kings=play,max_plies=0")
    exposed = 0
    positions = deferrals = ends = pseudo = 0
    failures = []
    done = {}
    if args.resume and args.progress and os.path.exists(args.progress):
        for line in open(args.progress):
            if line.strip():
                r = json.loads(line)
                if r["seed"] == args.seed and r["plies"] == args.plies and r.get("royal", "checkmate") == args.royal:
                    done[r["game"]] = r
    for r in done.values():
        positions, deferrals = positions + r["positions"], deferrals + r["deferrals"]
        pseudo, ends = pseudo + r["pseudo"], ends + r["ends"]
    for g in range(args.games):
        if g in done:
            continue
        rng = random.Random(args.seed * 1_000_003 + g)
        before = (positions, deferrals, pseudo, ends)
        hachu.new_game()
        ours.cmd("rules drops=false,repetition=off,bare_kings=play,max_plies=0"
                 + (",royal=capture" if capture else ""))
        played = []
        for ply in range(args.plies):
            mine, theirs = ours.legal(), hachu.legal()
            positions += 1
            fen = ours.cmd("print")[0].split(" ", 1)[1]
            if capture and takes_king(mine, fen):
                # The last move left its king attacked (legal under royal=capture; the lists up
                # to here included such moves). HaChu stops playing the game normally once a king
                # can be taken (it then lists the other side's moves and refuses the side to
                # move's), so a random game ends here.
                ends += 1
                break
            pseudo += len(theirs - mine)
            for p in compare(mine, theirs, fen, ours, capture):
                failures.append(f"game {g} ply {ply} at {fen}: {p}")
            ours.cmd(f"position {fen}")
            if not mine:
                ends += 1
                break
            deferral = sorted(m for m in mine - theirs if not m.endswith("+"))
            if deferral and rng.random() < 0.5:
                mv = rng.choice(deferral)
                deferrals += 1
            elif capture:
                # Mostly moves that keep the king safe (so games last), now and then one that
                # leaves it attacked (legal under royal=capture: the game then ends below).
                shogi.cmd(f"position {fen}")
                safe = sorted(mine & shogi.legal())
                exposing = sorted(mine - set(safe))
                exposed += len(exposing)
                if exposing and (not safe or rng.random() < 0.02):
                    mv = rng.choice(exposing)
                else:
                    mv = rng.choice(safe)
            else:
                mv = rng.choice(sorted(mine))
            played.append(mv)
            refused = hachu.play(mv)
            if refused:
                failures.append(f"game {g} ply {ply}: HaChu refused {mv}: {refused}")
                break
            err = ours.cmd(f"moves {mv}")
            if err:
                failures.append(f"game {g} ply {ply}: boardlab refused its own move {mv}: {err}")
                break
        if failures:
            print(f"game {g} moves: {' '.join(played)}", file=sys.stderr)
            break
        if args.progress:
            counts = [a - b for a, b in zip((positions, deferrals, pseudo, ends), before)]
            with open(args.progress, "a") as f:
                f.write(json.dumps({"seed": args.seed, "plies": args.plies, "game": g,
                                    **({"royal": "capture"} if capture else {}),
                                    **dict(zip(["positions", "deferrals", "pseudo", "ends"], counts))})
                        + "\n")
    hachu.close()
    ours.close()
    shogi.close()
    if capture:
        print(f"HaChu {washogi_engines.package_version('hachu')}, royal=capture: {args.games} random "
              f"games, {positions} positions compared, {exposed} moves in the lists that leave the "
              f"mover's king attacked (legal here), {deferrals} deferrals HaChu does not list played "
              f"and accepted, {ends} games ended with a king left attacked (or no move)")
    else:
        print(f"HaChu {washogi_engines.package_version('hachu')}: {args.games} random games, "
              f"{positions} positions compared, {deferrals} deferrals HaChu does not list played and "
              f"accepted, {pseudo} HaChu moves that leave the king attacked confirmed illegal, "
              f"{ends} games ended by checkmate or stalemate")
    if failures:
        print("MISMATCH")
        for f in failures[:10]:
            print("  " + f)
        sys.exit(1)
    print("all positions agree")


if __name__ == "__main__":
    main()
