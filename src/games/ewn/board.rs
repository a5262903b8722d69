//! The 5x5 board. Squares are numbered row by row from red's corner: `sq = row * 5 + col`,
//! row 0 at the top, column 0 on the left. Names are file letter + row number counted from the
//! top (`a1` is red's corner top-left, `e5` blue's corner bottom-right), so that red's start
//! triangle reads a1 b1 c1 a2 b2 a3 and the seed's picture (red top-left) is the origin.

use crate::game::PlayerId;

pub const SIZE: usize = 5;
pub const SQUARES: usize = SIZE * SIZE;

/// The corner each player starts in, which is also the target of the other player.
pub const CORNER: [u8; 2] = [0, 24];

/// The start triangle of each player, listed from the player's own corner: along the back row,
/// then the second row, then the tip (red: a1 b1 c1 a2 b2 a3; blue, point-mirrored: e5 d5 c5 e4
/// d4 e3). An arrangement lists its cubes in this order.
pub const START_SQUARES: [[u8; 6]; 2] = [[0, 1, 2, 5, 6, 10], [24, 23, 22, 19, 18, 14]];

/// The row and column of a square.
#[inline]
pub const fn row_col(sq: u8) -> (i8, i8) {
    ((sq / SIZE as u8) as i8, (sq % SIZE as u8) as i8)
}

/// Steps a player may make, as (row, column) offsets: red right, down, down-right; blue the
/// point mirror (left, up, up-left).
pub const STEPS: [[(i8, i8); 3]; 2] = [[(0, 1), (1, 0), (1, 1)], [(0, -1), (-1, 0), (-1, -1)]];

/// The square one step from `sq` by `(dr, dc)`, if it is on the board.
#[inline]
pub fn step(sq: u8, (dr, dc): (i8, i8)) -> Option<u8> {
    let (r, c) = row_col(sq);
    let (r, c) = (r + dr, c + dc);
    if (0..SIZE as i8).contains(&r) && (0..SIZE as i8).contains(&c) {
        Some((r * SIZE as i8 + c) as u8)
    } else {
        None
    }
}

/// Moves a cube of `player` needs to reach the target corner: cubes step diagonally, so the
/// larger of the row and column distances.
#[inline]
pub fn distance_to_target(player: PlayerId, sq: u8) -> u8 {
    let (r, c) = row_col(sq);
    let target = CORNER[1 - player];
    let (tr, tc) = row_col(target);
    (r - tr).unsigned_abs().max((c - tc).unsigned_abs())
}

pub fn square_name(sq: u8) -> String {
    let (r, c) = row_col(sq);
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

/// Reads `a1`..`e5`.
pub fn parse_square(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let c = b[0].to_ascii_lowercase();
    if !(b'a'..=b'e').contains(&c) || !(b'1'..=b'5').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * SIZE as u8 + (c - b'a'))
}
