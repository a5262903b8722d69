//! The Oware game state and the game contract: houses, captured seeds, the side to move, and the
//! positions since the last capture (for the repetition rule).
//!
//! The repetition history is part of the state but not of its hash or its text: like a chess
//! engine's 50-move counter it decides whether a move ends the game, not which moves exist.
//! A position read from text starts a fresh history; the line protocol's `position startpos
//! moves ...` rebuilds it from the moves.

use smallvec::SmallVec;

use crate::game::zobrist;
use crate::game::{Game, MoveList, ParseError, PlayerId, Returns, Turn};

use super::board::{self, board_end, end_credit, EndReason, Houses, HOUSES, ROW};
use super::rules::{End, OwareRules};

pub const SOUTH: PlayerId = 0;
pub const NORTH: PlayerId = 1;
/// Most seeds in a game (8 a house), which bounds every count in a position.
pub const MAX_SEEDS: usize = 96;

/// A move: the absolute house sown (0..6 South's A-F, 6..12 North's a-f).
pub type OwareMove = u8;

const HOUSE_KEYS: [u64; HOUSES * (MAX_SEEDS + 1)] =
    zobrist::keys::<{ HOUSES * (MAX_SEEDS + 1) }>(0x0_A4E_0001);
const SCORE_KEYS: [u64; 2 * (MAX_SEEDS + 1)] =
    zobrist::keys::<{ 2 * (MAX_SEEDS + 1) }>(0x0_A4E_0002);
const NORTH_KEY: u64 = zobrist::key(0x0_A4E_0003, 0);
const OVER_KEY: u64 = zobrist::key(0x0_A4E_0003, 1);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oware {
    houses: Houses,
    scores: [u8; 2],
    side: u8,
    over: bool,
    hash: u64,
    /// Keys (`repetition_key`) of the positions since the last capture, this one included
    /// (inline up to a dozen: search copies states at every node).
    history: SmallVec<[u128; 12]>,
    rules: OwareRules,
}

/// The board and the side to move packed exactly (7 bits a house), for the repetition rule.
#[inline]
fn repetition_key(houses: &Houses, side: u8) -> u128 {
    let mut k = side as u128;
    for &s in houses {
        k = (k << 7) | s as u128;
    }
    k
}

impl Oware {
    /// A position from its parts, checked: `side` to move (ignored when `over`). A board that
    /// ends the game by the rules is finished here (the end's seeds credited).
    pub fn from_parts(
        rules: OwareRules,
        houses: Houses,
        scores: [u8; 2],
        side: PlayerId,
        over: bool,
    ) -> Result<Oware, String> {
        if side > 1 {
            return Err(format!("side {side} is not South (0) or North (1)"));
        }
        let total = board::board_seeds(&houses) + scores[0] as u32 + scores[1] as u32;
        if total as usize > MAX_SEEDS {
            return Err(format!(
                "{total} seeds in all: at most {MAX_SEEDS} (8 a house)"
            ));
        }
        let mut s = Oware {
            houses,
            scores,
            side: side as u8,
            over,
            hash: 0,
            history: SmallVec::new(),
            rules,
        };
        if !over {
            if let Some(reason) = s.static_end() {
                s.finish(reason);
            }
        }
        s.hash = s.hash_from_scratch();
        s.history.push(repetition_key(&s.houses, s.side));
        Ok(s)
    }

    pub fn houses(&self) -> &Houses {
        &self.houses
    }
    pub fn scores(&self) -> [u8; 2] {
        self.scores
    }
    /// The side to move (after the end: the side that would have moved).
    pub fn side(&self) -> PlayerId {
        self.side as PlayerId
    }
    pub fn is_over(&self) -> bool {
        self.over
    }
    /// Seeds captured by the side to move minus the opponent's.
    pub fn captured_lead(&self) -> i32 {
        let me = self.side as usize;
        self.scores[me] as i32 - self.scores[1 - me] as i32
    }
    pub fn board_seeds(&self) -> u32 {
        board::board_seeds(&self.houses)
    }
    /// Positions since the last capture, this one included.
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    fn total_seeds(&self) -> u32 {
        self.board_seeds() + self.scores[0] as u32 + self.scores[1] as u32
    }

    /// What ends the game in this position without looking at the history.
    fn static_end(&self) -> Option<EndReason> {
        if self.rules.end == End::Majority {
            let total = self.total_seeds();
            let half = total / 2;
            let (a, b) = (self.scores[0] as u32, self.scores[1] as u32);
            if 2 * a > total || 2 * b > total || (a == half && b == half && 2 * half == total) {
                return Some(EndReason::Majority);
            }
        }
        board_end(&self.houses, self.side as usize, &self.rules)
    }

    /// Ends the game: credits the board's seeds as `reason` says and clears what was credited.
    fn finish(&mut self, reason: EndReason) {
        let credit = end_credit(&self.houses, self.side as usize, reason, &self.rules);
        for side in 0..2 {
            if credit[side] > 0 {
                self.scores[side] += credit[side] as u8;
                for h in board::row_start(side)..board::row_start(side) + ROW {
                    self.houses[h] = 0;
                }
            }
        }
        self.over = true;
    }

    /// The legal moves as a mask over the mover's row.
    pub fn legal_mask(&self) -> u8 {
        if self.over {
            0
        } else {
            board::legal_mask(&self.houses, self.side as usize, &self.rules)
        }
    }

    pub(super) fn parse_parts(
        rules: &OwareRules,
        houses: Houses,
        scores: [u8; 2],
        side: Option<PlayerId>,
    ) -> Result<Oware, String> {
        match side {
            Some(s) => Oware::from_parts(*rules, houses, scores, s, false),
            None => Oware::from_parts(*rules, houses, scores, SOUTH, true),
        }
    }
}

impl Game for Oware {
    type Move = OwareMove;
    type Rules = OwareRules;
    const ID: &'static str = "oware";
    const NAME: &'static str = "Oware (宝石棋)";

    fn new(rules: &OwareRules) -> Self {
        Oware::from_parts(*rules, [rules.seeds; HOUSES], [0, 0], SOUTH, false)
            .expect("the start position is valid")
    }
    fn rules(&self) -> &OwareRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.over {
            Turn::Terminal
        } else {
            Turn::Player(self.side as PlayerId)
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<OwareMove>) {
        let mask = self.legal_mask();
        let start = board::row_start(self.side as usize) as u8;
        for i in 0..ROW as u8 {
            if mask & (1 << i) != 0 {
                moves.push(start + i);
            }
        }
    }
    fn count_legal_moves(&self) -> usize {
        self.legal_mask().count_ones() as usize
    }
    fn play(&mut self, mv: OwareMove) {
        debug_assert!(self.legal_mask() & (1 << (mv as usize % ROW)) != 0);
        let side = self.side as usize;
        let sowing = board::play(&mut self.houses, side, mv as usize, &self.rules);
        self.scores[side] += sowing.captured;
        self.side ^= 1;
        // Captured seeds never come back, so no earlier position can recur after a capture.
        if sowing.captured > 0 {
            self.history.clear();
        }
        let key = repetition_key(&self.houses, self.side);
        if self.history.contains(&key) {
            self.finish(EndReason::Repetition);
        } else {
            self.history.push(key);
            if let Some(reason) = self.static_end() {
                self.finish(reason);
            }
        }
        self.hash = self.hash_from_scratch();
    }
    fn returns(&self) -> Returns {
        if !self.over {
            return Returns::two_player(0.0);
        }
        let d = self.scores[0] as i32 - self.scores[1] as i32;
        Returns::two_player(d.signum() as f64)
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (i, &s) in self.houses.iter().enumerate() {
            h ^= HOUSE_KEYS[i * (MAX_SEEDS + 1) + s as usize];
        }
        for side in 0..2 {
            h ^= SCORE_KEYS[side * (MAX_SEEDS + 1) + self.scores[side] as usize];
        }
        // A finished game has no side to move (its text writes `-`).
        if self.over {
            h ^= OVER_KEY;
        } else if self.side == 1 {
            h ^= NORTH_KEY;
        }
        h
    }
    fn format_position(&self) -> String {
        super::text::format_position(self)
    }
    fn parse_position(rules: &OwareRules, text: &str) -> Result<Self, ParseError> {
        super::text::parse_position(rules, text)
    }
    fn format_move(&self, mv: OwareMove) -> String {
        super::text::house_name(mv as usize)
    }
    fn parse_move(&self, text: &str) -> Result<OwareMove, ParseError> {
        super::text::parse_move(self, text)
    }
    fn render(&self) -> String {
        super::text::render(self)
    }
}
