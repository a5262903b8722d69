#!/usr/bin/env bash
# The Othello strength table (results/othello_strength.md): alpha-beta (ab-fast) against OpenSpiel
# MCTS, greedy and random, GAMES games each (default 100), colours alternated per opening pair.
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
PY=$(bash scripts/ci/pyenv.sh)
GAMES=${GAMES:-100}
mkdir -p results/raw
for opp in openspiel-mcts engines/othello/greedy.toml engines/othello/random.toml; do
  name=$(basename "$opp" .toml)
  "$PY" scripts/peers/othello_vs_openspiel_mcts.py --engine engines/othello/ab-fast.toml \
    --opponent "$opp" --games "$GAMES" > "results/raw/othello_ab-fast_vs_$name.txt"
  tail -1 "results/raw/othello_ab-fast_vs_$name.txt"
done
