#!/usr/bin/env bash
# The NoGo strength table of results/nogo.md: colour-swapped pairs from seeded 2-ply random
# openings, GAMES games a match (default 200), results in results/arena/nogo-<a>-vs-<b>/ (each
# match resumes where it stopped: rerun the script after an interruption). Fixed playouts or
# depth everywhere except the equal-time match (100 ms a move), whose times depend on the load.
# Run one match: scripts/tools/nogo_strength.sh rave uct; the playout-knob gauntlet: ... tune
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
GAMES=${GAMES:-200}
match() {
  local a=$1 b=$2 out="results/arena/nogo-$1-vs-$2"
  local resume=()
  [[ -f "$out/tournament.json" ]] && resume=(--resume)
  "$BOARDLAB" match "engines/nogo/$a.toml" "engines/nogo/$b.toml" --games "$GAMES" \
    --random-openings 2 --seed 12 --quiet --out "$out" "${resume[@]}" | sed -n '/| engine | opponent/,/^$/p'
}
# The playout knobs (safe, eye) of engines/nogo/*.toml: RAVE at 500 playouts with five knob
# settings against uniform playouts (knobs 1, 1), a gauntlet of 100 games a pairing.
tune() {
  local dir
  dir=$(mktemp -d)
  for v in "uniform 1 1" "s05e005 0.5 0.05" "s2e005 2 0.05" "s025e005 0.25 0.05" "s1e005 1 0.05" "s05e1 0.5 1"; do
    set -- $v
    printf 'name = "%s"\ngame = "nogo"\nbackend = "mcts"\n[limits]\nplayouts = 500\n[params]\nexploration = 0.2\nrave = true\nplayout_policy = true\n[params.playout_knobs]\nsafe = %s\neye = %s\n' \
      "$1" "$2" "$3" > "$dir/$1.toml"
  done
  local out=results/arena/nogo-playout-knobs resume=()
  [[ -f "$out/tournament.json" ]] && resume=(--resume)
  "$BOARDLAB" tournament --engines "$dir"/{uniform,s05e005,s2e005,s025e005,s1e005,s05e1}.toml \
    --gauntlet --games 100 --random-openings 2 --quiet --out "$out" "${resume[@]}"
  rm -rf "$dir"
}
if [[ ${1:-} == tune ]]; then tune; exit; fi
if [[ $# -eq 2 ]]; then match "$1" "$2"; exit; fi
match rave uct                 # RAVE vs plain UCT, 2000 playouts each, same playout policy
match rave-proof rave          # proof backup on vs off, 2000 playouts each
match mcts-time ab-time        # MCTS vs alpha-beta, 100 ms a move each (load matters)
match rave-proof random
match rave-proof greedy
match ab random
match ab greedy
match greedy random
