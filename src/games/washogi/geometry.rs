//! The 11x11 board: squares `rank * 11 + file` (a1 = 0, k11 = 120; rank 1 is the first player's
//! back rank), eight directions, and tables computed at compile time: rays as bit masks and
//! square lists, the second square of a jump, the narrow knight's squares, each kind's range in
//! each direction for each player, the promotion zones, and where a piece has no further move.
//!
//! Bitboards are `u128` (bit = square). The first piece along a ray is the lowest set bit of
//! `ray & occupied` for the directions in which square numbers grow, the highest for the others.

use super::pieces::{Movement, KINDS, MOVEMENT};

pub const SIZE: usize = 11;
pub const SQUARES: usize = SIZE * SIZE;
/// "No square" in the jump tables.
pub const NONE: u8 = 255;
/// Every square of the board.
pub const BOARD: u128 = (1u128 << SQUARES) - 1;
/// Ranks of the promotion zone.
pub const ZONE_DEPTH: usize = 3;

/// Directions, from the first player's side: N (forward), NE, E, SE, S, SW, W, NW.
pub const N: usize = 0;
pub const NE: usize = 1;
pub const E: usize = 2;
pub const SE: usize = 3;
pub const S: usize = 4;
pub const SW: usize = 5;
pub const W: usize = 6;
pub const NW: usize = 7;
/// (file step, rank step) of each direction.
pub const DELTA: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
/// Directions in which square numbers grow along the ray (nearest piece = lowest bit).
pub const ASCENDING: [bool; 8] = [true, true, true, false, false, false, false, true];

#[inline]
pub const fn opposite(dir: usize) -> usize {
    (dir + 4) & 7
}

#[inline]
pub const fn file_of(sq: usize) -> usize {
    sq % SIZE
}

#[inline]
pub const fn rank_of(sq: usize) -> usize {
    sq / SIZE
}

#[inline]
pub const fn bit(sq: usize) -> u128 {
    1u128 << sq
}

/// The square `steps` steps from `sq` in direction `dir`, if on the board.
const fn offset(sq: usize, dir: usize, steps: i32) -> Option<usize> {
    let f = file_of(sq) as i32 + DELTA[dir].0 * steps;
    let r = rank_of(sq) as i32 + DELTA[dir].1 * steps;
    if f < 0 || r < 0 || f >= SIZE as i32 || r >= SIZE as i32 {
        None
    } else {
        Some((r * SIZE as i32 + f) as usize)
    }
}

/// Squares along each ray, nearest first, and their number.
pub struct Rays {
    pub squares: [[[u8; SIZE - 1]; 8]; SQUARES],
    pub len: [[u8; 8]; SQUARES],
    pub mask: [[u128; 8]; SQUARES],
}

const fn make_rays() -> Rays {
    let mut rays = Rays {
        squares: [[[0; SIZE - 1]; 8]; SQUARES],
        len: [[0; 8]; SQUARES],
        mask: [[0; 8]; SQUARES],
    };
    let mut sq = 0;
    while sq < SQUARES {
        let mut dir = 0;
        while dir < 8 {
            let mut n = 0;
            while let Some(t) = offset(sq, dir, n as i32 + 1) {
                rays.squares[sq][dir][n] = t as u8;
                rays.mask[sq][dir] |= 1u128 << t;
                n += 1;
            }
            rays.len[sq][dir] = n as u8;
            dir += 1;
        }
        sq += 1;
    }
    rays
}

pub static RAYS: Rays = make_rays();

const fn make_jumps() -> [[u8; 8]; SQUARES] {
    let mut out = [[NONE; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut dir = 0;
        while dir < 8 {
            if let Some(t) = offset(sq, dir, 2) {
                out[sq][dir] = t as u8;
            }
            dir += 1;
        }
        sq += 1;
    }
    out
}

/// The second square in each direction (the Treacherous Fox's jump), or `NONE`.
pub static JUMP2: [[u8; 8]; SQUARES] = make_jumps();

const fn make_knights() -> [[u8; 4]; SQUARES] {
    let mut out = [[NONE; 4]; SQUARES];
    let deltas: [(i32, i32); 4] = [(-1, 2), (1, 2), (-1, -2), (1, -2)];
    let mut sq = 0;
    while sq < SQUARES {
        let mut i = 0;
        while i < 4 {
            let f = file_of(sq) as i32 + deltas[i].0;
            let r = rank_of(sq) as i32 + deltas[i].1;
            if f >= 0 && r >= 0 && f < SIZE as i32 && r < SIZE as i32 {
                out[sq][i] = (r * SIZE as i32 + f) as u8;
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// The Heavenly Horse's squares (±1 file, ±2 ranks), or `NONE`. The pattern is symmetric, so
/// the same table says where a horse would have to stand to attack a square.
pub static NARROW_KNIGHT: [[u8; 4]; SQUARES] = make_knights();

/// Ranges by direction for the first player (forward = N).
const fn ranges_of(m: &Movement) -> [u8; 8] {
    [
        m.forward,
        m.forward_diagonal,
        m.sideways,
        m.backward_diagonal,
        m.backward,
        m.backward_diagonal,
        m.sideways,
        m.forward_diagonal,
    ]
}

const fn make_ranges() -> [[[u8; 8]; KINDS]; 2] {
    let mut out = [[[0; 8]; KINDS]; 2];
    let mut k = 0;
    while k < KINDS {
        let r = ranges_of(&MOVEMENT[k]);
        let mut dir = 0;
        while dir < 8 {
            out[0][k][dir] = r[dir];
            // The second player's forward is the first player's backward: turn the table.
            out[1][k][opposite(dir)] = r[dir];
            dir += 1;
        }
        k += 1;
    }
    out
}

/// `RANGE[player][kind][dir]`: how far the kind slides in that direction (0 = not at all).
pub static RANGE: [[[u8; 8]; KINDS]; 2] = make_ranges();

const fn make_jump_dirs() -> [[u8; KINDS]; 2] {
    let mut out = [[0; KINDS]; 2];
    let mut k = 0;
    while k < KINDS {
        if MOVEMENT[k].jump {
            let r = ranges_of(&MOVEMENT[k]);
            let mut dir = 0;
            while dir < 8 {
                if r[dir] > 0 {
                    out[0][k] |= 1 << dir;
                    out[1][k] |= 1 << opposite(dir);
                }
                dir += 1;
            }
        }
        k += 1;
    }
    out
}

/// `JUMP_DIRS[player][kind]`: bit `dir` set when the kind jumps to the second square that way.
pub static JUMP_DIRS: [[u8; KINDS]; 2] = make_jump_dirs();

const fn make_knight_kinds() -> [bool; KINDS] {
    let mut out = [false; KINDS];
    let mut k = 0;
    while k < KINDS {
        out[k] = MOVEMENT[k].narrow_knight;
        k += 1;
    }
    out
}

/// Kinds with the narrow knight's jumps.
pub static NARROW_KNIGHT_KIND: [bool; KINDS] = make_knight_kinds();

const fn rank_mask(rank: usize) -> u128 {
    let mut m = 0u128;
    let mut f = 0;
    while f < SIZE {
        m |= 1u128 << (rank * SIZE + f);
        f += 1;
    }
    m
}

const fn make_zones() -> [u128; 2] {
    let mut z = [0u128; 2];
    let mut i = 0;
    while i < ZONE_DEPTH {
        z[0] |= rank_mask(SIZE - 1 - i);
        z[1] |= rank_mask(i);
        i += 1;
    }
    z
}

/// Each player's promotion zone: the far three ranks.
pub static ZONE: [u128; 2] = make_zones();

const fn make_files() -> [u128; SIZE] {
    let mut out = [0u128; SIZE];
    let mut sq = 0;
    while sq < SQUARES {
        out[file_of(sq)] |= 1u128 << sq;
        sq += 1;
    }
    out
}

pub static FILE_MASK: [u128; SIZE] = make_files();

/// Squares where a piece of this kind and player has no move even on an empty board (a Sparrow
/// Pawn or Oxcart on the last rank): a piece may not stay unpromoted, or be dropped, there.
const fn make_dead_squares() -> [[u128; KINDS]; 2] {
    let ranges = make_ranges();
    let jumps = make_jump_dirs();
    let knights = make_knight_kinds();
    let knight = make_knights();
    let mut out = [[0u128; KINDS]; 2];
    let mut p = 0;
    while p < 2 {
        let mut k = 0;
        while k < KINDS {
            let mut sq = 0;
            while sq < SQUARES {
                let mut moves = false;
                let mut dir = 0;
                while dir < 8 {
                    if ranges[p][k][dir] > 0 && offset(sq, dir, 1).is_some() {
                        moves = true;
                    }
                    if jumps[p][k] & (1 << dir) != 0 && offset(sq, dir, 2).is_some() {
                        moves = true;
                    }
                    dir += 1;
                }
                if knights[k] {
                    let mut i = 0;
                    while i < 4 {
                        if knight[sq][i] != NONE {
                            moves = true;
                        }
                        i += 1;
                    }
                }
                if !moves {
                    out[p][k] |= 1u128 << sq;
                }
                sq += 1;
            }
            k += 1;
        }
        p += 1;
    }
    out
}

/// `DEAD[player][kind]`: squares without a further move for that piece.
pub static DEAD: [[u128; KINDS]; 2] = make_dead_squares();

const fn make_goes_back() -> [bool; KINDS] {
    let r = make_ranges();
    let mut out = [false; KINDS];
    let mut k = 0;
    while k < KINDS {
        out[k] = r[0][k][S] > 0 || r[0][k][SE] > 0 || r[0][k][SW] > 0 || MOVEMENT[k].narrow_knight;
        k += 1;
    }
    out
}

/// Kinds that can move to a lower rank (backward for their player): a forward move of any other
/// kind can never be undone.
pub static GOES_BACK: [bool; KINDS] = make_goes_back();

const fn make_step_masks() -> [[[u128; SQUARES]; KINDS]; 2] {
    let ranges = make_ranges();
    let jumps = make_jump_dirs();
    let knights = make_knight_kinds();
    let knight = make_knights();
    let mut out = [[[0u128; SQUARES]; KINDS]; 2];
    let mut p = 0;
    while p < 2 {
        let mut k = 0;
        while k < KINDS {
            let mut sq = 0;
            while sq < SQUARES {
                let mut m = 0u128;
                let mut dir = 0;
                while dir < 8 {
                    if ranges[p][k][dir] == 1 {
                        if let Some(t) = offset(sq, dir, 1) {
                            m |= 1u128 << t;
                        }
                    }
                    if jumps[p][k] & (1 << dir) != 0 {
                        if let Some(t) = offset(sq, dir, 2) {
                            m |= 1u128 << t;
                        }
                    }
                    dir += 1;
                }
                if knights[k] {
                    let mut i = 0;
                    while i < 4 {
                        if knight[sq][i] != NONE {
                            m |= 1u128 << knight[sq][i];
                        }
                        i += 1;
                    }
                }
                out[p][k][sq] = m;
                sq += 1;
            }
            k += 1;
        }
        p += 1;
    }
    out
}

const fn make_dir_masks(far: bool) -> [[u8; KINDS]; 2] {
    let ranges = make_ranges();
    let mut out = [[0u8; KINDS]; 2];
    let mut p = 0;
    while p < 2 {
        let mut k = 0;
        while k < KINDS {
            let mut dir = 0;
            while dir < 8 {
                let r = ranges[p][k][dir];
                if (far && r == super::pieces::FAR) || (!far && r > 1 && r < super::pieces::FAR) {
                    out[p][k] |= 1 << dir;
                }
                dir += 1;
            }
            k += 1;
        }
        p += 1;
    }
    out
}

/// Directions in which a kind slides without limit, and in which it slides 2 or 3 squares.
pub static FAR_DIRS: [[u8; KINDS]; 2] = make_dir_masks(true);
pub static SHORT_SLIDE_DIRS: [[u8; KINDS]; 2] = make_dir_masks(false);

/// `STEP_TARGETS[player][kind][sq]`: the squares a piece reaches by single steps and jumps
/// (every direction of range 1, the Fox's jumps, the Heavenly Horse's), whatever stands between.
pub static STEP_TARGETS: [[[u128; SQUARES]; KINDS]; 2] = make_step_masks();

const fn make_near(d: i32) -> [u128; SQUARES] {
    let mut out = [0u128; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut b = 0;
        while b < SQUARES {
            let df = file_of(a) as i32 - file_of(b) as i32;
            let dr = rank_of(a) as i32 - rank_of(b) as i32;
            if a != b && df <= d && df >= -d && dr <= d && dr >= -d {
                out[a] |= 1u128 << b;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// Squares next to each square (a king's steps).
pub static NEAR1: [u128; SQUARES] = make_near(1);

/// Steps between two squares on one line (or the larger coordinate difference).
#[inline]
pub fn distance(a: usize, b: usize) -> u8 {
    let df = (file_of(a) as i32 - file_of(b) as i32).unsigned_abs();
    let dr = (rank_of(a) as i32 - rank_of(b) as i32).unsigned_abs();
    df.max(dr) as u8
}

/// The nearest occupied square along `dir` from `sq`, if any.
#[inline]
pub fn first_along(sq: usize, dir: usize, occupied: u128) -> Option<usize> {
    let ray = RAYS.mask[sq][dir] & occupied;
    if ray == 0 {
        None
    } else if ASCENDING[dir] {
        Some(ray.trailing_zeros() as usize)
    } else {
        Some(127 - ray.leading_zeros() as usize)
    }
}

/// Iterates the squares of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub struct Squares(pub u128);

impl Iterator for Squares {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let s = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(s)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::pieces::*;
    use super::*;

    #[test]
    fn rays_and_jumps_stay_on_the_board() {
        // From a corner three rays leave the board; from the centre every ray has 5 squares.
        let a1 = 0;
        assert_eq!(RAYS.len[a1][N], 10);
        assert_eq!(RAYS.len[a1][NE], 10);
        assert_eq!(RAYS.len[a1][S], 0);
        assert_eq!(RAYS.len[a1][W], 0);
        let f6 = 5 * SIZE + 5;
        assert!((0..8).all(|d| RAYS.len[f6][d] == 5));
        assert_eq!(JUMP2[a1][N], (2 * SIZE) as u8);
        assert_eq!(JUMP2[a1][S], NONE);
        assert_eq!(NARROW_KNIGHT[a1].iter().filter(|&&s| s != NONE).count(), 1);
        assert_eq!(first_along(a1, N, bit(5 * SIZE)), Some(5 * SIZE));
        assert_eq!(first_along(5 * SIZE, S, bit(0) | bit(SIZE)), Some(SIZE));
    }

    #[test]
    fn the_second_player_moves_mirrored() {
        // A Sparrow Pawn goes up for the first player and down for the second.
        assert_eq!(RANGE[0][PAWN as usize][N], 1);
        assert_eq!(RANGE[0][PAWN as usize][S], 0);
        assert_eq!(RANGE[1][PAWN as usize][S], 1);
        // Liberated Horse: forward any distance, back up to two.
        assert_eq!(RANGE[1][LIBERATED_HORSE as usize][S], FAR);
        assert_eq!(RANGE[1][LIBERATED_HORSE as usize][N], 2);
        // Cloud Eagle: three along the forward diagonals.
        assert_eq!(RANGE[0][CLOUD_EAGLE as usize][NE], 3);
        assert_eq!(RANGE[1][CLOUD_EAGLE as usize][SW], 3);
        assert_eq!(
            JUMP_DIRS[0][TREACHEROUS_FOX as usize],
            (1 << N) | (1 << NE) | (1 << NW) | (1 << S) | (1 << SE) | (1 << SW)
        );
    }

    #[test]
    fn only_pawns_and_oxcarts_can_be_stuck() {
        for p in 0..2 {
            for k in 0..KINDS {
                let last = if p == 0 {
                    rank_mask(SIZE - 1)
                } else {
                    rank_mask(0)
                };
                let expected = if k == PAWN as usize || k == OXCART as usize {
                    last
                } else {
                    0
                };
                assert_eq!(DEAD[p][k], expected, "player {p} kind {}", NAMES[k].0);
            }
        }
    }
}
