//! Othello on a u64: bit `8 * row + col`, a1 = bit 0 (top left), h8 = bit 63. Move generation
//! by shift-and-fill in eight directions; flips by the same fill from the move square.

/// Columns b..g: where a run of discs may continue east-west without wrapping around a row.
const INNER_COLS: u64 = 0x7E7E_7E7E_7E7E_7E7E;
/// Rows 2..7, for diagonal and vertical runs.
const INNER_ROWS: u64 = 0x00FF_FFFF_FFFF_FF00;

/// A run of `opp` discs (masked by `MASK`) starting next to `from` in direction `S`: the
/// shift-and-fill step. `S` and `MASK` are constants, so every call compiles to straight-line
/// shifts with no branches (a loop over a direction table did not unroll and cost 4x).
#[inline(always)]
fn run<const S: i32, const MASK: u64>(from: u64, opp: u64) -> u64 {
    let o = opp & MASK;
    let mut t = shift::<S>(from) & o;
    t |= shift::<S>(t) & o;
    t |= shift::<S>(t) & o;
    t |= shift::<S>(t) & o;
    t |= shift::<S>(t) & o;
    t |= shift::<S>(t) & o;
    t
}

#[inline(always)]
fn shift<const S: i32>(x: u64) -> u64 {
    if S > 0 {
        x << S
    } else {
        x >> -S
    }
}

const DIAG: u64 = INNER_COLS & INNER_ROWS;

/// The squares where the side owning `own` may play against `opp`. Uses AVX2 (four
/// directions a vector) where the processor has it, the scalar fill elsewhere.
#[inline]
pub fn legal_moves(own: u64, opp: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if simd::available() {
        // SAFETY: AVX2 was detected at run time.
        return unsafe { simd::legal_moves(own, opp) };
    }
    legal_moves_scalar(own, opp)
}

/// `legal_moves` by plain 64-bit shifts, one direction at a time.
#[inline]
pub fn legal_moves_scalar(own: u64, opp: u64) -> u64 {
    #[inline(always)]
    fn dir<const S: i32, const MASK: u64>(own: u64, opp: u64) -> u64 {
        shift::<S>(run::<S, MASK>(own, opp))
    }
    let empty = !(own | opp);
    (dir::<1, INNER_COLS>(own, opp)
        | dir::<-1, INNER_COLS>(own, opp)
        | dir::<8, { u64::MAX }>(own, opp)
        | dir::<-8, { u64::MAX }>(own, opp)
        | dir::<9, DIAG>(own, opp)
        | dir::<-9, DIAG>(own, opp)
        | dir::<7, DIAG>(own, opp)
        | dir::<-7, DIAG>(own, opp))
        & empty
}

/// The discs of `opp` that turn over when `own` plays on `square` (AVX2 where available).
#[inline]
pub fn flips(square: u32, own: u64, opp: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if simd::available() {
        // SAFETY: AVX2 was detected at run time.
        return unsafe { simd::flips(square, own, opp) };
    }
    flips_scalar(square, own, opp)
}

/// `flips` by plain 64-bit shifts, one direction at a time.
#[inline]
pub fn flips_scalar(square: u32, own: u64, opp: u64) -> u64 {
    #[inline(always)]
    fn dir<const S: i32, const MASK: u64>(start: u64, own: u64, opp: u64) -> u64 {
        let t = run::<S, MASK>(start, opp);
        // Keep the run only if it ends on one of our discs (branch-free select).
        t & 0u64.wrapping_sub((shift::<S>(t) & own != 0) as u64)
    }
    let start = 1u64 << square;
    dir::<1, INNER_COLS>(start, own, opp)
        | dir::<-1, INNER_COLS>(start, own, opp)
        | dir::<8, { u64::MAX }>(start, own, opp)
        | dir::<-8, { u64::MAX }>(start, own, opp)
        | dir::<9, DIAG>(start, own, opp)
        | dir::<-9, DIAG>(start, own, opp)
        | dir::<7, DIAG>(start, own, opp)
        | dir::<-7, DIAG>(start, own, opp)
}

/// The same fills on AVX2: the four shift amounts (1, 8, 9, 7) sit in the four lanes of a
/// vector, once shifted left and once right, so eight directions take two vector chains.
#[cfg(target_arch = "x86_64")]
pub(crate) mod simd {
    use std::arch::x86_64::*;

    use super::{DIAG, INNER_COLS};

    #[inline]
    pub fn available() -> bool {
        std::arch::is_x86_feature_detected!("avx2")
    }

    #[inline(always)]
    unsafe fn shifts() -> __m256i {
        _mm256_set_epi64x(7, 9, 8, 1)
    }

    #[inline(always)]
    unsafe fn masks() -> __m256i {
        _mm256_set_epi64x(DIAG as i64, DIAG as i64, -1, INNER_COLS as i64)
    }

    #[inline(always)]
    unsafe fn or_lanes(v: __m256i) -> u64 {
        let hi = _mm256_extracti128_si256::<1>(v);
        let x = _mm_or_si128(_mm256_castsi256_si128(v), hi);
        (_mm_cvtsi128_si64(x) | _mm_extract_epi64::<1>(x)) as u64
    }

    /// The runs of opponent discs that start next to `from` in the eight directions: towards
    /// h8 (`<<`, first vector) and towards a1 (`>>`, second). Kogge-Stone: after one step of s,
    /// pairs of opponent discs let a run jump 2s at once, so 4 steps cover the 6 a run can need.
    #[inline(always)]
    unsafe fn runs(from: __m256i, opp: u64, s: __m256i) -> (__m256i, __m256i) {
        let s2 = _mm256_add_epi64(s, s);
        let o = _mm256_and_si256(_mm256_set1_epi64x(opp as i64), masks());
        let pre_l = _mm256_and_si256(o, _mm256_sllv_epi64(o, s));
        let pre_r = _mm256_and_si256(o, _mm256_srlv_epi64(o, s));
        let mut l = _mm256_and_si256(o, _mm256_sllv_epi64(from, s));
        let mut r = _mm256_and_si256(o, _mm256_srlv_epi64(from, s));
        l = _mm256_or_si256(l, _mm256_and_si256(o, _mm256_sllv_epi64(l, s)));
        r = _mm256_or_si256(r, _mm256_and_si256(o, _mm256_srlv_epi64(r, s)));
        l = _mm256_or_si256(l, _mm256_and_si256(pre_l, _mm256_sllv_epi64(l, s2)));
        r = _mm256_or_si256(r, _mm256_and_si256(pre_r, _mm256_srlv_epi64(r, s2)));
        l = _mm256_or_si256(l, _mm256_and_si256(pre_l, _mm256_sllv_epi64(l, s2)));
        r = _mm256_or_si256(r, _mm256_and_si256(pre_r, _mm256_srlv_epi64(r, s2)));
        (l, r)
    }

    #[target_feature(enable = "avx2")]
    pub unsafe fn legal_moves(own: u64, opp: u64) -> u64 {
        legal_moves_inline(own, opp)
    }

    #[target_feature(enable = "avx2")]
    pub unsafe fn flips(square: u32, own: u64, opp: u64) -> u64 {
        flips_inline(square, own, opp)
    }

    /// The bodies, for callers compiled with AVX2 themselves (perft), which inline them.
    ///
    /// # Safety
    /// The processor has AVX2, and the caller is compiled with it enabled.
    #[inline(always)]
    pub unsafe fn legal_moves_inline(own: u64, opp: u64) -> u64 {
        let s = shifts();
        let (l, r) = runs(_mm256_set1_epi64x(own as i64), opp, s);
        let m = _mm256_or_si256(_mm256_sllv_epi64(l, s), _mm256_srlv_epi64(r, s));
        or_lanes(m) & !(own | opp)
    }

    /// # Safety
    /// As `legal_moves_inline`.
    #[inline(always)]
    pub unsafe fn flips_inline(square: u32, own: u64, opp: u64) -> u64 {
        let s = shifts();
        let p = _mm256_set1_epi64x(own as i64);
        let (l, r) = runs(_mm256_set1_epi64x((1u64 << square) as i64), opp, s);
        // Keep a direction's run only if the square after it holds one of our discs.
        let zero = _mm256_setzero_si256();
        let end_l = _mm256_and_si256(_mm256_sllv_epi64(l, s), p);
        let end_r = _mm256_and_si256(_mm256_srlv_epi64(r, s), p);
        let l = _mm256_andnot_si256(_mm256_cmpeq_epi64(end_l, zero), l);
        let r = _mm256_andnot_si256(_mm256_cmpeq_epi64(end_r, zero), r);
        or_lanes(_mm256_or_si256(l, r))
    }
}

/// Empty squares next to at least one disc of `discs` (potential mobility and frontier terms).
#[inline]
pub fn neighbours(discs: u64) -> u64 {
    let not_h = discs & !0x8080_8080_8080_8080; // may step east without wrapping
    let not_a = discs & !0x0101_0101_0101_0101; // may step west
    (discs << 8)
        | (discs >> 8)
        | (not_h << 1)
        | (not_h << 9)
        | (not_h >> 7)
        | (not_a >> 1)
        | (not_a >> 9)
        | (not_a << 7)
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
                assert_eq!(flips_scalar(sq, a, b), f, "scalar flips at {sq}");
                if f != 0 {
                    expected_moves |= 1 << sq;
                }
            }
            assert_eq!(legal_moves(a, b), expected_moves);
            assert_eq!(legal_moves_scalar(a, b), expected_moves);
        }
    }
}
