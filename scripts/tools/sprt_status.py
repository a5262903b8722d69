#!/usr/bin/env python3
"""Where an SPRT of scripts/tools/sprt_search.sh stands, from its games.jsonl (also while it runs, or
after it was stopped short of a decision): games, W-D-L of the first engine, pentanomial pair
counts, Elo with its 95% interval (pentanomial), the mean depth each engine reached a move
and the mean time it took a move (ms; a time control's figure to read beside the load), and
the LLR against its bounds, with the run's own SPRT (tournament.json's `sprt`: elo0, elo1,
alpha, beta; elo0=0, elo1=5, alpha = beta = 0.05 for a run without one). The formulas are
those of scripts/crosscheck/stats_reference.py (the arena's own, re-derived), so the figures agree with the
arena's summary when the run ends.

    python3 scripts/tools/sprt_status.py results/search/<run> [<run> ...]
"""
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from lab import read_records  # noqa: E402
from crosscheck.stats_reference import penta, sprt_llr  # noqa: E402


def status(run):
    games = read_records(os.path.join(run, "games.jsonl"))
    manifest = json.load(open(os.path.join(run, "tournament.json")))
    first = manifest["engines"][0]["name"]
    sprt = manifest.get("sprt") or {"elo0": 0.0, "elo1": 5.0, "alpha": 0.05, "beta": 0.05}
    by_block = {}
    w = d = l = 0
    depths = {}
    times = {}
    for g in games:
        for st in g.get("stats", []):
            name = g["engines"][st["seat"]]
            if st.get("depth") is not None:
                depths.setdefault(name, []).append(st["depth"])
            if st.get("ms") is not None:
                times.setdefault(name, []).append(st["ms"])
        seat = g["engines"].index(first)
        r = g["returns"][seat]
        score = 1.0 if r > 0 else 0.0 if r < 0 else 0.5
        w, d, l = w + (score == 1), d + (score == 0.5), l + (score == 0)
        by_block.setdefault(g["block"], []).append(score)
    counts = [0] * 5
    for scores in by_block.values():
        if len(scores) == 2:
            counts[int(round(sum(scores) * 2))] += 1
    p = penta(counts)
    llr = sprt_llr(counts, sprt["elo0"], sprt["elo1"])
    upper = math.log((1 - sprt["beta"]) / sprt["alpha"])
    lower = math.log(sprt["beta"] / (1 - sprt["alpha"]))
    verdict = "H1 accepted" if llr >= upper else "H0 accepted" if llr <= lower else "undecided"
    depth = {k: sum(v) / len(v) for k, v in depths.items()}
    ms = {k: sum(v) / len(v) for k, v in times.items()}
    return dict(run=os.path.basename(run.rstrip("/")), games=len(games), wdl=(w, d, l),
                penta=counts, elo=p["elo"], err=p["err"], llr=llr, verdict=verdict,
                depth=" / ".join(f"{k} {v:.2f}" for k, v in sorted(depth.items())),
                ms=" / ".join(f"{k} {v:.0f}" for k, v in sorted(ms.items())))


if __name__ == "__main__":
    for run in sys.argv[1:]:
        s = status(run)
        print(f"| {s['run']} | {s['games']} | {s['wdl'][0]}-{s['wdl'][1]}-{s['wdl'][2]} | "
              f"{s['penta']} | {s['elo']:+.1f} ± {s['err']:.1f} | {s['llr']:+.2f} | "
              f"{s['verdict']} | {s['depth']} | {s['ms']} |")
