#!/usr/bin/env bash
# Junqi at the command line, CI-sized (scripts/test.sh calls this once; the rules, observation
# and referee tests themselves are in `cargo test`: tests/junqi.rs, tests/junqi_hidden.rs):
# - `boardlab serve --protocol line --game junqi` speaks the referee mode: it takes an
#   observation, lists the observer's moves, answers `go`, and refuses `position`;
# - a short match of the observing engines through the arena (setups are the engines' own).
# The 10,000-game observation/sample check is `JUNQI_GAMES=10000 cargo test --release --test integration junqi::`.
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
[ -x "$BOARDLAB" ] || cargo build --release --locked
out=$(printf 'isready\nobservation r setup\nlegal\ngo\nposition startpos\nquit\n' |
  "$BOARDLAB" serve --protocol line --game junqi --engine engines/junqi/greedy.toml)
echo "$out" | grep -qx readyok
echo "$out" | grep -q '^legal a1=S '
echo "$out" | grep -q '^bestmove a1=[A-Z] '
echo "$out" | grep -q '^error junqi hides information'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$BOARDLAB" match engines/junqi/greedy.toml engines/junqi/random.toml --games 4 \
  --random-openings 0 --seed 3 --quiet --out "$tmp/m" > /dev/null
python3 - "$tmp/m/games.jsonl" <<'PY'
import json, sys
games = [json.loads(l) for l in open(sys.argv[1])]
assert len(games) == 4, len(games)
assert all(g["reason"] == "terminal" and g["fault"] is None for g in games), games
print(f"ci_junqi: referee session ok, {len(games)} arena games ok")
PY
