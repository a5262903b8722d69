//! Three-way solved exactly under max^n: every player, when the number is theirs, moves the
//! piece where their own winning chance is highest.
//!
//! Under the default reading (`move=line`) the values converge to a fixed point: a stationary
//! max^n solution, exact to rounding. Under `move=walk` they do not (value iteration keeps
//! oscillating, by about 0.017 in the largest change; policy iteration cycles), so that reading
//! has no stationary max^n solution and `residual` says so.
//!
//! The state before a roll is the piece's point and the lucky pairs (6 assignments x 91 points;
//! who rolls changes nothing). The values V(x) = (chance of a, b, c winning) satisfy
//! V(x) = 1/6 sum over rolls r of the mover's best child, where the mover is the owner of r and
//! a child is "mover wins" when the destination is the mover's base and V(destination)
//! otherwise. The game can cycle, so the values are found by value iteration from V = 0: after t
//! sweeps V is the max^n value of the game cut off after t rolls (a cut-off game is lost by
//! everyone), which rises to the fixed point; iteration stops when no value moves by more than
//! 1e-15 (about the rounding of a sum of six terms).
//!
//! Tie rule (max^n needs one): among destinations whose value to the mover is equal (within
//! 1e-12), the mover takes the one that leaves the least to the opponent who is better off
//! ("least for the leader"), then the lowest-numbered point. `TieRule::FirstPoint` (the lowest
//! point only) is the other rule, to show whether ties change the values.
//!
//! The lucky pairs are chosen the same way, a first, then b, c taking the last.

use super::board::{BASES, CENTRE, POINTS};
use super::game::{destinations, ThreeWay, TwMove, PAIRS};
use super::rules::ThreeWayRules;
use crate::game::{Game, PlayerId};

/// The six ways to hand out the pairs: ASSIGNMENTS[s] = the pair of seats a, b, c.
pub const ASSIGNMENTS: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const TIE_EPS: f64 = 1e-12;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TieRule {
    /// Equal for the mover: least for the better-off opponent, then the lowest point.
    #[default]
    LeastForLeader,
    /// Equal for the mover: the lowest point.
    FirstPoint,
}

#[derive(Clone, Debug)]
pub struct Solution {
    pub rules: ThreeWayRules,
    pub tie: TieRule,
    /// values[s][x]: each seat's winning chance with the pairs of ASSIGNMENTS[s] and the piece
    /// on point x, before the roll.
    pub values: Vec<Vec<[f64; 3]>>,
    pub sweeps: u32,
    /// Largest change of the last sweep.
    pub residual: f64,
    /// Decisions (assignment, point, roll) of the final policy where the tie rule chose between
    /// destinations of equal value to the mover but different values to the others.
    pub ties: u32,
}

/// The index in ASSIGNMENTS of a full assignment.
pub fn assignment_index(pairs: [u8; 3]) -> usize {
    ASSIGNMENTS
        .iter()
        .position(|a| *a == pairs)
        .expect("a permutation of the three pairs")
}

fn owner(assign: &[u8; 3], roll: u8) -> usize {
    (0..3)
        .find(|&s| {
            let (a, b) = PAIRS[assign[s] as usize];
            roll == a || roll == b
        })
        .expect("every number has an owner")
}

fn win(seat: usize) -> [f64; 3] {
    let mut v = [0.0; 3];
    v[seat] = 1.0;
    v
}

/// The best of `options` (destination, value) for `mover` under `tie`: its index, and whether
/// the tie rule decided between values that differ for the others.
fn pick(options: &[(usize, [f64; 3])], mover: usize, tie: TieRule) -> (usize, bool) {
    let best = options
        .iter()
        .map(|(_, v)| v[mover])
        .fold(f64::MIN, f64::max);
    let leader = |v: &[f64; 3]| {
        (0..3)
            .filter(|&s| s != mover)
            .map(|s| v[s])
            .fold(f64::MIN, f64::max)
    };
    // `options` are in point order, so the first of equals is the lowest point.
    let mut chosen = usize::MAX;
    let mut tied = 0;
    for (i, (_, v)) in options.iter().enumerate() {
        if v[mover] < best - TIE_EPS {
            continue;
        }
        tied += 1;
        if chosen == usize::MAX
            || (tie == TieRule::LeastForLeader && leader(v) < leader(&options[chosen].1) - TIE_EPS)
        {
            chosen = i;
        }
    }
    let differs = tied > 1
        && options.iter().any(|(_, v)| {
            v[mover] >= best - TIE_EPS
                && (0..3).any(|s| s != mover && (v[s] - options[chosen].1[s]).abs() > TIE_EPS)
        });
    (chosen, differs)
}

/// The destinations of every (point, roll), computed once.
fn destination_table(rules: &ThreeWayRules) -> Vec<[Vec<usize>; 7]> {
    (0..POINTS)
        .map(|x| {
            std::array::from_fn(|roll| {
                let mut d = Vec::new();
                if roll > 0 {
                    destinations(rules.movement, x, roll as u8, &mut d);
                }
                d
            })
        })
        .collect()
}

impl Solution {
    /// Value iteration to a change below 1e-15 (at most `max_sweeps` sweeps).
    pub fn solve(rules: &ThreeWayRules, tie: TieRule, max_sweeps: u32) -> Solution {
        let dest = destination_table(rules);
        let mut values = vec![vec![[0.0f64; 3]; POINTS]; 6];
        let mut next = values.clone();
        let mut sweeps = 0;
        let mut residual = f64::MAX;
        let mut options = Vec::new();
        while sweeps < max_sweeps && residual > 1e-15 {
            residual = 0.0;
            for (s, assign) in ASSIGNMENTS.iter().enumerate() {
                for x in 0..POINTS {
                    let mut acc = [0.0; 3];
                    for roll in 1..=6u8 {
                        let mover = owner(assign, roll);
                        options.clear();
                        for &y in &dest[x][roll as usize] {
                            let v = if y == BASES[mover] {
                                win(mover)
                            } else {
                                values[s][y]
                            };
                            options.push((y, v));
                        }
                        let v = if options.is_empty() {
                            values[s][x]
                        } else {
                            options[pick(&options, mover, tie).0].1
                        };
                        for k in 0..3 {
                            acc[k] += v[k] / 6.0;
                        }
                    }
                    for k in 0..3 {
                        residual = residual.max((acc[k] - values[s][x][k]).abs());
                    }
                    next[s][x] = acc;
                }
            }
            std::mem::swap(&mut values, &mut next);
            sweeps += 1;
        }
        let mut sol = Solution {
            rules: *rules,
            tie,
            values,
            sweeps,
            residual,
            ties: 0,
        };
        sol.ties = sol.count_ties();
        sol
    }

    fn count_ties(&self) -> u32 {
        let mut ties = 0;
        let mut dest = Vec::new();
        for (s, assign) in ASSIGNMENTS.iter().enumerate() {
            for x in 0..POINTS {
                for roll in 1..=6u8 {
                    let mover = owner(assign, roll);
                    dest.clear();
                    destinations(self.rules.movement, x, roll, &mut dest);
                    let options: Vec<(usize, [f64; 3])> =
                        dest.iter().map(|&y| (y, self.child(s, mover, y))).collect();
                    if !options.is_empty() && pick(&options, mover, self.tie).1 {
                        ties += 1;
                    }
                }
            }
        }
        ties
    }

    /// The value of the piece arriving on `y` moved by `mover` (assignment `s`).
    fn child(&self, s: usize, mover: usize, y: usize) -> [f64; 3] {
        if y == BASES[mover] {
            win(mover)
        } else {
            self.values[s][y]
        }
    }

    /// Each seat's value from the start of the game with the pairs of assignment `s`.
    pub fn start_value(&self, s: usize) -> [f64; 3] {
        self.values[s][CENTRE]
    }

    /// Seat b's choice given seat a's pair: (b's pair, the assignment).
    fn b_choice(&self, a_pair: u8) -> (u8, usize) {
        let options: Vec<(usize, [f64; 3])> = (0..3u8)
            .filter(|&p| p != a_pair)
            .map(|p| {
                let c = 3 - a_pair - p;
                let s = assignment_index([a_pair, p, c]);
                (p as usize, self.start_value(s))
            })
            .collect();
        let (i, _) = pick(&options, 1, self.tie);
        let p = options[i].0 as u8;
        (p, assignment_index([a_pair, p, 3 - a_pair - p]))
    }

    /// The pairs chosen under optimal play, and each seat's value from the start.
    pub fn optimal_start(&self) -> ([u8; 3], [f64; 3]) {
        let options: Vec<(usize, [f64; 3])> = (0..3u8)
            .map(|a| {
                let (_, s) = self.b_choice(a);
                (s, self.start_value(s))
            })
            .collect();
        let (i, _) = pick(&options, 0, self.tie);
        let s = options[i].0;
        (ASSIGNMENTS[s], self.start_value(s))
    }

    /// The optimal move at a decision node of `state` (under the rules solved).
    pub fn best_move(&self, state: &ThreeWay) -> Option<TwMove> {
        let seat: PlayerId = state.current_player()?;
        if state.choosing() {
            return Some(if seat == 0 {
                TwMove::Pair(self.optimal_start().0[0])
            } else {
                TwMove::Pair(self.b_choice(state.pair_of(0)?).0)
            });
        }
        let roll = state.roll()?;
        let s = assignment_index([state.pair_of(0)?, state.pair_of(1)?, state.pair_of(2)?]);
        let mut dest = Vec::new();
        destinations(self.rules.movement, state.piece(), roll, &mut dest);
        if dest.is_empty() {
            return Some(TwMove::Pass);
        }
        let options: Vec<(usize, [f64; 3])> =
            dest.iter().map(|&y| (y, self.child(s, seat, y))).collect();
        let (i, _) = pick(&options, seat, self.tie);
        Some(TwMove::To(options[i].0 as u8))
    }

    /// The solved value (each seat's winning chance) of a position before or after a roll.
    pub fn value(&self, state: &ThreeWay) -> Option<[f64; 3]> {
        if let Some(w) = state.winner() {
            return Some(win(w));
        }
        if state.choosing() {
            return None;
        }
        let s = assignment_index([state.pair_of(0)?, state.pair_of(1)?, state.pair_of(2)?]);
        match state.roll() {
            None => Some(self.values[s][state.piece()]),
            Some(_) => {
                let mv = self.best_move(state)?;
                let mut c = *state;
                c.play(mv);
                self.value(&c)
            }
        }
    }
}
