//! Jungle move generation: steps of one square (into the water for the rat only), the lion's and
//! tiger's jumps across a river, and in the drop variant drops from hand and exchanges of equal
//! animals. One generator with an early exit serves both listing and "has a move".

use crate::game::PlayerId;

use super::board::{
    can_capture, is_trap_of, is_water, step, Animal, CaptureRule, Piece, ANIMALS, DEN, DIRECTIONS,
    SQUARES,
};
use super::rules::{EqualMeet, Exchange, JumpCapture, JungleRules};

/// `last_to` when no piece just moved (an exchange, or the start).
pub const NO_SQUARE: u8 = u8::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JungleMove {
    /// A step or a jump, capturing whatever enemy piece stands on `to`.
    Step { from: u8, to: u8 },
    /// A piece from hand onto the empty square `to`.
    Drop { animal: Animal, to: u8 },
    /// The mover's piece on `own` and the equal enemy piece beside it on `other` both leave the
    /// board for the mover's hand.
    Exchange { own: u8, other: u8 },
}

/// What the generator looks at.
pub struct View<'a> {
    pub board: &'a [u8; SQUARES],
    pub hands: &'a [[u8; 8]; 2],
    pub side: PlayerId,
    pub last_to: u8,
    pub rules: &'a JungleRules,
}

impl View<'_> {
    #[inline]
    fn piece(&self, sq: usize) -> Option<Piece> {
        Piece::from_code(self.board[sq])
    }
}

/// Calls `f` with every legal move until it returns false; returns false if it was stopped.
pub fn for_each_move(v: &View, mut f: impl FnMut(JungleMove) -> bool) -> bool {
    let me = v.side;
    let rule = CaptureRule {
        rat_water_capture: v.rules.rat_water_capture,
        elephant_takes_rat: v.rules.elephant_takes_rat,
    };
    for sq in 0..SQUARES {
        let Some(p) = v.piece(sq) else { continue };
        if p.owner != me {
            continue;
        }
        for (d, &dir) in DIRECTIONS.iter().enumerate() {
            let Some(mut to) = step(sq, dir) else {
                continue;
            };
            if to == DEN[me] {
                continue;
            }
            let mut jumped = false;
            if is_water(to) {
                let jumps = match p.animal {
                    Animal::Lion => true,
                    // DIRECTIONS: 0 and 1 are up and down, 2 and 3 sideways.
                    Animal::Tiger => d < 2 || v.rules.tiger_sideways,
                    _ => false,
                };
                if p.animal == Animal::Rat {
                    // Into the water, or onto the enemy rat there from the water.
                } else if jumps {
                    let mut blocked = false;
                    while is_water(to) {
                        if v.board[to] != 0 {
                            blocked = true;
                            break;
                        }
                        to = step(to, dir).expect("rivers are inland");
                    }
                    if blocked {
                        continue;
                    }
                    jumped = true;
                } else {
                    continue;
                }
            }
            let ok = match v.piece(to) {
                None => true,
                Some(q) if q.owner == me => false,
                Some(q) => {
                    can_capture(p, sq, q, to, rule)
                        && !(q.animal == p.animal
                            && ((jumped && v.rules.jump_capture == JumpCapture::Smaller)
                                || (v.rules.drops
                                    && v.rules.equal_meet == EqualMeet::Exchange
                                    && !(is_water(sq) && is_water(to)))))
                }
            };
            if ok
                && !f(JungleMove::Step {
                    from: sq as u8,
                    to: to as u8,
                })
            {
                return false;
            }
        }
    }
    if !v.rules.drops {
        return true;
    }
    let opp = 1 - me;
    for a in ANIMALS {
        if v.hands[me][a as usize] == 0 {
            continue;
        }
        for sq in 0..SQUARES {
            if v.board[sq] != 0 || sq == DEN[0] || sq == DEN[1] {
                continue;
            }
            if is_water(sq) && a != Animal::Rat {
                continue;
            }
            if !v.rules.drop_enemy_traps && is_trap_of(sq, opp) {
                continue;
            }
            if !f(JungleMove::Drop {
                animal: a,
                to: sq as u8,
            }) {
                return false;
            }
        }
    }
    // Exchanges: an own piece beside an equal enemy piece (with `Fresh`, the one just moved).
    let mut pair = |own: usize, other: usize| -> bool {
        match (v.piece(own), v.piece(other)) {
            (Some(a), Some(b)) if a.owner == me && b.owner == opp && a.animal == b.animal => {
                f(JungleMove::Exchange {
                    own: own as u8,
                    other: other as u8,
                })
            }
            _ => true,
        }
    };
    match v.rules.exchange {
        Exchange::Fresh => {
            if v.last_to != NO_SQUARE {
                let other = v.last_to as usize;
                for dir in DIRECTIONS {
                    if let Some(own) = step(other, dir) {
                        if !pair(own, other) {
                            return false;
                        }
                    }
                }
            }
        }
        Exchange::Adjacent => {
            for own in 0..SQUARES {
                if v.board[own] == 0 {
                    continue;
                }
                for dir in DIRECTIONS {
                    if let Some(other) = step(own, dir) {
                        if !pair(own, other) {
                            return false;
                        }
                    }
                }
            }
        }
    }
    true
}
