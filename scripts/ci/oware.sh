#!/usr/bin/env bash
# Oware differential tests at CI-sized counts (scripts/test.sh calls this once): random games
# under preset=abapa compared position by position with OpenSpiel's `oware`, and perft from the
# start computed by OpenSpiel against `boardlab perft`. The full runs are the same script with
# larger counts:  OWARE_GAMES=2000 OWARE_PERFT=9 bash scripts/ci/oware.sh
# (Jungle has no independent implementation to compare with: tests/jungle.rs holds a slow
# reference move generator written from the rules, run by cargo test.)
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
PY=${BOARDLAB_PYTHON:-$(bash scripts/ci/pyenv.sh)}
[ -x "$BOARDLAB" ] || cargo build --release --locked
export BOARDLAB
"$PY" scripts/crosscheck/oware_openspiel.py --games "${OWARE_GAMES:-300}"
"$PY" scripts/crosscheck/oware_openspiel.py --perft "${OWARE_PERFT:-6}"
