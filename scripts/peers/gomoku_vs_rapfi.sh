#!/usr/bin/env bash
# boardlab's gomoku engine against Rapfi (dhbloo/rapfi @3aedf3a2, classical evaluation) through
# the arena's Gomocup client, at equal time per move, in freestyle and renju.
#
#   bash scripts/peers/gomoku_vs_rapfi.sh [PEERS_DIR] [GAMES] [MOVE_MS]
#   RESUME=1 ...   continues stopped runs;   RULES=renju ...   plays only that rule set
#
# PEERS_DIR holds rapfi/ (pbrain-rapfi and config-classical220723.toml); default $BOARDLAB_PEERS.
# The engine command recorded in tournament.json names the folder as $BOARDLAB_PEERS (exported
# here, expanded by bash when the engine starts), so a record holds no machine's path and its
# command reruns anywhere with BOARDLAB_PEERS set. The openings go to a fixed file in the
# repository (results/gomoku/openings-50-seed11.txt), so a resumed run sees the same source.
# Rapfi is not part of boardlab: build it from https://github.com/dhbloo/rapfi (GPL-3) and put
# the binary with its classical config in PEERS_DIR/rapfi. Results: results/gomoku/rapfi-*/.
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
peers=${1:-${BOARDLAB_PEERS:-}}
games=${2:-100}
ms=${3:-100}
if [ -z "$peers" ] || [ ! -x "$peers/rapfi/pbrain-rapfi" ]; then
  echo "Rapfi not found: give the peers folder (holding rapfi/pbrain-rapfi) or set BOARDLAB_PEERS" >&2
  exit 2
fi
BOARDLAB_PEERS=$(cd "$peers" && pwd)
export BOARDLAB_PEERS
boardlab=$BOARDLAB
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/rapfi.toml" <<TOML
name = "rapfi"
game = "gomoku"
backend = "external"
protocol = "gomocup"
# Rapfi opens its files relative to the working directory.
command = ["bash", "-c", "cd \"\$BOARDLAB_PEERS/rapfi\" && exec ./pbrain-rapfi --config config-classical220723.toml"]
[limits]
time_ms = $ms
[params]
margin_ms = 1000
TOML
openings=results/gomoku/openings-50-seed11.txt
python3 scripts/tools/gomoku_openings.py --count 50 --seed 11 > "$openings"
for rule in ${RULES:-freestyle renju}; do
  out=results/gomoku/rapfi-$rule
  "$boardlab" match engines/gomoku/ab.toml "$tmp/rapfi.toml" --games "$games" \
    --rules "rule=$rule,opening=free" --openings "$openings" --movetime "$ms" \
    --time-margin-ms 1000 --concurrency 1 --quiet --out "$out" ${RESUME:+--resume}
  echo "== $rule ($(uptime | sed 's/.*load/load/'))"
  cat "$out/summary.md" | head -30
done
