#!/usr/bin/env bash
# boardlab's speed beside the reference engines (issue 20), measured side by side:
#   1. Othello perft (one thread) against Edax 4.6's `perft` (both of its builds when present);
#   2. international draughts perft against Scan 3.1's move generator in its bulk-perft driver;
#   3. MCTS simulations per second (UCT, one random playout a simulation) against OpenSpiel's
#      C++ MCTSBot, on Othello, checkers and EinStein wuerfelt nicht.
# Runs are interleaved (boardlab, peer, boardlab, peer, ...) and the best of ROUNDS is kept, so a
# neighbour's burst costs one round, not one side. Prints `uptime` before and after, and rewrites
# the table between the speed_vs_peers markers in results/BENCHMARKS.md (WRITE=0: print only).
#
#   cargo build --release            # first: the timed part builds nothing
#   bash scripts/speed/speed_vs_peers.sh PEERS       # on a quiet machine (a lab: `heavy -x bash ...`)
#
# PEERS (or $BOARDLAB_PEERS): a folder holding bin/edax-x86-64[-v3], make-edax-data.sh and
# bin/scan-perft. Edax: github.com/abulmo/edax-reversi (4.6, `make build ARCH=x86-64-v3`); Scan's
# generator: Scan 3.1's source (github.com/rhalbersma/scan for 2.0; 3.1 from Fabien Letouzey's
# site) with a driver that calls its generator to a depth and counts the last ply in bulk.
# OpenSpiel: `bash scripts/ci/pyenv.sh` (open_spiel from scripts/ci/requirements.txt); the MCTS row is
# skipped, saying so, when pyspiel cannot be imported.
# Settings (environment): ROUNDS (3), OTHELLO_DEPTH (11), DRAUGHTS_DEPTH (9),
# MCTS_SIMS (20000 boardlab simulations a run), OS_SIMS (5000; EinStein 10x), PYTHON. boardlab
# searches the bigger tree (a slower one a simulation), so its ratio is not flattered.
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
peers=${1:-${BOARDLAB_PEERS:-}}
rounds=${ROUNDS:-3}
od=${OTHELLO_DEPTH:-11}
dd=${DRAUGHTS_DEPTH:-9}
mcts_sims=${MCTS_SIMS:-20000}
os_sims=${OS_SIMS:-5000}
write=${WRITE:-1}
bl=$BOARDLAB
[ -x "$bl" ] || { echo "no $bl: run cargo build --release first" >&2; exit 1; }
if [ -z "$peers" ] || [ ! -d "$peers" ]; then
  echo "no peer folder: pass it as the first argument or in BOARDLAB_PEERS (see the top of $0" \
       "for where to get Edax and Scan's generator); the MCTS row still runs" >&2
  peers=""
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
res="$work/results.tsv"   # what<TAB>rate (leaves or simulations per second)
: > "$res"
load_before=$(uptime | sed 's/.*load average: //')
echo "load before: $load_before"

# --- Edax: a private copy of the binaries with the data/ folder it insists on.
edax_builds=()
if [ -n "$peers" ]; then
  for b in edax-x86-64 edax-x86-64-v3; do
    [ -x "$peers/bin/$b" ] || continue
    if [ "$b" = edax-x86-64-v3 ] && ! grep -qw avx2 /proc/cpuinfo; then continue; fi
    cp "$peers/bin/$b" "$work/"
    edax_builds+=("$b")
  done
  if [ ${#edax_builds[@]} -gt 0 ]; then
    bash "$peers/make-edax-data.sh" "$work" > /dev/null
  else
    echo "Edax not found in $peers/bin: the Othello row has no peer" >&2
  fi
fi
scan="${peers:+$peers/bin/scan-perft}"
if [ -n "$peers" ] && [ ! -x "$scan" ]; then
  echo "Scan's generator not found ($peers/bin/scan-perft): the draughts row has no peer" >&2
  scan=""
fi
py=${PYTHON:-}
if [ -z "$py" ]; then
  for p in "$top/.venv/bin/python" python3; do
    if command -v "$p" > /dev/null && "$p" -c 'import pyspiel' 2> /dev/null; then py=$p; break; fi
  done
fi
[ -n "$py" ] || echo "OpenSpiel (pyspiel) not importable: the MCTS rows are skipped;" \
                     "bash scripts/ci/pyenv.sh installs it, or set PYTHON" >&2

# Leaves/s of the last depth line of `boardlab perft` (its own per-depth timer).
bl_perft() { # game depth
  "$bl" perft --game "$1" --depth "$2" --convention B | awk -v d="$2" '$2 == d {print $4 / $5}'
}
# Edax prints `ply, leaves, passes, ..., m:ss.mmm, speed`: leaves / that depth's time.
edax_perft() { # binary depth
  (cd "$work" && echo "perft $2" | "./$1" -q -n 1 -h 10) | tr -d ',' |
    awk -v d="$2" '$1 == d {split($(NF-2), t, ":"); s = t[1] * 60 + t[2]; print (s > 0 ? $2 / s : 0)}'
}
scan_perft() { # depth; scan-perft prints the same `depth D nodes N S s R leaves/s` lines
  "$scan" "$1" | awk -v d="$1" '$2 == d {print $4 / $5}'
}
bl_mcts() { # game engine position sims
  local pos=()
  [ -n "$3" ] && pos=(--position "$3")
  "$bl" search --game "$1" --engine "$top/$2" "${pos[@]}" --playouts "$4" --json |
    python3 -c 'import json,sys; r=json.load(sys.stdin); print(int(sys.argv[1]) * 1000 / max(r["ms"], 1))' "$4"
}
os_mcts() { # game sims
  "$py" "$top/scripts/speed/openspiel_mcts_rate.py" "$1" "$2" 1 | awk '{print $NF}'
}
ewn_pos="r1r2r3../r4r5.../r6...b6/...b5b4/..b3b2b1 r 3"
record() { # key value
  [ -n "$2" ] && printf '%s\t%s\n' "$1" "$2" >> "$res"
  printf '  %-28s %s\n' "$1" "$2"
}

for r in $(seq 1 "$rounds"); do
  echo "round $r of $rounds"
  record othello-boardlab "$(bl_perft othello "$od")"
  for b in "${edax_builds[@]}"; do record "othello-$b" "$(edax_perft "$b" "$od")"; done
  record draughts-boardlab "$(bl_perft draughts "$dd")"
  [ -n "$scan" ] && record draughts-scan "$(scan_perft "$dd")"
  if [ -n "$py" ]; then
    record mcts-othello-boardlab "$(bl_mcts othello engines/othello/mcts.toml '' "$mcts_sims")"
    record mcts-othello-openspiel "$(os_mcts othello "$os_sims")"
    record mcts-checkers-boardlab "$(bl_mcts checkers engines/checkers/mcts.toml '' "$mcts_sims")"
    record mcts-checkers-openspiel "$(os_mcts checkers "$os_sims")"
    record mcts-ewn-boardlab "$(bl_mcts ewn engines/ewn/mcts.toml "$ewn_pos" "$mcts_sims")"
    record mcts-ewn-openspiel "$(os_mcts einstein_wurfelt_nicht $((os_sims * 10)))"
  fi
done
load_after=$(uptime | sed 's/.*load average: //')
echo "load after: $load_after"
os_version=""
[ -n "$py" ] && os_version=$("$py" -c 'import importlib.metadata as m; print(m.version("open_spiel"))' 2> /dev/null || true)

python3 - "$res" "$top/results/BENCHMARKS.md" "$write" <<PY
import sys, datetime
res, bench, write = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
best = {}
for line in open(res):
    k, v = line.split("\t")
    best[k] = max(best.get(k, 0.0), float(v))
def rate(k, unit):
    v = best.get(k)
    if v is None:
        return "-"
    return f"{v:.3g} {unit}".replace("e+0", "e").replace("e+", "e") if unit else f"{v/1000:.1f} k"
def ratio(a, b):
    return f"**{best[a] / best[b]:.2f}**" if a in best and b in best and best[b] > 0 else "-"
rows = []
edax = {"othello-edax-x86-64-v3": "Edax 4.6 (abulmo/edax-reversi), x86-64-v3 build, 1 thread",
        "othello-edax-x86-64": "Edax 4.6 (abulmo/edax-reversi), baseline x86-64 build, 1 thread"}
for k, name in edax.items():
    if k in best:
        rows.append((f"Othello perft d$od, one thread (boardlab: baseline x86-64 binary, AVX2 chosen at run time)",
                     rate("othello-boardlab", "leaves/s"), name, rate(k, "leaves/s"), ratio("othello-boardlab", k)))
if not any(k in best for k in edax):
    rows.append((f"Othello perft d$od, one thread", rate("othello-boardlab", "leaves/s"), "Edax absent", "-", "-"))
rows.append((f"Draughts 10x10 perft d$dd, one thread", rate("draughts-boardlab", "leaves/s"),
             "Scan 3.1's move generator, bulk-perft driver" if "draughts-scan" in best else "Scan's generator absent",
             rate("draughts-scan", "leaves/s"), ratio("draughts-boardlab", "draughts-scan")))
osname = f"OpenSpiel $os_version C++ MCTSBot (PyPI open_spiel), UCT c=1.4, 1 random rollout"
for g, label in [("othello", "Othello"), ("checkers", "checkers"), ("ewn", "EWN")]:
    a, b = f"mcts-{g}-boardlab", f"mcts-{g}-openspiel"
    if a in best:
        rows.append((f"MCTS sims/s, {label}, UCT + 1 random playout", rate(a, ""), osname, rate(b, ""),
                     ratio(a, b).replace("**", "") + "x" if b in best else "-"))
if "mcts-othello-boardlab" not in best:
    rows.append(("MCTS sims/s", "skipped", "OpenSpiel not importable: bash scripts/ci/pyenv.sh", "-", "-"))
now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
out = [f"Measured {now} by \`bash scripts/speed/speed_vs_peers.sh PEERS\` (ROUNDS=$rounds, best of the interleaved",
       f"rounds; OTHELLO_DEPTH=$od, DRAUGHTS_DEPTH=$dd, MCTS_SIMS=$mcts_sims boardlab simulations, OS_SIMS=$os_sims",
       f"OpenSpiel simulations, 10x for EWN; in the lab run under \`heavy -x\`). Load average",
       f"before: $load_before; after: $load_after (2 cores). Perft is convention B (Edax's), the rate of the",
       "last depth by each program's own timer. MCTS: one move chosen from the start (EWN: standard setups,",
       "die 3), wall clock.", "",
       "| metric | boardlab | peer | peer rate | ratio |", "|---|---|---|---|---|"]
out += ["| " + " | ".join(r) + " |" for r in rows]
table = "\n".join(out)
print(table)
if write:
    text = open(bench).read()
    begin, end = "<!-- speed_vs_peers:begin -->", "<!-- speed_vs_peers:end -->"
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        text = head + begin + "\n" + table + "\n" + end + rest.split(end, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n## Speed beside the peers (issue 20)\n\n" + begin + "\n" + table + "\n" + end + "\n"
    open(bench, "w").write(text)
    print(f"rewrote the table in {bench}")
PY
