//! Point sets as bitboards, over two widths: `u128` for boards up to 11x11 (121 points; 9x9 is
//! the default) and `Wide` (six u64 limbs, 384 bits) for boards up to 19x19. The board and the
//! rules are written once against `Bits`; the width is a type parameter, never a copy of the
//! rules code.
//!
//! Point `i` is bit `i`, with `i = rank * size + file` (a1 is bit 0). Shifts move every point by
//! the same index offset; the caller masks off what wraps around a board edge.

use std::fmt::Debug;
use std::hash::Hash;

/// A set of board points.
pub trait Bits: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// Number of points the type holds (the largest board is the largest square that fits).
    const CAPACITY: usize;
    const EMPTY: Self;

    fn bit(i: usize) -> Self;
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    fn xor(self, other: Self) -> Self;
    /// `self & !other`.
    fn andnot(self, other: Self) -> Self;
    /// Every point moved up by `n` indices (`n` < 64); points past the top are dropped.
    fn shl(self, n: u32) -> Self;
    /// Every point moved down by `n` indices (`n` < 64).
    fn shr(self, n: u32) -> Self;
    fn is_empty(self) -> bool;
    /// Exactly one point (a group with this liberty set is in atari).
    fn is_single(self) -> bool;
    fn count(self) -> u32;
    /// The lowest point; the set must not be empty.
    fn lowest(self) -> usize;
    /// The set without its lowest point.
    fn without_lowest(self) -> Self;
    /// The `n`-th point (from 0, lowest first); `n < count()`.
    fn select(self, n: u32) -> usize;

    #[inline]
    fn has(self, i: usize) -> bool {
        !self.and(Self::bit(i)).is_empty()
    }
    /// The points one by one, lowest first.
    #[inline]
    fn points(self) -> PointIter<Self> {
        PointIter(self)
    }
}

/// Iterator over the points of a set.
#[derive(Clone, Copy, Debug)]
pub struct PointIter<B: Bits>(B);

impl<B: Bits> Iterator for PointIter<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            None
        } else {
            let i = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(i)
        }
    }
}

/// The `n`-th set bit of a u64 (n < popcount): halve by popcounts, then scan a byte.
#[inline]
fn select64(mut x: u64, mut n: u32) -> u32 {
    let mut base = 0;
    for shift in [32u32, 16, 8] {
        let low = (x & ((1u64 << shift) - 1)).count_ones();
        if n >= low {
            n -= low;
            x >>= shift;
            base += shift;
        }
    }
    for _ in 0..n {
        x &= x - 1;
    }
    base + x.trailing_zeros()
}

impl Bits for u128 {
    const CAPACITY: usize = 128;
    const EMPTY: Self = 0;

    #[inline]
    fn bit(i: usize) -> Self {
        1u128 << i
    }
    #[inline]
    fn and(self, o: Self) -> Self {
        self & o
    }
    #[inline]
    fn or(self, o: Self) -> Self {
        self | o
    }
    #[inline]
    fn xor(self, o: Self) -> Self {
        self ^ o
    }
    #[inline]
    fn andnot(self, o: Self) -> Self {
        self & !o
    }
    #[inline]
    fn shl(self, n: u32) -> Self {
        self << n
    }
    #[inline]
    fn shr(self, n: u32) -> Self {
        self >> n
    }
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline]
    fn is_single(self) -> bool {
        self != 0 && self & (self - 1) == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline]
    fn without_lowest(self) -> Self {
        self & (self - 1)
    }
    #[inline]
    fn select(self, n: u32) -> usize {
        let lo = self as u64;
        let c = lo.count_ones();
        if n < c {
            select64(lo, n) as usize
        } else {
            64 + select64((self >> 64) as u64, n - c) as usize
        }
    }
}

/// Limbs of `Wide`.
const LIMBS: usize = 6;

/// 384 points in six u64 limbs (limb 0 holds points 0..64): boards up to 19x19.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wide(pub [u64; LIMBS]);

impl Bits for Wide {
    const CAPACITY: usize = 64 * LIMBS;
    const EMPTY: Self = Wide([0; LIMBS]);

    #[inline]
    fn bit(i: usize) -> Self {
        let mut w = [0; LIMBS];
        w[i / 64] = 1 << (i % 64);
        Wide(w)
    }
    #[inline]
    fn and(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
    #[inline]
    fn or(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
    #[inline]
    fn xor(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] ^ o.0[i]))
    }
    #[inline]
    fn andnot(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }
    #[inline]
    fn shl(self, n: u32) -> Self {
        debug_assert!(n > 0 && n < 64);
        let a = self.0;
        Wide(std::array::from_fn(|i| {
            let carry = if i == 0 { 0 } else { a[i - 1] >> (64 - n) };
            (a[i] << n) | carry
        }))
    }
    #[inline]
    fn shr(self, n: u32) -> Self {
        debug_assert!(n > 0 && n < 64);
        let a = self.0;
        Wide(std::array::from_fn(|i| {
            let carry = if i + 1 == LIMBS {
                0
            } else {
                a[i + 1] << (64 - n)
            };
            (a[i] >> n) | carry
        }))
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }
    #[inline]
    fn is_single(self) -> bool {
        self.count() == 1
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|x| x.count_ones()).sum()
    }
    #[inline]
    fn lowest(self) -> usize {
        for (i, &x) in self.0.iter().enumerate() {
            if x != 0 {
                return i * 64 + x.trailing_zeros() as usize;
            }
        }
        Self::CAPACITY
    }
    #[inline]
    fn without_lowest(mut self) -> Self {
        for x in self.0.iter_mut() {
            if *x != 0 {
                *x &= *x - 1;
                break;
            }
        }
        self
    }
    #[inline]
    fn select(self, mut n: u32) -> usize {
        for (i, &x) in self.0.iter().enumerate() {
            let c = x.count_ones();
            if n < c {
                return i * 64 + select64(x, n) as usize;
            }
            n -= c;
        }
        Self::CAPACITY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same random sets as u128 and as Wide (restricted to 128 points) behave alike, and Wide
    /// carries across its limbs.
    #[test]
    fn both_widths_agree_and_wide_carries_between_limbs() {
        let mut x = 0x1234_5678_9abc_def0_u64;
        let mut next = || {
            x = crate::game::zobrist::splitmix64(x);
            x
        };
        for _ in 0..2000 {
            let a = (next() as u128) << 64 | next() as u128;
            let b = (next() as u128) << 64 | next() as u128;
            let wa = Wide([a as u64, (a >> 64) as u64, 0, 0, 0, 0]);
            let wb = Wide([b as u64, (b >> 64) as u64, 0, 0, 0, 0]);
            let to_wide = |v: u128| Wide([v as u64, (v >> 64) as u64, 0, 0, 0, 0]);
            let n = (next() % 63 + 1) as u32;
            assert_eq!(to_wide(a.and(b)), wa.and(wb));
            assert_eq!(to_wide(a.andnot(b)), wa.andnot(wb));
            assert_eq!(to_wide(a.shr(n)), wa.shr(n));
            assert_eq!(to_wide(a.shl(n)), wa.shl(n).and(to_wide(u128::MAX)));
            assert_eq!(a.count(), wa.count());
            if a != 0 {
                assert_eq!(a.lowest(), wa.lowest());
                let k = (next() % a.count() as u64) as u32;
                assert_eq!(a.select(k), wa.select(k));
                let by_iter: Vec<usize> = a.points().collect();
                assert_eq!(by_iter[k as usize], a.select(k));
                assert_eq!(by_iter, wa.points().collect::<Vec<_>>());
            }
            assert_eq!(a.is_single(), wa.is_single());
        }
        // Carry across every limb boundary, both ways.
        for i in [63usize, 127, 191, 255, 319] {
            assert_eq!(Wide::bit(i).shl(1), Wide::bit(i + 1));
            assert_eq!(Wide::bit(i + 1).shr(1), Wide::bit(i));
            assert_eq!(Wide::bit(i).shl(19).lowest(), i + 19);
        }
        assert!(Wide::bit(383).shl(1).is_empty());
        assert!(u128::bit(5).is_single() && !(u128::bit(5) | 1).is_single() && !0u128.is_single());
        assert!(Wide::bit(300).has(300) && !Wide::bit(300).has(299));
    }
}
