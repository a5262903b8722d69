#!/usr/bin/env python3
"""Runs a boardlab tournament as N shards on Ray, then merges them.

    python scripts/tools/ray_tournament.py --shards 4 --out results/t1 -- \\
        --engines engines/othello/a.toml engines/othello/b.toml --games 200 --seed 1

Everything after `--` goes to `boardlab tournament` unchanged (not --out, --shard or --resume:
the driver sets those). Shard i of N plays its slice of the deterministic schedule into
<out>/shard-i; `boardlab merge` then writes <out>/merged, whose standings equal a single run's.

Ray: a local instance by default (`ray.init()`); `--address ray://host:10001` or `auto` runs the
same tasks on a cluster, unchanged, provided every node has the boardlab binary, the engine files
and a shared <out> directory at the same paths. A task that fails is retried with --resume, which
plays exactly the games still missing.

SPRT on Ray (`--batches K` with `--sprt` among the tournament arguments): the schedule is cut into
shards x K pieces (`--shard i/(shards*K)`, whole colour-swapped pairs spread evenly over it), played
a wave of `--shards` pieces at a time; after each wave the pieces so far are merged and the
merged games' SPRT (the arena's, `summary.json`) decides whether another wave is played. A shard
never stops on its own part of the evidence; the test is this driver's, between waves, so its
decision is taken at wave boundaries (a few more pairs than one process would play).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import lab  # noqa: E402

import ray  # noqa: E402


def parse():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--shards", type=int, required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--address", default=None, help="Ray cluster address (default: start a local instance)")
    p.add_argument("--boardlab", default=None, help="the boardlab binary (default: target/release/boardlab)")
    p.add_argument("--cpus-per-shard", type=float, default=1.0,
                   help="CPUs Ray reserves per shard; pass the same --concurrency to boardlab")
    p.add_argument("--batches", type=int, default=1,
                   help="cut the schedule into shards x batches pieces, played --shards at a time; "
                        "with --sprt, stop after the first wave whose merged games decide the test")
    p.add_argument("tournament", nargs=argparse.REMAINDER, help="-- then boardlab tournament arguments")
    a = p.parse_args()
    a.tournament = lab.forwarded_args(p, a.tournament, ("--out", "--shard", "--resume"))
    if a.shards < 1:
        p.error("--shards must be at least 1")
    if a.batches < 1:
        p.error("--batches must be at least 1")
    return a


@ray.remote(max_retries=2)
def play_shard(boardlab, args, i, n, out):
    """One shard: `boardlab tournament ... --shard i/n --out out --resume` (resume makes retries exact)."""
    cmd = [boardlab, "tournament", *args, "--shard", f"{i}/{n}", "--out", out, "--resume", "--quiet"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"shard {i}/{n} failed ({r.returncode}): {r.stderr.strip()}")
    return out


def main():
    a = parse()
    boardlab = os.path.abspath(a.boardlab or lab.boardlab_path())
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    # Engine files and openings are given relative to where the driver runs: make them absolute so
    # tasks may run in another working directory.
    args = [os.path.abspath(x) if os.path.exists(x) else x for x in a.tournament]
    ray.init(address=a.address, include_dashboard=False, log_to_driver=False)
    pieces = a.shards * a.batches
    merged = os.path.join(out, "merged")
    sequential = any(x == "--sprt" or x.startswith("--sprt=") for x in args)
    dirs = []
    code = 0
    try:
        for wave in range(a.batches):
            first = wave * a.shards + 1
            tasks = [
                play_shard.options(num_cpus=a.cpus_per_shard).remote(
                    boardlab, args, i, pieces, os.path.join(out, f"shard-{i}"))
                for i in range(first, first + a.shards)
            ]
            dirs += ray.get(tasks)
            shutil.rmtree(merged, ignore_errors=True)  # derived from the shards: rebuilt every time
            r = subprocess.run([boardlab, "merge", *dirs, "--out", merged],
                               stdout=subprocess.DEVNULL if sequential else None)
            code = r.returncode
            if code != 0:
                break
            if not sequential:
                continue
            with open(os.path.join(merged, "summary.json")) as f:
                summary = json.load(f)
            test = summary.get("sprt") or {}
            print(f"wave {wave + 1}/{a.batches}: {summary['played_games']} games, "
                  f"LLR {test.get('llr', 0.0):.3f} in [{test.get('lower', 0.0):.3f}, "
                  f"{test.get('upper', 0.0):.3f}], {test.get('decision', 'no test')}",
                  file=sys.stderr, flush=True)
            if test.get("decision", "Continue") != "Continue":
                break
    finally:
        ray.shutdown()
    sys.exit(code)


if __name__ == "__main__":
    main()
