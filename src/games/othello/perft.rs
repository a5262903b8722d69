//! Othello's own perft (`Game::perft_fast`). The generic walk pays for what counting does not
//! need: the zobrist key updated on every flip, a move list, a copy of the whole state per child.
//! This one walks (own, opp) bitboard pairs only and counts the last ply by the popcount of the
//! mobility, the next-to-last in one loop with no call per child. One body is compiled twice:
//! with AVX2 and POPCNT, chosen at run time (the release binary is built for baseline x86-64 and
//! still runs everywhere), and with the plain 64-bit fills.

use super::bitboard;
use crate::game::PerftConvention;

/// The leaves `depth` plies below the position with `own` to move against `opp`, counted by
/// `convention` (a pass is a ply in A and B; C, where it is not, is left to the generic walk).
pub fn perft(own: u64, opp: u64, depth: u32, convention: PerftConvention) -> Option<u64> {
    let keep_ended = match convention {
        PerftConvention::TerminalIsLeaf => true,
        PerftConvention::DropTerminal => false,
        PerftConvention::PassIsFree => return None,
    };
    if depth == 0 {
        return Some(1);
    }
    #[cfg(target_arch = "x86_64")]
    if bitboard::simd::available() && std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: AVX2 and POPCNT were detected at run time.
        return Some(unsafe { Avx2::walk(own, opp, depth, keep_ended) });
    }
    // SAFETY: the plain kernel needs no special instructions.
    Some(unsafe { Plain::walk(own, opp, depth, keep_ended) })
}

/// The two primitives of a walk, and the walk compiled with the same instructions (so that the
/// primitives inline into it). The functions are unsafe only because `Avx2`'s need AVX2.
trait Kernel {
    unsafe fn moves(own: u64, opp: u64) -> u64;
    unsafe fn flips(square: u32, own: u64, opp: u64) -> u64;
    unsafe fn walk(own: u64, opp: u64, depth: u32, keep_ended: bool) -> u64;
}

/// The plain 64-bit shift-and-fill kernel (any processor).
struct Plain;

impl Kernel for Plain {
    #[inline(always)]
    unsafe fn moves(own: u64, opp: u64) -> u64 {
        bitboard::legal_moves_scalar(own, opp)
    }
    #[inline(always)]
    unsafe fn flips(square: u32, own: u64, opp: u64) -> u64 {
        bitboard::flips_scalar(square, own, opp)
    }
    unsafe fn walk(own: u64, opp: u64, depth: u32, keep_ended: bool) -> u64 {
        walk_body::<Plain>(own, opp, depth, keep_ended)
    }
}

/// The AVX2 kernel (four directions a vector); callers check `bitboard::simd::available()`.
#[cfg(target_arch = "x86_64")]
struct Avx2;

#[cfg(target_arch = "x86_64")]
impl Kernel for Avx2 {
    #[inline(always)]
    unsafe fn moves(own: u64, opp: u64) -> u64 {
        bitboard::simd::legal_moves_inline(own, opp)
    }
    #[inline(always)]
    unsafe fn flips(square: u32, own: u64, opp: u64) -> u64 {
        bitboard::simd::flips_inline(square, own, opp)
    }
    #[inline(always)]
    unsafe fn walk(own: u64, opp: u64, depth: u32, keep_ended: bool) -> u64 {
        walk_avx2(own, opp, depth, keep_ended)
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn walk_avx2(own: u64, opp: u64, depth: u32, keep_ended: bool) -> u64 {
    walk_body::<Avx2>(own, opp, depth, keep_ended)
}

/// Leaves `depth >= 1` plies below (own to move). A side without a move passes (one ply); when
/// neither side has one the game is over: a leaf if `keep_ended` (convention A), else nothing.
#[inline(always)]
unsafe fn walk_body<K: Kernel>(own: u64, opp: u64, depth: u32, keep_ended: bool) -> u64 {
    let moves = K::moves(own, opp);
    if moves == 0 {
        return if K::moves(opp, own) == 0 {
            keep_ended as u64
        } else if depth == 1 {
            1
        } else {
            K::walk(opp, own, depth - 1, keep_ended)
        };
    }
    if depth == 1 {
        return moves.count_ones() as u64;
    }
    let mut total = 0;
    let mut rest = moves;
    while rest != 0 {
        let square = rest.trailing_zeros();
        rest &= rest - 1;
        let flipped = K::flips(square, own, opp);
        // The child: the opponent to move, against our discs with the new one and the flips.
        let (to_move, other) = (opp & !flipped, own | flipped | (1u64 << square));
        total += if depth == 2 {
            let m = K::moves(to_move, other);
            if m != 0 {
                m.count_ones() as u64
            } else if K::moves(other, to_move) != 0 {
                1
            } else {
                keep_ended as u64
            }
        } else {
            K::walk(to_move, other, depth - 1, keep_ended)
        };
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::playout::random_step;
    use crate::game::{perft_bulk_generic, Game};
    use crate::games::othello::{Othello, OthelloRules};
    use rand::{Rng, SeedableRng};

    /// Both kernels against the generic walk (which keeps the hash and asks `turn()`) from
    /// positions of seeded random games, late ones included so passes and ended games occur.
    #[test]
    fn both_kernels_count_as_the_generic_walk() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(20);
        let mut checked_ends = 0;
        for game in 0..120 {
            let mut s = Othello::new(&OthelloRules::default());
            let plies = rng.gen_range(0..80);
            for _ in 0..plies {
                if !random_step(&mut s, &mut rng) {
                    break;
                }
            }
            checked_ends += s.is_terminal() as u32;
            let depth = if plies < 20 { 4 } else { 5 };
            for convention in [
                PerftConvention::TerminalIsLeaf,
                PerftConvention::DropTerminal,
            ] {
                let keep = convention == PerftConvention::TerminalIsLeaf;
                for d in 1..=depth {
                    let want = perft_bulk_generic(&s, d, convention);
                    // SAFETY: the AVX2 kernel runs only where detected.
                    let plain = unsafe { Plain::walk(s.own(), s.opp(), d, keep) };
                    assert_eq!(plain, want, "plain, game {game}, depth {d}, {convention:?}");
                    #[cfg(target_arch = "x86_64")]
                    if bitboard::simd::available() && std::arch::is_x86_feature_detected!("popcnt")
                    {
                        let fast = unsafe { Avx2::walk(s.own(), s.opp(), d, keep) };
                        assert_eq!(fast, want, "avx2, game {game}, depth {d}, {convention:?}");
                    }
                }
            }
        }
        assert!(
            checked_ends > 0,
            "no finished game among the test positions"
        );
        let start = Othello::new(&OthelloRules::default());
        assert_eq!(
            perft(start.own(), start.opp(), 3, PerftConvention::PassIsFree),
            None
        );
    }
}
