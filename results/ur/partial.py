"""Summarise a (possibly unfinished) `boardlab match` games.jsonl (or the committed
games.jsonl.gz): engine A's W-L against B with a 95% interval (no draws in Ur).
Usage: python3 results/ur/partial.py DIR"""
import gzip, json, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../scripts"))
from score_interval import normal  # noqa: E402

path = os.path.join(sys.argv[1], "games.jsonl")
lines = open(path) if os.path.exists(path) else gzip.open(path + ".gz", "rt")
wins = games = 0
name = None
for line in lines:
    g = json.loads(line)
    name = name or g["engines"][0]
    seat = g["seats"][0]
    games += 1
    wins += g["returns"][seat] > 0
s = wins / games
half, _, _ = normal(s, games)
print(f"{name}: {wins}-{games - wins} in {games} games, score {100*s:.1f}% ± {100*half:.1f}%")
