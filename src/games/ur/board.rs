//! The board as route masks, shared by the game and the solver so both follow one rule text.
//!
//! Each side walks its own route of 14 squares, numbered 1..=14: 1-4 are its private squares,
//! 5-12 the shared middle row (route square k is the same physical square for both sides),
//! 13-14 private again; 0 is the home (pieces not yet entered) and 15 is off the board.
//! A side is a 16-bit mask of the route squares its pieces stand on plus how many are off.
//! Rosettes stand on route squares 4, 8 (the central, shared one) and 14.

use super::rules::{Hit, UrRules};

/// Route square number of "off the board".
pub const OFF: u8 = 15;
/// Route squares holding rosettes.
pub const ROSETTES: u16 = (1 << 4) | (1 << 8) | (1 << 14);
/// Route squares 5..=12, shared by both sides.
pub const SHARED: u16 = 0x1FE0;
/// Stick rolls 0..=4 with weights out of 16 (four binary lots).
pub const ROLL_WEIGHTS: [u32; 5] = [1, 4, 6, 4, 1];

pub fn roll_probability(roll: u8) -> f64 {
    ROLL_WEIGHTS[roll as usize] as f64 / 16.0
}

pub fn is_rosette(square: u8) -> bool {
    square < 16 && ROSETTES & (1 << square) != 0
}

/// One side's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Side {
    /// Bit k set: a piece on route square k (1..=14).
    pub mask: u16,
    /// Pieces borne off.
    pub off: u8,
}

impl Side {
    pub fn on_board(self) -> u8 {
        self.mask.count_ones() as u8
    }
    /// Pieces still at home, given the pieces a side has.
    pub fn home(self, pieces: u8) -> u8 {
        pieces - self.on_board() - self.off
    }
    pub fn has(self, square: u8) -> bool {
        self.mask & (1 << square) != 0
    }
}

/// A legal piece move: where from (0 = home), where to (15 = off), and its effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub from: u8,
    pub to: u8,
    /// The landing square was occupied (an enemy piece, or one's own under `own=hit`).
    pub hit: bool,
    /// Landed on a (free) rosette: the same side rolls again.
    pub again: bool,
}

/// The move of the piece on `from` (0 = one from home) by `roll` (1..=4), if legal.
#[inline]
pub fn step(rules: &UrRules, own: Side, opp: Side, from: u8, roll: u8) -> Option<Step> {
    if from == 0 {
        if own.home(rules.pieces) == 0 {
            return None;
        }
    } else if !own.has(from) {
        return None;
    }
    let mut to = from + roll;
    if to >= OFF {
        if to > OFF && rules.exact_exit {
            return None;
        }
        to = OFF;
        return Some(Step {
            from,
            to,
            hit: false,
            again: false,
        });
    }
    let bit = 1u16 << to;
    let own_there = own.mask & bit != 0;
    let opp_there = opp.mask & bit & SHARED != 0;
    if ROSETTES & bit != 0 {
        // Every rosette protects its occupant: landing on an occupied rosette is not a move.
        if own_there || opp_there {
            return None;
        }
        return Some(Step {
            from,
            to,
            hit: false,
            again: true,
        });
    }
    if own_there && !rules.own_hit {
        return None;
    }
    Some(Step {
        from,
        to,
        hit: own_there || opp_there,
        again: false,
    })
}

/// Applies a legal step to the two sides.
#[inline]
pub fn apply(rules: &UrRules, own: &mut Side, opp: &mut Side, s: Step) {
    if s.from != 0 {
        own.mask &= !(1 << s.from);
    }
    if s.to == OFF {
        own.off += 1;
        return;
    }
    let bit = 1u16 << s.to;
    if s.hit && rules.hit == Hit::Mover {
        // The moving piece goes home; the occupant stays.
        return;
    }
    // The occupant (if any) goes home: an enemy leaves its mask; one's own piece is replaced
    // by the mover, so the square stays set.
    opp.mask &= !(bit & SHARED);
    own.mask |= bit;
}

/// Every square a piece could move from (0 for home when a piece waits there), in order.
#[inline]
pub fn sources(rules: &UrRules, own: Side) -> impl Iterator<Item = u8> {
    let home = own.home(rules.pieces) > 0;
    let mask = own.mask;
    (0u8..15).filter(move |&sq| if sq == 0 { home } else { mask & (1 << sq) != 0 })
}
