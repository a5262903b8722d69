#!/usr/bin/env python3
"""Independent reference values for the arena's statistics unit tests (src/arena/stats.rs,
sprt.rs, ratings.rs). Plain Python from the formulas in REFERENCE.md ("Tournament statistics");
run it and compare with the constants pinned in the Rust tests."""
import math

Z = 1.959963984540054

def elo(s):
    return -400 * math.log10(1 / s - 1)

def trinomial(w, d, l):
    n = w + d + l
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    h = Z * math.sqrt(var / n)
    err = (elo(s + h) - elo(s - h)) / 2
    nelo = (s - 0.5) / math.sqrt(var) * 800 / math.log(10)
    los = 0.5 * (1 + math.erf((w - l) / math.sqrt(2 * (w + l))))
    return dict(score=s, var=var, elo=elo(s), err=err, nelo=nelo, los=los)

def penta(counts):
    xs = [0, 0.25, 0.5, 0.75, 1]
    n = sum(counts)
    s = sum(c * x for c, x in zip(counts, xs)) / n
    var = sum(c * (x - s) ** 2 for c, x in zip(counts, xs)) / n
    h = Z * math.sqrt(var / n)
    err = (elo(s + h) - elo(s - h)) / 2
    nelo = (s - 0.5) / math.sqrt(2 * var) * 800 / math.log(10)
    return dict(score=s, var=var, elo=elo(s), err=err, nelo=nelo)

def sprt_llr(counts, elo0, elo1):
    p = penta(counts)
    n = sum(counts)
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return n * (s1 - s0) * (2 * p["score"] - s0 - s1) / (2 * p["var"])

def bradley_terry(n, results, iters=100000):
    """results: {(i, j): (score_i, games)}; maximum likelihood by Hunter's MM iteration."""
    g = [1.0] * n
    for _ in range(iters):
        new = []
        for i in range(n):
            w = sum(s for (a, b), (s, m) in results.items() if a == i) + sum(
                m - s for (a, b), (s, m) in results.items() if b == i)
            den = sum(m / (g[a] + g[b]) for (a, b), (s, m) in results.items() if i in (a, b))
            new.append(w / den)
        g = [x / new[0] for x in new]
    return [400 * math.log10(x) for x in g]

if __name__ == "__main__":
    print("trinomial 30/50/20", trinomial(30, 50, 20))
    print("pentanomial [3,10,20,12,5]", penta([3, 10, 20, 12, 5]))
    print("erf(0.5)", math.erf(0.5), "erf(-1.2)", math.erf(-1.2))
    print("sprt llr [3,10,20,12,5] elo0=0 elo1=10", sprt_llr([3, 10, 20, 12, 5], 0, 10))
    print("sprt bounds 0.05/0.05", math.log(0.05 / 0.95), math.log(0.95 / 0.05))
    res = {(0, 1): (12.0, 20), (0, 2): (15.0, 20), (1, 2): (11.0, 20)}
    print("bradley-terry", bradley_terry(3, res, 5000))
