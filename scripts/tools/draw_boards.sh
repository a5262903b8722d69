#!/usr/bin/env bash
# Draws every game's board as SVG into docs/boards/<id>.svg: the position after a fixed number
# of seeded random plies (the last one highlighted), with `boardlab show --svg`. With
# --png, also renders each to PNG beside it (rsvg-convert, Debian's librsvg2-bin) for viewing.
# Usage: bash scripts/tools/draw_boards.sh [path/to/boardlab] [--png]
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
bin=$BOARDLAB
png=0
for a in "$@"; do
  case "$a" in
    --png) png=1 ;;
    *) bin=$a ;;
  esac
done
out=$top/docs/boards
mkdir -p "$out"
# Plies per game: into the middle game, before most games end.
declare -A plies=([othello]=24 [draughts]=30 [checkers]=20 [ewn]=9 [ur]=31 [gomoku]=20
  [washogi]=30 [backgammon]=15 [nogo]=30 [oware]=15 [jungle]=24 [bigcat]=10 [threeway]=10
  [mayacross]=40 [aeroplane]=60 [junqi]=30)
ids=$("$bin" list --json | python3 -c 'import json, sys; print(" ".join(g["id"] for g in json.load(sys.stdin)))')
# Random backgammon players double and drop at once: draw a cubeless game.
declare -A rules=([backgammon]=cube=false)
for id in $ids; do
  n=${plies[$id]:-20}
  "$bin" show --game "$id" --rules "${rules[$id]:-}" --random-plies "$n" --seed 3 --svg "$out/$id.svg" > /dev/null
  if [ "$png" = 1 ]; then
    rsvg-convert "$out/$id.svg" -o "${TMPDIR:-/tmp}/boardlab-board-$id.png"
  fi
  echo "$id: $n random plies -> docs/boards/$id.svg"
done
