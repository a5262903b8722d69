#!/usr/bin/env bash
# boardlab vs HaChu, Wa shogi without drops (scripts/peers/washogi_vs_engine.py has the details).
#   heavy bash scripts/peers/washogi_vs_hachu.sh [--games 50] [--ms 1000] [--seed 1] [--resume]
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
exec python3 scripts/peers/washogi_vs_engine.py --opponent hachu "$@"
