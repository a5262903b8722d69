#!/usr/bin/env bash
# The Junqi strength table (results/junqi.md): ISMCTS (with and without the belief), greedy and
# random, GAMES games a pairing (default 500: 250 colour-swapped pairs), fixed playouts so the
# machine's load does not change the games; setups come from the engines' setup choosers (no
# random openings). Resumable: a killed run goes on where it stopped. Run it on
# the shared machine niced, outside heavy (fixed playouts): nice -n 19 bash
# scripts/tools/junqi_strength.sh [pairing...]; CONCURRENCY=n plays n games at once.
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
GAMES=${GAMES:-500}
SEED=${SEED:-17}
B=$BOARDLAB
[ -x "$B" ] || cargo build --release --locked
declare -A PAIRS=(
  [ismcts-vs-random]="engines/junqi/ismcts.toml engines/junqi/random.toml"
  [ismcts-vs-greedy]="engines/junqi/ismcts.toml engines/junqi/greedy.toml"
  [greedy-vs-random]="engines/junqi/greedy.toml engines/junqi/random.toml"
  [belief-vs-uniform]="engines/junqi/ismcts.toml engines/junqi/ismcts-uniform.toml"
  [belief-vs-uniform-200]="engines/junqi/ismcts-200.toml engines/junqi/ismcts-uniform-200.toml"
)
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(greedy-vs-random ismcts-vs-random ismcts-vs-greedy belief-vs-uniform)
for name in "${names[@]}"; do
  out=results/junqi/$name
  resume=()
  [ -f "$out/tournament.json" ] && resume=(--resume)
  # shellcheck disable=SC2086
  $B match ${PAIRS[$name]} --games "$GAMES" --random-openings 0 --seed "$SEED" \
    --concurrency "${CONCURRENCY:-1}" --quiet --out "$out" "${resume[@]}" | grep -E '^\| [a-z]' | head -4
done
