#!/usr/bin/env bash
# Wa shogi (with drops), the pipeline's second customer (issue 43, results/learn.md): self-play of
# the depth-2 generator, a Texel fit of every evaluation term (material, hand values, mobility,
# king safety, the rank terms by kind) on its position file, then an SPRT of the fitted engine
# against today's ab-drops-q4 (elo0=0, elo1=10) at a fixed time a move.
# Resumable: the self-play resumes after its last whole game, the fit is skipped once its
# engine file exists, the gate resumes its match. Long (hours on 2 cores): run it under nohup.
set -euo pipefail
cd "$(dirname "$0")/../../.."
. scripts/lab.sh
B=$BOARDLAB
RUN=results/tune/washogi-gen1
DATA=tune-data/washogi-gen1/positions.blpos
FITTED=engines/washogi/ab-drops-q4-texel.toml
mkdir -p "$(dirname "$DATA")"
"$B" selfplay --engine engines/washogi/ab-drops-q4-d2.toml --games 4000 --seed 4301 \
  --opening-plies 2..10 --out "$DATA"
if [ ! -f "$FITTED" ]; then
  "$B" tune texel --positions "$DATA" --engine engines/washogi/ab-drops-q4.toml \
    --name boardlab-ab-drops-q4-texel --out "$RUN/fit" --engine-out "$FITTED.partial"
  mv "$FITTED.partial" "$FITTED"
fi
resume=()
[ -f "$RUN/gate/tournament.json" ] && resume=(--resume)
"$B" match "$FITTED" engines/washogi/ab-drops-q4.toml --rules drops=true --games 2000 \
  --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 --seed 44 --movetime "${MOVETIME:-50}" \
  --concurrency "${CONCURRENCY:-2}" --out "$RUN/gate" ${resume[@]+"${resume[@]}"}
