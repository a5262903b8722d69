#!/usr/bin/env bash
# Solves FFO endgame positions exactly on one thread and prints a markdown table (position, empties,
# expected best score from the file, our score, nodes, seconds) with totals.
# Usage: scripts/speed/ffo.sh [first] [last] [file]   (defaults: 40 59 tests/data/othello/fforum-40-59.obf)
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
FIRST=${1:-40}
LAST=${2:-59}
FILE=${3:-tests/data/othello/fforum-40-59.obf}
BASE=$(basename "$FILE" .obf | sed -E 's/fforum-([0-9]+)-.*/\1/')
BIN=$BOARDLAB
# FFO_ARGS: extra arguments for every solve (e.g. FFO_ARGS="--ordering patterns").
read -r -a EXTRA <<< "${FFO_ARGS:-}"
echo "| # | empties | expected | score | best | nodes | wall s | CPU s | nodes per CPU s |"
echo "|---|---|---|---|---|---|---|---|---|"
n=$BASE; total_nodes=0; total_ms=0; total_cpu=0; ok=0; count=0
# CPU time (user + system) is measured besides wall time: on a shared machine the wall time
# depends on the load, the CPU time much less.
cpu_file=$(mktemp)
while IFS= read -r line; do
  if [ "$n" -ge "$FIRST" ] && [ "$n" -le "$LAST" ]; then
    expected=$(echo "$line" | sed -E 's/^[^;]*; *[A-Za-z0-9]+:([+-]?[0-9]+).*/\1/' | sed 's/^+//')
    out=$(/usr/bin/time -f "%U %S" -o "$cpu_file" "$BIN" search --game othello --position="$line" --exact --json ${EXTRA[@]+"${EXTRA[@]}"})
    cpu=$(awk '{print $1 + $2}' "$cpu_file")
    score=$(echo "$out" | sed -E 's/.*"score":(-?[0-9]+)(\.0)?.*/\1/')
    nodes=$(echo "$out" | sed -E 's/.*"nodes":([0-9]+).*/\1/')
    ms=$(echo "$out" | sed -E 's/.*"ms":([0-9]+).*/\1/')
    best=$(echo "$out" | sed -E 's/.*"best":"([a-h][1-8]|pass)".*/\1/')
    empties=$(echo "$line" | cut -c1-64 | tr -cd '-' | wc -c)
    mark=""; [ "$score" = "$expected" ] && ok=$((ok+1)) || mark=" WRONG"
    count=$((count+1)); total_nodes=$((total_nodes+nodes)); total_ms=$((total_ms+ms))
    total_cpu=$(echo "$total_cpu + $cpu" | bc -l)
    printf "| %d | %d | %+d | %+d%s | %s | %d | %.2f | %.2f | %.2e |\n" "$n" "$empties" "$expected" "$score" "$mark" "$best" "$nodes" "$(echo "$ms/1000" | bc -l)" "$cpu" "$(echo "$nodes/($cpu+0.001)" | bc -l)"
  fi
  n=$((n+1))
done < "$FILE"
printf "| total | | | %d/%d right | | %d | %.1f | %.1f | %.2e |\n" "$ok" "$count" "$total_nodes" "$(echo "$total_ms/1000" | bc -l)" "$total_cpu" "$(echo "$total_nodes/($total_cpu+0.001)" | bc -l)"
rm -f "$cpu_file"
