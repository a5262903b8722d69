#!/usr/bin/env bash
# The Elo ladder of one game against its peer engine (results/strength.md):
#   random < greedy < boardlab alpha-beta (ab-clock) < peer (Zebra, Scan 2.0, GuiNN)
# Each step is a colour-swapped tournament from seeded random openings (GAMES games, default 200
# = 100 pairs), one game at a time under `heavy` (about one core a match), resumable: rerunning
# the script continues every step where it stopped (--resume). The peer steps run at each time
# control in TCS (default "10+0.1 60+0.6"; an entry like 65ms is a fixed time a move for both
# sides instead of a clock, `--movetime 65`); the load (uptime) is written beside each result.
#
#   BOARDLAB_PEERS=/path/to/peers scripts/peers/strength_vs_peers.sh othello|draughts|checkers
#
# BOARDLAB_PEERS is the folder holding the peers (zebra/, scan2/, guinn/: see docs/arena.md,
# "Peer engines", for where each comes from and how to build it). Without it only the steps
# below the peer run. Env: GAMES, TCS, STEPS (a subset of "random-greedy greedy-ab ab-peer"),
# OUT (default results/strength/GAME), BOARDLAB (the binary, default target/release/boardlab),
# AB (boardlab's engine file for the peer steps, default engines/GAME/ab-clock.toml), CONCURRENCY
# (games at once, default 1; 2 on an otherwise idle two-core machine keeps each engine on a core,
# since only one side of a game thinks at a time).
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
game=${1:?usage: scripts/peers/strength_vs_peers.sh othello|draughts|checkers}
case "$game" in
  othello) peer=engines/othello/peer-zebra.toml; plies=6 ;;
  draughts) peer=engines/draughts/peer-scan2.toml; plies=4 ;;
  checkers) peer=engines/checkers/peer-guinn.toml; plies=4 ;;
  *) echo "scripts/peers/strength_vs_peers.sh: no peer for $game" >&2; exit 2 ;;
esac
GAMES=${GAMES:-200}
TCS=${TCS:-"10+0.1 60+0.6"}
STEPS=${STEPS:-"random-greedy greedy-ab ab-peer"}
OUT=${OUT:-results/strength/$game}
HEAVY=$(command -v heavy || true)
[ -x "$BOARDLAB" ] || ${HEAVY:+$HEAVY} cargo build --release --locked
mkdir -p "$OUT"

# step NAME TC ENGINE_A ENGINE_B: one tournament into $OUT/NAME, resumed if begun.
step() {
  local name=$1 tc=$2 a=$3 b=$4 dir=$OUT/$1 resume=()
  [ -f "$dir/tournament.json" ] && resume=(--resume)
  local clock=()
  case "$tc" in
    none) ;;
    *ms) clock=(--movetime "${tc%ms}") ;;
    *) clock=(--tc "$tc") ;;
  esac
  echo "== $game $name (tc $tc), load: $(uptime | sed 's/.*load/load/')" | tee -a "$OUT/load.txt"
  ${HEAVY:+$HEAVY} "$BOARDLAB" tournament --engines "$a" "$b" --games "$GAMES" \
    --random-openings "$plies" --seed 2026 --concurrency "${CONCURRENCY:-1}" \
    --progress-secs 60 "${clock[@]}" \
    --out "$dir" "${resume[@]}"
  echo "   done, load: $(uptime | sed 's/.*load/load/')" | tee -a "$OUT/load.txt"
  grep -A4 '^| # |' "$dir/summary.md" || true
}

for s in $STEPS; do
  case $s in
    random-greedy) step random-greedy none "engines/$game/greedy.toml" "engines/$game/random.toml" ;;
    greedy-ab) step greedy-ab 10+0.1 "engines/$game/ab-clock.toml" "engines/$game/greedy.toml" ;;
    ab-peer)
      if [ -z "${BOARDLAB_PEERS:-}" ]; then
        echo "BOARDLAB_PEERS is not set: skipping the peer step (docs/arena.md, \"Peer engines\")" >&2
        continue
      fi
      for tc in $TCS; do
        step "ab-peer-$tc" "$tc" "$peer" "${AB:-engines/$game/ab-clock.toml}"
      done ;;
    *) echo "unknown step $s" >&2; exit 2 ;;
  esac
done
