//! Renju's forbidden points for black (RIF rules): overline, double four, double three, with a
//! five made by the move winning whatever else it makes. A three counts only if one of its
//! straight-four points is itself allowed for black, asked recursively with the stones placed so
//! far (so a three whose only extension is forbidden is no three, and a double three made of such
//! a three is allowed). The order of the questions and the treatment of a straight-four point
//! that would make a five (the three does not count: one more stone there makes a five, not a
//! straight four) follow the referee of Piskvork, which the differential test compares against
//! point by point (scripts/crosscheck/gomoku_forbidden.py).

use super::board::{Board, BLACK};
use super::patterns;

/// Why a point is forbidden for black, numbered as Piskvork and PyPI `renju` number them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Foul {
    DoubleThree = 1,
    DoubleFour = 2,
    Overline = 3,
}

impl Foul {
    pub fn name(self) -> &'static str {
        match self {
            Foul::DoubleThree => "double-three",
            Foul::DoubleFour => "double-four",
            Foul::Overline => "overline",
        }
    }
}

/// The foul black would commit by playing the empty point `p`, if any.
pub fn foul(board: &Board, p: usize) -> Option<Foul> {
    debug_assert!(board.is_empty(p));
    let mut b = *board;
    match check(&mut b, p, false) {
        1 => Some(Foul::DoubleThree),
        2 => Some(Foul::DoubleFour),
        3 => Some(Foul::Overline),
        _ => None,
    }
}

/// 0 when black may play `p`, else the foul's number. `nested`: asked for a straight-four point
/// of a three, where a five also disqualifies the point (returned as 1).
fn check(b: &mut Board, p: usize, nested: bool) -> u8 {
    let mut pats = [patterns::Pattern::default(); 4];
    for (dir, pat) in pats.iter_mut().enumerate() {
        let (own, blocked) = b.window(BLACK, dir, p);
        *pat = patterns::lookup(true, own, blocked);
    }
    if pats.iter().any(|q| q.five()) {
        return nested as u8;
    }
    if pats.iter().any(|q| q.overline()) {
        return 3;
    }
    if pats.iter().map(|q| q.fours()).sum::<u32>() >= 2 {
        return 2;
    }
    if pats.iter().filter(|q| q.three_points() != 0).count() < 2 {
        return 0;
    }
    b.put(BLACK, p);
    let mut threes = 0;
    for (dir, pat) in pats.iter().enumerate() {
        let mut points = pat.three_points();
        while points != 0 {
            let bit = points.trailing_zeros() as i32;
            points &= points - 1;
            let q = b
                .step(p, dir, bit - 3)
                .expect("three points are on the board");
            if check(b, q, true) == 0 {
                threes += 1;
                break;
            }
        }
        if threes >= 2 {
            break;
        }
    }
    b.remove(BLACK, p);
    if threes >= 2 {
        1
    } else {
        0
    }
}

/// Every empty point black may not play, with its foul, in point order.
pub fn all_fouls(board: &Board) -> Vec<(usize, Foul)> {
    (0..board.cells())
        .filter(|&p| board.is_empty(p))
        .filter_map(|p| foul(board, p).map(|f| (p, f)))
        .collect()
}
