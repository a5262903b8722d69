//! A draughts position under one rule set, and the `Game` contract for both boards.

use std::marker::PhantomData;
use std::sync::Arc;

use crate::game::zobrist;
use crate::game::{Game, MoveList, ParseError, PlayerId, Returns, Turn};

use super::geometry::{bit_index, Geometry};
use super::movegen::{self, DraughtsMove, Sides};
use super::rules::{Rules, VariantRules};
use super::text;

const KEYS: [[u64; 64]; 4] = [
    zobrist::keys::<64>(0xD4A7_0001),
    zobrist::keys::<64>(0xD4A7_0002),
    zobrist::keys::<64>(0xD4A7_0003),
    zobrist::keys::<64>(0xD4A7_0004),
];
const KEY_SECOND_TO_MOVE: u64 = zobrist::key(0xD4A7_0005, 0);

/// Hashes of the earlier positions since the last capture or man move (repetition needs them).
/// Shared between copies: a king move adds a node, an irreversible move drops the list.
#[derive(Debug)]
struct History {
    hash: u64,
    prev: Option<Arc<History>>,
}

/// Why a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side to move has no legal move and loses.
    NoMove,
    /// A draw rule (king moves, endgame rule, repetition) applies.
    DrawRule,
}

/// A position: pieces by player, kings, side to move, and the counters the draw rules need.
#[derive(Clone, Debug)]
pub struct Position<G: Geometry> {
    pieces: [u64; 2],
    kings: u64,
    side: u8,
    /// Plies since the last capture or man move.
    reversible: u16,
    /// Plies since the FMJD endgame configuration (lone king against 3 or fewer with a king) began.
    endgame: u16,
    hash: u64,
    history: Option<Arc<History>>,
    rules: Rules<G>,
    board: PhantomData<G>,
}

impl<G: Geometry> PartialEq for Position<G> {
    fn eq(&self, other: &Self) -> bool {
        self.pieces == other.pieces
            && self.kings == other.kings
            && self.side == other.side
            && self.reversible == other.reversible
            && self.endgame == other.endgame
            && self.rules == other.rules
    }
}

impl<G: Geometry> Position<G> {
    /// A position from piece sets by player (bit layout of `geometry`), with fresh counters.
    pub fn from_pieces(rules: Rules<G>, pieces: [u64; 2], kings: u64, side: PlayerId) -> Self {
        let mut p = Position {
            pieces: [pieces[0] & G::ALL, pieces[1] & G::ALL],
            kings: kings & (pieces[0] | pieces[1]),
            side: side as u8,
            reversible: 0,
            endgame: 0,
            hash: 0,
            history: None,
            rules,
            board: PhantomData,
        };
        p.hash = p.hash_from_scratch();
        p
    }
    pub fn pieces(&self, player: PlayerId) -> u64 {
        self.pieces[player]
    }
    pub fn kings(&self) -> u64 {
        self.kings
    }
    pub fn side(&self) -> PlayerId {
        self.side as PlayerId
    }
    pub fn variant(&self) -> &VariantRules {
        &self.rules.variant
    }
    pub fn reversible_plies(&self) -> u16 {
        self.reversible
    }
    #[inline]
    pub fn sides(&self) -> Sides {
        let p = self.side as usize;
        Sides {
            own: self.pieces[p],
            opp: self.pieces[1 - p],
            kings: self.kings,
            player: p,
        }
    }
    /// No draw counter running: no reversible plies, no endgame count, no repetition list.
    pub fn has_fresh_counters(&self) -> bool {
        self.reversible == 0 && self.endgame == 0 && self.history.is_none()
    }
    /// Whether the side to move has a capture (captures are compulsory).
    pub fn has_capture(&self) -> bool {
        movegen::has_capture::<G>(&self.sides(), &self.rules)
    }

    fn endgame_configuration(&self) -> Option<u32> {
        // Returns the size of the stronger side when one side is a lone king and the other has
        // at most three pieces including a king.
        for lone in 0..2 {
            let l = self.pieces[lone];
            let o = self.pieces[1 - lone];
            if l.count_ones() == 1 && l & self.kings != 0 && o & self.kings != 0 {
                let n = o.count_ones();
                if n <= 3 {
                    return Some(n);
                }
            }
        }
        None
    }

    fn repetitions(&self) -> usize {
        let mut n = 0;
        let mut node = self.history.as_deref();
        while let Some(h) = node {
            if h.hash == self.hash {
                n += 1;
            }
            node = h.prev.as_deref();
        }
        n
    }

    /// True when a draw rule ends the game here.
    pub fn draw_rule_applies(&self) -> bool {
        let r = &self.rules;
        if r.king_moves > 0 && self.reversible >= 2 * r.king_moves {
            return true;
        }
        if r.endgame_rule {
            if let Some(n) = self.endgame_configuration() {
                let limit = if n == 3 { 32 } else { 10 };
                if self.endgame >= limit {
                    return true;
                }
            }
        }
        r.repetition && self.reversible >= 4 && self.repetitions() >= 2
    }

    /// Why the game is over, if it is.
    pub fn ending(&self) -> Option<Ending> {
        if !movegen::has_any_move::<G>(&self.sides(), &self.rules) {
            Some(Ending::NoMove)
        } else if self.draw_rule_applies() {
            Some(Ending::DrawRule)
        } else {
            None
        }
    }
}

impl<G: Geometry> Game for Position<G> {
    type Move = DraughtsMove;
    type Rules = Rules<G>;
    const ID: &'static str = G::ID;
    const NAME: &'static str = G::NAME;
    /// The published draughts tables count as chess perft does: a side without moves has lost
    /// and contributes no leaves below it.
    const PERFT_CONVENTION: crate::game::PerftConvention =
        crate::game::PerftConvention::DropTerminal;

    fn new(rules: &Rules<G>) -> Self {
        let rows = G::START_ROWS * G::W;
        let mut top = 0u64;
        let mut bottom = 0u64;
        for s in 0..rows {
            top |= 1u64 << bit_index(G::W, s);
            bottom |= 1u64 << bit_index(G::W, G::SQUARES - 1 - s);
        }
        Position::from_pieces(*rules, [bottom, top], 0, 0)
    }
    fn rules(&self) -> &Rules<G> {
        &self.rules
    }
    fn num_players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.ending().is_some() {
            Turn::Terminal
        } else {
            Turn::Player(self.side as PlayerId)
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<DraughtsMove>) {
        if self.draw_rule_applies() {
            return;
        }
        movegen::legal_moves::<G>(&self.sides(), &self.rules, moves);
    }
    fn count_legal_moves(&self) -> usize {
        if self.draw_rule_applies() {
            return 0;
        }
        let s = self.sides();
        if movegen::has_capture::<G>(&s, &self.rules) {
            let mut moves = MoveList::new();
            movegen::captures::<G>(&s, &self.rules, &mut moves);
            moves.len()
        } else {
            movegen::count_quiet::<G>(&s, &self.rules)
        }
    }
    /// The men-only walk without hash or draw counters (`perft.rs`); `None` once kings exist.
    fn perft_fast(&self, depth: u32, convention: crate::game::PerftConvention) -> Option<u64> {
        super::perft::perft(self, depth, convention)
    }
    fn play(&mut self, mv: DraughtsMove) {
        let p = self.side as usize;
        let o = 1 - p;
        let from = 1u64 << mv.from;
        let to = 1u64 << mv.to;
        let was_king = self.kings & from != 0;
        let mut h = self.hash;
        let kind = |player: usize, king: bool| player * 2 + king as usize;
        // Remove the captured pieces.
        let mut c = mv.captured;
        while c != 0 {
            let b = c.trailing_zeros() as usize;
            c &= c - 1;
            h ^= KEYS[kind(o, self.kings >> b & 1 != 0)][b];
        }
        self.pieces[o] &= !mv.captured;
        self.kings &= !mv.captured;
        // Move the piece.
        let becomes_king = was_king || mv.promotes;
        h ^= KEYS[kind(p, was_king)][mv.from as usize];
        h ^= KEYS[kind(p, becomes_king)][mv.to as usize];
        self.pieces[p] = (self.pieces[p] & !from) | to;
        self.kings &= !from;
        if becomes_king {
            self.kings |= to;
        }
        h ^= KEY_SECOND_TO_MOVE;
        let old_hash = self.hash;
        self.hash = h;
        self.side ^= 1;
        // Draw-rule counters.
        let irreversible = mv.captured != 0 || !was_king;
        if irreversible {
            self.reversible = 0;
            self.history = None;
        } else {
            self.reversible = self.reversible.saturating_add(1);
            if self.rules.repetition {
                self.history = Some(Arc::new(History {
                    hash: old_hash,
                    prev: self.history.take(),
                }));
            }
        }
        if self.rules.endgame_rule {
            let restart = self.rules.endgame_restart_on_man_move && !was_king;
            self.endgame = if mv.captured == 0 && !restart && self.endgame_configuration().is_some()
            {
                self.endgame.saturating_add(1)
            } else {
                0
            };
        }
    }
    fn returns(&self) -> Returns {
        match self.ending() {
            Some(Ending::NoMove) => {
                let loser_is_first = self.side == 0;
                Returns::two_player(if loser_is_first { -1.0 } else { 1.0 })
            }
            Some(Ending::DrawRule) => {
                let no_men = (self.pieces[0] | self.pieces[1]) & !self.kings == 0;
                if self.rules.king_count && no_men {
                    let k0 = (self.pieces[0] & self.kings).count_ones() as i32;
                    let k1 = (self.pieces[1] & self.kings).count_ones() as i32;
                    Returns::two_player((k0 - k1).signum() as f64)
                } else {
                    Returns::two_player(0.0)
                }
            }
            None => Returns::two_player(0.0),
        }
    }
    /// Seed 001's refused-draw rule (`draw_offer=seed`, docs/rules/draughts.md).
    fn refused_draw_moves(&self) -> Option<u32> {
        (self.rules.draw_offer == super::rules::DrawOffer::Seed)
            .then_some(super::rules::SEED_REFUSAL_MOVES)
    }
    /// The clear advantage of seed 001 as docs/rules/draughts.md reads it: a material lead of at
    /// least `refusal_lead`, a man counting 1 and a king 3.
    fn clear_advantage(&self, player: PlayerId) -> bool {
        if player > 1 {
            return false;
        }
        let material = |p: usize| {
            let kings = (self.pieces[p] & self.kings).count_ones() as i32;
            let men = (self.pieces[p] & !self.kings).count_ones() as i32;
            men + 3 * kings
        };
        material(player) - material(1 - player) >= self.rules.refusal_lead as i32
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        let mut h = if self.side == 1 {
            KEY_SECOND_TO_MOVE
        } else {
            0
        };
        for p in 0..2 {
            let mut b = self.pieces[p];
            while b != 0 {
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                h ^= KEYS[p * 2 + (self.kings >> i & 1) as usize][i];
            }
        }
        h
    }
    fn format_position(&self) -> String {
        text::format_fen(self)
    }
    fn parse_position(rules: &Rules<G>, text: &str) -> Result<Self, ParseError> {
        text::parse_fen(rules, text)
    }
    fn format_move(&self, mv: DraughtsMove) -> String {
        text::format_move(self, mv)
    }
    fn parse_move(&self, text: &str) -> Result<DraughtsMove, ParseError> {
        text::parse_move(self, text)
    }
    fn render(&self) -> String {
        text::render(self)
    }
    fn bindings<V: crate::game::bindings::Bindings<Self>>(visit: &mut V) {
        G::bindings(visit)
    }
}
