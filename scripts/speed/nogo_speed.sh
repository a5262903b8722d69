#!/usr/bin/env bash
# The NoGo speed figures of results/nogo.md and results/BENCHMARKS.md: perft from the empty 9x9
# board to depth 5 (one thread, leaves/s), then the criterion benches of bench/nogo.rs (random
# and policy playouts/s, MCTS simulations/s, liberty bitboards vs union-find). Take the figures
# on a quiet machine (on the shared development machine: `heavy -x bash scripts/speed/nogo_speed.sh`)
# and write the load (`uptime`) beside them. Builds first.
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
cargo build --release --locked
cargo bench --bench nogo --no-run
echo "load before: $(uptime)"
"$BOARDLAB" perft --game nogo --depth "${NOGO_PERFT_DEPTH:-5}"
cargo bench --bench nogo -- --warm-up-time 1 --measurement-time 3
echo "load after: $(uptime)"
