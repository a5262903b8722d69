#!/usr/bin/env bash
# Gomoku / renju differential tests at CI-sized counts (scripts/test.sh calls this once):
# forbidden points against PyPI `renju` and freestyle games against OpenSpiel's `gomoku`.
# The full runs (100,000 positions, 2,000 games) are the same scripts with larger counts:
#   GOMOKU_FORBIDDEN_POSITIONS=100000 GOMOKU_GAMES=2000 bash scripts/ci_gomoku.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${BOARDLAB_PYTHON:-$(bash scripts/pyenv.sh)}
BOARDLAB=${BOARDLAB:-$(pwd)/target/release/boardlab}
[ -x "$BOARDLAB" ] || cargo build --release --locked
"$PY" scripts/crosscheck_gomoku_forbidden.py --positions "${GOMOKU_FORBIDDEN_POSITIONS:-3000}" \
  --full 100 --boardlab "$BOARDLAB"
"$PY" scripts/crosscheck_gomoku_openspiel.py --games "${GOMOKU_GAMES:-200}" --boardlab "$BOARDLAB"
