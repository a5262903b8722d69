//! Sequential probability ratio test on game pairs, as Fishtest and fastchess compute it: the
//! generalised SPRT with the logistic Elo model on pentanomial frequencies. Empty cells count
//! 1e-3 pairs (the regularisation of both); the log-likelihood ratio is that of the maximum-
//! likelihood pentanomial distributions with mean score s0 and s1 (M. Van den Bergh, "Comments
//! on Normalized Elo", proposition 1.1), which stays small on a small sample (the quadratic
//! approximation N (s1 - s0)(2s - s0 - s1) / (2 var) used before exploded when a few identical
//! pairs gave a variance near 0, and decided after one pair). No decision is taken before
//! `min_pairs` pairs. The test stops when the LLR leaves [ln(beta/(1-alpha)), ln((1-beta)/alpha)].

use serde::{Deserialize, Serialize};

use super::stats::{score_from_elo, Pentanomial};
use crate::game::error::quote;

/// The test's hypotheses (H0: Elo = elo0, H1: Elo = elo1) and error rates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtParams {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    /// No decision before this many pairs (`min_pairs=N`, default `DEFAULT_MIN_PAIRS`).
    #[serde(default = "default_min_pairs")]
    pub min_pairs: u64,
}

/// Pairs before an SPRT may decide, unless `min_pairs` says otherwise.
pub const DEFAULT_MIN_PAIRS: u64 = 10;

fn default_min_pairs() -> u64 {
    DEFAULT_MIN_PAIRS
}

/// Where the test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SprtDecision {
    Continue,
    AcceptH0,
    AcceptH1,
}

impl SprtParams {
    /// Parses `elo0=0,elo1=5,alpha=0.05,beta=0.05,min_pairs=10` (alpha and beta default to
    /// 0.05, min_pairs to `DEFAULT_MIN_PAIRS`).
    pub fn parse(text: &str) -> Result<SprtParams, String> {
        let mut p = SprtParams {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
            min_pairs: DEFAULT_MIN_PAIRS,
        };
        let mut seen = Vec::new();
        for part in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("sprt: expected key=value, got {part:?}"))?;
            let x: f64 = v
                .trim()
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite())
                .ok_or_else(|| format!("sprt: {k} is not a number: {}", quote(v)))?;
            if seen.contains(&k.trim()) {
                return Err(format!("sprt: {} is given twice", k.trim()));
            }
            seen.push(k.trim());
            match k.trim() {
                "min_pairs" => {
                    if !(x >= 1.0 && x.fract() == 0.0 && x <= 1e12) {
                        return Err(format!(
                            "sprt: min_pairs must be a whole number >= 1, not {v}"
                        ));
                    }
                    p.min_pairs = x as u64
                }
                "elo0" => p.elo0 = x,
                "elo1" => p.elo1 = x,
                "alpha" => p.alpha = x,
                "beta" => p.beta = x,
                other => return Err(format!("sprt: unknown key {}", quote(other))),
            }
        }
        if p.elo0.is_nan() || p.elo1.is_nan() {
            return Err(format!(
                "sprt: elo0 and elo1 are required in {}",
                quote(text)
            ));
        }
        if p.elo1 <= p.elo0 {
            return Err(format!("sprt: elo1 must exceed elo0 in {}", quote(text)));
        }
        if p.elo0.abs() >= 1000.0 || p.elo1.abs() >= 1000.0 {
            return Err(format!(
                "sprt: elo0 and elo1 must lie within ±1000 in {}",
                quote(text)
            ));
        }
        if !(0.0 < p.alpha && p.alpha < 1.0 && 0.0 < p.beta && p.beta < 1.0)
            || p.alpha + p.beta >= 1.0
        {
            return Err(format!(
                "sprt: alpha and beta must lie in (0, 1), with alpha + beta < 1, in {}",
                quote(text)
            ));
        }
        Ok(p)
    }
    /// (lower, upper) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }
    /// The log-likelihood ratio of the pairs seen so far: N times the mean, under the observed
    /// (regularised) frequencies, of ln(p1/p0), where p0 and p1 are the maximum-likelihood
    /// pentanomial distributions whose mean scores are those of elo0 and elo1.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let counts = pairs.regularised();
        let total: f64 = counts.iter().sum();
        let freq = counts.map(|c| c / total);
        let p0 = mle_with_mean(&freq, score_from_elo(self.elo0));
        let p1 = mle_with_mean(&freq, score_from_elo(self.elo1));
        total
            * (0..5)
                .map(|i| freq[i] * (p1[i].ln() - p0[i].ln()))
                .sum::<f64>()
    }
    pub fn decide(&self, pairs: &Pentanomial) -> SprtDecision {
        if pairs.pairs() < self.min_pairs {
            return SprtDecision::Continue;
        }
        let llr = self.llr(pairs);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtDecision::AcceptH1
        } else if llr <= lo {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

/// The distribution closest to `freq` (in likelihood) whose mean pair score is `s`: p_i =
/// freq_i / (1 + theta (a_i - s)), with theta the root of sum freq_i (a_i - s) / (1 + theta
/// (a_i - s)) = 0 between -1/(a_max - s) and -1/(a_min - s), where the sum falls from +inf to
/// -inf (found by bisection to machine precision). Needs 0 < s < 1 and every freq_i > 0.
fn mle_with_mean(freq: &[f64; 5], s: f64) -> [f64; 5] {
    let a = Pentanomial::SCORES;
    let f = |theta: f64| -> f64 {
        (0..5)
            .map(|i| freq[i] * (a[i] - s) / (1.0 + theta * (a[i] - s)))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / (a[4] - s), -1.0 / (a[0] - s));
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let theta = 0.5 * (lo + hi);
    let p = std::array::from_fn(|i| freq[i] / (1.0 + theta * (a[i] - s)));
    // The root makes the p sum to 1; normalise away the last rounding.
    let sum: f64 = p.iter().sum();
    p.map(|x| x / sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Reference values: scripts/crosscheck/stats_reference.py (independent Python).
    #[test]
    fn llr_and_bounds_pinned() {
        let p = SprtParams::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap();
        let (lo, hi) = p.bounds();
        assert!((lo + 2.9444389791664403).abs() < 1e-12);
        assert!((hi - 2.9444389791664403).abs() < 1e-12);
        let llr = p.llr(&Pentanomial([3, 10, 20, 12, 5]));
        assert!((llr - 0.24458907711259723).abs() < 1e-9, "{llr}");
        let llr = p.llr(&Pentanomial([0, 5, 50, 200, 300]));
        assert!((llr - 15.744281029982716).abs() < 1e-9, "{llr}");
        assert_eq!(
            p.decide(&Pentanomial([3, 10, 20, 12, 5])),
            SprtDecision::Continue
        );
        // A crushing result accepts H1, a losing one H0.
        assert_eq!(
            p.decide(&Pentanomial([0, 5, 50, 200, 300])),
            SprtDecision::AcceptH1
        );
        assert_eq!(
            p.decide(&Pentanomial([300, 200, 50, 5, 0])),
            SprtDecision::AcceptH0
        );
    }

    #[test]
    fn one_pair_decides_nothing_and_one_sided_runs_decide_late_enough() {
        // The case: elo0=0, elo1=50 stopped after one pair. The MLE LLR of one pair is
        // small (scripts/crosscheck/stats_reference.py), and no decision comes before min_pairs anyway.
        let p = SprtParams::parse("elo0=0,elo1=50").unwrap();
        for (pair, want) in [
            ([0, 0, 0, 1, 0], 0.13365326007577094),
            ([0, 0, 0, 0, 1], 0.1338369462239296),
            ([1, 0, 0, 0, 0], -0.15455930995204575),
        ] {
            let llr = p.llr(&Pentanomial(pair));
            assert!((llr - want).abs() < 1e-9, "{pair:?}: {llr}");
            assert_eq!(p.decide(&Pentanomial(pair)), SprtDecision::Continue);
        }
        let llr = p.llr(&Pentanomial([0, 2, 1, 3, 4]));
        assert!((llr - 1.3205185462654399).abs() < 1e-9, "{llr}");
        // Every pair won twice: H1 after 23 pairs; every pair lost twice: H0 after 20
        // (scripts/crosscheck/stats_reference.py first_decision).
        let first = |kind: usize, want: SprtDecision| {
            (1..1000u64)
                .find(|&k| {
                    let mut c = [0; 5];
                    c[kind] = k;
                    p.decide(&Pentanomial(c)) == want
                })
                .unwrap()
        };
        assert_eq!(first(4, SprtDecision::AcceptH1), 23);
        assert_eq!(first(0, SprtDecision::AcceptH0), 20);
        // min_pairs holds a decision back even when the LLR is past a bound.
        let strict = SprtParams::parse("elo0=0,elo1=50,min_pairs=40").unwrap();
        assert_eq!(
            strict.decide(&Pentanomial([0, 0, 0, 0, 30])),
            SprtDecision::Continue
        );
        assert_eq!(
            strict.decide(&Pentanomial([0, 0, 0, 0, 40])),
            SprtDecision::AcceptH1
        );
    }

    #[test]
    fn bad_parameters_are_errors() {
        assert!(SprtParams::parse("elo0=0").is_err());
        assert!(SprtParams::parse("elo0=5,elo1=0").is_err());
        assert!(SprtParams::parse("elo0=0,elo1=5,alpha=2").is_err());
        assert!(SprtParams::parse("elo0=0,elo1=x").is_err());
        assert!(SprtParams::parse("elo0=0,elo1=5,gamma=1").is_err());
        assert!(SprtParams::parse("elo0=0,elo1=5,elo1=6").is_err());
        assert!(SprtParams::parse("elo0=0,elo1=5,min_pairs=0").is_err());
        assert!(SprtParams::parse("elo0=0,elo1=5,alpha=0.6,beta=0.5").is_err());
        assert!(SprtParams::parse("elo0=0,elo1=inf").is_err());
    }
}
