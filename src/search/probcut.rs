//! (Multi-)ProbCut (Buro 1995, and Multi-ProbCut 1997 as in Edax and Zebra): the value of a
//! deep search is predicted from a shallow one by a linear regression fitted on game positions,
//! `deep = a * shallow + b` with residual deviation `sigma`. At a node `deep` plies from the
//! horizon, a null-window search `shallow` plies deep around the bound that makes
//! `deep >= beta` (or `<= alpha`) likely at `t` standard deviations is cheap, and when it
//! succeeds the node is cut without the deep search. Several pairs for the same deep depth
//! are tried in the order given (Multi-ProbCut); `boardlab tune probcut` fits them.
//!
//! The fit is written in the engine file as `probcut_fit = "deep:shallow:a:b:sigma,..."`, with
//! `b` and `sigma` in evaluation units.

/// One depth pair of the regression.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProbCutPair {
    pub deep: i32,
    pub shallow: i32,
    pub a: f64,
    pub b: f64,
    pub sigma: f64,
}

/// ProbCut options (off by default).
#[derive(Clone, Debug, PartialEq)]
pub struct ProbCutConfig {
    pub on: bool,
    /// The cut's confidence, in standard deviations of the fit.
    pub t: f64,
    pub pairs: Vec<ProbCutPair>,
}

impl Default for ProbCutConfig {
    /// Off, with the confidence `search::ALPHABETA_PARAMS` gives `probcut_t` (1.5), so an engine
    /// file without params builds exactly this.
    fn default() -> Self {
        ProbCutConfig {
            on: false,
            t: 1.5,
            pairs: Vec::new(),
        }
    }
}

impl ProbCutConfig {
    /// The pairs whose deep depth is `depth`.
    pub fn pairs_at(&self, depth: i32) -> impl Iterator<Item = &ProbCutPair> {
        self.pairs.iter().filter(move |p| p.deep == depth)
    }
}

/// Reads `deep:shallow:a:b:sigma,...`; every field checked (0 < shallow < deep <= 60, a > 0,
/// sigma >= 0, all finite).
pub fn parse_pairs(text: &str) -> Result<Vec<ProbCutPair>, String> {
    let mut out = Vec::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let f: Vec<&str> = item.split(':').collect();
        let bad = || format!("probcut pair {item:?} must be deep:shallow:a:b:sigma");
        if f.len() != 5 {
            return Err(bad());
        }
        let deep: i32 = f[0].parse().map_err(|_| bad())?;
        let shallow: i32 = f[1].parse().map_err(|_| bad())?;
        let num = |s: &str| {
            s.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(bad)
        };
        let (a, b, sigma) = (num(f[2])?, num(f[3])?, num(f[4])?);
        if !(0 < shallow && shallow < deep && deep <= 60) || a <= 0.0 || sigma < 0.0 {
            return Err(format!(
                "probcut pair {item:?}: need 0 < shallow < deep <= 60, a > 0, sigma >= 0"
            ));
        }
        out.push(ProbCutPair {
            deep,
            shallow,
            a,
            b,
            sigma,
        });
    }
    Ok(out)
}

/// Writes pairs as `parse_pairs` reads them.
pub fn format_pairs(pairs: &[ProbCutPair]) -> String {
    pairs
        .iter()
        .map(|p| {
            format!(
                "{}:{}:{:.4}:{:.3}:{:.3}",
                p.deep, p.shallow, p.a, p.b, p.sigma
            )
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The least-squares line `deep = a * shallow + b` through `(shallow, deep)` samples and the
/// deviation of its residuals. None with fewer than 3 samples or no spread in `shallow`.
pub fn fit(deep: i32, shallow: i32, samples: &[(f64, f64)]) -> Option<ProbCutPair> {
    let n = samples.len() as f64;
    if samples.len() < 3 {
        return None;
    }
    let mx = samples.iter().map(|s| s.0).sum::<f64>() / n;
    let my = samples.iter().map(|s| s.1).sum::<f64>() / n;
    let sxx: f64 = samples.iter().map(|s| (s.0 - mx).powi(2)).sum();
    let sxy: f64 = samples.iter().map(|s| (s.0 - mx) * (s.1 - my)).sum();
    if sxx <= 0.0 {
        return None;
    }
    let a = sxy / sxx;
    let b = my - a * mx;
    let rss: f64 = samples.iter().map(|s| (s.1 - a * s.0 - b).powi(2)).sum();
    let sigma = (rss / (n - 2.0)).sqrt();
    (a > 0.0).then_some(ProbCutPair {
        deep,
        shallow,
        a,
        b,
        sigma,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_recovers_a_line_and_its_noise() {
        // deep = 1.1 * shallow + 3, residuals +-2 alternating: sigma about 2.
        let s: Vec<(f64, f64)> = (0..200)
            .map(|i| {
                let x = i as f64 - 100.0;
                (x, 1.1 * x + 3.0 + if i % 2 == 0 { 2.0 } else { -2.0 })
            })
            .collect();
        let p = fit(6, 2, &s).unwrap();
        assert!((p.a - 1.1).abs() < 1e-3, "{p:?}");
        assert!((p.b - 3.0).abs() < 0.1, "{p:?}");
        assert!((p.sigma - 2.0).abs() < 0.05, "{p:?}");
        assert!(fit(6, 2, &s[..2]).is_none());
        assert!(fit(6, 2, &[(1.0, 1.0), (1.0, 2.0), (1.0, 3.0)]).is_none());
    }

    #[test]
    fn pairs_round_trip_and_bad_text_is_refused() {
        let p = parse_pairs("6:2:1.0500:-0.250:12.500, 8:4:1:0:9").unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(parse_pairs(&format_pairs(&p)).unwrap(), p);
        for bad in [
            "6:2:1",
            "2:6:1:0:1",
            "6:2:-1:0:1",
            "6:2:1:0:-1",
            "6:x:1:0:1",
            "6:2:nan:0:1",
        ] {
            assert!(parse_pairs(bad).is_err(), "{bad}");
        }
    }
}
