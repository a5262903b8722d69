//! The two boards as bit layouts. Squares are numbered 0.. from the top row down, left to
//! right, as PDN numbers them (square 0 is PDN 1, the second square of the top row), with the
//! first player's men at the bottom moving up. One ghost bit after every two rows makes the four
//! diagonal neighbours constant shifts: up-right `-W`, up-left `-(W+1)`, down-left `+W`,
//! down-right `+(W+1)`, where `W` is the number of playable squares in a row; a step off the
//! board lands on a ghost bit or outside the board mask.

use std::fmt::Debug;
use std::hash::Hash;

use super::game::Position;
use super::rules::VariantRules;
use crate::game::bindings::Bindings;

/// A board size: 10x10 (international draughts) or 8x8 (checkers).
pub trait Geometry:
    Copy + Clone + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static
{
    const ID: &'static str;
    const NAME: &'static str;
    /// Squares a side (10 or 8).
    const SIZE: u32;
    /// Playable squares in a row (5 or 4).
    const W: u32;
    /// Playable squares in all (50 or 32).
    const SQUARES: u32 = Self::SIZE * Self::W;
    /// Whether external square numbers count from the other end (8x8: the English numbering,
    /// where the first player's men stand on 1-12).
    const ROTATED: bool;
    /// Rows of men each side starts with (4 or 3).
    const START_ROWS: u32;
    /// The bit of every playable square.
    const ALL: u64 = all_mask(Self::W, Self::SIZE * Self::W);
    /// The top row (the first player's promotion row).
    const TOP: u64 = row_mask(Self::W, 0);
    /// The bottom row (the second player's promotion row).
    const BOTTOM: u64 = row_mask(Self::W, Self::SIZE - 1);
    /// The rules of `Default`.
    fn default_rules() -> VariantRules;
    /// The rules of `preset=seed`: the game as its source text states it on this board.
    fn seed_rules() -> VariantRules;
    /// The protocols and peer programs this board's game speaks (`Game::bindings`): Hub for
    /// international draughts (`hub.rs`), GuiNN for checkers (`guinn.rs`).
    fn bindings<V: Bindings<Position<Self>>>(_visit: &mut V) {}
}

/// The bit of square index `s` (0-based): one ghost bit after every two rows.
pub const fn bit_index(w: u32, s: u32) -> u32 {
    s + s / (2 * w)
}

const fn all_mask(w: u32, squares: u32) -> u64 {
    let mut m = 0u64;
    let mut s = 0;
    while s < squares {
        m |= 1u64 << bit_index(w, s);
        s += 1;
    }
    m
}

const fn row_mask(w: u32, row: u32) -> u64 {
    let mut m = 0u64;
    let mut c = 0;
    while c < w {
        m |= 1u64 << bit_index(w, row * w + c);
        c += 1;
    }
    m
}

/// The square index (0-based) of a bit index.
#[inline]
pub fn square_of_bit<G: Geometry>(b: u32) -> u32 {
    b - b / (2 * G::W + 1)
}

/// External square number (PDN) of a bit index.
pub fn number_of_bit<G: Geometry>(b: u32) -> u32 {
    let s = square_of_bit::<G>(b);
    if G::ROTATED {
        G::SQUARES - s
    } else {
        s + 1
    }
}

/// Bit index of an external square number, if it is on the board.
pub fn bit_of_number<G: Geometry>(n: u32) -> Option<u32> {
    if n == 0 || n > G::SQUARES {
        return None;
    }
    let s = if G::ROTATED { G::SQUARES - n } else { n - 1 };
    Some(bit_index(G::W, s))
}

/// Row (0 = top) and physical column (0 = left) of a bit index, in the internal orientation
/// (first player at the bottom).
pub fn row_col<G: Geometry>(b: u32) -> (u32, u32) {
    square_row_col(G::W, square_of_bit::<G>(b))
}

/// Row and physical column of square index `s` on a board of `w` playable squares a row: the
/// playable squares are the odd columns of even rows and the even columns of odd rows. (A
/// `const fn`, so the evaluation's square tables are built from the same rule.)
pub const fn square_row_col(w: u32, s: u32) -> (u32, u32) {
    let (row, c) = (s / w, s % w);
    let col = if row % 2 == 0 { 2 * c + 1 } else { 2 * c };
    (row, col)
}

/// Shifts a set of squares one diagonal step (`d` as above), dropping steps off the board.
#[inline(always)]
pub fn shift<G: Geometry>(b: u64, d: i32) -> u64 {
    if d > 0 {
        (b << d) & G::ALL
    } else {
        (b >> (-d)) & G::ALL
    }
}

/// The four diagonal directions.
#[inline(always)]
pub fn directions<G: Geometry>() -> [i32; 4] {
    let w = G::W as i32;
    [-w, -(w + 1), w, w + 1]
}

/// The two forward directions of `player` (0 moves up, 1 moves down).
#[inline(always)]
pub fn forward<G: Geometry>(player: usize) -> [i32; 2] {
    let w = G::W as i32;
    if player == 0 {
        [-w, -(w + 1)]
    } else {
        [w, w + 1]
    }
}

/// The 10x10 board of international draughts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ten;

/// The 8x8 board of checkers and its national variants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Eight;

impl Geometry for Ten {
    const ID: &'static str = "draughts";
    const NAME: &'static str = "International draughts 10x10";
    const SIZE: u32 = 10;
    const W: u32 = 5;
    const ROTATED: bool = false;
    const START_ROWS: u32 = 4;
    fn default_rules() -> VariantRules {
        VariantRules::INTERNATIONAL
    }
    fn seed_rules() -> VariantRules {
        VariantRules::SEED_TEN
    }
    fn bindings<V: Bindings<Position<Self>>>(visit: &mut V) {
        visit.hub();
    }
}

impl Geometry for Eight {
    const ID: &'static str = "checkers";
    const NAME: &'static str = "Checkers 8x8";
    const SIZE: u32 = 8;
    const W: u32 = 4;
    const ROTATED: bool = true;
    const START_ROWS: u32 = 3;
    fn default_rules() -> VariantRules {
        VariantRules::ENGLISH
    }
    fn seed_rules() -> VariantRules {
        VariantRules::SEED_EIGHT
    }
    fn bindings<V: Bindings<Position<Self>>>(visit: &mut V) {
        visit.guinn();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn neighbours<G: Geometry>() {
        // The four shifts of a square reach exactly its on-board diagonal neighbours.
        let at = |r: i32, c: i32| -> Option<u64> {
            (0..G::SQUARES)
                .map(|s| bit_index(G::W, s))
                .find(|&b| row_col::<G>(b) == (r as u32, c as u32) && r >= 0 && c >= 0)
                .map(|b| 1u64 << b)
        };
        for s in 0..G::SQUARES {
            let b = bit_index(G::W, s);
            let (r, c) = row_col::<G>(b);
            let mut expected = 0u64;
            for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                expected |= at(r as i32 + dr, c as i32 + dc).unwrap_or(0);
            }
            let mut got = 0u64;
            for d in directions::<G>() {
                let t = shift::<G>(1u64 << b, d);
                assert!(t.count_ones() <= 1);
                got |= t;
            }
            assert_eq!(got, expected, "square {s}");
        }
    }

    #[test]
    fn diagonal_steps_stay_on_the_board() {
        neighbours::<Ten>();
        neighbours::<Eight>();
    }

    #[test]
    fn numbering_round_trips() {
        for n in 1..=50 {
            assert_eq!(number_of_bit::<Ten>(bit_of_number::<Ten>(n).unwrap()), n);
        }
        for n in 1..=32 {
            assert_eq!(
                number_of_bit::<Eight>(bit_of_number::<Eight>(n).unwrap()),
                n
            );
        }
        assert_eq!(bit_of_number::<Ten>(51), None);
        assert_eq!(Ten::ALL.count_ones(), 50);
        assert_eq!(Eight::ALL.count_ones(), 32);
    }
}
