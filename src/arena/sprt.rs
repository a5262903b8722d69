//! Sequential probability ratio test on game pairs (Fishtest's GSPRT with the logistic Elo
//! model): LLR ≈ N (s1 - s0)(2s - s0 - s1) / (2 var) over N pentanomial pairs with per-pair
//! variance var; stop when it leaves [ln(beta/(1-alpha)), ln((1-beta)/alpha)].

use serde::{Deserialize, Serialize};

use super::stats::{score_from_elo, Pentanomial};

/// The test's hypotheses (H0: Elo = elo0, H1: Elo = elo1) and error rates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtParams {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where the test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SprtDecision {
    Continue,
    AcceptH0,
    AcceptH1,
}

impl SprtParams {
    /// Parses `elo0=0,elo1=5,alpha=0.05,beta=0.05` (alpha and beta default to 0.05).
    pub fn parse(text: &str) -> Result<SprtParams, String> {
        let mut p = SprtParams {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("sprt: expected key=value, got {part:?}"))?;
            let x: f64 = v
                .trim()
                .parse()
                .map_err(|_| format!("sprt: {k} is not a number: {v:?}"))?;
            match k.trim() {
                "elo0" => p.elo0 = x,
                "elo1" => p.elo1 = x,
                "alpha" => p.alpha = x,
                "beta" => p.beta = x,
                other => return Err(format!("sprt: unknown key {other:?}")),
            }
        }
        if p.elo0.is_nan() || p.elo1.is_nan() {
            return Err(format!("sprt: elo0 and elo1 are required in {text:?}"));
        }
        if p.elo1 <= p.elo0 {
            return Err(format!("sprt: elo1 must exceed elo0 in {text:?}"));
        }
        if !(0.0 < p.alpha && p.alpha < 1.0 && 0.0 < p.beta && p.beta < 1.0) {
            return Err(format!(
                "sprt: alpha and beta must lie in (0, 1) in {text:?}"
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
    /// The log-likelihood ratio of the pairs seen so far. Like Fishtest, empty pentanomial
    /// cells count 1e-3 pairs, so that a run of identical pairs (variance 0) still moves the test.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let total = pairs.pairs() as f64;
        if total == 0.0 {
            return 0.0;
        }
        let counts: Vec<f64> = pairs.0.iter().map(|&c| (c as f64).max(1e-3)).collect();
        let n: f64 = counts.iter().sum();
        let score: f64 = counts
            .iter()
            .zip(Pentanomial::SCORES)
            .map(|(c, x)| c * x)
            .sum::<f64>()
            / n;
        let var: f64 = counts
            .iter()
            .zip(Pentanomial::SCORES)
            .map(|(c, x)| c * (x - score).powi(2))
            .sum::<f64>()
            / n;
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        total * (s1 - s0) * (2.0 * score - s0 - s1) / (2.0 * var)
    }
    pub fn decide(&self, pairs: &Pentanomial) -> SprtDecision {
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

#[cfg(test)]
mod tests {
    use super::*;

    // Reference values: scripts/stats_reference.py (independent Python).
    #[test]
    fn llr_and_bounds_pinned() {
        let p = SprtParams::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap();
        let (lo, hi) = p.bounds();
        assert!((lo + 2.9444389791664403).abs() < 1e-12);
        assert!((hi - 2.9444389791664403).abs() < 1e-12);
        let llr = p.llr(&Pentanomial([3, 10, 20, 12, 5]));
        assert!((llr - 0.24633632947956433).abs() < 1e-9, "{llr}");
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
    fn identical_pairs_still_decide() {
        // Every pair won twice: variance 0 without regularisation; H1 must still be accepted.
        let p = SprtParams::parse("elo0=0,elo1=50").unwrap();
        let first = (1..100u64)
            .find(|&k| p.decide(&Pentanomial([0, 0, 0, 0, k])) == SprtDecision::AcceptH1)
            .unwrap();
        assert!(first <= 5, "decided only after {first} pairs");
        // The mirror image accepts H0.
        assert_eq!(
            p.decide(&Pentanomial([first, 0, 0, 0, 0])),
            SprtDecision::AcceptH0
        );
    }

    #[test]
    fn bad_parameters_are_errors() {
        assert!(SprtParams::parse("elo0=0").is_err());
        assert!(SprtParams::parse("elo0=5,elo1=0").is_err());
        assert!(SprtParams::parse("elo0=0,elo1=5,alpha=2").is_err());
        assert!(SprtParams::parse("elo0=0,elo1=x").is_err());
        assert!(SprtParams::parse("elo0=0,elo1=5,gamma=1").is_err());
    }
}
