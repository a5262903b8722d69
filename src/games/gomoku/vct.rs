//! VCT by VCF threats (the scheme of renju mate solvers such as quintet): a threat is any move
//! after which the attacker would win by fours if the defender passed, so threes, broken
//! threes, four-threes in waiting and quiet "fukumi" moves are all one kind of attack. The
//! defences against a threat are read off the VCF that proves it: every point of its line
//! (attacker's fours and the forced blocks), the end (the five points of the last four, or the
//! points near a five point forbidden to a defending black), the points where a forced block
//! would have been a four of the defender's own ("counter" points), and the defender's fours.
//! A defence anywhere else leaves that VCF standing, so the set is complete, and the search
//! proves nothing it did not refute every defence of. The defender also wins outright when it
//! has a VCF of its own, and an attacker's quiet move that leaves the defender's VCF threat
//! standing is not tried (the defender would simply play it).
//!
//! Iterative deepening on the attacking moves; the proven and refuted tables carry over from one
//! depth to the next. A node budget bounds the search; running out is "not proven".

use crate::game::Game;

use super::game::{Gomoku, GomokuMove};
use super::patterns::{B2, B3, B4, D4, F2, F3, F4};
use super::threats::{push_new, AttackTables, Points, ThreatSearch, ThreatTree, Win};

/// Most nodes one VCF look-up (a threat, or the defender's own VCF) may take.
const VCF_BUDGET: u64 = 4_000;
/// Mixed into a position's key where two-two (fukumi) moves are tried.
pub(super) const FUKUMI_KEY: u64 = 0x6A09_E667_F3BC_C908;
/// Most fours the defender's own VCF may take.
pub(super) const DEFENDER_VCF_DEPTH: u32 = 30;

/// A VCF that a passing defender would lose to: its line from the attacker's first four, and
/// the points that end it.
struct ThreatLine {
    /// The attacker's moves and the defender's forced blocks, alternately.
    path: Points,
    /// The five points left at the end (two of a four-four or straight four, or one the
    /// defender may not play), with `forbidden_end` set in the last case.
    end: Points,
    forbidden_end: bool,
}

pub struct VctSearch {
    /// Most attacking moves in a line.
    pub max_depth: u32,
    pub budget: u64,
    /// Attacker levels from the root (1: the root only) where quiet moves of two lines of two
    /// are tried as well as threes. Such a move threatens only a VCF that needs it later (a
    /// "fukumi" move); tried everywhere they make the tree several times wider.
    pub two_two_levels: u32,
    pub nodes: u64,
    vcf: ThreatSearch,
    tables: AttackTables,
}

impl VctSearch {
    pub fn new(max_depth: u32, budget: u64) -> VctSearch {
        VctSearch {
            max_depth,
            budget,
            two_two_levels: 1,
            nodes: 0,
            vcf: ThreatSearch::new(false, 1, VCF_BUDGET),
            tables: AttackTables::default(),
        }
    }

    /// A forced win by threats for the side to move of `state` (normal play only).
    pub fn find(&mut self, state: &Gomoku) -> Option<Win> {
        if state.step() != super::opening::Step::Play || state.is_terminal() {
            return None;
        }
        for depth in 1..=self.max_depth {
            if let Some(w) = self.attack(state, depth, 0) {
                return Some(w);
            }
            if self.nodes > self.budget {
                break;
            }
        }
        None
    }

    /// A VCF of the side to move within `depth` fours (the five is free).
    pub(super) fn vcf(&mut self, s: &Gomoku, depth: u32) -> Option<Win> {
        self.vcf.max_depth = depth;
        self.vcf.nodes = 0;
        let w = self.vcf.find(s);
        self.nodes += self.vcf.nodes;
        w
    }

    /// The line of a VCF of the side to move within `depth` fours, if there is one.
    fn vcf_line(&mut self, s: &Gomoku, depth: u32) -> Option<ThreatLine> {
        self.vcf(s, depth)?;
        let att = s.side();
        let mut line = ThreatLine {
            path: Points::new(),
            end: Points::new(),
            forbidden_end: false,
        };
        let mut cur = s.clone();
        let mut left = depth;
        loop {
            let fives = cur.five_points(att);
            if !fives.is_empty() {
                // A five point already (the defender's block was forced elsewhere): the end.
                line.end = fives;
                return Some(line);
            }
            // Each step is a table look-up of the search just made.
            let w = self.vcf(&cur, left.max(1))?;
            left = left.saturating_sub(1);
            line.path.push(w.mv as usize);
            cur = cur.child(w.mv as usize);
            let fives = cur.five_points(att);
            if fives.len() >= 2 {
                line.end = fives;
                return Some(line);
            }
            let &f = fives.first()?;
            if !cur.playable(att ^ 1, f) {
                line.end = fives;
                line.forbidden_end = true;
                return Some(line);
            }
            line.path.push(f);
            cur = cur.child(f);
            if cur.is_terminal() {
                return None;
            }
        }
    }

    /// The defender's (side to move in `s`) moves that could stop `threat`.
    fn defences(&self, s: &Gomoku, threat: &ThreatLine) -> Points {
        let me = s.side();
        let b = s.board();
        let mut out = Points::new();
        for &p in threat.path.iter().chain(threat.end.iter()) {
            push_new(&mut out, p);
        }
        if threat.forbidden_end {
            // Whether the five point is forbidden to black hangs on the stones around it.
            let f = threat.end[0];
            for dir in 0..4 {
                for k in -5..=5 {
                    if let Some(q) = b.step(f, dir, k) {
                        push_new(&mut out, q);
                    }
                }
            }
        }
        // Counter points: an empty point that, held by the defender, makes one of its forced
        // blocks a four (a window of five through the block with three of the defender's stones
        // and two empty points).
        let mut cur = s.passed();
        for (i, &p) in threat.path.iter().enumerate() {
            cur = cur.child(p);
            if i % 2 == 0 {
                continue;
            }
            let cb = cur.board();
            for dir in 0..4 {
                for start in -4..=0 {
                    let cells: Option<Vec<usize>> =
                        (start..start + 5).map(|k| cb.step(p, dir, k)).collect();
                    let Some(cells) = cells else { continue };
                    let own = cells.iter().filter(|&&q| cb.at(q) == Some(me)).count();
                    let empty: Points = cells.iter().copied().filter(|&q| cb.is_empty(q)).collect();
                    if own == 3 && empty.len() == 2 {
                        for q in empty {
                            push_new(&mut out, q);
                        }
                    }
                }
            }
        }
        for p in s.four_moves(me) {
            push_new(&mut out, p);
        }
        out.retain(|p| b.is_empty(*p) && s.playable(me, *p));
        out
    }

    /// The attacker (side to move) wins within `depth` attacking moves, `level` attacking moves
    /// below the root.
    fn attack(&mut self, s: &Gomoku, depth: u32, level: u32) -> Option<Win> {
        if let Some(settled) = self.attack_settled(s, depth) {
            return settled;
        }
        let me = s.side();
        let you = me ^ 1;
        // Whether two-two moves are tried here is part of the key: a refutation without them
        // does not hold where they are tried (a proof would hold anywhere, being a real win,
        // but the two settings are kept apart alike).
        let key = s.hash()
            ^ if level < self.two_two_levels {
                FUKUMI_KEY
            } else {
                0
            };
        if let Some(known) = self.tables.probe(key, depth, true) {
            return known;
        }
        let result = self.attack_moves(s, depth, level, me, you);
        self.tables
            .store(key, depth, result, self.nodes <= self.budget);
        result
    }

    fn attack_moves(
        &mut self,
        s: &Gomoku,
        depth: u32,
        level: u32,
        me: usize,
        you: usize,
    ) -> Option<Win> {
        let their_fives = s.five_points(you);
        if !their_fives.is_empty() {
            // The defender threatens five: block it, and the block must threaten in turn.
            if their_fives.len() >= 2 || !s.playable(me, their_fives[0]) {
                return None;
            }
            let b = their_fives[0];
            let c = s.child(b);
            if c.is_terminal() {
                return None;
            }
            return self.defend(&c, depth - 1, level + 1).map(|plies| Win {
                mv: b as GomokuMove,
                plies: plies + 1,
            });
        }
        if let Some(w) = self.vcf(s, depth) {
            return Some(w);
        }
        if depth < 2 {
            return None;
        }
        for mv in self.attacks(s, level < self.two_two_levels) {
            let c = s.child(mv);
            if c.is_terminal() {
                continue;
            }
            if let Some(plies) = self.defend(&c, depth - 1, level + 1) {
                return Some(Win {
                    mv: mv as GomokuMove,
                    plies: plies + 1,
                });
            }
            if self.nodes > self.budget {
                break;
            }
        }
        None
    }

    /// The attacker's (side to move in `s`) moves worth trying: its fours, then the quiet moves
    /// that make a three (closed or open), or (`two_twos`) two lines of two, and stop the
    /// defender's own VCF threat if it has one.
    pub fn attacks(&mut self, s: &Gomoku, two_twos: bool) -> Points {
        let me = s.side();
        let mut out = s.four_moves(me);
        // Quiet moves must stop the defender's own VCF threat, if it has one.
        let their_threat = self.vcf_line(&s.passed(), DEFENDER_VCF_DEPTH);
        let allowed = their_threat.map(|t| self.defences(s, &t));
        let m = s.map();
        let mut quiet: Points = s
            .near_points()
            .into_iter()
            .filter(|&p| {
                let sh = m.shapes(me, p);
                let growing = sh.iter().filter(|&&x| matches!(x, B2 | F2)).count();
                !sh.iter().any(|&x| matches!(x, B4 | F4 | D4))
                    && (sh.iter().any(|&x| matches!(x, B3 | F3)) || two_twos && growing >= 2)
                    && allowed.as_ref().is_none_or(|a| a.contains(&p))
                    && s.playable(me, p)
            })
            .collect();
        // Threes first, then closed threes, then the quiet moves of two lines of two (fukumi
        // moves: a VCF that needs the stone later on).
        let weight = |p: usize| {
            let sh = m.shapes(me, p);
            let count = |k: u8| sh.iter().filter(|&&x| x == k).count();
            std::cmp::Reverse((
                count(F3) + count(B3) > 0,
                m.class(me, p),
                count(F3),
                count(B3),
            ))
        };
        quiet.sort_by_key(|&p| weight(p));
        out.extend(quiet);
        out
    }

    /// The defences against the attacker's threat in `s` (defender to move, the attacker having
    /// `depth` attacking moves left), or None when the attacker threatens no VCF.
    pub fn threat_defences(&mut self, s: &Gomoku, depth: u32) -> Option<Points> {
        let threat = self.vcf_line(&s.passed(), depth)?;
        Some(self.defences(s, &threat))
    }

    /// The defender is to move after the attacker's threat, the attacker having `depth`
    /// attacking moves left; the attacker wins whatever the defender does (the plies to five).
    fn defend(&mut self, s: &Gomoku, depth: u32, level: u32) -> Option<u32> {
        if let Some(settled) = self.defence_settled(s, depth, level) {
            return settled;
        }
        if depth == 0 {
            return None;
        }
        if self.vcf(s, DEFENDER_VCF_DEPTH).is_some() {
            return None;
        }
        let defences = self.threat_defences(s, depth)?;
        self.every_defence_loses(s, defences, depth, level)
    }
}

impl ThreatTree for VctSearch {
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        self.nodes > self.budget
    }

    fn attack_below(&mut self, s: &Gomoku, depth: u32, level: u32) -> Option<Win> {
        self.attack(s, depth, level)
    }
}
