//! Othello on a u64: bit `8 * row + col`, a1 = bit 0 (top left), h8 = bit 63. Move generation
//! by shift-and-fill in eight directions; flips by the same fill from the move square.

/// Columns b..g: where a run of discs may continue east-west without wrapping around a row.
const INNER_COLS: u64 = 0x7E7E_7E7E_7E7E_7E7E;
/// Rows 2..7, for diagonal and vertical runs.
const INNER_ROWS: u64 = 0x00FF_FFFF_FFFF_FF00;

/// The eight directions as (shift, mask on the opponent's discs). A positive shift moves
/// towards h8 (`<<`), a negative one towards a1 (`>>`).
const DIRECTIONS: [(i32, u64); 8] = [
    (1, INNER_COLS),
    (-1, INNER_COLS),
    (8, u64::MAX),
    (-8, u64::MAX),
    (9, INNER_COLS & INNER_ROWS),
    (-9, INNER_COLS & INNER_ROWS),
    (7, INNER_COLS & INNER_ROWS),
    (-7, INNER_COLS & INNER_ROWS),
];

#[inline(always)]
fn shift(x: u64, s: i32) -> u64 {
    if s > 0 {
        x << s
    } else {
        x >> -s
    }
}

/// The squares where the side owning `own` may play against `opp`.
#[inline]
pub fn legal_moves(own: u64, opp: u64) -> u64 {
    let empty = !(own | opp);
    let mut moves = 0;
    for &(s, mask) in &DIRECTIONS {
        let o = opp & mask;
        let mut t = shift(own, s) & o;
        t |= shift(t, s) & o;
        t |= shift(t, s) & o;
        t |= shift(t, s) & o;
        t |= shift(t, s) & o;
        t |= shift(t, s) & o;
        moves |= shift(t, s) & empty;
    }
    moves
}

/// Direction steps (row, col) of the rays; the first four go towards h8 (higher bits).
const RAY_STEPS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (-1, 1),
];

/// `RAYS[d][sq]`: the squares from `sq` (exclusive) to the board edge in direction `d`.
const RAYS: [[u64; 64]; 8] = {
    let mut out = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut r, mut c) = (
                (sq / 8) as i32 + RAY_STEPS[d].0,
                (sq % 8) as i32 + RAY_STEPS[d].1,
            );
            let mut m = 0u64;
            while r >= 0 && r < 8 && c >= 0 && c < 8 {
                m |= 1u64 << (r * 8 + c);
                r += RAY_STEPS[d].0;
                c += RAY_STEPS[d].1;
            }
            out[d][sq] = m;
            sq += 1;
        }
        d += 1;
    }
    out
};

/// The discs of `opp` that turn over when `own` plays on `square`.
///
/// Per direction, without loops: the nearest disc of `own` on the ray (lowest set bit towards
/// h8, highest towards a1) outflanks the run before it if that run is all `opp`.
#[inline]
pub fn flips(square: u32, own: u64, opp: u64) -> u64 {
    let sq = square as usize;
    let mut flipped = 0;
    for d in 0..4 {
        let ray = RAYS[d][sq];
        let o = ray & own;
        let first = o & o.wrapping_neg();
        let between = ray & first.wrapping_sub(1);
        if o != 0 && between & !opp == 0 {
            flipped |= between;
        }
    }
    for d in 4..8 {
        let ray = RAYS[d][sq];
        let o = ray & own;
        if o != 0 {
            let first = 1u64 << (63 - o.leading_zeros());
            let between = ray & !((first << 1).wrapping_sub(1));
            if between & !opp == 0 {
                flipped |= between;
            }
        }
    }
    flipped
}

/// Empty squares next to at least one disc of `discs` (potential mobility and frontier terms).
#[inline]
pub fn neighbours(discs: u64) -> u64 {
    let mut n = 0;
    for &(s, _) in &DIRECTIONS {
        let edge_safe = if s == 8 || s == -8 {
            discs
        } else if s == 1 || s == 9 || s == -7 {
            discs & !0x8080_8080_8080_8080
        } else {
            discs & !0x0101_0101_0101_0101
        };
        n |= shift(edge_safe, s);
    }
    n
}

/// Iterates the set bits of a bitboard as square indices.
#[inline]
pub fn squares(mut bits: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let sq = bits.trailing_zeros();
            bits &= bits - 1;
            Some(sq)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Flips by walking each ray square by square: the slow, obviously right version.
    fn flips_by_walking(square: u32, own: u64, opp: u64) -> u64 {
        let (r0, c0) = ((square / 8) as i32, (square % 8) as i32);
        let mut all = 0;
        for (dr, dc) in [
            (0, 1),
            (0, -1),
            (1, 0),
            (-1, 0),
            (1, 1),
            (-1, -1),
            (1, -1),
            (-1, 1),
        ] {
            let (mut r, mut c, mut run) = (r0 + dr, c0 + dc, 0u64);
            while (0..8).contains(&r) && (0..8).contains(&c) {
                let bit = 1u64 << (r * 8 + c);
                if opp & bit != 0 {
                    run |= bit;
                } else {
                    if own & bit != 0 {
                        all |= run;
                    }
                    break;
                }
                r += dr;
                c += dc;
            }
        }
        all
    }

    #[test]
    fn shift_fill_agrees_with_walking_rays() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
        for _ in 0..20_000 {
            let a: u64 = rng.gen::<u64>() & rng.gen::<u64>();
            let b: u64 = rng.gen::<u64>() & !a;
            let empty = !(a | b);
            let mut expected_moves = 0;
            for sq in squares(empty) {
                let f = flips_by_walking(sq, a, b);
                assert_eq!(flips(sq, a, b), f, "flips at {sq} own {a:#x} opp {b:#x}");
                if f != 0 {
                    expected_moves |= 1 << sq;
                }
            }
            assert_eq!(legal_moves(a, b), expected_moves);
        }
    }
}
