#!/usr/bin/env python3
"""boardlab's Wa shogi engine against HaChu (no drops) or CrazyWa (drops), through the arena's
XBoard driver, at a fixed time per move, colour-swapped pairs from random two-ply openings.

    scripts/peers/washogi_vs_engine.py --opponent hachu   [--games 50] [--ms 1000] [--seed 1] [--resume]
    scripts/peers/washogi_vs_engine.py --opponent crazywa [--games 50] [--ms 1000] [--seed 1] [--resume]
    scripts/peers/washogi_vs_engine.py --opponent hachu --royal capture ...

`--royal capture` plays the rule option royal=capture (the Crane King is taken, not mated: moves
into or staying in check are legal, capturing the king wins), the reading HaChu plays by
(docs/rules/washogi.md); boardlab then plays engines/washogi/ab-capture.toml and the results go to
results/washogi/vs-<opponent>-capture.

Installs the opponent with apt-get when missing (scripts/peers/washogi_engines.py; for CrazyWa a fixed
build when the Debian binary crashes), runs `boardlab match` into results/washogi/vs-<opponent>
(resumable: --resume continues an interrupted run), then replays every recorded game with
`boardlab show` to say how it ended (checkmate, stalemate, repetition, perpetual check, the ply
limit, or a fault: an illegal move, a refused move, a crash) and writes report.md beside the
arena's summary: the score with 95% intervals (scripts/tools/score_interval.py), by colour, how games
ended, and every fault verbatim. Run it under `heavy`; the load is recorded in the report.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import lab  # noqa: E402
from tools import score_interval  # noqa: E402
from lab import read_records  # noqa: E402
from peers import washogi_engines  # noqa: E402

TOP = lab.TOP
OPPONENTS = {
    "hachu": ("engines/washogi/hachu.toml", "engines/washogi/ab.toml", "drops=false"),
    "crazywa": ("engines/washogi/crazywa.toml", "engines/washogi/ab-drops.toml", "drops=true"),
}


def uptime():
    return open("/proc/loadavg").read().split()[:3]


def ending_of(boardlab, rules, record):
    """How a recorded game ended, in words."""
    reason = record["reason"]
    if record.get("fault") is not None or reason != "terminal":
        return reason
    out = subprocess.run([boardlab, "show", "--game", "washogi", "--rules", rules,
                          "--moves", " ".join(record["moves"])], capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if line.startswith("game over: "):
            text = line[len("game over: "):]
            for key in ("checkmated", "Crane King is captured", "stalemate", "perpetual check",
                        "fourfold repetition"):
                if key in text:
                    return {"checkmated": "checkmate", "Crane King is captured": "Crane King captured",
                            "stalemate": "no legal move (stalemate)",
                            "perpetual check": "perpetual check loses",
                            "fourfold repetition": "fourfold repetition draw"}[key]
            return text
    return "terminal (not reproduced: " + out.stderr.strip() + ")"


def king_capture_kind(boardlab, rules, record):
    """For a game ended by a Crane King taken (royal=capture): whether the loser, at its last
    move, had a move that kept its king unattacked (it walked into or ignored the capture: a
    blunder that royal=checkmate would have refused) or was checkmated in the shogi sense."""
    before = record["moves"][:-2]
    out = subprocess.run([boardlab, "show", "--game", "washogi", "--rules", rules,
                          "--moves", " ".join(before)], capture_output=True, text=True)
    fen = next((l.split(" ", 1)[1] for l in out.stdout.splitlines() if l.startswith("position: ")), None)
    if fen is None:
        return "not reproduced"
    shogi = rules.replace(",royal=capture", "")
    res = subprocess.run([boardlab, "show", "--game", "washogi", "--rules", shogi, "--position", fen],
                         capture_output=True, text=True)
    m = re.search(r"legal moves \((\d+)\)", res.stdout)
    if not m:
        return "its opponent's king was already attacked"
    return "had a move keeping its king safe" if int(m.group(1)) > 0 else "was checkmated (shogi sense)"


def illegal_kind(boardlab, rules, record):
    """For a game lost by an illegal opponent move: whether the move leaves the mover's own king
    attacked (boardlab makes it on the position text alone and must refuse the result for
    exactly that reason), else what boardlab says about it. None when the game has no such
    fault."""
    m = re.search(r'illegal move: "([^"]+)"', record["reason"])
    if record.get("fault") is None or not m:
        return None
    mv = m.group(1)
    out = subprocess.run([boardlab, "show", "--game", "washogi", "--rules", rules,
                          "--moves", " ".join(record["moves"])], capture_output=True, text=True)
    fen = next((l.split(" ", 1)[1] for l in out.stdout.splitlines() if l.startswith("position: ")), None)
    if fen is None or "@" in mv:
        return f"{mv}: not classified (a drop, or the game did not replay)"
    from crosscheck import washogi_hachu as cc  # the text-only move maker
    try:
        after = cc.after_move(fen, mv)
    except (ValueError, IndexError, TypeError):
        return f"{mv}: not a move on this board"
    res = subprocess.run([boardlab, "show", "--game", "washogi", "--rules", rules, "--position", after],
                         capture_output=True, text=True)
    if "has just moved is in check" in res.stderr:
        return "leaves its own king attacked"
    return f"{mv}: {res.stderr.strip() or 'boardlab accepts the resulting position'}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opponent", choices=sorted(OPPONENTS), required=True)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--ms", type=int, default=1000, help="time per move for both engines")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=400, help="CrazyWa keeps at most 500 plies")
    ap.add_argument("--royal", choices=["checkmate", "capture"], default="checkmate",
                    help="the rule option royal: checkmate (shogi) or capture (the king is taken, HaChu's reading)")
    ap.add_argument("--ours", help="boardlab's engine file (default: engines/washogi/ab[-drops].toml, "
                    "ab-capture.toml with --royal capture)")
    ap.add_argument("--out", help="default results/washogi/vs-<opponent>")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--report-only", action="store_true", help="rewrite report.md from the games recorded")
    ap.add_argument("--boardlab", default=os.environ.get("BOARDLAB", os.path.join(TOP, "target", "release", "boardlab")))
    args = ap.parse_args()
    theirs, ours, rules = OPPONENTS[args.opponent]
    suffix = ""
    if args.royal == "capture":
        rules += ",royal=capture"
        ours, suffix = ours.replace(".toml", "-capture.toml"), "-capture"
        if not os.path.exists(os.path.join(TOP, args.ours or ours)):
            sys.exit(f"no engine file {ours} for royal=capture: give one with --ours")
    ours = args.ours or ours
    out = args.out or os.path.join(TOP, "results", "washogi", f"vs-{args.opponent}{suffix}")
    if args.opponent == "hachu":
        path, note = washogi_engines.hachu(), f"HaChu {washogi_engines.package_version('hachu')} (Debian hachu)"
    else:
        path, note = washogi_engines.crazywa()
    # The engine files name the program `hachu` / `crazywa`: put the chosen binary first on PATH.
    bindir = tempfile.mkdtemp(prefix="washogi-engines-")
    os.symlink(path, os.path.join(bindir, args.opponent))
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    cmd = [args.boardlab, "match", os.path.join(TOP, ours), os.path.join(TOP, theirs),
           "--games", str(args.games), "--random-openings", "2", "--seed", str(args.seed),
           "--movetime", str(args.ms), "--max-plies", str(args.max_plies), "--rules", rules,
           "--out", out, "--quiet"]
    if args.resume and os.path.exists(os.path.join(out, "tournament.json")):
        cmd.append("--resume")
    load_before, started = uptime(), time.time()
    if not args.report_only:
        print("+", " ".join(cmd), flush=True)
        subprocess.run(cmd, check=True, env=env, cwd=TOP)
    load_after, minutes = uptime(), (time.time() - started) / 60
    run_file = os.path.join(out, "run.json")
    if args.report_only and os.path.exists(run_file):
        load_before, load_after, minutes = json.load(open(run_file))
    elif not args.report_only:
        json.dump([load_before, load_after, minutes], open(run_file, "w"))

    records = read_records(os.path.join(out, "games.jsonl"))
    name = json.load(open(os.path.join(out, "tournament.json")))["engines"][0]["name"]
    w = d = l = 0
    by_colour = {0: [0, 0, 0], 1: [0, 0, 0]}
    endings, faults, illegal = {}, [], {}
    for r in records:
        seat = r["engines"].index(name)
        v = r["returns"][seat]
        k = 0 if v > 0 else (1 if v == 0 else 2)
        (w, d, l) = (w + (k == 0), d + (k == 1), l + (k == 2))
        by_colour[seat][k] += 1
        e = ending_of(args.boardlab, rules, r)
        if "illegal move" in e:
            e = f"{'boardlab' if r['fault'] == seat else 'the opponent'} played an illegal move"
        if e == "Crane King captured":
            loser = "boardlab" if r["returns"][seat] < 0 else "the opponent"
            e = f"Crane King captured: {loser} {king_capture_kind(args.boardlab, rules, r)}"
        endings[e] = endings.get(e, 0) + 1
        if r.get("fault") is not None:
            kind = illegal_kind(args.boardlab, rules, r)
            faults.append(f"game {r['index']}: {r['reason']}" + (f" -> {kind}" if kind else ""))
            if kind:
                illegal[kind] = illegal.get(kind, 0) + 1
    n = w + d + l
    s = (w + d / 2) / n
    half, lo, hi = score_interval.normal(s, n)
    wl, wh = score_interval.wilson(s, n)
    lines = [
        f"# boardlab ({os.path.basename(ours)}) vs {note}",
        "",
        f"- command: `{' '.join(os.path.relpath(c, TOP) if c.startswith(TOP) else c for c in cmd)}`",
        f"- {n} games, {args.ms} ms a move each, colour-swapped pairs from random 2-ply openings, "
        f"draw adjudicated at {args.max_plies} plies; this run took {minutes:.0f} min, "
        f"load average {' '.join(load_before)} before, {' '.join(load_after)} after",
        f"- boardlab: +{w} ={d} -{l}, score {100*s:.1f}% ± {100*half:.1f}% (95%, normal; "
        f"Wilson {100*wl:.1f}%-{100*wh:.1f}%), Elo {score_interval.elo(s):+.0f} "
        f"[{score_interval.elo(max(lo, 1e-3)):+.0f}, {score_interval.elo(min(hi, 1 - 1e-3)):+.0f}]",
        f"- as first player +{by_colour[0][0]} ={by_colour[0][1]} -{by_colour[0][2]}, "
        f"as second player +{by_colour[1][0]} ={by_colour[1][1]} -{by_colour[1][2]}",
        "- how the games ended: " + ", ".join(f"{v} {k}" for k, v in sorted(endings.items(), key=lambda x: -x[1])),
        f"- faults (illegal or refused moves, crashes, time): {len(faults)}",
    ]
    if illegal:
        lines.append("- the illegal moves, checked by boardlab: "
                     + ", ".join(f"{v} {k}" for k, v in sorted(illegal.items(), key=lambda x: -x[1])))
    lines += [f"  - {f}" for f in faults]
    report = "\n".join(lines) + "\n"
    open(os.path.join(out, "report.md"), "w").write(report)
    print(report)


if __name__ == "__main__":
    main()
