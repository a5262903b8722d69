//! The perfect index of the endgame database: a position seen by its mover (`Oriented`), cut
//! into slices by material (`Material`: men and kings of each side), and numbered within its
//! slice by combinatorial ranks, as Chinook's and Kingsrow's databases are.
//!
//! Orientation: the mover's men always move up (the first player's direction), so one table
//! serves both sides to move; a position of the second player is turned half a circle (square
//! `s` becomes `SQUARES - 1 - s`, which maps the board onto itself and each side's promotion row
//! onto the other's).
//!
//! Numbering within a slice: the mover's men among the squares a man of its side may stand on
//! (all but its promotion row), the opponent's men likewise, then the mover's kings among the
//! squares the men left free, then the opponent's kings among those still free. The two sets of
//! men may overlap in the numbering; such numbers are no position (`position` says `None`), a
//! small waste for few men that keeps the ranks plain.

use super::geometry::{bit_index, square_of_bit, Geometry};
use super::movegen::{DraughtsMove, Sides};

/// The most pieces a database position may hold.
pub const MAX_PIECES: usize = 8;

/// `BINOMIAL[n][k]` = C(n, k) for n up to 64 and k up to `MAX_PIECES`.
const BINOMIAL: [[u64; MAX_PIECES + 1]; 65] = {
    let mut t = [[0u64; MAX_PIECES + 1]; 65];
    let mut n = 0;
    while n <= 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_PIECES {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

fn binomial(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// Men and kings of the mover (`own`) and of the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    pub own_men: u8,
    pub own_kings: u8,
    pub opp_men: u8,
    pub opp_kings: u8,
}

impl Material {
    pub fn pieces(&self) -> usize {
        (self.own_men + self.own_kings + self.opp_men + self.opp_kings) as usize
    }
    pub fn men(&self) -> usize {
        (self.own_men + self.opp_men) as usize
    }
    /// The material after a move that neither captures nor promotes: the sides swap roles.
    pub fn swapped(&self) -> Material {
        Material {
            own_men: self.opp_men,
            own_kings: self.opp_kings,
            opp_men: self.own_men,
            opp_kings: self.own_kings,
        }
    }
    /// Every material with `pieces` pieces and at least one piece a side, the men fewer than
    /// the squares a side's men may use.
    pub fn all_with<G: Geometry>(pieces: usize) -> Vec<Material> {
        let mut out = Vec::new();
        let p = pieces as u8;
        for own in 1..p {
            let opp = p - own;
            for own_men in 0..=own {
                for opp_men in 0..=opp {
                    out.push(Material {
                        own_men,
                        own_kings: own - own_men,
                        opp_men,
                        opp_kings: opp - opp_men,
                    });
                }
            }
        }
        out
    }
    /// `key=value` text for files and messages: `3m1k-2m0k` (the mover's men and kings, then
    /// the opponent's).
    pub fn name(&self) -> String {
        format!(
            "{}m{}k-{}m{}k",
            self.own_men, self.own_kings, self.opp_men, self.opp_kings
        )
    }
    pub fn parse(text: &str) -> Option<Material> {
        let (own, opp) = text.split_once('-')?;
        let side = |t: &str| -> Option<(u8, u8)> {
            let (m, k) = t.strip_suffix('k')?.split_once('m')?;
            Some((m.parse().ok()?, k.parse().ok()?))
        };
        let (own_men, own_kings) = side(own)?;
        let (opp_men, opp_kings) = side(opp)?;
        Some(Material {
            own_men,
            own_kings,
            opp_men,
            opp_kings,
        })
    }
}

/// A position as its mover sees it: pieces in the board's bit layout, the mover's men moving up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Oriented {
    pub own: u64,
    pub opp: u64,
    pub kings: u64,
}

/// Squares (bit `s` = square index `s`) of a set of layout bits.
fn squares_of<G: Geometry>(mut bits: u64) -> u64 {
    let mut out = 0u64;
    while bits != 0 {
        let b = bits.trailing_zeros();
        bits &= bits - 1;
        out |= 1u64 << square_of_bit::<G>(b);
    }
    out
}

/// Layout bits of a set of squares.
fn bits_of<G: Geometry>(mut squares: u64) -> u64 {
    let mut out = 0u64;
    while squares != 0 {
        let s = squares.trailing_zeros();
        squares &= squares - 1;
        out |= 1u64 << bit_index(G::W, s);
    }
    out
}

/// A set of layout bits turned half a circle.
pub fn rotate<G: Geometry>(mut bits: u64) -> u64 {
    let mut out = 0u64;
    while bits != 0 {
        let b = bits.trailing_zeros();
        bits &= bits - 1;
        out |= 1u64 << bit_index(G::W, G::SQUARES - 1 - square_of_bit::<G>(b));
    }
    out
}

impl Oriented {
    /// The position with `player` to move, from pieces by player.
    pub fn new<G: Geometry>(pieces: [u64; 2], kings: u64, player: usize) -> Oriented {
        let (own, opp) = (pieces[player], pieces[1 - player]);
        if player == 0 {
            Oriented { own, opp, kings }
        } else {
            Oriented {
                own: rotate::<G>(own),
                opp: rotate::<G>(opp),
                kings: rotate::<G>(kings),
            }
        }
    }
    pub fn sides(&self) -> Sides {
        Sides {
            own: self.own,
            opp: self.opp,
            kings: self.kings,
            player: 0,
        }
    }
    pub fn material(&self) -> Material {
        let count = |b: u64| b.count_ones() as u8;
        Material {
            own_men: count(self.own & !self.kings),
            own_kings: count(self.own & self.kings),
            opp_men: count(self.opp & !self.kings),
            opp_kings: count(self.opp & self.kings),
        }
    }
    /// The position after `mv` (a move of the mover), seen by the next mover.
    pub fn after<G: Geometry>(&self, mv: DraughtsMove) -> Oriented {
        let from = 1u64 << mv.from;
        let to = 1u64 << mv.to;
        let king = self.kings & from != 0 || mv.promotes;
        let own = (self.own & !from) | to;
        let opp = self.opp & !mv.captured;
        let mut kings = self.kings & !from & !mv.captured;
        if king {
            kings |= to;
        }
        // The opponent moves next: its men must move up, so the board turns.
        Oriented {
            own: rotate::<G>(opp),
            opp: rotate::<G>(own),
            kings: rotate::<G>(kings),
        }
    }
    /// The position before the last move, seen by the mover of that move (the inverse turn of
    /// `after`); the move itself is not undone.
    pub fn before<G: Geometry>(&self) -> Oriented {
        Oriented {
            own: rotate::<G>(self.opp),
            opp: rotate::<G>(self.own),
            kings: rotate::<G>(self.kings),
        }
    }
}

/// The squares a man of the mover may stand on (all but the top row), as square indices.
fn own_men_squares<G: Geometry>() -> u32 {
    G::SQUARES - G::W
}

/// The rank of a set of squares (bit i = the i-th square counted): the combinatorial number
/// system, sum of C(position, k) over its members in rising order.
fn rank(mut set: u64) -> u64 {
    let mut r = 0;
    let mut k = 1;
    while set != 0 {
        let p = set.trailing_zeros();
        set &= set - 1;
        r += binomial(p, k);
        k += 1;
    }
    r
}

/// The set of `k` positions below `n` with rank `r` (inverse of `rank`).
fn unrank(mut r: u64, k: u32, n: u32) -> u64 {
    let mut set = 0u64;
    let mut top = n;
    for k in (1..=k).rev() {
        // The largest p < top with C(p, k) <= r.
        let mut p = top - 1;
        while binomial(p, k) > r {
            p -= 1;
        }
        r -= binomial(p, k);
        set |= 1u64 << p;
        top = p;
    }
    set
}

/// Squares of `set` counted within `free` (bit j = the j-th free square): `set` must lie in `free`.
fn compress(set: u64, free: u64) -> u64 {
    let mut out = 0u64;
    let mut s = set;
    while s != 0 {
        let sq = s.trailing_zeros();
        s &= s - 1;
        out |= 1u64 << (free & ((1u64 << sq) - 1)).count_ones();
    }
    out
}

/// Inverse of `compress`: the free squares at the counted places of `places`.
fn expand(mut places: u64, mut free: u64) -> u64 {
    let mut out = 0u64;
    while places != 0 {
        let sq = free.trailing_zeros();
        free &= free - 1;
        if places & 1 != 0 {
            out |= 1u64 << sq;
        }
        places >>= 1;
    }
    out
}

/// The numbers of one material's positions.
#[derive(Clone, Copy, Debug)]
pub struct SliceIndex {
    pub material: Material,
    own_men: u64,
    opp_men: u64,
    own_kings: u64,
    opp_kings: u64,
}

impl SliceIndex {
    pub fn new<G: Geometry>(material: Material) -> SliceIndex {
        let m = own_men_squares::<G>();
        let free = G::SQUARES - material.own_men as u32 - material.opp_men as u32;
        SliceIndex {
            material,
            own_men: binomial(m, material.own_men as u32),
            opp_men: binomial(m, material.opp_men as u32),
            own_kings: binomial(free, material.own_kings as u32),
            opp_kings: binomial(free - material.own_kings as u32, material.opp_kings as u32),
        }
    }
    /// Numbers in the slice (positions and the few overlapping numbers that are none).
    pub fn len(&self) -> u64 {
        self.own_men * self.opp_men * self.own_kings * self.opp_kings
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of a position of this slice's material.
    pub fn index<G: Geometry>(&self, p: &Oriented) -> u64 {
        let own_men = squares_of::<G>(p.own & !p.kings);
        let opp_men = squares_of::<G>(p.opp & !p.kings);
        let own_kings = squares_of::<G>(p.own & p.kings);
        let opp_kings = squares_of::<G>(p.opp & p.kings);
        // Own men stand on squares W.. (not the top row); counted from there.
        let r_own_men = rank(own_men >> G::W);
        let r_opp_men = rank(opp_men);
        let free = all_squares::<G>() & !own_men & !opp_men;
        let r_own_kings = rank(compress(own_kings, free));
        let r_opp_kings = rank(compress(opp_kings, free & !own_kings));
        ((r_own_men * self.opp_men + r_opp_men) * self.own_kings + r_own_kings) * self.opp_kings
            + r_opp_kings
    }

    /// The position numbered `i`, or `None` for a number whose men overlap.
    pub fn position<G: Geometry>(&self, i: u64) -> Option<Oriented> {
        let m = &self.material;
        let r_opp_kings = i % self.opp_kings;
        let i = i / self.opp_kings;
        let r_own_kings = i % self.own_kings;
        let i = i / self.own_kings;
        let r_opp_men = i % self.opp_men;
        let r_own_men = i / self.opp_men;
        let n = own_men_squares::<G>();
        let own_men = unrank(r_own_men, m.own_men as u32, n) << G::W;
        let opp_men = unrank(r_opp_men, m.opp_men as u32, n);
        if own_men & opp_men != 0 {
            return None;
        }
        let free = all_squares::<G>() & !own_men & !opp_men;
        let nfree = free.count_ones();
        let own_kings = expand(unrank(r_own_kings, m.own_kings as u32, nfree), free);
        let free2 = free & !own_kings;
        let opp_kings = expand(
            unrank(r_opp_kings, m.opp_kings as u32, nfree - m.own_kings as u32),
            free2,
        );
        Some(Oriented {
            own: bits_of::<G>(own_men | own_kings),
            opp: bits_of::<G>(opp_men | opp_kings),
            kings: bits_of::<G>(own_kings | opp_kings),
        })
    }
}

fn all_squares<G: Geometry>() -> u64 {
    (1u64 << G::SQUARES) - 1
}

/// Whether the men stand where men may: none of a side's men on its promotion row.
pub fn men_placed<G: Geometry>(p: &Oriented) -> bool {
    (p.own & !p.kings & G::TOP) == 0 && (p.opp & !p.kings & G::BOTTOM) == 0
}

#[cfg(test)]
mod tests {
    use super::super::{Eight, Ten};
    use super::*;

    fn round_trip<G: Geometry>(m: Material) -> u64 {
        let s = SliceIndex::new::<G>(m);
        let mut valid = 0;
        for i in 0..s.len() {
            if let Some(p) = s.position::<G>(i) {
                valid += 1;
                assert_eq!(p.material(), m, "{} at {i}", m.name());
                assert!(men_placed::<G>(&p));
                assert_eq!(p.own & p.opp, 0);
                assert_eq!(s.index::<G>(&p), i, "{} at {i}", m.name());
            }
        }
        valid
    }

    #[test]
    fn every_position_of_up_to_four_checkers_pieces_round_trips() {
        // Checkers boards with n pieces, both colours present: the published counts of all
        // boards (Schaeffer et al., "Checkers is solved", 2007; OEIS A055213: 6,972 for 2
        // pieces, 261,224 for 3, 7,092,774 for 4) less those of a single colour.
        let one_colour = |n: u32| -> u64 {
            (0..=n)
                .map(|men| binomial(28, men) * binomial(32 - men, n - men))
                .sum()
        };
        for (n, published) in [(2usize, 6_972u64), (3, 261_224), (4, 7_092_774)] {
            let boards: u64 = Material::all_with::<Eight>(n)
                .into_iter()
                .map(round_trip::<Eight>)
                .sum();
            assert_eq!(boards, published - 2 * one_colour(n as u32), "{n} pieces");
        }
    }

    #[test]
    fn draughts_positions_of_three_pieces_round_trip() {
        for m in Material::all_with::<Ten>(3) {
            round_trip::<Ten>(m);
        }
    }

    #[test]
    fn turning_the_board_twice_is_no_turn() {
        for b in 0..Eight::SQUARES {
            let bit = 1u64 << bit_index(Eight::W, b);
            assert_eq!(rotate::<Eight>(rotate::<Eight>(bit)), bit);
            assert_eq!(rotate::<Eight>(Eight::TOP), Eight::BOTTOM);
        }
    }

    #[test]
    fn material_names_round_trip() {
        let m = Material {
            own_men: 3,
            own_kings: 1,
            opp_men: 0,
            opp_kings: 2,
        };
        assert_eq!(Material::parse(&m.name()), Some(m));
        assert_eq!(Material::parse("3m1k"), None);
    }
}
