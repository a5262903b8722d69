//! The exact endgame solver: the final disc difference (empties to the winner) with perfect play.
//!
//! Negamax over (own, opp) bitboards with principal variation search: the first move with the
//! full window, the others with null windows, re-searched when they beat alpha. Far from the end
//! moves go fastest-first (fewest replies for the opponent, corners counted double), the
//! previous best from the transposition table first; near the end (`SHALLOW` empties or fewer)
//! moves go by parity (squares in regions with an odd number of empties first) without any
//! table; the last empty square is scored by counting its flips without playing it.

use super::bitboard::{flips, legal_moves, neighbours};
use super::{Othello, PASS};
use crate::agent::{Agent, AgentError, Limits, SearchReport};
use crate::game::zobrist::splitmix64;
use crate::game::Game;
use crate::search::tt::{Bound, TranspositionTable, NO_MOVE};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// At or below this many empties: no table, parity ordering, empties from a list.
const SHALLOW: u32 = 6;
const POTENTIAL_WEIGHT: i32 = 2;
/// The stability cut-off is tried only when alpha is at least this (it rarely fires below).
const STABILITY_ALPHA: i32 = 20;
/// From this many empties on, moves are ordered by a shallow search on a quick midgame
/// evaluation (`sort_eval`) as well as fastest-first, as Edax and Egaroucid do: fastest-first
/// alone misjudges deep nodes. On FFO #48 and #49 this took the nodes from 9.9 G to 1.76 G (the
/// sort searches counted), over a grid of thresholds, weights and depths.
const SORT_EMPTIES: u32 = 12;

/// The depth of the ordering search at a node with `n_empty` empties: 0 (the evaluation of each
/// child) below 17 empties, 1 from 17, 2 from 20, and one more ply every two empties beyond
/// (at most 6, from 28 empties on: the ordering searches have no table of their own, and at
/// depth 9 on FFO #59 they cost more than the tree they ordered).
#[inline]
fn sort_depth(n_empty: u32) -> u32 {
    match n_empty {
        0..=16 => 0,
        17..=19 => 1,
        _ => (2 + (n_empty - 20) / 2).min(6),
    }
}
/// From this many empties on, children are looked up in the table before searching (ETC).
const ETC_EMPTIES: u32 = 14;
/// From this many empties on the node uses the table (below, a probe costs more than it saves:
/// most of the time goes into cache misses).
const TT_EMPTIES: u32 = 9;
const CORNERS: u64 = 0x8100_0000_0000_0081;
/// Squares next to each square (the 8 neighbours), for a quick "could this flip?" test.
const NEIGHBOURS: [u64; 64] = {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut m = 0u64;
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (rr, cc) = (r + dr, c + dc);
                if (dr != 0 || dc != 0) && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 {
                    m |= 1u64 << (rr * 8 + cc);
                }
                dc += 1;
            }
            dr += 1;
        }
        out[sq] = m;
        sq += 1;
    }
    out
};
/// The four 4x4 quadrants: parity regions.
const QUADRANT: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The solver's answer for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Final disc difference for the side to move, empties to the winner.
    pub score: i32,
    /// A best move (a square, or `PASS`), `None` at the end of the game.
    pub best: Option<u8>,
    /// A principal variation from the table (may stop early).
    pub pv: Vec<u8>,
    pub nodes: u64,
    /// Set when the solve stopped early (the stop flag, or the time limit): `score` is then
    /// meaningless and the true score lies in `bounds`.
    pub interrupted: bool,
    /// What the probes proved: lower and upper bound of the score (equal when solved).
    pub bounds: (i32, i32),
}

/// Where a long solve stands, for progress lines.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub nodes: u64,
    /// The proven bounds so far.
    pub bounds: (i32, i32),
    pub elapsed: std::time::Duration,
}

/// The evaluation the ordering searches use at their leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ordering {
    /// `sort_eval`: mobility, frontier, corners, X-squares (hand-set).
    Hand,
    /// The fitted pattern tables (`patterns`, 1/64 disc a unit), divided by 2^shift so that
    /// a disc weighs about as much as one reply less in fastest-first (`patterns/<shift>`,
    /// `patterns` alone is `PATTERN_SHIFT`).
    Patterns(u8),
    /// Both: `sort_eval` plus the tables divided by 2^shift (`hand+patterns/<shift>`), as the
    /// mixed midgame engine adds them.
    Mixed(u8),
}

/// The default `Ordering::Patterns` shift.
pub const PATTERN_SHIFT: u8 = 3;

/// The default ordering: `hand+patterns/5`, 36% fewer nodes than `hand` on FFO 40-59 (50.4 G
/// against 78.8 G, results/ffo.md; the shift chosen on 40-44).
impl Default for Ordering {
    fn default() -> Self {
        Ordering::Mixed(5)
    }
}

/// The shift 0-8 after `prefix` in `text` (`patterns/5`, `hand+patterns/5`).
fn shift_of(text: &str, prefix: &str) -> Result<u8, String> {
    match text[prefix.len()..].parse::<u8>() {
        Ok(k) if k <= 8 => Ok(k),
        _ => Err(format!(
            "bad ordering {:?}: {prefix}<shift> takes a shift 0-8",
            crate::game::error::quote(text)
        )),
    }
}

impl std::str::FromStr for Ordering {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "hand" => Ok(Ordering::Hand),
            "patterns" => Ok(Ordering::Patterns(PATTERN_SHIFT)),
            _ if s.starts_with("hand+patterns/") => shift_of(s, "hand+patterns/").map(Ordering::Mixed),
            _ if s.starts_with("patterns/") => shift_of(s, "patterns/").map(Ordering::Patterns),
            other => Err(format!(
                "unknown ordering evaluation {:?} (hand, patterns, patterns/<shift>, hand+patterns/<shift>)",
                crate::game::error::quote(other)
            )),
        }
    }
}

pub struct Solver {
    tt: TranspositionTable,
    ordering: Ordering,
    pub nodes: u64,
    /// Polled every `POLL_NODES` nodes: once set, the solve stops and reports bounds.
    stop: &'static AtomicBool,
    /// Stop at this time too.
    deadline: Option<Instant>,
    /// Called every `progress_every` with where the solve stands.
    progress: Option<(Duration, Box<dyn FnMut(&Progress) + Send>)>,
    next_poll: u64,
    stopped: bool,
    started: Instant,
    last_report: Instant,
    bounds: (i32, i32),
}

/// Nodes between two polls of the stop flag, the clock and the progress callback.
const POLL_NODES: u64 = 1 << 16;

#[inline]
fn final_score(own: u64, opp: u64) -> i32 {
    let o = own.count_ones() as i32;
    let t = opp.count_ones() as i32;
    let e = 64 - o - t;
    if o > t {
        o - t + e
    } else if o < t {
        o - t - e
    } else {
        0
    }
}

#[inline]
fn position_key(own: u64, opp: u64) -> u64 {
    splitmix64(own ^ splitmix64(opp).rotate_left(17))
}

impl Solver {
    /// A solver with a table of `tt_mb` MiB.
    pub fn new(tt_mb: usize) -> Self {
        Solver {
            tt: TranspositionTable::new(tt_mb),
            ordering: Ordering::default(),
            nodes: 0,
            stop: &crate::search::stop::NEVER,
            deadline: None,
            progress: None,
            next_poll: POLL_NODES,
            stopped: false,
            started: Instant::now(),
            last_report: Instant::now(),
            bounds: (-64, 64),
        }
    }

    /// Orders deep nodes' moves with this evaluation (default `hand+patterns/5`).
    pub fn with_ordering(mut self, ordering: Ordering) -> Self {
        self.ordering = ordering;
        self
    }

    /// Stops when `flag` is set (`search::stop::interrupted()` for Ctrl-C), or after `limit`.
    pub fn stop_on(mut self, flag: &'static AtomicBool, limit: Option<Duration>) -> Self {
        self.stop = flag;
        self.deadline = limit.map(|d| Instant::now() + d);
        self
    }

    /// Calls `report` every `every` while solving.
    pub fn with_progress(
        mut self,
        every: Duration,
        report: impl FnMut(&Progress) + Send + 'static,
    ) -> Self {
        self.progress = Some((every, Box::new(report)));
        self
    }

    /// The stop flag, the clock and the progress line, every `POLL_NODES` nodes. True to stop.
    #[cold]
    fn poll(&mut self) -> bool {
        self.next_poll = self.nodes + POLL_NODES;
        let now = Instant::now();
        if let Some((every, report)) = &mut self.progress {
            if now.duration_since(self.last_report) >= *every {
                self.last_report = now;
                report(&Progress {
                    nodes: self.nodes,
                    bounds: self.bounds,
                    elapsed: now.duration_since(self.started),
                });
            }
        }
        self.stopped =
            crate::search::stop::is_set(self.stop) || self.deadline.is_some_and(|d| now >= d);
        self.stopped
    }

    /// Solves `pos` exactly.
    ///
    /// Null-window probes (MTD(f)) instead of one (-64, 64) window: final scores are even, so a
    /// probe (g - 1, g + 1) either proves the score is g or bounds it beyond g, and the next
    /// probe starts from that bound. The first probe is the win/loss/draw one (g = 0); every
    /// probe reuses the table of the ones before.
    pub fn solve(&mut self, pos: &Othello) -> Solution {
        self.nodes = 0;
        self.next_poll = POLL_NODES;
        self.stopped = false;
        self.started = Instant::now();
        self.last_report = self.started;
        self.bounds = (-64, 64);
        self.tt.new_search();
        let (own, opp) = (pos.own(), pos.opp());
        let (mut lo, mut hi) = (-64, 64);
        let mut guess = 0;
        let score = loop {
            let v = self.search(own, opp, guess - 1, guess + 1, false);
            if self.stopped {
                return Solution {
                    score: 0,
                    best: None,
                    pv: Vec::new(),
                    nodes: self.nodes,
                    interrupted: true,
                    bounds: (lo, hi),
                };
            }
            if v <= guess - 1 {
                hi = v;
            } else if v >= guess + 1 {
                lo = v;
            } else {
                break v;
            }
            self.bounds = (lo, hi);
            if lo >= hi {
                // Known exactly from the bounds; one more probe at it leaves the table's root
                // entry (and so the best move) from a search that proved the score.
                if v <= guess - 1 {
                    self.search(own, opp, lo - 1, lo + 1, false);
                }
                break lo;
            }
            guess = v;
        };
        let pv = self.principal_variation(own, opp);
        Solution {
            score,
            best: pv.first().copied(),
            pv,
            nodes: self.nodes,
            interrupted: false,
            bounds: (score, score),
        }
    }

    /// Solves within (alpha, beta): exact when the score lies inside, else a bound beyond it.
    pub fn solve_window(&mut self, pos: &Othello, alpha: i32, beta: i32) -> Solution {
        self.nodes = 0;
        self.next_poll = POLL_NODES;
        self.tt.new_search();
        let (own, opp) = (pos.own(), pos.opp());
        let score = self.search(own, opp, alpha, beta, false);
        let pv = self.principal_variation(own, opp);
        Solution {
            score,
            best: pv.first().copied(),
            pv,
            nodes: self.nodes,
            interrupted: false,
            bounds: (-64, 64),
        }
    }

    /// Follows best moves stored in the table from (own, opp).
    fn principal_variation(&self, mut own: u64, mut opp: u64) -> Vec<u8> {
        let mut pv = Vec::new();
        loop {
            let moves = legal_moves(own, opp);
            if moves == 0 {
                if legal_moves(opp, own) == 0 {
                    break;
                }
                pv.push(PASS);
                std::mem::swap(&mut own, &mut opp);
                continue;
            }
            let sq = match self.tt.probe(position_key(own, opp)) {
                Some(hit) if hit.mv != NO_MOVE && moves >> hit.mv & 1 == 1 => hit.mv as u32,
                // Below the table's reach: finish with a tiny search for the best move.
                _ if (!(own | opp)).count_ones() < TT_EMPTIES => match best_by_search(own, opp) {
                    Some(sq) => sq,
                    None => break,
                },
                _ => break,
            };
            pv.push(sq as u8);
            let f = flips(sq, own, opp);
            let new_own = opp & !f;
            opp = own | f | 1u64 << sq;
            own = new_own;
        }
        pv
    }

    /// Negamax value of (own, opp) for own, to move, within (alpha, beta); fail-soft.
    fn search(&mut self, own: u64, opp: u64, mut alpha: i32, beta: i32, _passed: bool) -> i32 {
        let empty = !(own | opp);
        let n_empty = empty.count_ones();
        if n_empty <= SHALLOW {
            return self.shallow(own, opp, alpha, beta, empty);
        }
        self.nodes += 1;
        // Once stopping, every node returns at once and stores nothing.
        if self.nodes >= self.next_poll && self.poll() || self.stopped {
            return 0;
        }
        // Stability cut-off: the opponent's stable discs are lost to us for good.
        if alpha >= STABILITY_ALPHA {
            let upper = 64 - 2 * edge_stable(opp).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
        }
        let moves = legal_moves(own, opp);
        if moves == 0 {
            if legal_moves(opp, own) == 0 {
                return final_score(own, opp);
            }
            return -self.search(opp, own, -beta, -alpha, true);
        }
        let use_tt = n_empty >= TT_EMPTIES;
        let key = if use_tt { position_key(own, opp) } else { 0 };
        let mut tt_move = NO_MOVE;
        if let Some(hit) = if use_tt { self.tt.probe(key) } else { None } {
            tt_move = hit.mv;
            match hit.bound {
                Bound::Exact => return hit.score,
                Bound::Lower if hit.score >= beta => return hit.score,
                Bound::Upper if hit.score <= alpha => return hit.score,
                _ => {}
            }
        }
        // Fastest first: fewest opponent replies (corners count twice), table move first.
        let mut list: [(i32, u32, u64); 32] = [(0, 0, 0); 32];
        let mut n = 0;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let f = flips(sq, own, opp);
            let child_own = opp & !f;
            let child_opp = own | f | 1u64 << sq;
            // Enhanced transposition cut-off: a child already known to be bad enough for the
            // opponent refutes this node without searching.
            if n_empty >= ETC_EMPTIES {
                if let Some(hit) = self.tt.probe(position_key(child_own, child_opp)) {
                    if matches!(hit.bound, Bound::Exact | Bound::Upper) && -hit.score >= beta {
                        return -hit.score;
                    }
                }
            }
            let key = if sq as u16 == tt_move {
                i32::MIN
            } else {
                let replies = legal_moves(child_own, child_opp);
                // Potential mobility: empties next to our discs are where the opponent may
                // play later.
                let potential = (neighbours(child_opp) & !(child_own | child_opp)).count_ones();
                let fastest = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32 * 16
                    + potential as i32 * POTENTIAL_WEIGHT
                    - (1u64 << sq & CORNERS != 0) as i32 * 8;
                if n_empty >= SORT_EMPTIES {
                    // Deep nodes: a shallow search on a midgame evaluation (the opponent's
                    // view, so lower is better for us) joins fastest-first.
                    let e = self.sort_search(
                        child_own,
                        child_opp,
                        replies,
                        sort_depth(n_empty),
                        -SORT_INF,
                        SORT_INF,
                    );
                    fastest + 2 * e
                } else {
                    fastest
                }
            };
            list[n] = (key, sq, f);
            n += 1;
        }
        let list = &mut list[..n];
        list.sort_unstable_by_key(|e| e.0);
        let alpha_orig = alpha;
        let mut best = -65;
        let mut best_sq = NO_MOVE;
        for (i, &(_, sq, f)) in list.iter().enumerate() {
            let child_own = opp & !f;
            let child_opp = own | f | 1u64 << sq;
            let v = if i == 0 {
                -self.search(child_own, child_opp, -beta, -alpha, false)
            } else {
                let v = -self.search(child_own, child_opp, -alpha - 1, -alpha, false);
                if v > alpha && v < beta {
                    -self.search(child_own, child_opp, -beta, -alpha, false)
                } else {
                    v
                }
            };
            if v > best {
                best = v;
                best_sq = sq as u16;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if self.stopped {
            return 0;
        }
        let bound = Bound::of_result(best, alpha_orig, beta);
        if use_tt {
            self.tt.store(key, best, best_sq, n_empty as u8, bound);
        }
        best
    }

    /// Negamax alpha-beta to `depth` on `sort_eval`, for move ordering only. `moves` are own's
    /// legal moves (the caller has them already).
    fn sort_search(
        &mut self,
        own: u64,
        opp: u64,
        moves: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if depth == 0 || moves == 0 {
            if moves == 0 && legal_moves(opp, own) == 0 {
                return final_score(own, opp) * SORT_DISC;
            }
            return match self.ordering {
                Ordering::Hand => sort_eval(own, opp, moves),
                Ordering::Patterns(shift) => super::patterns::fitted().eval(own, opp) >> shift,
                Ordering::Mixed(shift) => {
                    sort_eval(own, opp, moves) + (super::patterns::fitted().eval(own, opp) >> shift)
                }
            };
        }
        let mut best = -SORT_INF;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let f = flips(sq, own, opp);
            let (child_own, child_opp) = (opp & !f, own | f | 1u64 << sq);
            let child_moves = legal_moves(child_own, child_opp);
            let v = -self.sort_search(child_own, child_opp, child_moves, depth - 1, -beta, -alpha);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Few empties: the empties as a list in parity order (odd regions first), plain
    /// alpha-beta, no table.
    fn shallow(&mut self, own: u64, opp: u64, alpha: i32, beta: i32, empty: u64) -> i32 {
        let mut list = [0u8; 8];
        let mut n = 0;
        let mut odd = 0u64;
        for q in QUADRANT {
            if (empty & q).count_ones() & 1 == 1 {
                odd |= q;
            }
        }
        for part in [empty & odd, empty & !odd] {
            let mut m = part;
            while m != 0 {
                list[n] = m.trailing_zeros() as u8;
                m &= m - 1;
                n += 1;
            }
        }
        self.small(own, opp, alpha, beta, &list[..n], false)
    }

    /// Exact search over the given empty squares (in the order to try them).
    fn small(
        &mut self,
        own: u64,
        opp: u64,
        mut alpha: i32,
        beta: i32,
        empties: &[u8],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        if empties.len() == 1 {
            return last_move(own, opp, empties[0] as u32);
        }
        let mut best = -65;
        let mut rest = [0u8; 8];
        let mut any = false;
        for (i, &sq) in empties.iter().enumerate() {
            let sq = sq as u32;
            if NEIGHBOURS[sq as usize] & opp == 0 {
                continue;
            }
            let f = flips(sq, own, opp);
            if f == 0 {
                continue;
            }
            any = true;
            let k = empties.len() - 1;
            rest[..i].copy_from_slice(&empties[..i]);
            rest[i..k].copy_from_slice(&empties[i + 1..]);
            let v = -self.small(
                opp & !f,
                own | f | 1u64 << sq,
                -beta,
                -alpha,
                &rest[..k],
                false,
            );
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
        if !any {
            if passed {
                return final_score(own, opp);
            }
            return -self.small(opp, own, -beta, -alpha, empties, true);
        }
        best
    }
}

/// Bounds of `sort_eval` (a final score is `SORT_DISC` a disc).
const SORT_INF: i32 = 1 << 20;
const SORT_DISC: i32 = 64;
const X_SQUARES: [(u64, u64); 4] = [
    (1 << 0, 1 << 9),
    (1 << 7, 1 << 14),
    (1 << 56, 1 << 49),
    (1 << 63, 1 << 54),
];

/// A quick midgame evaluation for `own` to move (whose legal moves are `own_moves`), for move
/// ordering: mobility (corners double), frontier, corners and X-squares next to empty corners,
/// in the proportions of the default Othello evaluator.
#[inline]
fn sort_eval(own: u64, opp: u64, own_moves: u64) -> i32 {
    let opp_moves = legal_moves(opp, own);
    let empty = !(own | opp);
    let mobility = (own_moves.count_ones() + (own_moves & CORNERS).count_ones()) as i32
        - (opp_moves.count_ones() + (opp_moves & CORNERS).count_ones()) as i32;
    let near_empty = neighbours(empty);
    let frontier = (near_empty & opp).count_ones() as i32 - (near_empty & own).count_ones() as i32;
    let corners = (own & CORNERS).count_ones() as i32 - (opp & CORNERS).count_ones() as i32;
    let mut x = 0;
    for (corner, xsq) in X_SQUARES {
        if empty & corner != 0 {
            x += (own & xsq != 0) as i32 - (opp & xsq != 0) as i32;
        }
    }
    8 * mobility + 3 * frontier + 60 * corners - 25 * x
}

/// Discs of `discs` that can never be flipped because they run along an edge, unbroken, from
/// an occupied corner: along the edge the corner side is all theirs, and every other line
/// through an edge square leaves the board on one side.
fn edge_stable(discs: u64) -> u64 {
    let mut stable = 0u64;
    for (corner, steps) in [
        (0i32, [1i32, 8]),
        (7, [-1, 8]),
        (56, [1, -8]),
        (63, [-1, -8]),
    ] {
        if discs >> corner & 1 == 0 {
            continue;
        }
        stable |= 1u64 << corner;
        for step in steps {
            let mut sq = corner;
            for _ in 0..7 {
                sq += step;
                if discs >> sq & 1 == 0 {
                    break;
                }
                stable |= 1u64 << sq;
            }
        }
    }
    stable
}

/// The final score for `own` to move with one empty square `sq` left: flips are counted, not
/// played. If `own` cannot play there the opponent may; if neither can, the empty square goes
/// to the winner.
#[inline]
fn last_move(own: u64, opp: u64, sq: u32) -> i32 {
    // 63 discs on the board: own's count decides the score.
    let p = own.count_ones() as i32;
    let n = last_flip_count(sq, own, opp);
    if n > 0 {
        return 2 * (p + 1 + n) - 64;
    }
    let n = last_flip_count(sq, opp, own);
    if n > 0 {
        return 2 * (p - n) - 64;
    }
    if 2 * p > 63 {
        2 * p - 62
    } else {
        2 * p - 64
    }
}

/// How many discs turn over when `own` plays `sq` (0 when the move is illegal).
#[inline]
fn last_flip_count(sq: u32, own: u64, opp: u64) -> i32 {
    if NEIGHBOURS[sq as usize] & opp == 0 {
        return 0;
    }
    flips(sq, own, opp).count_ones() as i32
}

/// The best move by a small exact search (for the tail of a principal variation).
fn best_by_search(own: u64, opp: u64) -> Option<u32> {
    let moves = legal_moves(own, opp);
    let mut solver = Solver::new(1);
    let mut best = None;
    let mut best_v = -65;
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let f = flips(sq, own, opp);
        let v = -solver.search(opp & !f, own | f | 1u64 << sq, -64, 64, false);
        if v > best_v {
            best_v = v;
            best = Some(sq);
        }
    }
    best
}

/// The solver as a player (`backend = "exact"`): perfect endgame play from `max_empties` empty
/// squares on; more empties is an error (pair it with a midgame engine).
pub struct ExactAgent {
    name: String,
    tt_mb: usize,
    max_empties: u32,
    ordering: Ordering,
}

impl ExactAgent {
    pub fn new(name: impl Into<String>, tt_mb: usize, max_empties: u32) -> Self {
        ExactAgent {
            name: name.into(),
            tt_mb,
            max_empties,
            ordering: Ordering::default(),
        }
    }
    /// The agent an engine file describes: `[params] tt_mb` (64), `max_empties` (24, 0-60) and
    /// `ordering` ("hand" or "patterns", see `Ordering`).
    pub fn from_spec(
        spec: &crate::engine_file::EngineSpec,
    ) -> Result<Box<dyn Agent<Othello>>, String> {
        let p = crate::search::Params::new(spec, &["tt_mb", "max_empties", "ordering"])?;
        let mut agent = ExactAgent::new(
            spec.name.clone(),
            p.tt_mb(64)?,
            p.int("max_empties", 24u32, 0, 60)?,
        );
        if let Some(v) = spec.params.get("ordering") {
            let text = v
                .as_str()
                .ok_or_else(|| format!("engine {:?}: ordering must be text", spec.name))?;
            agent.ordering = text
                .parse()
                .map_err(|e| format!("engine {:?}: {e}", spec.name))?;
        }
        Ok(Box::new(agent))
    }
}

impl Agent<Othello> for ExactAgent {
    fn name(&self) -> String {
        self.name.clone()
    }
    /// The final disc difference under perfect play, from `max_empties` on.
    fn exact_score(&self) -> Option<crate::agent::ExactScore> {
        Some(crate::agent::ExactScore::Margin)
    }
    fn choose(
        &mut self,
        state: &Othello,
        _limits: &Limits,
    ) -> Result<SearchReport<u8>, AgentError> {
        if state.is_terminal() {
            return Err(AgentError::NoMove);
        }
        let empties = state.empties().count_ones();
        if empties > self.max_empties {
            return Err(AgentError::Other(format!(
                "{}: {empties} empties, more than max_empties = {}",
                self.name, self.max_empties
            )));
        }
        let started = std::time::Instant::now();
        let sol = Solver::new(self.tt_mb)
            .with_ordering(self.ordering)
            .solve(state);
        Ok(SearchReport {
            best: sol.best.ok_or(AgentError::NoMove)?,
            score: sol.score as f64,
            depth: empties,
            nodes: sol.nodes,
            ms: started.elapsed().as_millis() as u64,
            pv: sol.pv,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::playout::random_walk;
    use crate::game::{Game, MoveList};
    use rand::{Rng, SeedableRng};

    /// Plain minimax to the end through the `Game` contract: the reference.
    fn reference(s: &Othello) -> i32 {
        if s.is_terminal() {
            return s.final_disc_difference();
        }
        let mut moves = MoveList::new();
        s.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&m| {
                let mut c = *s;
                c.play(m);
                if c.is_terminal() {
                    // final_disc_difference is for the side to move at the end.
                    let d = c.final_disc_difference();
                    if c.side() == s.side() {
                        d
                    } else {
                        -d
                    }
                } else if c.side() == s.side() {
                    reference(&c)
                } else {
                    -reference(&c)
                }
            })
            .max()
            .unwrap()
    }

    fn random_endgame(rng: &mut impl Rng, empties: u32) -> Othello {
        loop {
            let s = random_walk(Othello::new(&Default::default()), rng, |s| {
                s.empties().count_ones() <= empties
            });
            if !s.is_terminal() {
                return s;
            }
        }
    }

    #[test]
    fn matches_plain_minimax_on_random_endgames() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(17);
        let mut solver = Solver::new(4);
        for i in 0..600 {
            let s = random_endgame(&mut rng, 1 + i % 9);
            let sol = solver.solve(&s);
            assert_eq!(sol.score, reference(&s), "{}", s.format_position());
            // The best move achieves the score.
            let best = sol.best.expect("a move");
            let mut c = s;
            c.play(best);
            let after = if c.is_terminal() {
                c.final_disc_difference() * if c.side() == s.side() { 1 } else { -1 }
            } else if c.side() == s.side() {
                reference(&c)
            } else {
                -reference(&c)
            };
            assert_eq!(after, sol.score, "best {best} at {}", s.format_position());
        }
    }

    /// The ordering changes the tree, never the score: pattern-ordered solves agree with the
    /// hand-ordered ones on endgames deep enough for the ordering searches to run.
    #[test]
    fn pattern_ordering_gives_the_same_scores() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(29);
        let mut hand = Solver::new(4).with_ordering(Ordering::Hand);
        let mut patterns = Solver::new(4).with_ordering(Ordering::Patterns(PATTERN_SHIFT));
        let mut mixed = Solver::new(4).with_ordering(Ordering::Mixed(5));
        for _ in 0..20 {
            let s = random_endgame(&mut rng, 14);
            let want = hand.solve(&s).score;
            assert_eq!(patterns.solve(&s).score, want, "{}", s.format_position());
            assert_eq!(mixed.solve(&s).score, want, "{}", s.format_position());
        }
        assert!("bogus".parse::<Ordering>().is_err());
        assert!("patterns/9".parse::<Ordering>().is_err());
        assert_eq!("patterns/2".parse::<Ordering>(), Ok(Ordering::Patterns(2)));
        assert_eq!(
            "hand+patterns/5".parse::<Ordering>(),
            Ok(Ordering::Mixed(5))
        );
        assert!("hand+patterns/x".parse::<Ordering>().is_err());
    }

    #[test]
    fn null_windows_bound_the_score() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(23);
        let mut solver = Solver::new(4);
        for _ in 0..100 {
            let s = random_endgame(&mut rng, 12);
            let exact = solver.solve(&s).score;
            for probe in [-10, -2, 0, 2, 10] {
                let v = solver.solve_window(&s, probe, probe + 1).score;
                if exact <= probe {
                    assert!(
                        v <= probe && v >= exact,
                        "fail low {v} vs {exact} at {probe}"
                    );
                } else {
                    assert!(
                        v > probe && v <= exact,
                        "fail high {v} vs {exact} at {probe}"
                    );
                }
            }
        }
    }
}
