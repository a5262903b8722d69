#!/usr/bin/env bash
# CI for position files (.blpos): the Python reader (scripts/tools/positions_file.py, stdlib only)
# reads what `boardlab selfplay` writes, record for record, and refuses a cut file naming the
# byte. (The format's and generator's own tests are tests/selfplay.rs, run by cargo test.)
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
PY=${BOARDLAB_PYTHON:-python3}
if ! command -v "$PY" >/dev/null 2>&1; then
  echo "learn: no python3, the Python position-file reader is not tested"
  exit 0
fi
B=$BOARDLAB
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'name = "ab-d1"\ngame = "othello"\nbackend = "alphabeta"\n[limits]\ndepth = 1\n[params]\ntt_mb = 1\nquiescence = false\n' > "$tmp/ab-d1.toml"
said=$("$B" selfplay --quiet --engine "$tmp/ab-d1.toml" --games 8 --seed 3 --exact-empties 6 --out "$tmp/run.blpos")
written=$(echo "$said" | sed -E 's/^selfplay: ([0-9]+) positions written.*/\1/')
summary=$("$PY" scripts/tools/positions_file.py --summary "$tmp/run.blpos")
echo "$summary" | grep -qx "positions $written"
echo "$summary" | grep -qx "games 8 (0 cut at the ply limit)"
echo "$summary" | grep -qx "finished yes"
echo "$summary" | grep -q "^with exact value [1-9]"
[ "$("$PY" scripts/tools/positions_file.py --dump "$tmp/run.blpos" | wc -l)" -eq "$written" ]
head -c "$(( $(wc -c < "$tmp/run.blpos") / 2 ))" "$tmp/run.blpos" > "$tmp/cut.blpos"
if "$PY" scripts/tools/positions_file.py --summary "$tmp/cut.blpos" > /dev/null 2> "$tmp/err"; then
  echo "learn: the Python reader accepted a cut file" >&2
  exit 1
fi
grep -q "cut.blpos: byte [0-9]*: file ends inside a frame" "$tmp/err"
echo "learn: the Python reader reads selfplay's $written positions and refuses a cut file"

# The generate-fit-gate loop end to end, small: one generation of 40 depth-1 self-play games
# fitted for 5 epochs is far weaker than the committed tables (fitted on 970,000 positions),
# and the gate must reject it (SPRT H0). A second run of the same command resumes: every step's
# output is there, nothing is replayed, and the verdict is the same.
printf 'name = "gen-d1"\ngame = "othello"\nbackend = "alphabeta"\n[limits]\ndepth = 1\n[weights]\npatterns = 1.0\n[params]\ntt_mb = 1\nquiescence = false\n' > "$tmp/gen.toml"
sed 's/gen-d1/play-d2/; s/depth = 1/depth = 2/' "$tmp/gen.toml" > "$tmp/play.toml"
loop=(scripts/tools/generations.py --run "$tmp/loop" --generations 1 --generator "$tmp/gen.toml"
      --player "$tmp/play.toml" --games 40 --exact-empties 8 --gate-games 400 --depth 2
      --elo1 50 --fit-args "--epochs 5" --boardlab "$B")
"$PY" "${loop[@]}" > "$tmp/loop.log" 2>&1 || { cat "$tmp/loop.log" >&2; exit 1; }
grep -q "attempt 1: .* gate AcceptH0 .*: rejected" "$tmp/loop.log" || { cat "$tmp/loop.log" >&2; exit 1; }
"$PY" "${loop[@]}" > "$tmp/loop2.log" 2>&1
if grep -q "boardlab selfplay\|boardlab tune\|boardlab match" "$tmp/loop2.log"; then
  echo "learn: the resumed loop ran a step again" >&2; cat "$tmp/loop2.log" >&2; exit 1
fi
grep -q "1 attempts, 0 kept" "$tmp/loop2.log"
# The fit measured the parent (the committed tables) on the same held-out positions.
grep -q "^| 1 | no | [0-9.]* | [0-9.]* | AcceptH0 |" "$tmp/loop/generations.md"
echo "learn: a generate-fit-gate loop rejects a weakened generation and resumes without replaying"

# --data gives a later attempt position files made beforehand: the resumed run's attempt 2 fits
# the file written above (and attempt 1's, its window) without self-play of its own, and the
# table names it. Attempt 1, already made from its own self-play, cannot be given data.
if "$PY" "${loop[@]}" --data "1=$tmp/run.blpos" > "$tmp/loop3.log" 2>&1; then
  echo "learn: --data was accepted for an attempt already made" >&2; exit 1
fi
grep -q "attempt 1 of .* already has its own self-play" "$tmp/loop3.log"
loop[4]=2
"$PY" "${loop[@]}" --data "2=$tmp/run.blpos" > "$tmp/loop4.log" 2>&1 || { cat "$tmp/loop4.log" >&2; exit 1; }
if grep -q "boardlab selfplay" "$tmp/loop4.log"; then
  echo "learn: attempt 2 played self-play although given --data" >&2; cat "$tmp/loop4.log" >&2; exit 1
fi
grep -q "^| 2 | .*run.blpos |$" "$tmp/loop/generations.md" || { cat "$tmp/loop/generations.md" >&2; exit 1; }
echo "learn: --data feeds a later attempt with files made beforehand"
