#!/usr/bin/env bash
# boardlab vs CrazyWa, Wa shogi with drops (scripts/peers/washogi_vs_engine.py has the details).
#   heavy bash scripts/peers/washogi_vs_crazywa.sh [--games 50] [--ms 1000] [--seed 1] [--resume]
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
exec python3 scripts/peers/washogi_vs_engine.py --opponent crazywa "$@"
