//! The checkers. Each side is counted on its own point numbers, as players speak of them: point
//! 1..=24 (its home board is 1..=6, it moves from 24 towards 1), index 25 its bar, index 0 the
//! checkers it has borne off. A side's point p is the opponent's point 25 - p.

/// One side's checkers: `[off, point 1, ..., point 24, bar]`.
pub type Side = [u8; 26];

pub const CHECKERS: u8 = 15;
pub const BAR: usize = 25;
pub const OFF: usize = 0;

/// The starting position of one side: two on its 24-point, five on 13, three on 8, five on 6.
pub const START: Side = {
    let mut s = [0u8; 26];
    s[24] = 2;
    s[13] = 5;
    s[8] = 3;
    s[6] = 5;
    s
};

/// The opponent's checkers on my point `p` (1..=24).
#[inline]
pub fn opp_at(opp: &Side, p: usize) -> u8 {
    opp[25 - p]
}

/// Pips to bear everything off: point number per checker, 25 for the bar.
pub fn pip_count(side: &Side) -> u32 {
    (1..=25).map(|p| p as u32 * side[p] as u32).sum()
}

/// Checkers still on the board or the bar.
pub fn on_board(side: &Side) -> u8 {
    (1..=25).map(|p| side[p]).sum()
}

/// Every checker of the side is in its home board (or off): bearing off is allowed.
#[inline]
pub fn all_home(side: &Side) -> bool {
    side[7..=25].iter().all(|&c| c == 0)
}

/// The highest point (25 = bar) holding a checker of the side, 0 when all are off.
#[inline]
pub fn highest(side: &Side) -> usize {
    (1..=25).rev().find(|&p| side[p] > 0).unwrap_or(0)
}

/// No contact: every checker of each side has passed every checker of the other, so the game
/// is a pure race.
pub fn is_race(me: &Side, opp: &Side) -> bool {
    // My rearmost checker (highest point) must be below the opponent's rearmost checker seen
    // from my side (its lowest point in my numbering is 25 - its highest own point).
    let mine = highest(me);
    let theirs = highest(opp);
    mine == 0 || theirs == 0 || mine + theirs < 25
}

/// How a finished game counts for the winner: 1 single, 2 gammon (loser has borne nothing off),
/// 3 backgammon (and the loser still has a checker on the bar or in the winner's home board).
pub fn win_kind(loser: &Side) -> u8 {
    if loser[OFF] > 0 {
        1
    } else if loser[BAR] > 0 || loser[19..=24].iter().any(|&c| c > 0) {
        3
    } else {
        2
    }
}

/// A side's checkers are a legal set: at most 15 in all, at most 15 per point.
pub fn total(side: &Side) -> u32 {
    side.iter().map(|&c| c as u32).sum()
}
