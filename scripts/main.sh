#!/usr/bin/env bash
# The main job (README): a real tournament. Three Othello engines (alpha-beta with a node
# budget, UCT MCTS with random playouts, greedy one-ply) meet in a round robin of colour-swapped
# pairs from seeded random openings, two games at a time, with a progress bar. Results (games,
# standings, ratings, chart) go to runs/tournament-othello/, a folder of the user's own runs
# that git ignores (replaced on each run; results/ holds only the recorded runs the docs cite).
# Extra arguments are passed to `boardlab tournament` (e.g. --games 100).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked
out=runs/tournament-othello
rm -rf "$out"
./target/release/boardlab tournament \
  --engines engines/othello/ab-fast.toml engines/othello/mcts.toml engines/othello/greedy.toml \
  --games 20 --concurrency 2 --random-openings 4 --seed 1 --out "$out" "$@"
