#!/usr/bin/env bash
# Generation 2 of Othello's pattern tables, fitted and gated against generation 1
# (results/learn.md). It continues generation 1's run (results/tune/othello-gen1/gate.sh) and
# needs its position files and generation 2's first:
#   ENGINE=engines/othello/ab-d6-patterns-texel.toml PLIES=8..24 \
#     BOARDLAB_OTHELLO_PATTERNS=results/tune/othello-gen1/weights.bin \
#     scripts/tools/othello_selfplay.sh tune-data/othello-gen2 150000 4401
# Resumable: every step whose output exists is skipped.
set -euo pipefail
cd "$(dirname "$0")/../../.."
exec python3 scripts/tools/generations.py --run runs/learn/othello-gen1 --generations 2 \
  --generator engines/othello/ab-d4.toml --player engines/othello/ab-sel-patterns.toml \
  --first-data tune-data/othello-gen1/positions.blpos tune-data/othello-gen1b/positions.blpos \
  --data 2=tune-data/othello-gen2/positions.blpos \
  --exact-empties 14 --gate-games 2000 --movetime 50 --concurrency 2 --seed 43
