#!/usr/bin/env python3
"""Independent reference values for the arena's statistics unit tests (src/arena/stats.rs,
sprt.rs, ratings.rs). Plain Python from the formulas in docs/arena.md ("Statistics"); run it
and compare with the constants pinned in the Rust tests. The SPRT is the generalised SPRT of
Fishtest and fastchess: empty pentanomial cells regularised to 1e-3 pairs, and the LLR of the
maximum-likelihood distributions with mean s0 and s1 (Van den Bergh, "Comments on Normalized
Elo", proposition 1.1), solved here by safeguarded Newton iteration (the Rust side bisects)."""
import math

Z = 1.959963984540054

def elo(s):
    # As elo_from_score in src/arena/stats.rs: a score of 0 or 1 has no finite Elo.
    if s <= 0:
        return -math.inf
    if s >= 1:
        return math.inf
    return -400 * math.log10(1 / s - 1)

def bar(s, h):
    """Half the Elo width of the interval s +- h, clamped to scores in [0, 1] as the arena does
    (a one-sided result early in a run has an infinite bar, not a math domain error)."""
    if not 0 < s < 1:
        return math.inf
    return (elo(min(s + h, 1)) - elo(max(s - h, 0))) / 2

def trinomial(w, d, l):
    n = w + d + l
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    h = Z * math.sqrt(var / n)
    err = bar(s, h)
    nelo = (s - 0.5) / math.sqrt(var) * 800 / math.log(10)
    los = 0.5 * (1 + math.erf((w - l) / math.sqrt(2 * (w + l))))
    return dict(score=s, var=var, elo=elo(s), err=err, nelo=nelo, los=los)

def regularize(counts):
    return [c if c > 0 else 1e-3 for c in counts]

def penta(counts):
    xs = [0, 0.25, 0.5, 0.75, 1]
    counts = regularize(counts)
    n = sum(counts)
    s = sum(c * x for c, x in zip(counts, xs)) / n
    var = sum(c * (x - s) ** 2 for c, x in zip(counts, xs)) / n
    h = Z * math.sqrt(var / n)
    err = bar(s, h)
    nelo = (s - 0.5) / math.sqrt(2 * var) * 800 / math.log(10)
    return dict(score=s, var=var, elo=elo(s), err=err, nelo=nelo)

def mle(freq, s):
    """The maximum-likelihood distribution with mean s: p_i = f_i / (1 + t (a_i - s)), with t the
    root of sum f_i (a_i - s) / (1 + t (a_i - s)) = 0; found by safeguarded Newton steps."""
    xs = [0, 0.25, 0.5, 0.75, 1]
    lo, hi = -1 / (xs[-1] - s), -1 / (xs[0] - s)
    t = 0.0
    for _ in range(200):
        g = sum(f * (a - s) / (1 + t * (a - s)) for f, a in zip(freq, xs))
        dg = -sum(f * (a - s) ** 2 / (1 + t * (a - s)) ** 2 for f, a in zip(freq, xs))
        if g > 0:
            lo = t
        else:
            hi = t
        step = t - g / dg
        t = step if lo < step < hi else (lo + hi) / 2
    p = [f / (1 + t * (a - s)) for f, a in zip(freq, xs)]
    z = sum(p)
    return [x / z for x in p]

def sprt_llr(counts, elo0, elo1):
    c = regularize(counts)
    n = sum(c)
    freq = [x / n for x in c]
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    p0, p1 = mle(freq, s0), mle(freq, s1)
    return n * sum(f * (math.log(b) - math.log(a)) for f, a, b in zip(freq, p0, p1))

def first_decision(pair_kind, elo0, elo1, min_pairs=10, bound=math.log(0.95 / 0.05)):
    """Pairs of one kind (0..4) until the SPRT leaves its bounds, from min_pairs on."""
    for k in range(1, 10000):
        counts = [0] * 5
        counts[pair_kind] = k
        llr = sprt_llr(counts, elo0, elo1)
        if k >= min_pairs and abs(llr) >= bound:
            return k, llr

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
    print("sprt llr [0,0,0,1,0] elo0=0 elo1=50 (one pair)", sprt_llr([0, 0, 0, 1, 0], 0, 50))
    print("sprt llr [0,0,0,0,1] elo0=0 elo1=50 (one pair)", sprt_llr([0, 0, 0, 0, 1], 0, 50))
    print("sprt llr [1,0,0,0,0] elo0=0 elo1=50 (one pair)", sprt_llr([1, 0, 0, 0, 0], 0, 50))
    print("sprt llr [0,2,1,3,4] elo0=0 elo1=50", sprt_llr([0, 2, 1, 3, 4], 0, 50))
    print("sprt llr [0,5,50,200,300] elo0=0 elo1=10", sprt_llr([0, 5, 50, 200, 300], 0, 10))
    print("sprt first decision, all WW, elo0=0 elo1=50", first_decision(4, 0, 50))
    print("sprt first decision, all LL, elo0=0 elo1=50", first_decision(0, 0, 50))
    print("pentanomial [0,0,10,0,0]", penta([0, 0, 10, 0, 0]))
    c8 = regularize([0, 0, 0, 0, 8])
    print("pentanomial [0,0,0,0,8] elo", elo(sum(c * x for c, x in zip(c8, [0, .25, .5, .75, 1])) / sum(c8)))
    print("sprt bounds 0.05/0.05", math.log(0.05 / 0.95), math.log(0.95 / 0.05))
    res = {(0, 1): (12.0, 20), (0, 2): (15.0, 20), (1, 2): (11.0, 20)}
    print("bradley-terry", bradley_terry(3, res, 5000))
