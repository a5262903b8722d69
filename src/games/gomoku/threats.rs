//! Threat-space search: can the side to move win by a chain of threats the opponent must
//! answer? VCF (victory by continuous fours) plays only fours, each answered at its one five
//! point; VCT also plays threes, answered by every move that stops the straight four (the points
//! of the attacker's fours and straight fours) and by the defender's own fours. Renju is heeded
//! both ways: black never plays a forbidden point, and a four whose five point is forbidden for a
//! defending black cannot be blocked. A node budget bounds every search; running out is "not
//! proven", never a false proof.

use std::collections::HashMap;

use smallvec::SmallVec;

use crate::game::Game;

use super::board::BLACK;
use super::game::{Gomoku, GomokuMove};
use super::opening::Step;
use super::patterns::{B4, D4, F3, F4};
use super::threat_map::class;

pub type Points = SmallVec<[usize; 32]>;

/// What a search found: the winning first move and the plies to the five.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Win {
    pub mv: GomokuMove,
    pub plies: u32,
}

/// One threat search and its counters.
pub struct ThreatSearch {
    /// Also play threes (VCT), not only fours (VCF).
    pub vct: bool,
    /// Most attacker moves in a line.
    pub max_depth: u32,
    pub budget: u64,
    pub nodes: u64,
    tables: AttackTables,
}

/// Attack positions a depth-first threat search (`ThreatSearch`, `vct::VctSearch`) has
/// settled, by key, with the depth each result holds for: a refutation searched to depth `d`
/// holds for every depth up to `d`, a win found within `d` for every depth from `d`. So an
/// iterative deepening mostly repeats look-ups.
#[derive(Default)]
pub(super) struct AttackTables {
    refuted: HashMap<u64, u32>,
    proven: HashMap<u64, (u32, Win)>,
}

impl AttackTables {
    /// What is known at `key` with `depth` attacking moves: `Some(None)` refuted (asked only
    /// when `use_refuted`), `Some(Some(win))` won, `None` not known.
    pub(super) fn probe(&self, key: u64, depth: u32, use_refuted: bool) -> Option<Option<Win>> {
        if use_refuted && self.refuted.get(&key).is_some_and(|&d| d >= depth) {
            return Some(None);
        }
        match self.proven.get(&key) {
            Some(&(d, w)) if d <= depth => Some(Some(w)),
            _ => None,
        }
    }

    /// Keeps the result of searching `key` with `depth` attacking moves. A failure is kept as
    /// a refutation only when the search was `complete` (not cut short by the budget).
    pub(super) fn store(&mut self, key: u64, depth: u32, result: Option<Win>, complete: bool) {
        match result {
            Some(w) => {
                self.proven.insert(key, (depth, w));
            }
            None if complete => {
                self.refuted.insert(key, depth);
            }
            None => {}
        }
    }
}

/// How the attacker's fives stand for the defender (the side to move) before any threat is
/// looked at: the first thing every threat search asks at a defender's node.
pub(super) enum FivesAgainst {
    /// The defender has a five of its own: the attack fails.
    DefenderFive,
    /// Two fives, or one the defender may not play (renju): the attacker wins in two plies.
    Unstoppable(usize),
    /// One five, which the defender must block at this point.
    Block(usize),
    /// No five: the defender answers the threat freely.
    NoFive,
}

/// Adds `p` to `out` unless it is there already.
pub(super) fn push_new(out: &mut Points, p: usize) {
    if !out.contains(&p) {
        out.push(p);
    }
}

impl Gomoku {
    /// Empty points near the stones (within two steps), or the centre on an empty board.
    pub fn near_points(&self) -> Points {
        let b = self.board();
        let n = b.size();
        let mut out = Points::new();
        if b.total_stones() == 0 {
            out.push(b.point(n / 2, n / 2));
            return out;
        }
        let mask = (1u32 << n) - 1;
        let spread = |x: u32| (x | x << 1 | x << 2 | x >> 1 | x >> 2) & mask;
        let rows: SmallVec<[u32; 19]> = (0..n).map(|r| spread(b.row_occupancy(r))).collect();
        for r in 0..n {
            let mut near = 0;
            for rr in r.saturating_sub(2)..=(r + 2).min(n - 1) {
                near |= rows[rr];
            }
            near &= !b.row_occupancy(r) & mask;
            while near != 0 {
                let f = near.trailing_zeros() as usize;
                near &= near - 1;
                out.push(b.point(f, r));
            }
        }
        out
    }

    /// Empty points where `colour` has class `c` (scanned only when the count says any exist).
    pub fn points_with_class(&self, colour: usize, c: u8) -> Points {
        let mut out = Points::new();
        if self.map().class_count(colour, c) == 0 {
            return out;
        }
        for p in 0..self.board().cells() {
            if self.map().class(colour, p) == c && self.board().is_empty(p) {
                out.push(p);
            }
        }
        out
    }

    /// Whether `colour` may (and, being sane, would) put a stone on the empty point `p` in this
    /// engine's view: not a forbidden point of black unless it makes a five.
    #[inline]
    pub fn playable(&self, colour: usize, p: usize) -> bool {
        colour != BLACK
            || !self.renju()
            || !self.view().renju_aware
            || self.makes_five(BLACK, p)
            || match self.map().class(BLACK, p) {
                class::FORBIDDEN => false,
                class::MAYBE_FORBIDDEN => self.foul_at(p).is_none(),
                _ => true,
            }
    }

    /// Points where `colour` makes at least one four (playable ones).
    pub fn four_moves(&self, colour: usize) -> Points {
        let mut out = Points::new();
        let m = self.map();
        let any = [
            class::FOUR,
            class::FOUR_THREE,
            class::FOUR_FOUR,
            class::OPEN_FOUR,
        ]
        .iter()
        .any(|&c| m.class_count(colour, c) > 0)
            || (colour == BLACK
                && (m.class_count(BLACK, class::MAYBE_FORBIDDEN) > 0
                    || m.class_count(BLACK, class::FORBIDDEN) > 0));
        if !any {
            return out;
        }
        for p in 0..self.board().cells() {
            if self.board().is_empty(p)
                && m.shapes(colour, p)
                    .iter()
                    .any(|&s| matches!(s, B4 | F4 | D4))
                && m.class(colour, p) != class::FIVE
                && self.playable(colour, p)
            {
                out.push(p);
            }
        }
        // Straight fours first: they win at once.
        out.sort_by_key(|&p| std::cmp::Reverse(m.class(colour, p)));
        out
    }

    /// Points where `colour` makes an open three and no four (playable ones).
    pub fn three_moves(&self, colour: usize) -> Points {
        let m = self.map();
        let mut out: Points = self
            .near_points()
            .into_iter()
            .filter(|&p| {
                let s = m.shapes(colour, p);
                s.contains(&F3)
                    && !s.iter().any(|&x| matches!(x, B4 | F4 | D4))
                    && self.playable(colour, p)
            })
            .collect();
        out.sort_by_key(|&p| std::cmp::Reverse(m.class(colour, p)));
        out
    }

    /// Five points of `colour` (empty points where one stone makes a five).
    pub fn five_points(&self, colour: usize) -> Points {
        self.points_with_class(colour, class::FIVE)
    }

    /// Whether `colour` threatens a straight four (has a playable straight-four point, or for
    /// a side without renju's restrictions a double four).
    pub fn threatens_straight_four(&self, colour: usize) -> bool {
        let m = self.map();
        [class::OPEN_FOUR, class::FOUR_FOUR, class::MAYBE_FORBIDDEN]
            .into_iter()
            .any(|c| {
                self.points_with_class(colour, c).into_iter().any(|p| {
                    (c != class::MAYBE_FORBIDDEN || m.shapes(colour, p).contains(&F4))
                        && self.playable(colour, p)
                })
            })
    }

    pub(super) fn child(&self, mv: usize) -> Gomoku {
        let mut c = self.clone();
        c.play(mv as GomokuMove);
        c
    }

    /// This position with the other side to move (a pass, for asking what the side that
    /// passed threatens).
    pub(super) fn passed(&self) -> Gomoku {
        let mut p = self.clone();
        p.side ^= 1;
        p
    }

    /// The attacker's fives seen by the defender, the side to move here.
    pub(super) fn fives_against(&self) -> FivesAgainst {
        let me = self.side();
        if !self.five_points(me).is_empty() {
            return FivesAgainst::DefenderFive;
        }
        let fives = self.five_points(me ^ 1);
        match fives.first() {
            None => FivesAgainst::NoFive,
            Some(&f) if fives.len() >= 2 || !self.playable(me, f) => FivesAgainst::Unstoppable(f),
            Some(&f) => FivesAgainst::Block(f),
        }
    }
}

impl ThreatSearch {
    pub fn new(vct: bool, max_depth: u32, budget: u64) -> ThreatSearch {
        ThreatSearch {
            vct,
            max_depth,
            budget,
            nodes: 0,
            tables: AttackTables::default(),
        }
    }

    /// A forced win for the side to move of `state` (normal play only), if one is found.
    pub fn find(&mut self, state: &Gomoku) -> Option<Win> {
        if state.step() != Step::Play || state.is_terminal() {
            return None;
        }
        let me = state.side();
        if let Some(&p) = state.five_points(me).first() {
            return Some(Win {
                mv: p as GomokuMove,
                plies: 1,
            });
        }
        if !self.vct {
            return self.attack(state, self.max_depth, true);
        }
        // VCT deepens one attacking move at a time: the tree of threes is wide, so a short win
        // behind a deep useless line of threes is found only when the short lines are tried
        // first. The refuted and proven tables carry over from one depth to the next (an entry
        // holds for every depth it covers), so each iteration mostly repeats table look-ups.
        for depth in 1..=self.max_depth {
            if let Some(w) = self.attack(state, depth, true) {
                return Some(w);
            }
            if self.nodes > self.budget {
                break;
            }
        }
        None
    }

    /// The attacker (side to move) wins within `depth` attacking moves: the first move and plies.
    fn attack(&mut self, s: &Gomoku, depth: u32, root: bool) -> Option<Win> {
        if let Some(settled) = self.attack_settled(s, depth) {
            return settled;
        }
        let me = s.side();
        let you = me ^ 1;
        let key = s.hash();
        if let Some(known) = self.tables.probe(key, depth, !root) {
            return known;
        }
        let their_fives = s.five_points(you);
        let result = if !their_fives.is_empty() {
            // The defender threatens five: block it (one point only), then the defender must
            // answer whatever the block threatens.
            if their_fives.len() >= 2 || !s.playable(me, their_fives[0]) {
                None
            } else {
                let b = their_fives[0];
                let c = s.child(b);
                self.defend(&c, depth - 1).map(|plies| Win {
                    mv: b as GomokuMove,
                    plies: plies + 1,
                })
            }
        } else {
            let mut moves = s.four_moves(me);
            // A three wins only with a second attacking move after it (the straight four; the
            // five is free), so with one attacking move left only fours can.
            if self.vct && depth >= 2 {
                moves.extend(s.three_moves(me));
            }
            let mut found = None;
            for m in moves {
                let c = s.child(m);
                if c.is_terminal() {
                    continue;
                }
                if let Some(plies) = self.defend(&c, depth - 1) {
                    found = Some(Win {
                        mv: m as GomokuMove,
                        plies: plies + 1,
                    });
                    break;
                }
                if self.nodes > self.budget {
                    break;
                }
            }
            if found.is_none() && root && self.vct && depth >= 2 && self.nodes <= self.budget {
                found = self.vcf_threats(s, depth);
            }
            found
        };
        self.tables
            .store(key, depth, result, self.nodes <= self.budget);
        result
    }

    /// VCF threats at the root (含み手, "fukumi"): a quiet move, neither four nor three, after
    /// which the attacker would win by fours if the defender passed. The defender may then play
    /// anything, so every reply is searched: the points near the stones and the defender's own
    /// fours. Tried only at the root of each iteration, after the fours and threes failed (in the
    /// tree it would multiply every attacker node by a VCF search per point).
    fn vcf_threats(&mut self, s: &Gomoku, depth: u32) -> Option<Win> {
        let me = s.side();
        let m = s.map();
        let quiet: Points = s
            .near_points()
            .into_iter()
            .filter(|&p| {
                let sh = m.shapes(me, p);
                !sh.iter().any(|&x| matches!(x, B4 | F4 | D4 | F3)) && s.playable(me, p)
            })
            .collect();
        for mv in quiet {
            let c = s.child(mv);
            if c.is_terminal() || !c.five_points(c.side()).is_empty() {
                continue;
            }
            let pass = c.passed();
            let mut vcf = ThreatSearch::new(false, depth - 1, 2_000);
            let threat = vcf.find(&pass).is_some();
            self.nodes += vcf.nodes;
            if !threat {
                continue;
            }
            let mut replies = c.near_points();
            for p in c.four_moves(c.side()) {
                push_new(&mut replies, p);
            }
            let mut longest = 0;
            let mut refuted = false;
            for d in replies {
                if !c.playable(c.side(), d) {
                    continue;
                }
                let cc = c.child(d);
                if cc.is_terminal() {
                    refuted = true;
                    break;
                }
                match self.attack(&cc, depth - 1, false) {
                    Some(w) => longest = longest.max(w.plies + 1),
                    None => {
                        refuted = true;
                        break;
                    }
                }
            }
            if !refuted {
                return Some(Win {
                    mv: mv as GomokuMove,
                    plies: longest + 1,
                });
            }
            if self.nodes > self.budget {
                break;
            }
        }
        None
    }

    /// The defender is to move facing the attacker's threat; the attacker wins whatever the
    /// defender does (the plies to the five).
    fn defend(&mut self, s: &Gomoku, depth: u32) -> Option<u32> {
        if let Some(settled) = self.defence_settled(s, depth, 0) {
            return settled;
        }
        let me = s.side();
        let att = me ^ 1;
        if !self.vct || !s.threatens_straight_four(att) {
            return None;
        }
        // Every defence against a straight four: the attacker's four and straight-four points,
        // and the defender's own fours.
        let m = s.map();
        let mut defences: Points = s
            .near_points()
            .into_iter()
            .filter(|&p| m.shapes(att, p).iter().any(|&x| matches!(x, B4 | F4 | D4)))
            .collect();
        for p in s.four_moves(me) {
            push_new(&mut defences, p);
        }
        defences.retain(|&mut d| s.playable(me, d));
        self.every_defence_loses(s, defences, depth, 0)
    }
}

impl ThreatTree for ThreatSearch {
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        self.nodes > self.budget
    }

    fn attack_below(&mut self, s: &Gomoku, depth: u32, _level: u32) -> Option<Win> {
        self.attack(s, depth, false)
    }
}

/// How a node of a threat search begins, shared by [`ThreatSearch`] (VCF, and VCT by threes)
/// and `vct::VctSearch` (VCT by VCF threats): the two differ only in the moves they try once a
/// node is not settled by the budget or by the fives on the board.
pub(super) trait ThreatTree {
    /// Counts one node; true once the node budget is spent.
    fn out_of_budget(&mut self) -> bool;

    /// The attacker (side to move in `s`) wins within `depth` attacking moves, `level`
    /// attacking moves below the root.
    fn attack_below(&mut self, s: &Gomoku, depth: u32, level: u32) -> Option<Win>;

    /// An attacker's node settled before any move is tried: `Some(answer)` when the budget is
    /// spent (not proven), the attacker has a five to play, or no attacking move is left.
    fn attack_settled(&mut self, s: &Gomoku, depth: u32) -> Option<Option<Win>> {
        if self.out_of_budget() {
            return Some(None);
        }
        if let Some(&p) = s.five_points(s.side()).first() {
            return Some(Some(Win {
                mv: p as GomokuMove,
                plies: 1,
            }));
        }
        if depth == 0 {
            return Some(None);
        }
        None
    }

    /// A defender's node settled by the fives on the board: `Some(plies to the attacker's
    /// five)` or `Some(None)` (the defender escapes, or the budget is spent), `None` when the
    /// defender has a free choice of defence.
    fn defence_settled(&mut self, s: &Gomoku, depth: u32, level: u32) -> Option<Option<u32>> {
        if self.out_of_budget() {
            return Some(None);
        }
        match s.fives_against() {
            FivesAgainst::DefenderFive => Some(None),
            FivesAgainst::Unstoppable(_) => Some(Some(2)),
            FivesAgainst::Block(f) => {
                // The only defence is the block, after which the attacker must go on.
                let c = s.child(f);
                if c.is_terminal() {
                    return Some(None);
                }
                Some(self.attack_below(&c, depth, level).map(|w| w.plies + 1))
            }
            FivesAgainst::NoFive => None,
        }
    }

    /// The attacker wins after each of `defences` (defender to move in `s`): the plies to the
    /// five against the longest defence, or None at the first that escapes (or ends the game).
    fn every_defence_loses(
        &mut self,
        s: &Gomoku,
        defences: Points,
        depth: u32,
        level: u32,
    ) -> Option<u32> {
        let mut longest = 0;
        for d in defences {
            let c = s.child(d);
            if c.is_terminal() {
                return None;
            }
            match self.attack_below(&c, depth, level) {
                Some(w) => longest = longest.max(w.plies + 1),
                None => return None,
            }
        }
        Some(longest.max(2))
    }
}
