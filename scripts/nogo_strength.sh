#!/usr/bin/env bash
# The NoGo strength table of results/nogo.md: colour-swapped pairs from seeded 2-ply random
# openings, GAMES games a match (default 200), results in results/arena/nogo-<a>-vs-<b>/ (each
# match resumes where it stopped: rerun the script after an interruption). Fixed playouts or
# depth everywhere except the equal-time match (100 ms a move), whose times depend on the load.
# Run one match: scripts/nogo_strength.sh rave uct
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-200}
BOARDLAB=${BOARDLAB:-target/release/boardlab}
match() {
  local a=$1 b=$2 out="results/arena/nogo-$1-vs-$2"
  local resume=()
  [[ -f "$out/tournament.json" ]] && resume=(--resume)
  "$BOARDLAB" match "engines/nogo/$a.toml" "engines/nogo/$b.toml" --games "$GAMES" \
    --random-openings 2 --seed 12 --quiet --out "$out" "${resume[@]}" | sed -n '/| engine | opponent/,/^$/p'
}
if [[ $# -eq 2 ]]; then match "$1" "$2"; exit; fi
match rave uct                 # RAVE vs plain UCT, 2000 playouts each, same playout policy
match rave-proof rave          # proof backup on vs off, 2000 playouts each
match mcts-time ab-time        # MCTS vs alpha-beta, 100 ms a move each (load matters)
match rave-proof random
match rave-proof greedy
match ab random
match ab greedy
match greedy random
