//! Legal move generation and attack detection.
//!
//! Board moves come from the range tables (slides stop at the first piece; the Treacherous
//! Fox also jumps to the second square; the Heavenly Horse jumps to (±1, ±2)). A move is legal
//! when it leaves the own king unattacked. Out of check only king moves and moves of pinned
//! pieces can expose the king (jumps cannot be blocked, so only slides pin), so only those are
//! tested; in check every move is tested. The test needs no copy of the position: the attack
//! scan is given the occupancy after the move and the enemy pieces that still stand.
//!
//! Promotion: when the origin or the target is in the mover's zone, a promoting piece may
//! promote; it must where it would have no further move unpromoted. Drops: any empty square
//! where the piece can still move, one unpromoted Sparrow Pawn a file, no Sparrow Pawn drop that
//! mates at once.

use crate::game::MoveList;

use super::geometry::{
    bit, distance, first_along, opposite, Squares, BOARD, DEAD, FAR_DIRS, FILE_MASK, JUMP2,
    JUMP_DIRS, NARROW_KNIGHT, NARROW_KNIGHT_KIND, NEAR1, NONE, RANGE, RAYS, SHORT_SLIDE_DIRS, SIZE,
    STEP_TARGETS, ZONE,
};
use super::pieces::{promoted, HAND_TYPES, KING, PAWN};
use super::position::{kind_of, WaMove, WaShogi};
use super::rules::Royal;

/// Where generated moves go. `visit` returns true to stop the generation.
pub(super) trait Sink {
    fn visit(&mut self, mv: WaMove) -> bool;
}

pub(super) struct Collect<'a>(pub &'a mut MoveList<WaMove>);
impl Sink for Collect<'_> {
    #[inline]
    fn visit(&mut self, mv: WaMove) -> bool {
        self.0.push(mv);
        false
    }
}

pub(super) struct Count(pub usize);
impl Sink for Count {
    #[inline]
    fn visit(&mut self, _: WaMove) -> bool {
        self.0 += 1;
        false
    }
}

pub(super) struct Any(pub bool);
impl Sink for Any {
    #[inline]
    fn visit(&mut self, _: WaMove) -> bool {
        self.0 = true;
        true
    }
}

impl WaShogi {
    /// Whether `by` attacks `sq` when `occupied` holds every piece and `attackers` the pieces of
    /// `by` that still stand (a piece just captured no longer attacks).
    #[inline]
    pub(super) fn attacked_with(
        &self,
        sq: usize,
        by: usize,
        occupied: u128,
        attackers: u128,
    ) -> bool {
        let range = &RANGE[by];
        for dir in 0..8 {
            if let Some(b) = first_along(sq, dir, occupied) {
                if attackers & bit(b) != 0 {
                    let kind = kind_of(self.board[b]) as usize;
                    if range[kind][opposite(dir)] >= distance(sq, b) {
                        return true;
                    }
                }
            }
            let j = JUMP2[sq][dir];
            if j != NONE && attackers & bit(j as usize) != 0 {
                let kind = kind_of(self.board[j as usize]) as usize;
                if JUMP_DIRS[by][kind] & (1 << opposite(dir)) != 0 {
                    return true;
                }
            }
        }
        for &j in &NARROW_KNIGHT[sq] {
            if j != NONE
                && attackers & bit(j as usize) != 0
                && NARROW_KNIGHT_KIND[kind_of(self.board[j as usize]) as usize]
            {
                return true;
            }
        }
        false
    }

    /// Whether `player`'s king is attacked now.
    #[inline]
    pub(super) fn king_attacked(&self, player: usize) -> bool {
        let occupied = self.occ[0] | self.occ[1];
        self.attacked_with(
            self.kings[player] as usize,
            1 - player,
            occupied,
            self.occ[1 - player],
        )
    }

    /// Own pieces standing between the own king and an enemy slider that would reach it.
    fn pinned(&self, me: usize) -> u128 {
        let k = self.kings[me] as usize;
        let them = 1 - me;
        let all = self.occ[0] | self.occ[1];
        let mut pinned = 0;
        for dir in 0..8 {
            let Some(b1) = first_along(k, dir, all) else {
                continue;
            };
            if self.occ[me] & bit(b1) == 0 {
                continue;
            }
            let Some(b2) = first_along(b1, dir, all) else {
                continue;
            };
            if self.occ[them] & bit(b2) != 0 {
                let kind = kind_of(self.board[b2]) as usize;
                if RANGE[them][kind][opposite(dir)] >= distance(k, b2) {
                    pinned |= bit(b1);
                }
            }
        }
        pinned
    }

    /// Whether moving `from` -> `to` leaves the mover's king unattacked.
    #[inline]
    fn safe_after(&self, me: usize, from: usize, to: usize, king_moves: bool) -> bool {
        let them = 1 - me;
        let occupied = ((self.occ[0] | self.occ[1]) & !bit(from)) | bit(to);
        let king = if king_moves {
            to
        } else {
            self.kings[me] as usize
        };
        !self.attacked_with(king, them, occupied, self.occ[them] & !bit(to))
    }

    /// Emits the one or two moves from -> to (with and without promotion).
    #[inline]
    fn emit(&self, me: usize, kind: u8, from: usize, to: usize, sink: &mut impl Sink) -> bool {
        if promoted(kind).is_some() && ZONE[me] & (bit(from) | bit(to)) != 0 {
            if sink.visit(WaMove::board(from, to, true)) {
                return true;
            }
            if DEAD[me][kind as usize] & bit(to) != 0 {
                return false; // no further move unpromoted: promotion is forced
            }
        }
        sink.visit(WaMove::board(from, to, false))
    }

    /// Generates the legal moves into `sink`; true if the sink stopped it.
    #[inline]
    pub(super) fn generate(&self, sink: &mut impl Sink) -> bool {
        self.generate_moves::<false>(sink)
    }

    /// The legal captures (with their promotion choices) into `sink`.
    pub(super) fn generate_captures(&self, sink: &mut impl Sink) -> bool {
        self.generate_moves::<true>(sink)
    }

    fn generate_moves<const CAPTURES: bool>(&self, sink: &mut impl Sink) -> bool {
        let me = self.side as usize;
        let them = 1 - me;
        let own = self.occ[me];
        let all = own | self.occ[them];
        // Under royal=capture every move is legal: no test of the king's safety at all.
        let royal_safety = !self.rules.king_capture();
        let pinned = if self.in_check || !royal_safety {
            0
        } else {
            self.pinned(me)
        };
        for from in Squares(own) {
            let kind = kind_of(self.board[from]);
            let is_king = kind == KING;
            let test = royal_safety && (is_king || self.in_check || pinned & bit(from) != 0);
            let ranges = &RANGE[me][kind as usize];
            let jumps = JUMP_DIRS[me][kind as usize];
            let try_target = |to: usize, sink: &mut _| -> bool {
                if CAPTURES && all & bit(to) == 0 {
                    return false;
                }
                if test && !self.safe_after(me, from, to, is_king) {
                    return false;
                }
                self.emit(me, kind, from, to, sink)
            };
            for dir in 0..8 {
                let r = ranges[dir];
                if r > 0 {
                    let n = (r as usize).min(RAYS.len[from][dir] as usize);
                    for &to in &RAYS.squares[from][dir][..n] {
                        let to = to as usize;
                        if own & bit(to) != 0 {
                            break;
                        }
                        if try_target(to, sink) {
                            return true;
                        }
                        if all & bit(to) != 0 {
                            break;
                        }
                    }
                }
                if jumps & (1 << dir) != 0 {
                    let j = JUMP2[from][dir];
                    if j != NONE && own & bit(j as usize) == 0 && try_target(j as usize, sink) {
                        return true;
                    }
                }
            }
            if NARROW_KNIGHT_KIND[kind as usize] {
                for &j in &NARROW_KNIGHT[from] {
                    if j != NONE && own & bit(j as usize) == 0 && try_target(j as usize, sink) {
                        return true;
                    }
                }
            }
        }
        if self.rules.drops && !CAPTURES {
            return self.generate_drops(me, all, sink);
        }
        false
    }

    fn generate_drops(&self, me: usize, all: u128, sink: &mut impl Sink) -> bool {
        let hand = &self.hands[me];
        if hand.iter().all(|&n| n == 0) {
            return false;
        }
        let mut empty = BOARD & !all;
        if self.in_check && !self.rules.king_capture() {
            // Only a drop that blocks a slide can help: the same squares for every type.
            let k = self.kings[me] as usize;
            let mut blocking = 0;
            for sq in Squares(empty) {
                if !self.attacked_with(k, 1 - me, all | bit(sq), self.occ[1 - me]) {
                    blocking |= bit(sq);
                }
            }
            empty = blocking;
        }
        if empty == 0 {
            return false;
        }
        for t in (0..HAND_TYPES as u8).rev() {
            if hand[t as usize] == 0 {
                continue;
            }
            let mut targets = empty & !DEAD[me][t as usize];
            if t == PAWN {
                for f in 0..SIZE {
                    if self.pawns[me] & FILE_MASK[f] != 0 {
                        targets &= !FILE_MASK[f];
                    }
                }
                if let Some(sq) = self.pawn_mate_square(me, targets) {
                    targets &= !bit(sq);
                }
            }
            for to in Squares(targets) {
                if sink.visit(WaMove::drop(t, to)) {
                    return true;
                }
            }
        }
        false
    }

    /// The square where a Sparrow Pawn drop would give check, if that drop would also mate
    /// (打ち歩詰め, forbidden).
    fn pawn_mate_square(&self, me: usize, targets: u128) -> Option<usize> {
        let k = self.kings[1 - me] as usize;
        let sq = if me == 0 {
            k.checked_sub(SIZE)?
        } else {
            let s = k + SIZE;
            if s >= SIZE * SIZE {
                return None;
            }
            s
        };
        if targets & bit(sq) == 0 {
            return None;
        }
        // Mate in the shogi sense, under either royal rule: no reply leaves the king safe.
        let mut child = self.clone();
        child.rules.royal = Royal::Checkmate;
        child.make(WaMove::drop(PAWN, sq));
        let mut any = Any(false);
        child.generate(&mut any);
        (!any.0).then_some(sq)
    }

    /// Whether the side to move has a legal move (stops at the first one).
    pub(super) fn has_legal_move(&self) -> bool {
        let mut any = Any(false);
        self.generate(&mut any);
        any.0
    }

    /// The squares the piece on `sq` attacks (own pieces included): steps and jumps from the
    /// table, slides up to and including the first piece.
    #[inline]
    pub(super) fn attack_set(&self, player: usize, kind: usize, sq: usize, occupied: u128) -> u128 {
        let mut att = STEP_TARGETS[player][kind][sq];
        let mut far = FAR_DIRS[player][kind];
        while far != 0 {
            let dir = far.trailing_zeros() as usize;
            far &= far - 1;
            let ray = RAYS.mask[sq][dir];
            att |= match first_along(sq, dir, occupied) {
                Some(b) => ray & !RAYS.mask[b][dir],
                None => ray,
            };
        }
        let mut short = SHORT_SLIDE_DIRS[player][kind];
        while short != 0 {
            let dir = short.trailing_zeros() as usize;
            short &= short - 1;
            let n = (RANGE[player][kind][dir] as usize).min(RAYS.len[sq][dir] as usize);
            for &t in &RAYS.squares[sq][dir][..n] {
                att |= bit(t as usize);
                if occupied & bit(t as usize) != 0 {
                    break;
                }
            }
        }
        att
    }

    /// For `player`: pseudo-legal board moves (promotion choices counted once), and attacks on
    /// the squares next to the enemy king. Mobility and king safety for the evaluation.
    pub(super) fn activity(&self, player: usize) -> (u32, u32) {
        let own = self.occ[player];
        let all = own | self.occ[1 - player];
        let zone = NEAR1[self.kings[1 - player] as usize];
        let (mut moves, mut near_king) = (0, 0);
        for from in Squares(own) {
            let kind = kind_of(self.board[from]) as usize;
            let att = self.attack_set(player, kind, from, all);
            moves += (att & !own).count_ones();
            near_king += (att & zone).count_ones();
        }
        (moves, near_king)
    }
}
