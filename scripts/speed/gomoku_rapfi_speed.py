#!/usr/bin/env python3
"""Rapfi's own speed figure (its `MESSAGE Speed ...K | Depth ... | Node ... | Time ...` line) on
each position of a positions file, searched for MS milliseconds under renju rules, through
the Gomocup protocol. Prints one line a position: name, Rapfi's nodes/s, depth, nodes, ms.

    python3 scripts/speed/gomoku_rapfi_speed.py PEERS_DIR POSITIONS MS

PEERS_DIR holds rapfi/ (pbrain-rapfi and config-classical220723.toml; build it from
https://github.com/dhbloo/rapfi, GPL-3). Positions: `name text` lines, `#` comments.
"""
import re
import subprocess
import sys
import time

peers, positions, ms = sys.argv[1], sys.argv[2], int(sys.argv[3])
rd = f"{peers}/rapfi"
p = subprocess.Popen(["./pbrain-rapfi", "--config", "config-classical220723.toml"], cwd=rd,
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(s):
    p.stdin.write(s + "\n")
    p.stdin.flush()


def until(pred):
    """Lines up to the first that pred accepts (returned last)."""
    seen = []
    while True:
        line = p.stdout.readline()
        if not line:
            sys.exit("rapfi closed its output")
        seen.append(line.strip())
        if pred(seen[-1]):
            return seen


def stones(text):
    """(x, y, colour) from boardlab's text, y from the top as piskvork counts; and the side."""
    rows, side = text.split()
    out = []
    for y, row in enumerate(rows.split("/")):
        x = 0
        for m in re.finditer(r"\d+|[xo.]", row):
            t = m.group()
            if t.isdigit():
                x += int(t)
            else:
                if t != ".":
                    out.append((x, y, t))
                x += 1
    return out, side


for line in open(positions):
    if line.startswith("#") or not line.strip():
        continue
    name, text = line.split(None, 1)
    st, side = stones(text.strip())
    send("START 15")
    until(lambda l: l == "OK")
    for s in ["INFO rule 4", f"INFO timeout_turn {ms}", "INFO timeout_match 100000000",
              "INFO time_left 100000000", "INFO max_memory 268435456"]:
        send(s)
    send("BOARD")
    for x, y, c in st:
        send(f"{x},{y},{1 if c == side else 2}")
    send("DONE")
    seen = until(lambda l: re.fullmatch(r"\d+,\d+", l) is not None)
    speed = [l for l in seen if l.startswith("MESSAGE Speed")]
    if not speed:
        print(f"{name} no Speed line: {seen[-3:]}")
        continue
    m = re.search(r"Speed (\S+) \| Depth (\S+) .*Node (\S+) \| Time (\d+)ms", speed[-1])
    print(f"{name} rapfi_speed={m.group(1)} depth={m.group(2)} nodes={m.group(3)} ms={m.group(4)}")
    # Rapfi drops what it reads in the moment after its answer (see src/protocol/gomocup.rs):
    # let it settle before the next position.
    time.sleep(0.5)
send("END")
