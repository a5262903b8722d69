#!/usr/bin/env python3
"""boardlab against GNU Backgammon, gnubg as the referee (it rolls, applies, scores).

boardlab plays gnubg's player 0 through gnubg's external-player protocol: `boardlab serve
--protocol gnubg --listen 127.0.0.1:PORT` listens, gnubg connects (`set player 0 external`),
sends a FIBS board line at each of boardlab's decisions and reads the reply. Player 1 is gnubg
itself (`--plies`, 0 by default) or, with `--wildbg`, a second external player: wildbg through
scripts/peers/backgammon_wildbg_player.py, so gnubg referees that match too.

    # cubeless money games (the cube off in gnubg, `cube=false` for boardlab)
    scripts/peers/backgammon_vs_gnubg.py --engine engines/backgammon/ply1.toml --games 1000 --out results/backgammon/vs-gnubg-0ply
    # 7-point matches with the cube
    scripts/peers/backgammon_vs_gnubg.py --engine engines/backgammon/ply1.toml --matches 20 --length 7 --out results/backgammon/match7-vs-gnubg-0ply
    # against wildbg (its folder from $BOARDLAB_PEERS/wildbg or --wildbg-dir)
    scripts/peers/backgammon_vs_gnubg.py --engine engines/backgammon/ply1.toml --games 500 --wildbg --out results/backgammon/vs-wildbg

Resumable: games are played in chunks (one gnubg process, one connection each) and a chunk's
results are appended to OUT/games.jsonl when it completes; a rerun skips finished chunks. Each
chunk keeps boardlab's transcript (OUT/chunk-K.log: board line, position, reply) and gnubg's
output (OUT/chunk-K.gnubg.txt). boardlab checks every board line against its previous reply
(the same checkers, or one legal play of the other side): a protocol error is a line that
does not follow, an `Error` reply, or a gnubg warning; all are counted in the summary.
gnubg: `apt-get install -y gnubg` (installed by this script when run as root).
"""
import argparse
import json
import math
import os
import re
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import lab  # noqa: E402
from crosscheck.backgammon_gnubg import GNUBG, ensure_gnubg  # noqa: E402
from lab import unpack  # noqa: E402
from tools.score_interval import normal, wilson  # noqa: E402

TOP = lab.TOP
BOARDLAB = os.environ.get("BOARDLAB", os.path.join(TOP, "target", "release", "boardlab"))
WILDBG_PLAYER = os.path.join(TOP, "scripts", "scripts/peers/backgammon_wildbg_player.py")
# gnubg's result lines; a score line may run into the next result on one line.
NAME = r"(boardlab|gnubg|wildbg)"
RESULT = re.compile(NAME + r" wins an? (single game|gammon|backgammon) and (\d+) points?\.")
MATCH_WON = re.compile(NAME + r" has won the match\.")
SCORE = re.compile(r"The score \(after (\d+) games?\) is: " + NAME + r" (\d+), " + NAME + r" (\d+)")
CHECKED = re.compile(r"disconnected after (\d+) decisions; (\d+) lines checked against the reply before, (\d+) did not follow")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_listener(cmd, what):
    """Starts a player that listens for gnubg and waits for its `listening` line on stderr."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    line = proc.stderr.readline()
    if "listening" not in line:
        sys.exit("{} did not start: {}{}".format(what, line, proc.stderr.read()))
    return proc


def gnubg_commands(args, port0, port1, count, seed):
    other = "wildbg" if port1 else "gnubg"
    cmds = [
        "set rng mersenne",
        "set seed {}".format(seed),
        # `new match` gives the players their default names.
        "set defaultnames boardlab {}".format(other),
        "set player 0 external 127.0.0.1:{}".format(port0),
        "set player 0 name boardlab",
    ]
    if port1:
        cmds += ["set player 1 external 127.0.0.1:{}".format(port1), "set player 1 name wildbg"]
    else:
        cmds += [
            "set player 1 gnubg",
            "set player 1 name gnubg",
            "set player 1 chequerplay evaluation plies {}".format(args.plies),
            "set player 1 cubedecision evaluation plies {}".format(args.plies),
        ]
    cmds += ["set jacoby off", "set display off"]
    if args.matches:
        cmds += ["set cube use on", "set automatic game on"]
        cmds += ["new match {}".format(args.length)] * count
    else:
        cmds += ["set cube use off", "set automatic game off", "new session"]
        cmds += ["new game"] * (count - 1)
    return "\n".join(cmds) + "\n"


def play_chunk(args, k, count):
    out = args.out
    port0 = free_port()
    log = os.path.join(out, "chunk-{}.log".format(k))
    if os.path.exists(log):
        os.unlink(log)
    rules = "" if args.matches else "cube=false"
    serve = start_listener(
        [BOARDLAB, "serve", "--protocol", "gnubg", "--game", "backgammon", "--engine", args.engine,
         "--listen", "127.0.0.1:{}".format(port0), "--rules", rules, "--seat", "0", "--log", log,
         "--connections", "1"], "boardlab serve")
    peers = [serve]
    port1 = None
    if args.wildbg:
        port1 = free_port()
        peers.append(start_listener(
            [sys.executable, WILDBG_PLAYER, "--listen", "127.0.0.1:{}".format(port1), "--wildbg-dir", args.wildbg_dir,
             "--log", os.path.join(out, "chunk-{}.wildbg.log".format(k))], "the wildbg player"))
    seed = args.seed * 100003 + k
    t0 = time.time()
    g = subprocess.run([GNUBG, "-t", "-q"], input=gnubg_commands(args, port0, port1, count, seed),
                       capture_output=True, text=True, timeout=args.timeout)
    text = g.stdout + g.stderr
    with open(os.path.join(out, "chunk-{}.gnubg.txt".format(k)), "w") as f:
        f.write(text)
    try:
        _, err = serve.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        serve.kill()
        _, err = serve.communicate()
    for p in peers[1:]:
        p.kill()
    m = CHECKED.search(err)
    decisions, checked, mismatches = (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else (0, 0, -1)
    errors = len(re.findall(r"^Error|Warning: badly formed", text, re.M))
    errors += sum(1 for l in open(log) if "\tError" in l or "MISMATCH" in l) if os.path.exists(log) else 0
    records = []
    if args.matches:
        # Per match: the last score line before "has won the match".
        pos = 0
        for mw in MATCH_WON.finditer(text):
            scores = [s for s in SCORE.finditer(text, pos, mw.start())]
            last = scores[-1] if scores else None
            games = [r for r in RESULT.finditer(text, pos, mw.start())]
            sc = {last.group(2): int(last.group(3)), last.group(4): int(last.group(5))} if last else {}
            records.append({"match": len(records), "winner": mw.group(1), "score": sc,
                            "games": [[r.group(1), r.group(2), int(r.group(3))] for r in games]})
            pos = mw.end()
    else:
        for r in RESULT.finditer(text):
            records.append({"winner": r.group(1), "kind": r.group(2), "points": int(r.group(3))})
    want = count
    complete = len(records) >= want and mismatches >= 0
    return {"chunk": k, "records": records[:want], "wanted": want, "complete": complete,
            "seconds": round(time.time() - t0, 1), "decisions": decisions, "checked": checked,
            "mismatches": mismatches, "errors": errors}


def summarize(args, chunks):
    recs = [r for c in chunks for r in c["records"]]
    n = len(recs)
    lines = []
    opp = "wildbg" if args.wildbg else "gnubg"
    if n == 0:
        return "no finished games"
    if args.matches:
        won = sum(1 for r in recs if r["winner"] == "boardlab")
        s = won / n if n else 0.0
        half, lo, hi = normal(s, n) if n else (0, 0, 0)
        lines.append("{} {}-point matches: boardlab won {} ({:.1%} +- {:.1%}, Wilson 95% {:.1%}..{:.1%})".format(
            n, args.length, won, s, half, *wilson(s, n)))
        for i, r in enumerate(recs):
            lines.append("  match {}: {} ({}; {} games)".format(
                i + 1, r["winner"], ", ".join("{} {}".format(k, v) for k, v in r["score"].items()), len(r["games"])))
    else:
        won = sum(1 for r in recs if r["winner"] == "boardlab")
        pts = [(r["points"] if r["winner"] == "boardlab" else -r["points"]) for r in recs]
        s = won / n if n else 0.0
        half, lo, hi = normal(s, n) if n else (0, 0, 0)
        mean = sum(pts) / n if n else 0.0
        sd = math.sqrt(sum((p - mean) ** 2 for p in pts) / (n - 1)) if n > 1 else 0.0
        kinds = {}
        for r in recs:
            key = (r["winner"] == "boardlab", r["kind"])
            kinds[key] = kinds.get(key, 0) + 1
        lines.append("{} cubeless games vs {}: boardlab won {} = {:.1%} +- {:.1%} (95%; Wilson {:.1%}..{:.1%})".format(
            n, opp, won, s, half, *wilson(s, n)))
        lines.append("points per game {:+.3f} +- {:.3f} (95%)".format(mean, 1.96 * sd / math.sqrt(n) if n else 0))
        lines.append("wins single/gammon/backgammon {}/{}/{}; losses {}/{}/{}".format(
            *[kinds.get((True, k), 0) for k in ("single game", "gammon", "backgammon")],
            *[kinds.get((False, k), 0) for k in ("single game", "gammon", "backgammon")]))
    lines.append("protocol: {} decisions, {} board lines checked against boardlab's previous reply, {} did not follow, {} errors".format(
        sum(c["decisions"] for c in chunks), sum(c["checked"] for c in chunks),
        sum(max(c["mismatches"], 0) for c in chunks), sum(c["errors"] for c in chunks)))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--games", type=int, default=0, help="cubeless money games")
    ap.add_argument("--matches", type=int, default=0, help="matches with the cube")
    ap.add_argument("--length", type=int, default=7)
    ap.add_argument("--plies", type=int, default=0, help="gnubg's plies (player 1)")
    ap.add_argument("--wildbg", action="store_true", help="player 1 is wildbg, not gnubg")
    ap.add_argument("--wildbg-dir", default=None, help="wildbg's folder (default $BOARDLAB_PEERS/wildbg)")
    ap.add_argument("--chunk", type=int, default=0, help="games (matches) per gnubg process")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=7200, help="seconds a chunk may take")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    if bool(args.games) == bool(args.matches):
        sys.exit("give --games N or --matches N")
    if args.wildbg:
        args.wildbg_dir = args.wildbg_dir or os.path.join(os.environ.get("BOARDLAB_PEERS", ""), "wildbg")
        if not os.path.exists(os.path.join(args.wildbg_dir, "wildbg-cli")):
            sys.exit("wildbg not found in {!r}: give --wildbg-dir or set BOARDLAB_PEERS (wildbg: "
                     "github.com/carsten-wenderdel/wildbg, the `nets` branch, built with its nets)".format(args.wildbg_dir))
    ensure_gnubg()
    os.makedirs(args.out, exist_ok=True)
    total = args.games or args.matches
    chunk = args.chunk or (50 if args.games else 5)
    path = os.path.join(args.out, "games.jsonl")
    done = {}
    unpack(path)
    if os.path.exists(path):
        for line in open(path):
            c = json.loads(line)
            if c["complete"]:
                done[c["chunk"]] = c
    for k in range((total + chunk - 1) // chunk):
        if k in done:
            continue
        count = min(chunk, total - k * chunk)
        c = play_chunk(args, k, count)
        with open(path, "a") as f:
            f.write(json.dumps(c) + "\n")
        if c["complete"]:
            done[k] = c
        print("chunk {}: {} of {} finished in {} s; {} lines checked, {} mismatches, {} errors".format(
            k, len(c["records"]), count, c["seconds"], c["checked"], c["mismatches"], c["errors"]), flush=True)
    chunks = [done[k] for k in sorted(done)]
    text = summarize(args, chunks)
    with open(os.path.join(args.out, "summary.txt"), "w") as f:
        f.write("engine {}; opponent {}; command: {}\n{}\n".format(
            args.engine, "wildbg" if args.wildbg else "gnubg {}-ply".format(args.plies), " ".join(sys.argv), text))
    print(text)


if __name__ == "__main__":
    main()
