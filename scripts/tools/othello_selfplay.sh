#!/usr/bin/env bash
# Othello's self-play data for the pattern fit (issue 43, results/learn.md): depth-4 games of the
# hand-set evaluation from random openings of 4..20 plies, exact values from 14 empties. Resumable:
# run it again after a kill and it goes on after the file's last whole game. The data is not
# committed (about 100 bytes a position); this script is how it is made again.
#   scripts/tools/othello_selfplay.sh [OUT_DIR] [GAMES] [SEED]
# (defaults: tune-data/othello-gen1, 400000, 4301; results/learn.md's second file is
# `tune-data/othello-gen1b 150000 4302`). BOARDLAB names the binary (default: this checkout's
# release build); THREADS the workers (default: every core); ENGINE the engine file (default
# engines/othello/ab-d4.toml) and PLIES the openings' range (default 4..20). Generation 2 is
#   ENGINE=engines/othello/ab-d6-patterns-texel.toml PLIES=8..24 \
#     BOARDLAB_OTHELLO_PATTERNS=results/tune/othello-gen1/weights.bin \
#     scripts/tools/othello_selfplay.sh tune-data/othello-gen2 150000 4401
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
out=${1:-tune-data/othello-gen1}
games=${2:-400000}
seed=${3:-4301}
mkdir -p "$out"
exec nice -n 19 "$BOARDLAB" selfplay --engine "${ENGINE:-engines/othello/ab-d4.toml}" --games "$games" \
    --seed "$seed" --opening-plies "${PLIES:-4..20}" --exact-empties 14 ${THREADS:+--threads "$THREADS"} \
    --out "$out/positions.blpos"
