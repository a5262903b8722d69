#!/usr/bin/env bash
# One SPRT of a selective-search feature (results/search.md): engine B (the feature) against
# engine A (without it), colour-swapped pairs from seeded random openings, at a fixed node
# budget a move (equal nodes: fair under any load, so it runs at nice 19 outside `heavy`; the
# feature's gain shows as depth reached within the budget), elo0=0 elo1=5 alpha=beta=0.05.
# Resumable: rerun the same command to continue where it stopped.
#
#   scripts/tools/sprt_search.sh GAME FEATURE_ENGINE BASE_ENGINE [NODES] [MAX_GAMES]
#   e.g. scripts/tools/sprt_search.sh othello engines/othello/ab-lmr.toml engines/othello/ab-plain.toml
#
# Env: OUT (default results/search/GAME-<feature>-vs-<base>-<nodes>), BOARDLAB (the binary,
# default target/release/boardlab), SEED (default 2026), CONCURRENCY (default 1).
# TC=<base+inc> (e.g. TC=2+0.02) plays at that time control instead of NODES (the Must show of
# issue 22): at normal priority, on a quiet machine only, and the load goes beside the result.
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
game=${1:?usage: scripts/tools/sprt_search.sh GAME FEATURE_ENGINE BASE_ENGINE [NODES] [MAX_GAMES]}
feature=${2:?feature engine file}
base=${3:?base engine file}
nodes=${4:-50000}
max_games=${5:-2000}
case "$game" in
  othello) plies=6; max_plies=200 ;;
  draughts) plies=4; max_plies=300 ;;
  *) plies=4; max_plies=400 ;;
esac
limit=(--nodes "$nodes"); tag=$nodes; prio=(nice -n 19)
if [ -n "${TC:-}" ]; then limit=(--tc "$TC"); tag="tc$TC"; prio=(); fi
name="$game-$(basename "$feature" .toml)-vs-$(basename "$base" .toml)-$tag"
OUT=${OUT:-results/search/$name}
resume=()
[ -f "$OUT/tournament.json" ] && resume=(--resume)
mkdir -p "$(dirname "$OUT")"
${prio[@]+"${prio[@]}"} "$BOARDLAB" match "$feature" "$base" --games "$max_games" "${limit[@]}" \
  --sprt elo0=0,elo1=5,alpha=0.05,beta=0.05 --random-openings "$plies" --seed "${SEED:-2026}" \
  --max-plies "$max_plies" --concurrency "${CONCURRENCY:-1}" --progress-secs 60 \
  --out "$OUT" "${resume[@]}"
