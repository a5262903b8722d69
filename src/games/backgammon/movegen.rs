//! Whole plays: every distinct way to play a roll, as the rules demand it. A checker enters from
//! the bar before anything else moves; it lands on a point with at most one opposing checker
//! (hitting that blot to the bar); it bears off only when all its side's checkers are home, with
//! the exact number or, from the highest occupied point, a larger one. As many dice as possible
//! must be played (doubles four times); when only one die of a non-double can be played, the
//! larger must be played if it can. `generate_with` plays the rules' other readings
//! (`bear_off=larger`: any checker a die is larger than bears off; `larger_die=false`: either die
//! when only one can be played); `generate` is the standard game.
//!
//! Two plays that leave the same position are one play (as gnubg and OpenSpiel count them): the
//! generator keeps the first step sequence that reaches each distinct position. For doubles the
//! steps are generated with non-increasing source points, which reaches every position once per
//! multiset of steps instead of once per ordering.

use super::board::{opp_at, Side, BAR, OFF};
use super::rules::{BearOff, BgRules};

/// The readings of the rules that change which plays are legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayRules {
    /// Any checker whose distance is below the die bears off, not only the highest.
    pub bear_off_any: bool,
    /// When only one die of a non-double can be played, the larger must be.
    pub larger_die: bool,
}

impl PlayRules {
    /// The standard game.
    pub const STANDARD: PlayRules = PlayRules {
        bear_off_any: false,
        larger_die: true,
    };

    pub fn of(rules: &BgRules) -> PlayRules {
        PlayRules {
            bear_off_any: rules.bear_off == BearOff::Larger,
            larger_die: rules.larger_die,
        }
    }
}

/// One checker step: from a point (25 = bar) to a point (0 = off).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub from: u8,
    pub to: u8,
}

/// A whole play: up to four steps in the order they are made, in the mover's point numbers.
/// An empty play is the forced pass when no checker can move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Play {
    pub steps: [Step; 4],
    pub len: u8,
}

impl Play {
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }
    fn push(&mut self, s: Step) {
        self.steps[self.len as usize] = s;
        self.len += 1;
    }
}

/// The target of a step of `die` pips from `from`, if legal for `me` against `opp`.
#[inline]
pub fn step_target(me: &Side, opp: &Side, from: usize, die: usize) -> Option<usize> {
    step_target_with(me, opp, from, die, false)
}

/// `step_target`, where `bear_off_any` lets a die bear off any checker it is larger than.
#[inline]
pub fn step_target_with(
    me: &Side,
    opp: &Side,
    from: usize,
    die: usize,
    bear_off_any: bool,
) -> Option<usize> {
    if me[from] == 0 || (me[BAR] > 0 && from != BAR) {
        return None;
    }
    if from > die {
        let to = from - die;
        return (opp_at(opp, to) < 2).then_some(to);
    }
    // Bearing off: all checkers home, and either exact or from the highest occupied point.
    if me[7..=25].iter().any(|&c| c > 0) {
        return None;
    }
    if from == die || bear_off_any || me[from + 1..=6].iter().all(|&c| c == 0) {
        Some(OFF)
    } else {
        None
    }
}

/// Plays one step; returns whether it hit a blot.
#[inline]
pub fn apply_step(me: &mut Side, opp: &mut Side, from: usize, to: usize) -> bool {
    me[from] -= 1;
    me[to] += 1;
    if to != OFF && opp[25 - to] == 1 {
        opp[25 - to] = 0;
        opp[BAR] += 1;
        true
    } else {
        false
    }
}

/// A generated play with the position it leaves.
#[derive(Clone, Copy, Debug)]
pub struct Generated {
    pub play: Play,
    pub me: Side,
    pub opp: Side,
    /// Whether the play uses the higher die (for the rule when only one die can be played).
    pub high_used: bool,
}

struct Gen<'a> {
    ndice: usize,
    bear_off_any: bool,
    out: &'a mut Vec<Generated>,
    keys: Vec<u64>,
    max_len: u8,
}

fn key_of(me: &Side, opp: &Side) -> u64 {
    // Only the mover's checkers and the opponent's bar and points change in a play.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &c in me.iter().chain(opp.iter()) {
        h = (h ^ c as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl Gen<'_> {
    fn leaf(&mut self, play: Play, me: &Side, opp: &Side, high_used: bool) {
        if play.len < self.max_len {
            return;
        }
        if play.len > self.max_len {
            self.max_len = play.len;
            self.out.clear();
            self.keys.clear();
        }
        let k = key_of(me, opp);
        for (i, &other) in self.keys.iter().enumerate() {
            if other == k && self.out[i].me == *me && self.out[i].opp == *opp {
                // Prefer, among equal positions, the one that records the higher die used.
                if high_used && !self.out[i].high_used {
                    self.out[i].high_used = true;
                }
                return;
            }
        }
        self.keys.push(k);
        self.out.push(Generated {
            play,
            me: *me,
            opp: *opp,
            high_used,
        });
    }

    /// Non-doubles: the dice in the order given.
    fn two(&mut self, me: &Side, opp: &Side, first: usize, second: usize, high: usize) {
        for from in (1..=25).rev() {
            let Some(to) = step_target_with(me, opp, from, first, self.bear_off_any) else {
                continue;
            };
            let (mut m1, mut o1) = (*me, *opp);
            apply_step(&mut m1, &mut o1, from, to);
            let mut play = Play::default();
            play.push(Step {
                from: from as u8,
                to: to as u8,
            });
            let mut any_second = false;
            for from2 in (1..=25).rev() {
                let Some(to2) = step_target_with(&m1, &o1, from2, second, self.bear_off_any) else {
                    continue;
                };
                any_second = true;
                let (mut m2, mut o2) = (m1, o1);
                apply_step(&mut m2, &mut o2, from2, to2);
                let mut p2 = play;
                p2.push(Step {
                    from: from2 as u8,
                    to: to2 as u8,
                });
                self.leaf(p2, &m2, &o2, true);
            }
            if !any_second {
                self.leaf(play, &m1, &o1, first == high);
            }
        }
    }

    /// Doubles: up to four steps of the same die, sources non-increasing.
    fn doubles(&mut self, me: &Side, opp: &Side, die: usize, play: Play, max_from: usize) {
        if play.len as usize == self.ndice {
            self.leaf(play, me, opp, true);
            return;
        }
        let mut moved = false;
        for from in (1..=max_from).rev() {
            let Some(to) = step_target_with(me, opp, from, die, self.bear_off_any) else {
                continue;
            };
            moved = true;
            let (mut m, mut o) = (*me, *opp);
            apply_step(&mut m, &mut o, from, to);
            let mut p = play;
            p.push(Step {
                from: from as u8,
                to: to as u8,
            });
            self.doubles(&m, &o, die, p, from);
        }
        if !moved {
            self.leaf(play, me, opp, true);
        }
    }
}

/// Every distinct legal play of the roll `d1`, `d2` for `me` against `opp`, with the position
/// each leaves, appended to `out` (cleared first). No legal play: one empty play (a pass).
pub fn generate(me: &Side, opp: &Side, d1: u8, d2: u8, out: &mut Vec<Generated>) {
    generate_with(me, opp, d1, d2, PlayRules::STANDARD, out)
}

/// `generate` under the given readings of the rules.
pub fn generate_with(
    me: &Side,
    opp: &Side,
    d1: u8,
    d2: u8,
    rules: PlayRules,
    out: &mut Vec<Generated>,
) {
    out.clear();
    let (hi, lo) = (d1.max(d2) as usize, d1.min(d2) as usize);
    let mut g = Gen {
        ndice: if hi == lo { 4 } else { 2 },
        bear_off_any: rules.bear_off_any,
        out,
        keys: Vec::with_capacity(32),
        max_len: 0,
    };
    if hi == lo {
        g.doubles(me, opp, hi, Play::default(), 25);
    } else {
        g.two(me, opp, hi, lo, hi);
        g.two(me, opp, lo, hi, hi);
    }
    // One die only, of a non-double: the larger one if it can be played.
    if rules.larger_die && g.max_len == 1 && hi != lo && g.out.iter().any(|r| r.high_used) {
        g.out.retain(|r| r.high_used);
    }
    if g.out.is_empty() {
        g.out.push(Generated {
            play: Play::default(),
            me: *me,
            opp: *opp,
            high_used: false,
        });
    }
}
