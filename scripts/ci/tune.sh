#!/usr/bin/env bash
# CI for the tuners' scale-out path: SPSA iterations whose games are played as 2 Ray shards and
# merged (scripts/tools/ray_tournament.py, the tournaments' path) end in exactly the state of the same
# run played in one process. (The tuners' own tests are tests/tune.rs, run by cargo test.)
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
PY=${BOARDLAB_PYTHON:-$(bash scripts/ci/pyenv.sh)}
B=$BOARDLAB
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'mobility, float, 2, -20, 40, 2, 0.005\ncorners, float, 10, 0, 150, 5, 0.005\n' > "$tmp/params.txt"
args=(tune spsa --engine engines/othello/ab-d4.toml --params "$tmp/params.txt" --iterations 2
      --pairs 2 --depth 1 --seed 3)
"$B" "${args[@]}" --out "$tmp/local" > /dev/null 2>&1
"$B" "${args[@]}" --out "$tmp/ray" --ray-shards 2 --python "$PY" > /dev/null
cmp "$tmp/local/state.json" "$tmp/ray/state.json"
echo "tune: SPSA on 2 Ray shards = SPSA in one process ($(grep -c '"k"' "$tmp/ray/state.json") iterations)"

# Self-play on Ray (scripts/tools/ray_selfplay.py): 3 shards on a local Ray instance, merged,
# are the unsharded run's file byte for byte; run again, the driver replays nothing and writes
# the same file.
sp=(--engine engines/othello/ab-d4.toml --games 12 --seed 9 --opening-plies 2..6 --exact-empties 6)
"$B" selfplay "${sp[@]}" --quiet --out "$tmp/one.blpos" > /dev/null
"$PY" scripts/tools/ray_selfplay.py --shards 3 --boardlab "$B" --out "$tmp/ray.blpos" -- "${sp[@]}" 2> "$tmp/ray.log"
cmp "$tmp/one.blpos" "$tmp/ray.blpos"
[ "$(grep -c "shards done" "$tmp/ray.log")" -eq 3 ]
"$PY" scripts/tools/ray_selfplay.py --shards 3 --boardlab "$B" --out "$tmp/ray.blpos" -- "${sp[@]}" 2> "$tmp/ray2.log"
grep -q "already complete" "$tmp/ray2.log"
cmp "$tmp/one.blpos" "$tmp/ray.blpos"
echo "selfplay: 3 Ray shards merged = the unsharded run, and a rerun replays nothing"
