//! The opening phase as moves of the game: the opener's first three stones, the swap decisions,
//! Swap2's extra two stones, and RIF's two fifth-move offers with white's pick. Each step is a
//! decision node of the contract, so every engine and the arena play it like any other move.

use super::board::Board;
use super::rules::Opening;

/// Special moves of the opening (points are 0..361).
pub const SWAP: u16 = 1000;
pub const KEEP: u16 = 1001;
/// Swap2: put two more stones and let the opener choose the colour.
pub const PLACE2: u16 = 1002;

/// Where the game stands besides the stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The side to move puts a stone.
    Play,
    /// The opener puts stone number n + 1 of the opening (black, white, black).
    Opening(u8),
    /// RIF: after three stones the other player swaps colours or keeps white.
    SwapChoice,
    /// Swap2: after three stones the other player swaps, keeps white, or puts two more stones.
    Swap2Choice,
    /// Swap2: the other player's extra stones (white, then black).
    Place2(u8),
    /// Swap2 after the extra stones: the opener chooses the colour.
    ColourChoice,
    /// RIF: black offers a fifth move (the first, or the second after the first).
    Offer(Option<u16>),
    /// RIF: white keeps one of black's two offers.
    Pick(u16, u16),
    /// `rule=replace`: the side to move, who just made a five, chooses an enemy stone to replace.
    Replace,
}

impl Step {
    /// The step a position with `stones` stones and no phase marker is in.
    pub fn implied(opening: Opening, stones: usize) -> Step {
        match opening {
            Opening::Rif | Opening::Swap2 if stones < 3 => Step::Opening(stones as u8),
            Opening::Centre if stones == 0 => Step::Opening(0),
            _ => Step::Play,
        }
    }

    /// Whether the opener (seat 0, black before any swap) rather than the colour to move decides.
    pub fn opener_decides(self) -> bool {
        matches!(self, Step::Opening(_) | Step::ColourChoice)
    }

    /// Whether tentative white (seat 1) decides.
    pub fn second_decides(self) -> bool {
        matches!(self, Step::SwapChoice | Step::Swap2Choice | Step::Place2(_))
    }

    pub fn code(self) -> u64 {
        match self {
            Step::Play => 0,
            Step::Opening(n) => 1 + n as u64,
            Step::SwapChoice => 10,
            Step::Swap2Choice => 11,
            Step::Place2(n) => 12 + n as u64,
            Step::ColourChoice => 15,
            Step::Offer(None) => 16,
            Step::Offer(Some(a)) => 17 + 400 * (a as u64 + 1),
            Step::Pick(a, b) => 18 + 400 * (a as u64 + 1) + 400 * 400 * (b as u64 + 1),
            Step::Replace => 19,
        }
    }
}

/// The points allowed for the opener's stone number `n + 1` under `opening` (RIF: the centre,
/// then within the 3x3 and the 5x5 around it; Centre: the centre; Swap2: anywhere).
pub fn opening_area(opening: Opening, board: &Board, n: u8, p: usize) -> bool {
    let size = board.size();
    let c = size / 2;
    let (f, r) = board.file_rank(p);
    let dist = f.abs_diff(c).max(r.abs_diff(c));
    match opening {
        Opening::Rif => match n {
            0 => dist == 0,
            1 => dist <= 1,
            _ => dist <= 2,
        },
        Opening::Centre => dist == 0,
        _ => true,
    }
}

/// The eight symmetries of the square board applied to (file, rank).
fn transform(size: usize, t: usize, f: usize, r: usize) -> (usize, usize) {
    let m = size - 1;
    let (f, r) = if t & 4 != 0 { (r, f) } else { (f, r) };
    let f = if t & 1 != 0 { m - f } else { f };
    let r = if t & 2 != 0 { m - r } else { r };
    (f, r)
}

/// The symmetries that map the stones of `board` onto themselves (colour for colour).
fn symmetries(board: &Board) -> Vec<usize> {
    let n = board.size();
    (0..8)
        .filter(|&t| {
            (0..board.cells()).all(|p| {
                let (f, r) = board.file_rank(p);
                let (tf, tr) = transform(n, t, f, r);
                board.at(p) == board.at(board.point(tf, tr))
            })
        })
        .collect()
}

/// Whether a second offer `b` is symmetric to the first offer `a` on `board` (RIF refuses it:
/// the two offers must lead to different positions).
pub fn symmetric_offer(board: &Board, a: usize, b: usize) -> bool {
    let n = board.size();
    let (af, ar) = board.file_rank(a);
    symmetries(board).into_iter().any(|t| {
        let (f, r) = transform(n, t, af, ar);
        board.point(f, r) == b
    })
}

/// The second offers allowed after `a`: empty, not `a`, not symmetric to `a`. On a board where
/// every empty point is symmetric to `a` (only tiny boards), any other empty point is allowed.
pub fn second_offers(board: &Board, a: usize) -> Vec<usize> {
    let empties: Vec<usize> = (0..board.cells())
        .filter(|&p| p != a && board.is_empty(p))
        .collect();
    let syms = symmetries(board);
    let n = board.size();
    let (af, ar) = board.file_rank(a);
    let images: Vec<usize> = syms
        .iter()
        .map(|&t| {
            let (f, r) = transform(n, t, af, ar);
            board.point(f, r)
        })
        .collect();
    let allowed: Vec<usize> = empties
        .iter()
        .copied()
        .filter(|p| !images.contains(p))
        .collect();
    if allowed.is_empty() {
        empties
    } else {
        allowed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gomoku::board::{BLACK, WHITE};

    #[test]
    fn the_26_openings_are_the_third_stones_in_the_5x5() {
        // Direct (h9) and diagonal (i9) second stones: 13 classes of third stones each.
        for second in [(7, 8), (8, 8)] {
            let mut b = Board::new(15);
            b.put(BLACK, b.point(7, 7));
            b.put(WHITE, b.point(second.0, second.1));
            let mut classes: Vec<Vec<usize>> = Vec::new();
            for p in 0..b.cells() {
                if !b.is_empty(p) || !opening_area(Opening::Rif, &b, 2, p) {
                    continue;
                }
                if !classes.iter().any(|c| symmetric_offer(&b, c[0], p)) {
                    classes.push(vec![p]);
                }
            }
            assert_eq!(classes.len(), 13);
        }
    }

    #[test]
    fn symmetric_fifth_moves_are_refused() {
        // Centre, h9, h10 (a direct opening symmetric about the h file), and white's i8.
        let mut b = Board::new(15);
        b.put(BLACK, b.point(7, 7));
        b.put(WHITE, b.point(7, 8));
        b.put(BLACK, b.point(7, 9));
        assert!(symmetric_offer(&b, b.point(5, 5), b.point(9, 5)));
        assert!(!symmetric_offer(&b, b.point(5, 5), b.point(9, 6)));
        b.put(WHITE, b.point(8, 7));
        assert!(!symmetric_offer(&b, b.point(5, 5), b.point(9, 5)));
        assert_eq!(second_offers(&b, b.point(5, 5)).len(), 15 * 15 - 4 - 1);
    }
}
