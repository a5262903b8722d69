#!/usr/bin/env bash
# The strength tables of results/race.md: Aeroplane chess and Maya cross, four players (one
# group of four engines, the seats rotated) and two players (a round robin, colours swapped),
# 1,000 or more games a table, fixed playouts (load does not change the result). Resumable: a
# killed run continues where it stopped (tournament --resume); a finished table's games.jsonl is
# gzipped and the table is skipped on a rerun.
#   bash scripts/tools/race_tables.sh [OUT]      # OUT defaults to results/race
# Maya cross is played with mcts-eval (MCTS, leaves valued by the evaluation) and, in its own
# tables, with plain MCTS at 100 random playouts a move (engines/mayacross/mcts-100.toml).
# CONCURRENCY=n plays n games at once (fixed playouts: the games do not change).
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
OUT=${1:-results/race}
mkdir -p "$OUT"

table() {
  # table NAME RULES GAMES_PER_PAIRING [tournament args, --engines last]
  local name=$1 rules=$2 games=$3; shift 3
  local dir="$OUT/$name" resume=()
  if [ -f "$dir/games.jsonl.gz" ]; then echo "$name: done"; return; fi
  [ -f "$dir/tournament.json" ] && resume=(--resume)
  "$BOARDLAB" tournament --rules "$rules" --games "$games" --random-openings 0 --seed 1 \
    --concurrency "${CONCURRENCY:-1}" \
    --quiet --out "$dir" "${resume[@]}" "$@" > "$dir.txt"
  gzip -f "$dir/games.jsonl"
  echo "$name: $(grep -m1 '^# Tournament' "$dir.txt")"
}

a=engines/aeroplane m=engines/mayacross
table aeroplane-4p preset=common,players=4 1000 --engines $a/{mcts,mcts-eval,greedy,random}.toml
table aeroplane-2p preset=common,players=2 168 --engines $a/{mcts,mcts-eval,greedy,random}.toml
table mayacross-4p players=4 1000 --engines $m/{mcts-eval,greedy,random,random-b}.toml
table mayacross-2p players=2 334 --engines $m/{mcts-eval,greedy,random}.toml
# Plain MCTS (random playouts, 100 a move) against the baselines.
table mayacross-mcts-4p players=4 1000 --engines $m/{mcts-100,greedy,random,random-b}.toml
table mayacross-mcts-2p players=2 334 --engines $m/{mcts-100,greedy,random}.toml
