#!/usr/bin/env bash
# Backgammon's CI checks (scripts/test.sh calls this): move generation against OpenSpiel on 300
# positions x every roll; against GNU Backgammon (moves, opening counts, ids) when gnubg is
# installed (Debian `gnubg`, which scripts/test.sh installs), with the match equity table against
# gnubg's file. The full gnubg check is run by hand: scripts/crosscheck/backgammon_gnubg.py --positions 1000.
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
PY=${BOARDLAB_PYTHON:-$(bash scripts/ci/pyenv.sh)}
"$PY" scripts/crosscheck/backgammon_openspiel.py --positions "${BACKGAMMON_POSITIONS:-300}"
if [ -x /usr/games/gnubg ]; then
  "$PY" scripts/crosscheck/backgammon_gnubg.py --positions "${BACKGAMMON_GNUBG_POSITIONS:-50}" --ids 50
  "$PY" scripts/crosscheck/backgammon_met.py
else
  echo "gnubg not installed: skipping the gnubg cross-check (apt-get install -y gnubg)"
fi
