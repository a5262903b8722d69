//! Ratings of several engines from all pairwise results: the Bradley-Terry (logistic Elo)
//! maximum-likelihood fit that Ordo and BayesElo make, draws counting half a win. Solved with
//! Hunter's MM iteration; 95% bars from the inverse Fisher information with the first engine
//! anchored at 0.

use super::stats::{Wdl, Z95};

/// Rating and 95% half-width of each engine, engine 0 at 0.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    pub elo: Vec<f64>,
    pub error: Vec<f64>,
}

const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// `results[i][j]` is engine i's W/D/L against engine j (so `results[j][i]` is its mirror).
/// `prior_draws` virtual draws are added to every pair that met, so that an engine that won or
/// lost every game gets a finite rating (BayesElo's prior; 0 gives the plain maximum likelihood).
pub fn fit(results: &[Vec<Wdl>], prior_draws: f64) -> Ratings {
    let n = results.len();
    // score[i][j]: points of i against j; games[i][j]: games between them.
    let mut score = vec![vec![0.0; n]; n];
    let mut games = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i == j {
                continue;
            }
            let g = results[i][j].games() as f64;
            if g > 0.0 {
                score[i][j] = results[i][j].points() + prior_draws / 2.0;
                games[i][j] = g + prior_draws;
            }
        }
    }
    let mut gamma = vec![1.0; n];
    for _ in 0..100_000 {
        let mut next = vec![0.0; n];
        for i in 0..n {
            let wins: f64 = score[i].iter().sum();
            let den: f64 = (0..n)
                .filter(|&j| games[i][j] > 0.0)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            next[i] = if den > 0.0 { wins / den } else { gamma[i] };
        }
        let anchor = next[0];
        let mut change: f64 = 0.0;
        for i in 0..n {
            let v = (next[i] / anchor).max(1e-300);
            change = change.max((v.ln() - gamma[i].ln()).abs());
            gamma[i] = v;
        }
        if change < 1e-13 {
            break;
        }
    }
    let theta: Vec<f64> = gamma.iter().map(|g| g.ln()).collect();
    let elo: Vec<f64> = theta.iter().map(|t| t * ELO_PER_NAT).collect();
    // Fisher information of the log-strengths: I_ii = sum_j n_ij p_ij (1 - p_ij), I_ij = -n_ij p q.
    let mut info = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i != j && games[i][j] > 0.0 {
                let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
                let w = games[i][j] * p * (1.0 - p);
                info[i][i] += w;
                info[i][j] -= w;
            }
        }
    }
    let mut error = vec![0.0; n];
    if n > 1 {
        // Anchor engine 0: drop its row and column and invert the rest.
        let sub: Vec<Vec<f64>> = (1..n)
            .map(|i| (1..n).map(|j| info[i][j]).collect())
            .collect();
        match invert(sub) {
            Some(inv) => {
                for i in 1..n {
                    error[i] = Z95 * inv[i - 1][i - 1].max(0.0).sqrt() * ELO_PER_NAT;
                }
            }
            None => {
                for e in error.iter_mut().skip(1) {
                    *e = f64::INFINITY;
                }
            }
        }
    }
    Ratings { elo, error }
}

/// Gauss-Jordan inverse with partial pivoting; None when singular (engines never connected).
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for c in 0..n {
        let p = (c..n).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[p][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, p);
        inv.swap(c, p);
        let d = a[c][c];
        for j in 0..n {
            a[c][j] /= d;
            inv[c][j] /= d;
        }
        for r in 0..n {
            if r != c && a[r][c] != 0.0 {
                let f = a[r][c];
                for j in 0..n {
                    a[r][j] -= f * a[c][j];
                    inv[r][j] -= f * inv[c][j];
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(pairs: &[(usize, usize, Wdl)], n: usize) -> Vec<Vec<Wdl>> {
        let mut t = vec![vec![Wdl::default(); n]; n];
        for &(i, j, w) in pairs {
            t[i][j] = w;
            t[j][i] = w.swapped();
        }
        t
    }

    // Reference: scripts/crosscheck/stats_reference.py `bradley_terry` (independent Python MM iteration):
    // 0 scores 12/20 against 1, 15/20 against 2; 1 scores 11/20 against 2.
    #[test]
    fn three_engines_pinned() {
        let w = |w, d, l| Wdl {
            wins: w,
            draws: d,
            losses: l,
        };
        let t = table(
            &[(0, 1, w(10, 4, 6)), (0, 2, w(14, 2, 4)), (1, 2, w(9, 4, 7))],
            3,
        );
        let r = fit(&t, 0.0);
        assert_eq!(r.elo[0], 0.0);
        assert!((r.elo[1] + 97.47094396997883).abs() < 1e-6, "{:?}", r.elo);
        assert!((r.elo[2] + 158.33423459878267).abs() < 1e-6, "{:?}", r.elo);
        assert!(r.error[1] > 0.0 && r.error[2] > r.error[1] * 0.5);
    }

    #[test]
    fn two_engines_match_the_logistic_elo() {
        let t = table(
            &[(
                0,
                1,
                Wdl {
                    wins: 30,
                    draws: 50,
                    losses: 20,
                },
            )],
            2,
        );
        let r = fit(&t, 0.0);
        // With two engines the fit is the plain score-to-Elo map: engine 1 is 34.86 below.
        assert!((r.elo[1] + 34.86007028756008).abs() < 1e-6, "{:?}", r.elo);
    }

    #[test]
    fn a_clean_sweep_stays_finite_with_the_prior() {
        let t = table(
            &[(
                0,
                1,
                Wdl {
                    wins: 10,
                    draws: 0,
                    losses: 0,
                },
            )],
            2,
        );
        let r = fit(&t, 1.0);
        assert!(r.elo[1].is_finite() && r.elo[1] < -200.0, "{:?}", r.elo);
    }
}
