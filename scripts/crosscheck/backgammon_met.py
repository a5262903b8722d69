#!/usr/bin/env python3
"""Checks boardlab's committed match equity table (src/games/backgammon/met_kazaross_xg2.txt)
against GNU Backgammon's own file of it (met/Kazaross-XG2.xml of the Debian package gnubg):
every pre-Crawford entry (25 x 25) and the 25 post-Crawford entries must be the same numbers.

    scripts/crosscheck/backgammon_met.py [--xml /usr/share/gnubg/met/Kazaross-XG2.xml]

gnubg: `apt-get install -y gnubg`. Exits 1 on any difference.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import lab  # noqa: E402
import xml.etree.ElementTree as ET

TOP = lab.TOP
OURS = os.path.join(TOP, "src", "games", "backgammon", "met_kazaross_xg2.txt")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--xml", default="/usr/share/gnubg/met/Kazaross-XG2.xml")
    args = ap.parse_args()
    if not os.path.exists(args.xml):
        sys.exit("{} not found: apt-get install -y gnubg".format(args.xml))
    root = ET.parse(args.xml).getroot()
    pre = [[float(m.text) for m in row.findall("me")] for row in root.find("pre-crawford-table").findall("row")]
    post = [float(m.text) for m in root.find("post-crawford-table").find("row").findall("me")]
    ours_pre, ours_post = [], []
    for line in open(OURS):
        w = line.split()
        if not w or w[0].startswith("#"):
            continue
        vals = [float(x) for x in w[1:]]
        (ours_pre if w[0] == "pre" else ours_post).append(vals)
    bad = 0
    for i, (a, b) in enumerate(zip(pre, ours_pre)):
        for j, (x, y) in enumerate(zip(a, b)):
            if x != y:
                bad += 1
                print("pre {}-away vs {}-away: gnubg {} boardlab {}".format(i + 1, j + 1, x, y))
    for j, (x, y) in enumerate(zip(post, ours_post[0] if ours_post else [])):
        if x != y:
            bad += 1
            print("post trailer {}-away: gnubg {} boardlab {}".format(j + 1, x, y))
    shape_ok = len(pre) == 25 and all(len(r) == 25 for r in pre) and len(post) == 25 \
        and len(ours_pre) == 25 and len(ours_post) == 1
    print("match equity table: {} pre-Crawford and {} post-Crawford entries compared with {}, {} differ{}".format(
        sum(len(r) for r in pre), len(post), os.path.basename(args.xml), bad, "" if shape_ok else "; SHAPES DIFFER"))
    sys.exit(0 if bad == 0 and shape_ok else 1)


if __name__ == "__main__":
    main()
