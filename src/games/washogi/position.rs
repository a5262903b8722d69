//! A Wa shogi position: the board as a mailbox plus occupancy bitboards, the hands, the side to
//! move, and the history that the repetition rule (and protocols replaying the game) need.
//! `play` is copy-make: it updates the zobrist hash, whether the side to move is in check, and
//! how often the new position has occurred before.

use std::sync::Arc;

use crate::game::zobrist;

use super::geometry::{bit, rank_of, GOES_BACK, SQUARES};
use super::pieces::{promoted, unpromoted, HAND_TYPES, KING, PAWN};
use super::rules::{BareKings, Repetition, WaRules};

/// Most pieces of one type a hand can hold (all 22 Sparrow Pawns).
pub const MAX_HAND: usize = 22;

/// A move: a board move (from, to, promotion) or a drop (type, to), in 16 bits:
/// bits 0-6 the target square, bits 7-14 the origin square or 128 + the dropped type, bit 15
/// promotion.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WaMove(u16);

impl WaMove {
    #[inline]
    pub const fn board(from: usize, to: usize, promote: bool) -> WaMove {
        WaMove(to as u16 | (from as u16) << 7 | (promote as u16) << 15)
    }
    #[inline]
    pub const fn drop(kind: u8, to: usize) -> WaMove {
        WaMove(to as u16 | (128 + kind as u16) << 7)
    }
    #[inline]
    pub const fn to(self) -> usize {
        (self.0 & 127) as usize
    }
    #[inline]
    const fn origin(self) -> usize {
        ((self.0 >> 7) & 255) as usize
    }
    /// The origin square of a board move; `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<usize> {
        let o = self.origin();
        if o < 128 {
            Some(o)
        } else {
            None
        }
    }
    /// The dropped type of a drop.
    #[inline]
    pub const fn dropped(self) -> Option<u8> {
        let o = self.origin();
        if o >= 128 {
            Some((o - 128) as u8)
        } else {
            None
        }
    }
    #[inline]
    pub const fn promotes(self) -> bool {
        self.0 >> 15 != 0
    }
    #[inline]
    pub const fn is_drop(self) -> bool {
        self.origin() >= 128
    }
}

impl std::fmt::Debug for WaMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", super::text::move_text(*self))
    }
}

/// A piece on the board: `1 + kind + 32 * player`; 0 is an empty square.
#[inline]
pub const fn code(player: usize, kind: u8) -> u8 {
    1 + kind + 32 * player as u8
}
#[inline]
pub const fn kind_of(code: u8) -> u8 {
    (code - 1) & 31
}
#[inline]
pub const fn owner_of(code: u8) -> usize {
    ((code - 1) >> 5) as usize
}

static PIECE_KEYS: [u64; 64 * SQUARES] = zobrist::keys::<{ 64 * SQUARES }>(0x3A5B_0001);
static HAND_KEYS: [u64; 2 * HAND_TYPES * (MAX_HAND + 1)] =
    zobrist::keys::<{ 2 * HAND_TYPES * (MAX_HAND + 1) }>(0x3A5B_0002);
const SECOND_TO_MOVE: u64 = zobrist::key(0x3A5B_0003, 0);

#[inline]
fn piece_key(code: u8, sq: usize) -> u64 {
    PIECE_KEYS[code as usize * SQUARES + sq]
}
#[inline]
fn hand_key(player: usize, kind: u8, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        HAND_KEYS[(player * HAND_TYPES + kind as usize) * (MAX_HAND + 1) + count as usize]
    }
}

/// An earlier position of the game: its hash, whether its side to move was in check, and the
/// move played from it. The oldest node also keeps the position the game began in.
#[derive(Debug)]
pub(super) struct HistoryNode {
    pub hash: u64,
    pub in_check: bool,
    pub mv: WaMove,
    pub prev: Option<Arc<HistoryNode>>,
    pub root: Option<Box<WaShogi>>,
}

/// How a game ended by rule before the side to move ran out of moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Fourfold repetition.
    Repetition,
    /// Fourfold repetition in which this player gave check with every move: they lose.
    PerpetualCheck(usize),
    /// This player's Crane King was captured (`royal=capture` only): they lose.
    KingCaptured(usize),
    /// Neither side has a piece but its Crane King (`bare_kings=draw`): a draw.
    BareKings,
    /// `max_plies` plies were played from the position the game began in: a draw.
    MoveLimit,
}

#[derive(Clone)]
pub struct WaShogi {
    pub(super) board: [u8; SQUARES],
    /// Occupied squares by player.
    pub(super) occ: [u128; 2],
    /// Unpromoted Sparrow Pawns by player (one a file for drops).
    pub(super) pawns: [u128; 2],
    pub(super) hands: [[u8; HAND_TYPES]; 2],
    pub(super) kings: [u8; 2],
    pub(super) side: u8,
    /// The side to move is in check.
    pub(super) in_check: bool,
    /// Earlier occurrences of this position (same pieces, hands and side to move).
    pub(super) repetitions: u8,
    pub(super) ending: Option<Ending>,
    /// Plies since the last move after which no earlier position can recur (without drops:
    /// captures, promotions and moves of pieces that only go forward); bounds the repetition
    /// scan.
    pub(super) reversible: u16,
    /// Plies played since the position the game began in (for `max_plies`).
    pub(super) plies: u16,
    pub(super) hash: u64,
    pub(super) history: Option<Arc<HistoryNode>>,
    pub(super) rules: WaRules,
}

impl std::fmt::Debug for WaShogi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "WaShogi({})", super::text::format_position(self))
    }
}

impl WaShogi {
    /// An empty board, first player to move (for building positions).
    pub(super) fn empty(rules: WaRules) -> WaShogi {
        WaShogi {
            board: [0; SQUARES],
            occ: [0; 2],
            pawns: [0; 2],
            hands: [[0; HAND_TYPES]; 2],
            kings: [0; 2],
            side: 0,
            in_check: false,
            repetitions: 0,
            ending: None,
            reversible: 0,
            plies: 0,
            hash: 0,
            history: None,
            rules,
        }
    }

    /// Puts a piece on an empty square (position building; keeps every table but the hash).
    pub(super) fn put(&mut self, player: usize, kind: u8, sq: usize) {
        self.board[sq] = code(player, kind);
        self.occ[player] |= bit(sq);
        if kind == PAWN {
            self.pawns[player] |= bit(sq);
        }
        if kind == KING {
            self.kings[player] = sq as u8;
        }
    }

    /// Recomputes what is derived from the pieces: hash, check, and whether the game is
    /// already over for want of material.
    pub(super) fn finish_setup(&mut self) {
        self.hash = self.hash_from_pieces();
        self.in_check = self.king_attacked(self.side as usize);
        self.apply_draw_rules();
    }

    /// Neither side has a piece but its Crane King, on the board or in hand.
    pub fn bare_kings(&self) -> bool {
        let kings_only = (0..2).all(|p| {
            self.occ[p] & !bit(self.kings[p] as usize) == 0 && self.hands[p].iter().all(|&n| n == 0)
        });
        // A king taken under royal=capture leaves its square empty: that game is won, not drawn.
        kings_only && (0..2).all(|p| self.occ[p] != 0)
    }

    /// The draws by rule that no earlier ending overrides: bare kings, then the ply limit.
    fn apply_draw_rules(&mut self) {
        if self.ending.is_some() {
            return;
        }
        if self.rules.bare_kings == BareKings::Draw && self.bare_kings() {
            self.ending = Some(Ending::BareKings);
        } else if self.rules.max_plies > 0
            && self.plies >= self.rules.max_plies
            // A mate or stalemate on the last ply stands, as a result the board already gave.
            && self.has_legal_move()
        {
            self.ending = Some(Ending::MoveLimit);
        }
    }

    /// Plies played since the position the game began in.
    pub fn plies(&self) -> usize {
        self.plies as usize
    }

    pub(super) fn hash_from_pieces(&self) -> u64 {
        let mut h = if self.side == 1 { SECOND_TO_MOVE } else { 0 };
        for sq in 0..SQUARES {
            if self.board[sq] != 0 {
                h ^= piece_key(self.board[sq], sq);
            }
        }
        for p in 0..2 {
            for t in 0..HAND_TYPES {
                h ^= hand_key(p, t as u8, self.hands[p][t]);
            }
        }
        h
    }

    pub fn rules_ref(&self) -> &WaRules {
        &self.rules
    }
    pub fn side(&self) -> usize {
        self.side as usize
    }
    /// The piece on a square as (player, kind).
    pub fn piece_at(&self, sq: usize) -> Option<(usize, u8)> {
        let c = self.board[sq];
        (c != 0).then(|| (owner_of(c), kind_of(c)))
    }
    /// How many pieces of hand type `kind` `player` holds.
    pub fn in_hand(&self, player: usize, kind: u8) -> u8 {
        self.hands[player][kind as usize]
    }
    pub fn king_square(&self, player: usize) -> usize {
        self.kings[player] as usize
    }
    pub fn occupied(&self, player: usize) -> u128 {
        self.occ[player]
    }
    /// The side to move is in check.
    pub fn in_check(&self) -> bool {
        self.in_check
    }
    /// How many times this position occurred before (for the repetition rule).
    pub fn earlier_occurrences(&self) -> usize {
        self.repetitions as usize
    }
    /// The rule ending (repetition), if the game ended by one.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Applies a legal move.
    pub(super) fn make(&mut self, mv: WaMove) {
        let me = self.side as usize;
        let them = 1 - me;
        let to = mv.to();
        let old_hash = self.hash;
        let old_check = self.in_check;
        // The first move of this game: keep the position it began in.
        let root = self.history.is_none().then(|| Box::new(self.clone()));
        let mut h = self.hash;
        let mut irreversible = false;
        let mut king_taken = false;
        match mv.from() {
            None => {
                let kind = mv.dropped().unwrap_or(PAWN);
                let n = self.hands[me][kind as usize];
                h ^= hand_key(me, kind, n) ^ hand_key(me, kind, n - 1);
                self.hands[me][kind as usize] = n - 1;
                let c = code(me, kind);
                self.board[to] = c;
                self.occ[me] |= bit(to);
                if kind == PAWN {
                    self.pawns[me] |= bit(to);
                }
                h ^= piece_key(c, to);
            }
            Some(from) => {
                let c = self.board[from];
                let kind = kind_of(c);
                let victim = self.board[to];
                if victim != 0 {
                    irreversible = true;
                    h ^= piece_key(victim, to);
                    self.occ[them] &= !bit(to);
                    self.pawns[them] &= !bit(to);
                    if kind_of(victim) == KING {
                        // Only under royal=capture can a king be taken: the game ends.
                        king_taken = true;
                    } else if self.rules.drops {
                        let t = unpromoted(kind_of(victim));
                        let n = self.hands[me][t as usize];
                        h ^= hand_key(me, t, n) ^ hand_key(me, t, n + 1);
                        self.hands[me][t as usize] = n + 1;
                    }
                }
                let new_kind = if mv.promotes() {
                    irreversible = true;
                    promoted(kind).unwrap_or(kind)
                } else {
                    kind
                };
                // A piece without backward moves that goes forward never comes back (without
                // drops).
                if rank_of(from) != rank_of(to) && !GOES_BACK[kind as usize] {
                    irreversible = true;
                }
                let nc = code(me, new_kind);
                h ^= piece_key(c, from) ^ piece_key(nc, to);
                self.board[from] = 0;
                self.board[to] = nc;
                self.occ[me] = (self.occ[me] & !bit(from)) | bit(to);
                if kind == PAWN {
                    self.pawns[me] &= !bit(from);
                    if new_kind == PAWN {
                        self.pawns[me] |= bit(to);
                    }
                }
                if kind == KING {
                    self.kings[me] = to as u8;
                }
            }
        }
        h ^= SECOND_TO_MOVE;
        self.hash = h;
        self.side = them as u8;
        self.in_check = !king_taken && self.king_attacked(them);

        // The history: the position just left, with the move played from it.
        self.history = Some(Arc::new(HistoryNode {
            hash: old_hash,
            in_check: old_check,
            mv,
            prev: self.history.take(),
            root,
        }));
        self.reversible = if irreversible && !self.rules.drops {
            0
        } else {
            self.reversible.saturating_add(1)
        };
        self.plies = self.plies.saturating_add(1);
        self.count_repetitions();
        if king_taken {
            self.ending = Some(Ending::KingCaptured(them));
        }
        self.apply_draw_rules();
    }

    /// Counts earlier occurrences of the current position and applies the repetition rule.
    fn count_repetitions(&mut self) {
        self.repetitions = 0;
        self.ending = None;
        if self.rules.repetition == Repetition::Off {
            return;
        }
        // Same side to move: every second earlier position, no farther back than the last
        // irreversible move.
        let mut n = 0u8;
        let mut first_span = 0usize;
        let mut back = 0usize;
        let limit = if self.rules.drops {
            usize::MAX
        } else {
            self.reversible as usize
        };
        let mut node = self.history.as_deref();
        while let Some(h) = node {
            back += 1;
            if back > limit {
                break;
            }
            if back % 2 == 0 && h.hash == self.hash {
                n += 1;
                if n == 3 {
                    first_span = back;
                    break;
                }
            }
            node = h.prev.as_deref();
        }
        self.repetitions = n;
        if n < 3 {
            return;
        }
        self.ending = Some(Ending::Repetition);
        if self.rules.repetition == Repetition::Draw {
            return;
        }
        // Perpetual check: between the first occurrence and now, every move of one player gave
        // check (the position after it had the other side in check).
        let mover_after = |i: usize| -> usize {
            // The position i plies back has this side to move; the move into it was by the other.
            let side_then = (self.side as usize + i) % 2;
            1 - side_then
        };
        let mut checked_always = [true, true];
        // The current position (0 plies back) and the earlier ones up to but excluding the first
        // occurrence.
        if !self.in_check {
            checked_always[mover_after(0)] = false;
        }
        let mut node = self.history.as_deref();
        let mut i = 1;
        while let Some(h) = node {
            if i >= first_span {
                break;
            }
            if !h.in_check {
                checked_always[mover_after(i)] = false;
            }
            node = h.prev.as_deref();
            i += 1;
        }
        match checked_always {
            [true, false] => self.ending = Some(Ending::PerpetualCheck(0)),
            [false, true] => self.ending = Some(Ending::PerpetualCheck(1)),
            _ => {}
        }
    }

    /// The position this game began in and the moves since, oldest first.
    pub fn line_from_root(&self) -> (WaShogi, Vec<WaMove>) {
        let mut moves = Vec::new();
        let mut node = self.history.as_deref();
        let mut root = None;
        while let Some(h) = node {
            moves.push(h.mv);
            if h.prev.is_none() {
                root = h.root.as_deref().cloned();
            }
            node = h.prev.as_deref();
        }
        moves.reverse();
        match root {
            Some(r) => (r, moves),
            None => (self.clone(), Vec::new()),
        }
    }
}

impl Drop for WaShogi {
    fn drop(&mut self) {
        // Long histories are linked lists of Arcs: unlink them iteratively, so that dropping a
        // game of thousands of plies cannot overflow the stack.
        let mut node = self.history.take();
        while let Some(n) = node {
            match Arc::try_unwrap(n) {
                Ok(mut inner) => node = inner.prev.take(),
                Err(_) => break,
            }
        }
    }
}
