"""Score intervals and Elo for a match result, shared by the match scripts (one place for the
formulas). The arena's own statistics live in src/arena/stats.rs; scripts/crosscheck/stats_reference.py
re-derives those independently and is deliberately kept apart.

Two 95% intervals of a score s (wins, draws as half, over n games):
- `normal`: s ± 1.96 standard errors (the usual one; collapses to zero width at 0% or 100%).
- `wilson`: Wilson's score interval, which keeps a finite width at a perfect score.
"""
import math

Z95 = 1.96


def elo(score, eps=1e-9):
    """Elo difference of a score, the score clamped to [eps, 1 - eps] so 0% and 100% stay finite."""
    s = min(max(score, eps), 1 - eps)
    return -400 * math.log10(1 / s - 1)


def normal(score, n, z=Z95):
    """(half width, low, high) of the normal-approximation interval."""
    half = z * math.sqrt(max(score * (1 - score), 1e-12) / n)
    return half, score - half, score + half


def wilson(score, n, z=Z95):
    """(low, high) of Wilson's score interval."""
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half
