#!/usr/bin/env bash
# The same tournament with and without adjudication (results/arena.md): fixed depth / nodes, so
# the load does not change the games; the same seed and openings, so the two runs start every
# game alike. Prints both standings and the engine time each took.
#   scripts/tools/adjudication_compare.sh othello|draughts [GAMES]
# Resumable: rerunning continues both runs (--resume).
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
game=${1:?usage: scripts/tools/adjudication_compare.sh othello|draughts [GAMES]}
GAMES=${2:-200}
HEAVY=$(command -v heavy || true)
OUT=${OUT:-results/arena/adjudication-$game}
case "$game" in
  othello)
    engines=(engines/othello/ab-d4.toml engines/othello/ab-fast.toml)
    adjudicate=(--resign movecount=3,score=60,twosided --adjudicate exact=engines/othello/exact-14.toml) ;;
  draughts)
    engines=(engines/draughts/ab.toml engines/draughts/ab-noq.toml)
    adjudicate=(--resign movecount=3,score=300,twosided --draw movenumber=40,movecount=8,score=15) ;;
  *) echo "scripts/tools/adjudication_compare.sh: othello or draughts" >&2; exit 2 ;;
esac
[ -x "$BOARDLAB" ] || ${HEAVY:+$HEAVY} cargo build --release --locked
mkdir -p "$OUT"
run() {
  local name=$1 dir=$OUT/$1; shift
  local resume=(); [ -f "$dir/tournament.json" ] && resume=(--resume)
  ${HEAVY:+$HEAVY} "$BOARDLAB" tournament --engines "${engines[@]}" --games "$GAMES" \
    --random-openings 4 --seed 23 --concurrency 1 --quiet "$@" --out "$dir" "${resume[@]}"
  echo "== $game, $name:"
  sed -n '/^| # |/,/^$/p;/kind of ending/,/^$/p;/Engine time/p' "$dir/summary.md"
}
run plain
run adjudicated "${adjudicate[@]}"
