#!/usr/bin/env bash
# The race games' exact solutions against simulation (Big Cat, Three-way): every seat's share of
# the simulated wins must lie within 4 standard errors of its exact value. CI-sized by default
# (100,000 games a check, and Big Cat's two- and three-player chains); with FULL=1 the counts of
# results/race.md: 1,000,000 games each and the four-player Big Cat chain (2.1e9 states, about
# 1.7 GB and tens of minutes on one core), and RACE_GAMES=100000 random games a game through the
# conformance checks (tests/race.rs).
#   bash scripts/ci/race.sh            # CI
#   FULL=1 bash scripts/ci/race.sh     # the full counts (long; run once, see results/race.md)
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
GAMES=100000
CATS="2 3"
if [ "${FULL:-0}" = 1 ]; then
  GAMES=1000000
  CATS="2 3 4"
fi

check() {
  # Prints the solver's output and fails if a z-score is 4 or more in size.
  local out
  out=$("$BOARDLAB" solve "$@")
  echo "$out"
  echo "$out" | awk '/z = / { z = $NF; if (z < 0) z = -z; if (z >= 4) { print "z-score too large: " $0; bad = 1 } }
                     END { exit bad }'
}

for n in $CATS; do
  check --game bigcat --rules "players=$n" --simulate "$GAMES" --seed 1
done
check --game threeway --simulate "$GAMES" --seed 1

if [ "${FULL:-0}" = 1 ]; then
  RACE_GAMES=100000 cargo test --release --locked --test integration -- --nocapture random_games_keep_every_promise
fi
