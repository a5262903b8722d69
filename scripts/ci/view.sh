#!/usr/bin/env bash
# The viewing tools end to end: a short Othello match, its replay page, and the page opened in
# headless Chromium and stepped through with the arrow keys, the board checked against the
# record at every ply (scripts/tools/replay_browser.py). Installs nothing: CI's .ci/run installs
# Debian's chromium. SCREENSHOT=docs/replay.png also writes a screenshot.
# Usage: bash scripts/ci/view.sh [path/to/boardlab]
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
bin=${1:-$BOARDLAB}
[ -x "$bin" ] || { echo "ci_view: no boardlab binary at $bin (cargo build --release)" >&2; exit 1; }
if ! command -v chromium >/dev/null 2>&1; then
  echo "ci_view: chromium is not installed (apt-get install -y chromium)" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$top"
"$bin" match engines/othello/ab-d4.toml engines/othello/greedy.toml --games 2 --seed 1 --quiet \
  --out "$tmp/t" >/dev/null
"$bin" replay "$tmp/t"
python3 scripts/tools/replay_browser.py "$bin" "$tmp/t/replay.html" "$tmp/t/games.jsonl" --game 1 \
  ${SCREENSHOT:+--screenshot "$SCREENSHOT"}
