#!/usr/bin/env bash
# Gomoku speed figures for results/BENCHMARKS.md: forbidden-point checks per second (the exact
# recursive checker at every empty point of 2,000 crowded random positions) and alpha-beta
# nodes per second on the fixed positions of tests/data/gomoku/speed_positions.txt (renju,
# engines/gomoku/ab.toml, one thread), and, when a peers folder is given, Rapfi's own speed
# figure on the same positions (its `MESSAGE Speed` line; scripts/speed/gomoku_rapfi_speed.py).
#
#   heavy -x bash scripts/speed/gomoku_speed.sh [MS] [PEERS_DIR]
#
# Build first (outside the exclusive run): cargo build --release and
#   cargo test --release --test integration --no-run
# PEERS_DIR holds rapfi/ (default $BOARDLAB_PEERS; Rapfi: https://github.com/dhbloo/rapfi).
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
ms=${1:-3000}
peers=${2:-${BOARDLAB_PEERS:-}}
boardlab=$BOARDLAB
positions=tests/data/gomoku/speed_positions.txt
echo "load before: $(uptime | sed 's/.*load/load/')"
cargo test --release --test integration -- --ignored --nocapture gomoku_forbidden::forbidden_checks_per_second \
  2>/dev/null | grep 'checks/s'
echo "| position | boardlab nodes | ms | boardlab nodes/s | depth |"
echo "|---|---:|---:|---:|---:|"
grep -v '^#' "$positions" | while read -r name pos side; do
  out=$("$boardlab" search --game gomoku --engine engines/gomoku/ab.toml \
    --rules rule=renju,opening=free --position="$pos $side" --time-ms "$ms" --json)
  python3 -c 'import json,sys; r=json.loads(sys.argv[2]); n, ms, d = r["nodes"], r["ms"], r["depth"]; print("| %s | %d | %d | %d | %d |" % (sys.argv[1], n, ms, n * 1000 // max(ms, 1), d))' "$name" "$out"
done
if [ -n "$peers" ] && [ -x "$peers/rapfi/pbrain-rapfi" ]; then
  echo "Rapfi's own figures ($ms ms a position):"
  python3 scripts/speed/gomoku_rapfi_speed.py "$peers" "$positions" "$ms"
fi
echo "load after: $(uptime | sed 's/.*load/load/')"
