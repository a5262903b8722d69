#!/usr/bin/env bash
# Generation 1 of Othello's pattern tables, fitted and gated (results/learn.md). It needs the
# position files first: scripts/tools/othello_selfplay.sh tune-data/othello-gen1 400000 4301
# and scripts/tools/othello_selfplay.sh tune-data/othello-gen1b 110000 4302. Resumable.
set -euo pipefail
cd "$(dirname "$0")/../../.."
exec python3 scripts/tools/generations.py --run runs/learn/othello-gen1 --generations 1 \
  --generator engines/othello/ab-d4.toml --player engines/othello/ab-sel-patterns.toml \
  --first-data tune-data/othello-gen1/positions.blpos tune-data/othello-gen1b/positions.blpos \
  --exact-empties 14 --gate-games 2000 --movetime 50 --concurrency 2 --seed 43
