//! Evaluation features for Wa shogi, each "mine minus the opponent's" from one player's view:
//! material by kind on the board (30 kinds, named after the piece), material in hand by type
//! (`hand_*`, zero without drops), mobility (pseudo-legal board moves), king shelter (own pieces
//! next to the own king), king attack (attacks on the squares next to the enemy king),
//! Sparrow Pawn advance, and a rank term by kind (`advance_*`: each piece's ranks forward of its
//! own back rank; the king's too): a piece-square table with one dimension, 0 by default and fitted
//! by `boardlab tune texel` (results/tune/washogi-gen1/). Weights are centipawns (a Sparrow Pawn
//! on the board is 100); engine files override them by name.

use std::sync::OnceLock;

use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::PlayerId;

use super::geometry::{bit, rank_of, Squares, NEAR1, SIZE};
use super::pieces::{promoted, HAND_TYPES, KINDS, KING, PAWN, SLUGS, VALUES};
use super::position::{kind_of, owner_of, WaMove, WaShogi};

/// Features after the material ones.
const MOBILITY: usize = KINDS - 1 + HAND_TYPES;
const KING_SHELTER: usize = MOBILITY + 1;
const KING_ATTACK: usize = MOBILITY + 2;
const PAWN_ADVANCE: usize = MOBILITY + 3;
/// `advance_<kind>` for every kind but the Sparrow Pawn (it has `pawn_advance`), the king's last.
const KIND_ADVANCE: usize = MOBILITY + 4;
const FEATURES: usize = KIND_ADVANCE + KINDS - 1;

/// Index of a kind's rank feature (the Sparrow Pawn has none: `pawn_advance` is its).
#[inline]
const fn advance_index(kind: u8) -> usize {
    KIND_ADVANCE + kind as usize - 1
}

/// Index of a kind's material feature (the king has none).
#[inline]
const fn material_index(kind: u8) -> usize {
    if kind < KING {
        kind as usize
    } else {
        kind as usize - 1
    }
}

fn names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut v: Vec<&'static str> = Vec::with_capacity(FEATURES);
        for (k, slug) in SLUGS.iter().enumerate() {
            if k != KING as usize {
                v.push(slug);
            }
        }
        for slug in SLUGS.iter().take(HAND_TYPES) {
            v.push(Box::leak(format!("hand_{slug}").into_boxed_str()));
        }
        v.extend(["mobility", "king_shelter", "king_attack", "pawn_advance"]);
        for slug in SLUGS.iter().skip(1) {
            v.push(Box::leak(format!("advance_{slug}").into_boxed_str()));
        }
        v
    })
}

impl Evaluate for WaShogi {
    fn feature_names() -> &'static [&'static str] {
        names()
    }
    fn default_weights() -> Vec<f64> {
        let mut w = Vec::with_capacity(FEATURES);
        for (k, &v) in VALUES.iter().enumerate() {
            if k != KING as usize {
                w.push(v);
            }
        }
        // A piece in hand can go anywhere: worth a little more than on the board.
        w.extend(VALUES.iter().take(HAND_TYPES).map(|v| v * 1.1));
        w.extend([2.0, 8.0, 5.0, 3.0]);
        // The rank terms start at 0: the hand-set evaluation had none.
        w.extend(std::iter::repeat_n(0.0, KINDS - 1));
        w
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        out.resize(FEATURES, 0.0);
        let sign = |p: usize| if p == player { 1.0 } else { -1.0 };
        for sq in Squares(self.occupied(0) | self.occupied(1)) {
            let c = self.board[sq];
            let kind = kind_of(c);
            let owner = owner_of(c);
            if kind != KING {
                out[material_index(kind)] += sign(owner);
            }
            let advance = if owner == 0 {
                rank_of(sq)
            } else {
                SIZE - 1 - rank_of(sq)
            };
            if kind == PAWN {
                out[PAWN_ADVANCE] += sign(owner) * advance as f64;
            } else {
                out[advance_index(kind)] += sign(owner) * advance as f64;
            }
        }
        if self.rules.drops {
            for p in 0..2 {
                for t in 0..HAND_TYPES {
                    out[KINDS - 1 + t] += sign(p) * self.hands[p][t] as f64;
                }
            }
        }
        let me = player;
        let them = 1 - me;
        let (my_moves, my_attacks) = self.activity(me);
        let (their_moves, their_attacks) = self.activity(them);
        out[MOBILITY] = my_moves as f64 - their_moves as f64;
        out[KING_ATTACK] = my_attacks as f64 - their_attacks as f64;
        let shelter =
            |p: usize| (self.occupied(p) & NEAR1[self.king_square(p)]).count_ones() as f64;
        out[KING_SHELTER] = shelter(me) - shelter(them);
    }
}

impl SearchHints for WaShogi {
    /// In check the static evaluation means little: quiescence searches every evasion. Under
    /// royal=capture every move is an "evasion" (none is refused), so quiescence keeps to
    /// captures there: a king left attacked is taken by the next capture searched.
    fn is_quiet(&self) -> bool {
        !self.in_check() || self.rules.king_capture()
    }
    /// Captures.
    fn is_noisy(&self, mv: WaMove) -> bool {
        !mv.is_drop() && self.occupied(1 - self.side()) & bit(mv.to()) != 0
    }
    fn noisy_moves(&self, moves: &mut crate::game::MoveList<WaMove>) {
        if self.ending.is_none() {
            self.generate_captures(&mut super::movegen::Collect(moves));
        }
    }
    /// Captures by victim value less a little of the attacker's, then promotions by gain.
    fn order_hint(&self, mv: WaMove) -> i32 {
        let Some(from) = mv.from() else {
            return 0;
        };
        let kind = kind_of(self.board[from]);
        let mut hint = 0;
        let victim = self.board[mv.to()];
        if victim != 0 && kind_of(victim) == KING {
            return 1_000_000; // royal=capture: taking the king ends the game
        }
        if victim != 0 {
            hint += 1000 + 4 * VALUES[kind_of(victim) as usize] as i32
                - VALUES[kind as usize] as i32 / 8;
        }
        if mv.promotes() {
            if let Some(p) = promoted(kind) {
                hint += ((VALUES[p as usize] - VALUES[kind as usize]) / 2.0).max(1.0) as i32;
            }
        }
        hint
    }
}

impl PlayoutPolicy for WaShogi {}

impl Backends for WaShogi {}
