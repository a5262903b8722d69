#!/usr/bin/env bash
# Wa shogi checks beyond `cargo test` (which runs tests/washogi.rs at CI sizes):
#   bash scripts/ci/washogi.sh          # CI: 4 random games move by move against HaChu, under
#                                       # royal=checkmate and royal=capture
#   bash scripts/ci/washogi.sh --full   # the big counts, run once and reported in results/washogi.md:
#                                       # slow-generator perft 4 from the start, 1,000 random
#                                       # positions a rule set compared to depth 2, 100 HaChu games a royal rule
# HaChu is the Debian package `hachu` (installed with apt-get when missing, as root).
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
if [ "${1:-}" = "--full" ]; then
  WASHOGI_START_DEPTH=4 WASHOGI_POSITIONS=1000 WASHOGI_POSITION_DEPTH=2 \
    cargo test --release --locked --test integration washogi::slow_generator -- --nocapture --test-threads 1
  # Resumable: a cut run continues where it stopped (one JSON line a finished game).
  mkdir -p results/washogi
  python3 scripts/crosscheck/washogi_hachu.py --games 100 --plies 300 --seed 7 \
    --progress results/washogi/crosscheck-hachu-seed7.jsonl --resume
  python3 scripts/crosscheck/washogi_hachu.py --games 100 --plies 300 --seed 7 --royal capture \
    --progress results/washogi/crosscheck-hachu-capture-seed7.jsonl --resume
else
  python3 scripts/crosscheck/washogi_hachu.py --games 4 --plies 300 --seed 1
  python3 scripts/crosscheck/washogi_hachu.py --games 4 --plies 300 --seed 1 --royal capture
fi
