//! The handcrafted evaluator: the chances of the side on roll (before its roll) to win, to win a
//! gammon or a backgammon, and to lose one, in the five outputs gnubg's networks give.
//!
//! - Both sides home, none on the bar: the one-sided bearoff database, exactly (`bearoff`).
//! - Other races (no contact): a normal approximation of the rolls each side needs, from the
//!   pip count with a wastage allowance; gammons from the rolls the loser needs to bring its
//!   checkers home and one off.
//! - Contact: a logistic model of named features (`FEATURES`), weights from the engine file
//!   (defaults below); gammon and backgammon shares from the loser's stragglers.
//!
//! The equity the search works with is built from these chances and the cube (`cube`).

use super::bearoff::{in_database, Bearoff};
use super::board::{self, opp_at, Side, BAR, OFF};

/// The chances of the side on roll: `win` includes gammons, `win_g` includes backgammons.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Probs {
    pub win: f64,
    pub win_g: f64,
    pub win_bg: f64,
    pub lose_g: f64,
    pub lose_bg: f64,
}

impl Probs {
    /// The same chances from the other side.
    pub fn flip(&self) -> Probs {
        Probs {
            win: 1.0 - self.win,
            win_g: self.lose_g,
            win_bg: self.lose_bg,
            lose_g: self.win_g,
            lose_bg: self.win_bg,
        }
    }
    /// Points won on average with the cube at 1 and no cube play (gammons and backgammons
    /// counted when `gammons`).
    pub fn cubeless_equity(&self, gammons: bool) -> f64 {
        let base = 2.0 * self.win - 1.0;
        if gammons {
            base + self.win_g - self.lose_g + self.win_bg - self.lose_bg
        } else {
            base
        }
    }
    /// Clamps into a consistent set (win_bg <= win_g <= win, lose_bg <= lose_g <= 1 - win).
    pub fn consistent(mut self) -> Probs {
        self.win = self.win.clamp(0.0, 1.0);
        self.win_g = self.win_g.clamp(0.0, self.win);
        self.win_bg = self.win_bg.clamp(0.0, self.win_g);
        self.lose_g = self.lose_g.clamp(0.0, 1.0 - self.win);
        self.lose_bg = self.lose_bg.clamp(0.0, self.lose_g);
        self
    }
}

/// The contact model's features, seen from the side on roll (`me`) against `opp`: first the
/// side's value less the opponent's, then a few counts of each side (what gammons depend on).
pub const FEATURES: &[&str] = &[
    "bias",
    "pips",
    "shots",
    "exposure",
    "home_points",
    "prime",
    "bar",
    "anchors",
    "back_checkers",
    "borne_off",
    "closed_out",
    "builders",
    "my_back",
    "opp_back",
    "my_outside",
    "opp_outside",
    "my_any_off",
    "opp_any_off",
    "my_bar",
    "opp_bar",
];

/// Default weights of the win model (logits). Fitted to gnubg's 0-ply cubeless evaluations of
/// 60,308 contact positions from 1,000 games of gnubg's noisy self-play (48,247 fitted, 12,061
/// held out: mean |win - gnubg| 0.169 -> 0.091 against the hand-set weights before):
/// `BOARDLAB_GAMES=1000 scripts/peers/backgammon_gnubg_labels.py`, then `fit::tests::fit_print`
/// (src/games/backgammon/fit.rs). Correlated features share the weight (the pip difference's
/// own weight is negative beside the back and outside counts that carry most of it).
pub const DEFAULT_WEIGHTS: &[f64] = &[
    0.0788, -1.3475, 0.1457, 0.0861, 0.1843, 0.1866, 0.1788, 0.0905, -0.1113, 3.7689, 0.7548,
    0.0907, -0.1592, 0.1294, -0.0966, 0.0997, 0.6089, -0.6674, -0.1666, 0.3151,
];

/// The gammon models on the same features (logits): my wins that are gammons, my gammons that
/// are backgammons, the opponent's wins that are gammons, its gammons that are backgammons.
/// Fitted as `DEFAULT_WEIGHTS` is.
pub const GAMMON_WEIGHTS: [[f64; 20]; 4] = [
    [
        -1.5318, 0.9912, 0.3706, 0.0062, 0.0871, 0.0678, 0.1265, 0.1776, -0.0191, 0.9298, 0.0590,
        0.0445, 0.0806, 0.1083, -0.0734, 0.0844, 0.1491, 0.0000, 0.2396, 0.3473,
    ],
    [
        -4.1981, 1.2492, 0.3720, 0.1983, -0.0748, 0.1992, 0.0737, -0.0959, -0.0523, 4.3431,
        -0.3689, -0.1371, 0.1703, 0.1852, 0.1454, -0.1680, -0.7971, 0.0000, 0.1903, 0.1477,
    ],
    [
        -1.7790, -1.0161, -0.0371, 0.0151, -0.0980, -0.0859, -0.1587, -0.1554, 0.0155, -1.2158,
        -0.3460, -0.0235, 0.1397, 0.1386, 0.0650, -0.0529, 0.0000, 0.1501, 0.2284, 0.0828,
    ],
    [
        -4.2194, -1.2424, 0.1080, 0.4414, 0.0332, -0.2030, -0.0990, 0.1120, 0.0536, -3.6411,
        0.3363, 0.1122, 0.1789, 0.1535, -0.1686, 0.1083, 0.0000, -0.8039, 0.1283, 0.2977,
    ],
];

/// The 36 rolls as (die, die, weight of 1/36).
const ROLLS36: [(usize, usize); 21] = [
    (1, 1),
    (2, 2),
    (3, 3),
    (4, 4),
    (5, 5),
    (6, 6),
    (2, 1),
    (3, 1),
    (4, 1),
    (5, 1),
    (6, 1),
    (3, 2),
    (4, 2),
    (5, 2),
    (6, 2),
    (4, 3),
    (5, 3),
    (6, 3),
    (5, 4),
    (6, 4),
    (6, 5),
];

fn made(side: &Side, p: usize) -> bool {
    side[p] >= 2
}

/// The chance (of 36 rolls) that `me`, on roll, can hit at least one blot of `opp`: a checker
/// reaching the blot's point with one die, or with both (through an open intermediate point),
/// or with a double's steps; a checker on the bar must enter first (only entering checkers and
/// their continuations count then).
pub fn shot_chance(me: &Side, opp: &Side) -> f64 {
    let blots: Vec<usize> = (1..=24).filter(|&t| opp_at(opp, t) == 1).collect();
    if blots.is_empty() {
        return 0.0;
    }
    let blocked = |p: usize| p >= 1 && p <= 24 && opp_at(opp, p) >= 2;
    let on_bar = me[BAR];
    let mut hits = 0u32;
    for &(a, b) in ROLLS36.iter() {
        let weight = if a == b { 1 } else { 2 };
        let mut hit = false;
        'search: for &t in &blots {
            for q in (t + 1)..=25 {
                if me[q] == 0 || (on_bar > 0 && q != BAR) {
                    continue;
                }
                let d = q - t;
                if a != b {
                    if d == a || d == b {
                        if on_bar > 1 && q != BAR {
                            continue;
                        }
                        hit = true;
                        break 'search;
                    }
                    if d == a + b && on_bar <= 1 && (!blocked(q - a) || !blocked(q - b)) {
                        hit = true;
                        break 'search;
                    }
                } else {
                    for k in 1..=4usize {
                        if d == k * a {
                            let path_open = (1..k).all(|s| !blocked(q - s * a));
                            let bar_ok =
                                on_bar == 0 || (q == BAR && on_bar as usize <= 4 - (k - 1));
                            if path_open && bar_ok {
                                hit = true;
                                break 'search;
                            }
                        }
                    }
                }
            }
        }
        if hit {
            hits += weight;
        }
    }
    hits as f64 / 36.0
}

/// The longest run of made points.
fn longest_prime(side: &Side) -> f64 {
    let (mut best, mut run) = (0, 0);
    for p in 1..=24 {
        if made(side, p) {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    best as f64
}

/// The features of `me` on roll against `opp`, appended to `out`.
pub fn features(me: &Side, opp: &Side, out: &mut Vec<f64>) {
    let home = |s: &Side| (1..=6).filter(|&p| made(s, p)).count() as f64;
    let anchors = |s: &Side| (19..=24).filter(|&p| made(s, p)).count() as f64;
    let back = |s: &Side| (19..=25).map(|p| s[p] as f64).sum::<f64>();
    let outside = |s: &Side| (7..=25).map(|p| s[p] as f64).sum::<f64>();
    let builders = |s: &Side| (7..=11).map(|p| s[p] as f64).sum::<f64>();
    let closed = |s: &Side, o: &Side| (o[BAR] > 0 && home(s) == 6.0) as u8 as f64;
    out.extend_from_slice(&[
        1.0,
        (board::pip_count(opp) as f64 - board::pip_count(me) as f64) / 100.0,
        shot_chance(me, opp),
        shot_chance(opp, me),
        home(me) - home(opp),
        longest_prime(me) - longest_prime(opp),
        opp[BAR] as f64 - me[BAR] as f64,
        anchors(me) - anchors(opp),
        back(me) - back(opp),
        (me[OFF] as f64 - opp[OFF] as f64) / 15.0,
        closed(me, opp) - closed(opp, me),
        builders(me) - builders(opp),
        back(me),
        back(opp),
        outside(me),
        outside(opp),
        (me[OFF] > 0) as u8 as f64,
        (opp[OFF] > 0) as u8 as f64,
        me[BAR] as f64,
        opp[BAR] as f64,
    ]);
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26, error < 1.5e-7).
pub fn phi(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs() / std::f64::consts::SQRT_2);
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-(x * x) / 2.0).exp();
    if x >= 0.0 {
        0.5 * (1.0 + y)
    } else {
        0.5 * (1.0 - y)
    }
}

/// Mean pips of a roll (doubles count four times) and the variance per roll.
const PIPS_PER_ROLL: f64 = 49.0 / 6.0;
const VAR_PER_ROLL: f64 = 18.47;

/// Pips with an allowance for the waste of bearing off from the low points.
fn effective_pips(s: &Side) -> f64 {
    board::pip_count(s) as f64 + 2.0 * s[1] as f64 + 1.0 * s[2] as f64 + 0.5 * s[3] as f64 + 4.0
}

/// P(the side on roll, needing `mine` rolls on average, finishes before one needing `theirs`).
fn race_chance(mine: f64, theirs: f64, pips: f64) -> f64 {
    let sd = (VAR_PER_ROLL * pips / PIPS_PER_ROLL.powi(3) + 0.25).sqrt();
    phi((theirs - mine + 0.5) / sd)
}

/// Rolls the side needs to bear a first checker off (to save the gammon): the pips to bring its
/// stragglers home and one checker off.
fn rolls_to_save(s: &Side) -> f64 {
    if s[OFF] > 0 {
        return 0.0;
    }
    let outside: f64 = (7..=25).map(|p| (p as f64 - 6.0) * s[p] as f64).sum();
    let lowest = (1..=6).find(|&p| s[p] > 0).unwrap_or(6) as f64;
    let crossings: f64 = (7..=25).map(|p| s[p] as f64).sum::<f64>() * 0.15;
    (outside + lowest) / PIPS_PER_ROLL + crossings
}

/// The chances in a race without contact.
fn race(me: &Side, opp: &Side) -> Probs {
    if in_database(me) && in_database(opp) {
        let (win, win_g, lose_g) = Bearoff::get().race(me, opp);
        return Probs {
            win,
            win_g,
            win_bg: 0.0,
            lose_g,
            lose_bg: 0.0,
        };
    }
    let (em, eo) = (effective_pips(me), effective_pips(opp));
    let (rm, ro) = (em / PIPS_PER_ROLL, eo / PIPS_PER_ROLL);
    let win = race_chance(rm, ro, em + eo);
    let win_g = if opp[OFF] > 0 {
        0.0
    } else {
        race_chance(rm, rolls_to_save(opp), em)
    };
    let lose_g = if me[OFF] > 0 {
        0.0
    } else {
        1.0 - race_chance(rolls_to_save(me), ro, eo)
    };
    Probs {
        win,
        win_g: win_g.min(win),
        win_bg: 0.0,
        lose_g: lose_g.min(1.0 - win),
        lose_bg: 0.0,
    }
    .consistent()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The chances of `me`, on roll, against `opp`, with the contact model's `weights`.
pub fn probabilities(me: &Side, opp: &Side, weights: &[f64]) -> Probs {
    if me[OFF] == 15 {
        return Probs {
            win: 1.0,
            ..Default::default()
        };
    }
    if opp[OFF] == 15 {
        return Probs::default();
    }
    if board::is_race(me, opp) {
        return race(me, opp);
    }
    let mut f = Vec::with_capacity(FEATURES.len());
    features(me, opp, &mut f);
    let w = if weights.len() == FEATURES.len() {
        weights
    } else {
        DEFAULT_WEIGHTS
    };
    let gammon = GAMMON_WEIGHTS.each_ref().map(|g| g.as_slice());
    contact_probs(me, opp, &f, w, gammon)
}

/// The contact model: the win chance and the four gammon shares, logistic in the features `f`
/// of `me` on roll against `opp`, with the win weights `w` and the gammon models `gammon` (in
/// `GAMMON_WEIGHTS` order).
pub fn contact_probs(me: &Side, opp: &Side, f: &[f64], w: &[f64], gammon: [&[f64]; 4]) -> Probs {
    let win = sigmoid(dot(f, w));
    // Gammons need the loser to have borne off nothing; backgammons a straggler back.
    let share = |k: usize, possible: bool| {
        if possible {
            sigmoid(dot(f, gammon[k]))
        } else {
            0.0
        }
    };
    let stragglers = |s: &Side| (19..=25).any(|p| s[p] > 0);
    let g = share(0, opp[OFF] == 0);
    let bg = share(1, opp[OFF] == 0 && stragglers(opp));
    let lg = share(2, me[OFF] == 0);
    let lbg = share(3, me[OFF] == 0 && stragglers(me));
    Probs {
        win,
        win_g: win * g,
        win_bg: win * g * bg,
        lose_g: (1.0 - win) * lg,
        lose_bg: (1.0 - win) * lg * lbg,
    }
    .consistent()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::backgammon::board::START;

    #[test]
    fn the_start_is_about_even_and_shots_count_rolls() {
        let p = probabilities(&START, &START, DEFAULT_WEIGHTS);
        assert!((0.45..0.6).contains(&p.win), "{p:?}");
        // A blot 6 away from one checker: 11 direct rolls (any 6) + 5-1, 4-2, 3-3, 2-2 indirect.
        let mut me = [0u8; 26];
        me[13] = 1;
        me[OFF] = 14;
        let mut opp = [0u8; 26];
        opp[25 - 7] = 1; // my 7 point
        opp[OFF] = 14;
        let s = shot_chance(&me, &opp);
        assert!((s - 17.0 / 36.0).abs() < 1e-9, "{}", s * 36.0);
        assert!((phi(0.0) - 0.5).abs() < 1e-7 && (phi(1.96) - 0.975).abs() < 1e-3);
    }

    #[test]
    fn races_favour_the_leader_and_the_probabilities_are_consistent() {
        let mut a = [0u8; 26];
        a[6] = 5;
        a[5] = 5;
        a[4] = 5;
        let mut b = [0u8; 26];
        b[6] = 10;
        b[5] = 5;
        let p = probabilities(&a, &b, DEFAULT_WEIGHTS);
        assert!(p.win > 0.7, "{p:?}");
        let mut c = b;
        c[6] -= 1;
        c[3] += 1;
        assert!(
            probabilities(&a, &c, DEFAULT_WEIGHTS).win < p.win,
            "a closer race"
        );
        let mut far = [0u8; 26];
        far[15] = 10;
        far[10] = 5;
        let q = probabilities(&a, &far, DEFAULT_WEIGHTS);
        assert!(q.win > 0.99 && q.win_g > 0.5, "{q:?}");
    }
}
