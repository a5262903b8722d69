#!/usr/bin/env bash
# boardlab vs CrazyWa, Wa shogi with drops (scripts/washogi_vs_engine.py has the details).
#   heavy bash scripts/washogi_vs_crazywa.sh [--games 50] [--ms 1000] [--seed 1] [--resume]
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 scripts/washogi_vs_engine.py --opponent crazywa "$@"
