#!/usr/bin/env bash
# Wa shogi speed figures for results/BENCHMARKS.md: perft leaves/s and alpha-beta nodes/s, one
# thread, release build. Run it alone on the machine (`heavy -x bash scripts/speed/bench_washogi.sh`).
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
B=$BOARDLAB
# A middle game with pieces in both hands (the CrazyWa match, results/washogi.md).
MID='hml1vk3do/1e1sc1g1u2/ppp1+Rpp2+Fp/11/1F1e4W2/7P3/1PRP5P1/5PP1P2/P1P1P5P/3GK3C2/O1+v1WS1+dLMH[XPPPPPxu] w'
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== perft, start, no drops";  "$B" perft --game washogi --depth 4
echo "== perft, start, drops";     "$B" perft --game washogi --rules drops=true --depth 4
echo "== perft, middle game with hands, drops"; "$B" perft --game washogi --rules drops=true --position "$MID" --depth 3
echo "== alpha-beta, start, no drops, 5 s"
"$B" search --game washogi --engine engines/washogi/ab.toml --time-ms 5000 --json
echo "== alpha-beta, middle game, drops (max_qdepth 4), 5 s"
"$B" search --game washogi --rules drops=true --engine engines/washogi/ab-drops-q4.toml --position "$MID" --time-ms 5000 --json
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
