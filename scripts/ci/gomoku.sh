#!/usr/bin/env bash
# Gomoku / renju differential tests at CI-sized counts (scripts/test.sh calls this once):
# forbidden points against PyPI `renju` and freestyle games against OpenSpiel's `gomoku`.
# The full runs (100,000 positions, 2,000 games) are the same scripts with larger counts:
#   GOMOKU_FORBIDDEN_POSITIONS=100000 GOMOKU_GAMES=2000 bash scripts/ci/gomoku.sh
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
PY=${BOARDLAB_PYTHON:-$(bash scripts/ci/pyenv.sh)}
[ -x "$BOARDLAB" ] || cargo build --release --locked
"$PY" scripts/crosscheck/gomoku_forbidden.py --positions "${GOMOKU_FORBIDDEN_POSITIONS:-3000}" \
  --full 100 --boardlab "$BOARDLAB"
"$PY" scripts/crosscheck/gomoku_openspiel.py --games "${GOMOKU_GAMES:-200}" --boardlab "$BOARDLAB"
