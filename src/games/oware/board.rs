//! The move rule on twelve houses, shared by the game (`game`) and the endgame database
//! (`database`), so both play exactly the same rules.
//!
//! Houses are numbered in sowing order (counter-clockwise): 0..6 are South's row A-F, 6..12
//! North's row a-f, as OpenSpiel numbers them. `side` 0 is South, 1 North; a side's row is
//! houses `6 * side .. 6 * side + 6`.

use super::rules::{Cycle, GrandSlam, Leftover, OwareRules};

pub const HOUSES: usize = 12;
pub const ROW: usize = 6;
pub type Houses = [u8; HOUSES];

/// The first house of `side`'s row.
#[inline]
pub fn row_start(side: usize) -> usize {
    ROW * side
}

/// The seeds in `side`'s row.
#[inline]
pub fn row_seeds(b: &Houses, side: usize) -> u32 {
    b[row_start(side)..row_start(side) + ROW]
        .iter()
        .map(|&s| s as u32)
        .sum()
}

#[inline]
pub fn board_seeds(b: &Houses) -> u32 {
    b.iter().map(|&s| s as u32).sum()
}

/// Sows the seeds of `house` one a house counter-clockwise; returns the house of the last seed.
#[inline]
pub fn sow(b: &mut Houses, house: usize, skip_origin: bool) -> usize {
    let mut left = b[house];
    b[house] = 0;
    let mut i = house;
    while left > 0 {
        i = if i == HOUSES - 1 { 0 } else { i + 1 };
        if skip_origin && i == house {
            continue;
        }
        b[i] += 1;
        left -= 1;
    }
    i
}

/// The seeds a sowing by `side` that ended in `last` captures: the houses from `last` backwards
/// while they are in the opponent's row and hold 2 or 3 seeds. Also whether that would empty the
/// opponent's row (a grand slam).
#[inline]
pub fn capture_chain(b: &Houses, side: usize, last: usize) -> (u8, bool) {
    let opp = 1 - side;
    if last / ROW != opp {
        return (0, false);
    }
    let lower = row_start(opp);
    let mut taken = 0u32;
    let mut h = last;
    loop {
        let s = b[h];
        if s != 2 && s != 3 {
            break;
        }
        taken += s as u32;
        if h == lower {
            break;
        }
        h -= 1;
    }
    let grand_slam = taken > 0 && taken == row_seeds(b, opp);
    (taken as u8, grand_slam)
}

/// What one move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sowing {
    pub last: usize,
    pub captured: u8,
    /// The chain would have taken the whole row (captured is 0 unless grand slams capture).
    pub grand_slam: bool,
}

/// Plays `side`'s house `house` (absolute index) on `b`: sows, then captures as the rules say.
/// The captured seeds leave the board; the caller credits them.
#[inline]
pub fn play(b: &mut Houses, side: usize, house: usize, rules: &OwareRules) -> Sowing {
    let last = sow(b, house, rules.skip_origin);
    let (chain, grand_slam) = capture_chain(b, side, last);
    let captured = if grand_slam && rules.grand_slam != GrandSlam::Capture {
        0
    } else {
        chain
    };
    if captured > 0 {
        let lower = row_start(1 - side);
        let mut h = last;
        loop {
            let s = b[h];
            if s != 2 && s != 3 {
                break;
            }
            b[h] = 0;
            if h == lower {
                break;
            }
            h -= 1;
        }
    }
    Sowing {
        last,
        captured,
        grand_slam,
    }
}

/// Whether playing `side`'s `house` would be a grand slam.
fn is_grand_slam(b: &Houses, side: usize, house: usize, skip_origin: bool) -> bool {
    let mut copy = *b;
    let last = sow(&mut copy, house, skip_origin);
    capture_chain(&copy, side, last).1
}

/// The legal moves of `side` as a mask over its row (bit i: house `row_start(side) + i`).
/// Zero when the side cannot move. Under `must_feed=false` callers end the game as soon as a row
/// is empty, so they never ask in such a position.
#[inline]
pub fn legal_mask(b: &Houses, side: usize, rules: &OwareRules) -> u8 {
    let start = row_start(side);
    let feed = rules.must_feed && row_seeds(b, 1 - side) == 0;
    let mut mask = 0u8;
    for i in 0..ROW {
        let s = b[start + i] as usize;
        // Feeding needs more seeds than the own houses after this one.
        if s > 0 && (!feed || s > ROW - 1 - i) {
            mask |= 1 << i;
        }
    }
    if rules.grand_slam == GrandSlam::Forbidden && mask != 0 {
        let mut allowed = mask;
        for i in 0..ROW {
            if mask & (1 << i) != 0 && is_grand_slam(b, side, start + i, rules.skip_origin) {
                allowed &= !(1 << i);
            }
        }
        // Only grand slams left: they may be played, and capture nothing.
        if allowed != 0 {
            mask = allowed;
        }
    }
    mask
}

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// A row is empty (`must_feed=false`: the game ends at once).
    RowEmpty,
    /// The side to move has no seeds (`must_feed=true`).
    NoSeeds,
    /// The side to move cannot feed the opponent's empty row (`must_feed=true`).
    Unfed,
    /// The position repeated since the last capture.
    Repetition,
    /// A side has captured more than half of the seeds, or both exactly half.
    Majority,
}

/// Whether the board alone ends the game with `side` to move (no history, no scores).
#[inline]
pub fn board_end(b: &Houses, side: usize, rules: &OwareRules) -> Option<EndReason> {
    if !rules.must_feed {
        if row_seeds(b, 0) == 0 || row_seeds(b, 1) == 0 {
            return Some(EndReason::RowEmpty);
        }
        return None;
    }
    if legal_mask(b, side, rules) != 0 {
        None
    } else if row_seeds(b, side) == 0 {
        Some(EndReason::NoSeeds)
    } else {
        Some(EndReason::Unfed)
    }
}

/// The seeds on the board each side is credited with when the game ends for `reason` with
/// `side` to move.
pub fn end_credit(b: &Houses, side: usize, reason: EndReason, rules: &OwareRules) -> [u32; 2] {
    let own = [row_seeds(b, 0), row_seeds(b, 1)];
    let rule = match reason {
        EndReason::RowEmpty | EndReason::NoSeeds => rules.leftover,
        EndReason::Unfed => rules.unfed,
        EndReason::Repetition => match rules.cycle {
            Cycle::Collect => Leftover::Own,
            Cycle::Split => Leftover::Nobody,
        },
        EndReason::Majority => Leftover::Own,
    };
    let _ = side;
    match rule {
        Leftover::Own => own,
        Leftover::Nobody => [0, 0],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn houses(text: &str) -> Houses {
        let v: Vec<u8> = text.split(',').map(|s| s.parse().unwrap()).collect();
        v.try_into().unwrap()
    }

    #[test]
    fn sowing_skips_the_origin_with_twelve_or_more() {
        let mut b = houses("12,0,0,0,0,0,0,0,0,0,0,0");
        let last = sow(&mut b, 0, true);
        assert_eq!(b, houses("0,2,1,1,1,1,1,1,1,1,1,1"));
        assert_eq!(last, 1);
        let mut b = houses("12,0,0,0,0,0,0,0,0,0,0,0");
        let last = sow(&mut b, 0, false);
        assert_eq!(b, houses("1,1,1,1,1,1,1,1,1,1,1,1"));
        assert_eq!(last, 0);
    }

    #[test]
    fn captures_run_backwards_while_two_or_three() {
        // South plays F (3 seeds) into a, b, c of North holding 1, 2, 0: a=2, b=3, c=1 -> the last
        // seed lands in c with 1: nothing. With c holding 1 before: c=2, b=3, a=2 all taken.
        let rules = OwareRules::SEED;
        let mut b = houses("1,0,0,0,0,3,1,2,1,4,0,0");
        let s = play(&mut b, 0, 5, &rules);
        assert_eq!((s.last, s.captured, s.grand_slam), (8, 7, false));
        assert_eq!(b, houses("1,0,0,0,0,0,0,0,0,4,0,0"));
        // The chain stops at a house that is not 2 or 3, and never crosses into the own row.
        let mut b = houses("1,0,0,0,0,2,1,3,0,0,0,0");
        let s = play(&mut b, 0, 5, &rules);
        assert_eq!((s.last, s.captured), (7, 0), "b reaches 4");
        let mut b = houses("1,0,0,0,0,2,1,2,0,0,0,0");
        let s = play(&mut b, 0, 5, &rules);
        assert_eq!((s.last, s.captured), (7, 5));
        assert!(s.grand_slam, "a and b were North's only seeds");
        let mut b = houses("1,0,0,0,0,2,1,2,0,0,0,0");
        let s = play(&mut b, 0, 5, &OwareRules::ABAPA);
        assert_eq!((s.captured, s.grand_slam), (0, true));
        assert_eq!(b, houses("1,0,0,0,0,0,2,3,0,0,0,0"));
    }

    #[test]
    fn feeding_and_forbidden_grand_slams() {
        let abapa = OwareRules::ABAPA;
        // North's row empty: South must feed; only F (1 seed) and E (2 seeds) reach it.
        let b = houses("3,0,0,0,2,1,0,0,0,0,0,0");
        assert_eq!(legal_mask(&b, 0, &abapa), 0b110000);
        let b = houses("1,1,0,0,0,0,0,0,0,0,0,0");
        assert_eq!(legal_mask(&b, 0, &abapa), 0);
        assert_eq!(board_end(&b, 0, &abapa), Some(EndReason::Unfed));
        assert_eq!(board_end(&b, 1, &abapa), Some(EndReason::NoSeeds));
        assert_eq!(
            board_end(&b, 0, &OwareRules::SEED),
            Some(EndReason::RowEmpty)
        );
        let forbidden = OwareRules {
            grand_slam: GrandSlam::Forbidden,
            ..OwareRules::SEED
        };
        // F would take North's only seeds; A does not.
        let b = houses("1,0,0,0,0,2,1,1,0,0,0,0");
        assert_eq!(legal_mask(&b, 0, &forbidden), 0b000001);
        // Only grand slams: allowed, capturing nothing.
        let mut b = houses("0,0,0,0,0,2,1,1,0,0,0,0");
        assert_eq!(legal_mask(&b, 0, &forbidden), 0b100000);
        assert_eq!(play(&mut b, 0, 5, &forbidden).captured, 0);
    }
}
