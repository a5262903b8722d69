//! The cube in the evaluation: from cubeless chances to the equity with the cube in play.
//!
//! Money play: Rick Janowski's model ("Take-points in money games", 1993; as gnubg's eval.c
//! applies it): the cubeful equity is `(1 - x) * dead + x * live`, the dead-cube equity being the
//! cubeless one and the live-cube equity a piecewise linear function of the win chance through
//! the take point and cash point, where the average win and loss sizes W and L come from the
//! gammon chances; `x` is the cube's efficiency (0.68 in contact, less in races).
//!
//! Matches: the same shape in match winning chances. The end points are the chances after an
//! average win or loss with the cube as it is, the take and cash points those where taking a
//! redoubled (dead) cube is worth as much as dropping, all read from the match equity table
//! (`met`) with the Crawford rule applied to the score after the game.

use super::eval::Probs;
use super::game::{Backgammon, CENTRE};
use super::met::Met;

/// Who owns the cube, seen from the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeView {
    Centre,
    Mine,
    Theirs,
}

/// Linear interpolation between (x0, y0) and (x1, y1) at x.
fn lerp(x: f64, x0: f64, y0: f64, x1: f64, y1: f64) -> f64 {
    if (x1 - x0).abs() < 1e-12 {
        return y0;
    }
    y0 + (y1 - y0) * (x - x0) / (x1 - x0)
}

/// Janowski's live-cube equity (per unit cube) for the side on roll with win chance `p` and
/// average win and loss sizes `w`, `l`; under the Jacoby rule a centred cube wins no more than
/// one unit.
fn money_live(w: f64, l: f64, p: f64, view: CubeView, jacoby: bool) -> f64 {
    let tp = (l - 0.5) / (w + l + 0.5);
    let cp = (l + 1.0) / (w + l + 0.5);
    match view {
        CubeView::Centre => {
            if p < tp {
                if jacoby {
                    -1.0
                } else {
                    lerp(p, 0.0, -l, tp, -1.0)
                }
            } else if p < cp {
                lerp(p, tp, -1.0, cp, 1.0)
            } else if jacoby {
                1.0
            } else {
                lerp(p, cp, 1.0, 1.0, w)
            }
        }
        CubeView::Mine => {
            if p < cp {
                lerp(p, 0.0, -l, cp, 1.0)
            } else {
                lerp(p, cp, 1.0, 1.0, w)
            }
        }
        CubeView::Theirs => {
            if p < tp {
                lerp(p, 0.0, -l, tp, -1.0)
            } else {
                lerp(p, tp, -1.0, 1.0, w)
            }
        }
    }
}

/// Money equity per unit cube of the side on roll.
pub fn money(p: &Probs, view: CubeView, x: f64, jacoby: bool, gammons: bool) -> f64 {
    let jacoby_here = jacoby && view == CubeView::Centre;
    let counted = gammons && !jacoby_here;
    let dead = p.cubeless_equity(counted);
    const EPS: f64 = 1e-7;
    if p.win < EPS || p.win > 1.0 - EPS {
        return dead;
    }
    let (w, l) = if gammons {
        (
            1.0 + (p.win_g + p.win_bg) / p.win,
            1.0 + (p.lose_g + p.lose_bg) / (1.0 - p.win),
        )
    } else {
        (1.0, 1.0)
    };
    let live = money_live(w, l, p.win, view, jacoby_here);
    dead * (1.0 - x) + live * x
}

/// The match winning chance of side 0 after `winner` scores `points` in `s`'s game, at the start
/// of the next game (the Crawford rule applied as `Backgammon` applies it).
pub fn mwc_after(s: &Backgammon, winner: usize, points: u32) -> f64 {
    let n = s.rules.match_length as i32;
    let mut score = [s.score[0] as i32, s.score[1] as i32];
    score[winner] += points as i32;
    if score[winner] >= n {
        return if winner == 0 { 1.0 } else { 0.0 };
    }
    let post = if s.rules.crawford {
        s.post_crawford || s.crawford
    } else {
        true
    };
    Met::get().mwc(n - score[0], n - score[1], post)
}

/// The match winning chance of side 0 at the start of the current game.
pub fn mwc_now(s: &Backgammon) -> f64 {
    let n = s.rules.match_length as i32;
    let post = !s.rules.crawford || s.post_crawford;
    Met::get().mwc(n - s.score[0] as i32, n - s.score[1] as i32, post)
}

/// Whether `side` could turn the cube at value `cube` in this game (ownership aside).
fn could_double(s: &Backgammon, side: usize, cube: u32) -> bool {
    let r = &s.rules;
    if !r.cube || s.crawford || cube * 2 > r.max_cube as u32 {
        return false;
    }
    if r.match_length == 0 {
        return true;
    }
    let n = r.match_length as u32;
    let mine = s.score[side] as u32;
    !(mine + cube >= n || (s.post_crawford && mine + 1 == n))
}

/// The match winning chance of the side on roll (`roller`) in `s` with chances `p`, the cube at
/// `cube` owned as `owner` (0, 1 or CENTRE), efficiency `x`.
pub fn match_mwc(p: &Probs, s: &Backgammon, roller: usize, cube: u32, owner: u8, x: f64) -> f64 {
    let opp = roller ^ 1;
    let me_of = |m0: f64| if roller == 0 { m0 } else { 1.0 - m0 };
    let gammons = s.rules.gammons;
    let parts = |winner: usize, c: u32, single: f64, gammon: f64, bg: f64| -> f64 {
        let v = |k: u32| me_of(mwc_after(s, winner, k * c));
        if gammons {
            single * v(1) + gammon * v(2) + bg * v(3)
        } else {
            (single + gammon + bg) * v(1)
        }
    };
    let win_single = p.win - p.win_g;
    let win_gammon = p.win_g - p.win_bg;
    let lose_single = (1.0 - p.win) - p.lose_g;
    let lose_gammon = p.lose_g - p.lose_bg;
    let won = |c: u32| parts(roller, c, win_single, win_gammon, p.win_bg);
    let lost = |c: u32| parts(opp, c, lose_single, lose_gammon, p.lose_bg);
    let dead = won(cube) + lost(cube);
    let i_can = could_double(s, roller, cube) && (owner == CENTRE || owner as usize == roller);
    let they_can = could_double(s, opp, cube) && (owner == CENTRE || owner as usize == opp);
    const EPS: f64 = 1e-7;
    if (!i_can && !they_can) || p.win < EPS || p.win > 1.0 - EPS {
        return dead;
    }
    // The ends: average win and loss with the cube as it is.
    let m_w = won(cube) / p.win;
    let m_l = lost(cube) / (1.0 - p.win);
    // Take and cash points of a redoubled, dead cube.
    let (w2, l2) = (won(2 * cube) / p.win, lost(2 * cube) / (1.0 - p.win));
    let cash = me_of(mwc_after(s, roller, cube)); // the opponent drops my double
    let drop = me_of(mwc_after(s, opp, cube)); // I drop the opponent's double
    let span = w2 - l2;
    if span.abs() < 1e-9 {
        return dead;
    }
    let cp = ((cash - l2) / span).clamp(0.0, 1.0);
    let tp = ((drop - l2) / span).clamp(0.0, 1.0);
    let q = p.win;
    let live = match (i_can, they_can) {
        (true, true) if tp < cp => {
            if q < tp {
                lerp(q, 0.0, m_l, tp, drop)
            } else if q < cp {
                lerp(q, tp, drop, cp, cash)
            } else {
                lerp(q, cp, cash, 1.0, m_w)
            }
        }
        (true, _) => {
            if q < cp {
                lerp(q, 0.0, m_l, cp, cash)
            } else {
                lerp(q, cp, cash, 1.0, m_w)
            }
        }
        (false, true) => {
            if q < tp {
                lerp(q, 0.0, m_l, tp, drop)
            } else {
                lerp(q, tp, drop, 1.0, m_w)
            }
        }
        (false, false) => dead,
    };
    dead * (1.0 - x) + live * x
}

/// The cube's efficiency: 0.68 in contact (gnubg's value), in races rising with the rolls left
/// (a long race leaves more chances to use the cube well).
pub fn efficiency(race: bool, roller_pips: u32) -> f64 {
    if race {
        (0.55 + 0.0012 * roller_pips as f64).clamp(0.6, 0.7)
    } else {
        0.68
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn janowski_take_and_cash_points_without_gammons() {
        // W = L = 1: take point (1 - 0.5) / 2.5 = 0.2, cash point 2 / 2.5 = 0.8.
        let at = |win: f64, view| {
            money(
                &Probs {
                    win,
                    ..Default::default()
                },
                view,
                1.0,
                false,
                true,
            )
        };
        assert!((at(0.2, CubeView::Centre) + 1.0).abs() < 1e-9);
        assert!((at(0.8, CubeView::Centre) - 1.0).abs() < 1e-9);
        assert!((at(0.5, CubeView::Centre)).abs() < 1e-9);
        // Owning the cube is worth something, the opponent owning it costs.
        assert!(at(0.5, CubeView::Mine) > 0.0 && at(0.5, CubeView::Theirs) < 0.0);
        // A dead cube is the cubeless equity.
        let d = money(
            &Probs {
                win: 0.7,
                ..Default::default()
            },
            CubeView::Centre,
            0.0,
            false,
            true,
        );
        assert!((d - 0.4).abs() < 1e-9);
    }
}
