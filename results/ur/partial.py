"""Summarise a (possibly unfinished) `boardlab match` games.jsonl: engine A's W-L against B with
a 95% interval (no draws in Ur). Usage: python3 results/ur/partial.py DIR"""
import json, math, sys

path = sys.argv[1] + "/games.jsonl"
wins = games = 0
name = None
for line in open(path):
    g = json.loads(line)
    name = name or g["engines"][0]
    seat = g["seats"][0]
    games += 1
    wins += g["returns"][seat] > 0
s = wins / games
half = 1.96 * math.sqrt(s * (1 - s) / games)
print(f"{name}: {wins}-{games - wins} in {games} games, score {100*s:.1f}% ± {100*half:.1f}%")
