#!/usr/bin/env python3
"""Runs a boardlab self-play run as N shards on Ray, then merges them into the run's file.

    python scripts/tools/ray_selfplay.py --shards 4 --out tune-data/othello/positions.blpos -- \\
        --engine engines/othello/ab-d4.toml --games 400000 --seed 4301 --exact-empties 14

Everything after `--` goes to `boardlab selfplay` unchanged (not --out, --shard or --quiet: the
driver sets those). Shard i of N (1-based, `--shard i/N`) plays the games g with g % N == i - 1
into <out>.shards/shard-i-of-N.blpos; `boardlab selfplay merge` then writes <out>, the same bytes
as the unsharded run's file (games in game order, deduplicated across shards).

Ray: a local instance by default (`ray.init()`); `--address ray://host:10001` or `auto` runs the
same tasks on a cluster, unchanged, provided every node has the boardlab binary, the engine files
and a shared output directory at the same paths. A shard's command is itself resumable (a rerun
plays on after its file's last whole game), so a task that fails is simply retried, and the
driver run again after a kill plays only what is missing: finished shards are left as they are.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import lab  # noqa: E402

import ray  # noqa: E402


def parse():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--shards", type=int, required=True, help="shards (Ray tasks) to cut the run into")
    p.add_argument("--out", required=True, help="the merged position file (.blpos)")
    p.add_argument("--address", default=None, help="Ray cluster address (default: start a local instance)")
    p.add_argument("--boardlab", default=None, help="the boardlab binary (default: target/release/boardlab)")
    p.add_argument("--threads-per-shard", type=int, default=1,
                   help="worker threads of each shard's selfplay; Ray reserves as many CPUs for it")
    p.add_argument("selfplay", nargs=argparse.REMAINDER, help="-- then boardlab selfplay arguments")
    a = p.parse_args()
    a.selfplay = lab.forwarded_args(p, a.selfplay, ("--out", "--shard", "--quiet", "--threads"))
    if a.shards < 1:
        p.error("--shards must be at least 1")
    if a.threads_per_shard < 1:
        p.error("--threads-per-shard must be at least 1")
    if not a.selfplay:
        p.error("give the selfplay arguments after --")
    return a


@ray.remote(max_retries=2)
def play_shard(boardlab, args, i, n, threads, out):
    """One shard: `boardlab selfplay ... --shard i/n --out out` (a rerun resumes it exactly)."""
    cmd = [boardlab, "selfplay", *args, "--shard", f"{i}/{n}", "--threads", str(threads), "--out", out, "--quiet"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"shard {i}/{n} failed ({r.returncode}): {r.stderr.strip()}")
    return out, r.stdout.strip()


def main():
    a = parse()
    boardlab = os.path.abspath(a.boardlab or lab.boardlab_path())
    out = os.path.abspath(a.out)
    folder = out + ".shards"
    os.makedirs(folder if a.shards > 1 else os.path.dirname(out), exist_ok=True)
    # Engine files are given relative to where the driver runs: make them absolute so tasks may
    # run in another working directory.
    args = [os.path.abspath(x) if os.path.exists(x) else x for x in a.selfplay]
    n = a.shards
    # One shard is the unsharded run (selfplay ignores --shard 1/1): it writes <out> itself.
    files = [out] if n == 1 else [os.path.join(folder, f"shard-{i}-of-{n}.blpos") for i in range(1, n + 1)]
    ray.init(address=a.address, include_dashboard=False, log_to_driver=False)
    try:
        tasks = [play_shard.options(num_cpus=a.threads_per_shard).remote(boardlab, args, i, n, a.threads_per_shard, f)
                 for i, f in zip(range(1, n + 1), files)]
        pending = list(tasks)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            _, said = ray.get(done[0])
            print(f"ray_selfplay: {n - len(pending)}/{n} shards done: {said}", file=sys.stderr, flush=True)
    finally:
        ray.shutdown()
    if n == 1:
        return
    tmp = out + ".partial"
    r = subprocess.run([boardlab, "selfplay", "merge", *files, "--out", tmp], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"ray_selfplay: the merge failed ({r.returncode}): {r.stderr.strip()}")
    os.replace(tmp, out)  # a kill during the merge leaves no half-written <out>
    print(r.stdout.strip().replace(tmp, out))


if __name__ == "__main__":
    main()
