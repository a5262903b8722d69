//! Match statistics as fastchess and Fishtest compute them (formulas: docs/arena.md,
//! "Statistics"): score, logistic Elo with 95% error bars from the trinomial (W/D/L)
//! and the pentanomial (game pairs) distributions, normalized Elo, likelihood of superiority and
//! draw ratio.

use serde::Serialize;

/// The two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Logistic Elo difference of an expected score (infinite at 0 and 1).
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    // + 0.0: an even score is Elo 0.0, not -0.0.
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

/// Expected score of a logistic Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Numerical Recipes `erfcc`, fractional error below 1.2e-7), enough for LOS.
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - erfc
    } else {
        erfc - 1.0
    }
}

/// 800 / ln 10: normalized Elo units per standard deviation of the per-game score.
const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;

/// Wins, draws and losses of one engine against another (or against the field).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Wdl {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

/// An Elo estimate with its 95% half-width.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EloEstimate {
    pub elo: f64,
    pub error: f64,
    pub nelo: f64,
    pub nelo_error: f64,
}

impl Wdl {
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }
    /// The mean score per game, (W + D/2) / N.
    pub fn score(&self) -> f64 {
        self.points() / self.games() as f64
    }
    pub fn draw_ratio(&self) -> f64 {
        self.draws as f64 / self.games() as f64
    }
    pub fn swapped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
    /// The per-game variance of the score: w(1-s)^2 + d(1/2-s)^2 + l s^2 with frequencies.
    pub fn variance(&self) -> f64 {
        let n = self.games() as f64;
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }
    /// Elo from the trinomial model, bars from s ± 1.96 sqrt(var/N) mapped through the logistic.
    pub fn elo(&self) -> Option<EloEstimate> {
        if self.games() == 0 {
            return None;
        }
        Some(estimate(
            self.score(),
            self.variance(),
            self.games() as f64,
            1.0,
        ))
    }
    /// Likelihood of superiority: 1/2 (1 + erf((W - L) / sqrt(2 (W + L)))).
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }
}

/// Elo and normalized Elo of a mean score `s` with per-sample variance `var` over `n` samples,
/// where one sample is `games_per_sample` games (1 for W/D/L, 2 for pairs).
fn estimate(s: f64, var: f64, n: f64, games_per_sample: f64) -> EloEstimate {
    let half = Z95 * (var / n).sqrt();
    let lo = (s - half).max(0.0);
    let hi = (s + half).min(1.0);
    // A score of 0 or 1 has no finite Elo and no finite bar.
    let error = if s > 0.0 && s < 1.0 {
        (elo_from_score(hi) - elo_from_score(lo)) / 2.0
    } else {
        f64::INFINITY
    };
    // nElo is measured in standard deviations of the per-game score: a pair's variance is half
    // that of a game when games are independent, so the per-game deviation is sqrt(k var).
    let sd = (games_per_sample * var).sqrt();
    let (nelo, nelo_error) = if sd > 0.0 {
        (
            (s - 0.5) / sd * NELO_SCALE,
            Z95 * (var / n).sqrt() / sd * NELO_SCALE,
        )
    } else if s == 0.5 {
        (0.0, 0.0)
    } else {
        // Every sample the same and not even: no spread to measure the difference in.
        (f64::INFINITY.copysign(s - 0.5), f64::INFINITY)
    };
    EloEstimate {
        elo: elo_from_score(s),
        error,
        nelo,
        nelo_error,
    }
}

/// Game-pair outcomes for one engine: LL, LD, (WL or DD), WD, WW, i.e. pair scores 0, 1/4, 1/2,
/// 3/4, 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    pub const SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

    /// Adds a pair from the engine's two game scores (each 0, 1/2 or 1).
    pub fn add_pair(&mut self, first: f64, second: f64) {
        let k = ((first + second) * 2.0).round() as usize;
        self.0[k.min(4)] += 1;
    }
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }
    pub fn score(&self) -> f64 {
        let n = self.pairs() as f64;
        self.0
            .iter()
            .zip(Self::SCORES)
            .map(|(&c, s)| c as f64 * s)
            .sum::<f64>()
            / n
    }
    /// The per-pair variance of the pair score.
    pub fn variance(&self) -> f64 {
        let n = self.pairs() as f64;
        let s = self.score();
        self.0
            .iter()
            .zip(Self::SCORES)
            .map(|(&c, x)| c as f64 * (x - s).powi(2))
            .sum::<f64>()
            / n
    }
    /// The counts with every empty cell at 1e-3 pairs: the regularisation Fishtest and
    /// fastchess apply before estimating, so that a sample where every pair scored the same (all
    /// WL+DD, say) has a small positive variance instead of none.
    pub fn regularised(&self) -> [f64; 5] {
        self.0.map(|c| if c == 0 { 1e-3 } else { c as f64 })
    }
    /// Elo with its 95% bar from the regularised frequencies (as Fishtest's `get_elo`): the
    /// mean and variance of the pair score over the regularised counts.
    pub fn elo(&self) -> Option<EloEstimate> {
        if self.pairs() == 0 {
            return None;
        }
        let c = self.regularised();
        let n: f64 = c.iter().sum();
        let mean = c.iter().zip(Self::SCORES).map(|(c, x)| c * x).sum::<f64>() / n;
        let var = c
            .iter()
            .zip(Self::SCORES)
            .map(|(c, x)| c * (x - mean).powi(2))
            .sum::<f64>()
            / n;
        Some(estimate(mean, var, n, 2.0))
    }
    pub fn swapped(&self) -> Pentanomial {
        let mut p = self.0;
        p.reverse();
        Pentanomial(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() < tol, "{a} vs {b}");
    }

    // Expected values computed independently with Python (scripts/crosscheck/stats_reference.py prints
    // them: math.log10, math.erf, statistics from the formulas in docs/arena.md).
    #[test]
    fn trinomial_pinned() {
        let wdl = Wdl {
            wins: 30,
            draws: 50,
            losses: 20,
        };
        close(wdl.score(), 0.55, 1e-12);
        close(wdl.variance(), 0.1225, 1e-12);
        let e = wdl.elo().unwrap();
        close(e.elo, 34.86007028756008, 1e-9);
        close(e.error, 48.470228059870166, 1e-6);
        close(e.nelo, 49.63365507465739, 1e-6);
        close(wdl.los(), 0.9213503964748575, 1e-6);
        close(wdl.draw_ratio(), 0.5, 1e-12);
    }

    #[test]
    fn pentanomial_pinned() {
        let p = Pentanomial([3, 10, 20, 12, 5]);
        close(p.score(), 0.53, 1e-12);
        close(p.variance(), 0.0666, 1e-12);
        let e = p.elo().unwrap();
        close(e.elo, 20.87120466602867, 1e-9);
        close(e.error, 50.23605715757104, 1e-6);
        close(e.nelo, 28.559029206879785, 1e-6);
    }

    #[test]
    fn all_win_loss_pairs_are_even_with_a_regularised_bar() {
        // Every pair one win and one loss: Elo 0.0 (not -0.0), and a bar from the regularised
        // variance (scripts/crosscheck/stats_reference.py: penta([0,0,10,0,0])).
        let e = Pentanomial([0, 0, 10, 0, 0]).elo().unwrap();
        assert!(e.elo.abs() < 1e-9, "{}", e.elo);
        close(e.error, 3.403553665709381, 1e-6);
        assert!(e.error > 0.0);
        // One-sided: all pairs won twice.
        let e = Pentanomial([0, 0, 0, 0, 8]).elo().unwrap();
        close(e.elo, 1402.0925603608982, 1e-6);
    }

    #[test]
    fn pairs_classified_by_sum() {
        let mut p = Pentanomial::default();
        p.add_pair(0.0, 0.0);
        p.add_pair(0.0, 0.5);
        p.add_pair(1.0, 0.0);
        p.add_pair(0.5, 0.5);
        p.add_pair(1.0, 0.5);
        p.add_pair(1.0, 1.0);
        assert_eq!(p.0, [1, 1, 2, 1, 1]);
        assert_eq!(p.swapped().0, [1, 1, 2, 1, 1]);
    }

    #[test]
    fn elo_score_round_trip_and_extremes() {
        close(score_from_elo(elo_from_score(0.7)), 0.7, 1e-12);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        let all_wins = Wdl {
            wins: 10,
            draws: 0,
            losses: 0,
        };
        assert_eq!(all_wins.elo().unwrap().elo, f64::INFINITY);
        close(erf(0.5), 0.5204998778130465, 1e-7);
        close(erf(-1.2), -0.9103139782296353, 1e-7);
    }
}
