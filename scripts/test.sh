#!/usr/bin/env bash
# The test command (README, and .ci/run calls exactly this). Sets up what the tests need on a
# fresh machine: the Python venv for cross-checks, then the Rust suite in release mode (one build
# serves the unit, property and integration tests and the slow perft depths), then the
# differential tests against independent implementations with CI-sized counts.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian packages the tests need, installed when missing (as root, or through sudo): headless
# Chromium (scripts/ci/view.sh) and tmux (tests/play_tmux.rs) for the viewing tests, and GNU
# Backgammon for the backgammon cross-check against gnubg (scripts/ci/backgammon.sh).
if ! command -v chromium >/dev/null 2>&1 || ! command -v tmux >/dev/null 2>&1 || [ ! -x /usr/games/gnubg ]; then
  as_root=""; [ "$(id -u)" = 0 ] || as_root="sudo"
  $as_root apt-get update -qq && $as_root apt-get install -y -qq chromium tmux gnubg >/dev/null
fi
PY=$(bash scripts/ci/pyenv.sh)
export BOARDLAB_PYTHON="$PY"
cargo build --release --locked
BOARDLAB=$(pwd)/target/release/boardlab
export BOARDLAB

echo "== cargo test (release)"
cargo test --release --locked

echo "== cross-checks against independent implementations"
"$PY" scripts/crosscheck/othello_openspiel.py --games "${OTHELLO_GAMES:-300}"
"$PY" scripts/crosscheck/draughts_pydraughts.py --games "${DRAUGHTS_GAMES:-100}"
"$PY" scripts/crosscheck/hub_with_pydraughts.py --games 1
"$PY" scripts/crosscheck/ewn_openspiel.py --games "${EWN_GAMES:-200}"
"$PY" scripts/crosscheck/ewn_openspiel.py --perft 8 --setups 2
bash scripts/ci/gomoku.sh
bash scripts/ci/washogi.sh
bash scripts/ci/backgammon.sh
bash scripts/ci/oware.sh
bash scripts/ci/junqi.sh
bash scripts/ci/view.sh "$BOARDLAB"
bash scripts/ci/tune.sh
bash scripts/ci/learn.sh

echo "== arena: a tournament run as 2 Ray shards and merged equals the single run"
arena_tmp=$(mktemp -d)
arena_args=(--engines engines/othello/random.toml tests/fixtures/arena/random-b.toml
            tests/fixtures/arena/random-c.toml --games 20 --seed 3)
"$BOARDLAB" tournament "${arena_args[@]}" --quiet --out "$arena_tmp/single" > /dev/null
"$PY" scripts/tools/ray_tournament.py --shards 2 --out "$arena_tmp/ray" --boardlab "$BOARDLAB" \
  -- "${arena_args[@]}" > /dev/null
cmp "$arena_tmp/single/standings.csv" "$arena_tmp/ray/merged/standings.csv"
echo "== arena: an SPRT on Ray, tested by the driver between waves of shards"
"$PY" scripts/tools/ray_tournament.py --shards 2 --batches 5 --out "$arena_tmp/ray-sprt" --boardlab "$BOARDLAB" \
  -- --engines engines/othello/ab-d4.toml engines/othello/random.toml --games 200 --seed 3 \
  --sprt elo0=0,elo1=200,alpha=0.05,beta=0.05 2> "$arena_tmp/ray-sprt.log"
cat "$arena_tmp/ray-sprt.log"
"$PY" - "$arena_tmp/ray-sprt" <<'PYEOF'
import json, os, sys
out = sys.argv[1]
s = json.load(open(os.path.join(out, "merged", "summary.json")))
waves = sum(1 for d in os.listdir(out) if d.startswith("shard-")) // 2
assert s["sprt"]["decision"] == "AcceptH1", s["sprt"]
assert s["played_games"] < 200 and waves < 5, (s["played_games"], waves)
print(f"ray SPRT: {s['played_games']} games in {waves} waves, {s['sprt']['decision']}")
PYEOF
rm -rf "$arena_tmp"

echo "== race games: exact seat values against simulation"
bash scripts/ci/race.sh
