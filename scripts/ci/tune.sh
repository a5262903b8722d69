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
