//! Line patterns: what one more stone on a point makes along one direction, read from the 11
//! points around it (`Board::window`). Every window (3^11 codes: empty, own, blocked) is analysed
//! once into a table, in two flavours: `exact` (only exactly five wins, six or more is an
//! overline: renju's black and the standard rule) and loose (five or more wins: freestyle, and
//! renju's white).
//!
//! What a window says, with own's stone put on its centre:
//! - `five`: a line of five (exact) or five or more (loose) through the centre;
//! - `overline`: (exact only) six or more through the centre;
//! - `fours`: how many fours through the centre there are, counted as distinct sets of four stones
//!   that one more stone turns into a five (a straight four `.XXXX.` is one four with two five
//!   points; `X.XXX.X` filled in the middle is two fours in one line);
//! - `three points`: the points (offsets -3..=3) where one more stone makes a straight four
//!   through the centre: the centre made a three when there is one (renju's definition, before
//!   asking whether that point is itself forbidden);
//! - `shape`: one code for evaluation, from five down to a closed two.

use std::sync::OnceLock;

/// Shape codes, weakest first. `B` closed (one way to grow), `F` free (open).
pub const NONE: u8 = 0;
pub const B2: u8 = 1;
pub const F2: u8 = 2;
pub const B3: u8 = 3;
pub const F3: u8 = 4;
pub const B4: u8 = 5;
/// A straight four: one four with two five points.
pub const F4: u8 = 6;
pub const F5: u8 = 7;
/// Six or more in a row when only exactly five wins.
pub const OVERLINE: u8 = 8;
/// Two fours in one line (`X.XXX.X` filled in the middle): a double four for renju's black.
pub const D4: u8 = 9;
pub const SHAPES: usize = 10;

/// One analysed window, packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pattern(u32);

impl Pattern {
    #[inline]
    pub fn shape(self) -> u8 {
        (self.0 & 0xF) as u8
    }
    #[inline]
    pub fn fours(self) -> u32 {
        (self.0 >> 4) & 3
    }
    #[inline]
    pub fn five(self) -> bool {
        self.0 & (1 << 6) != 0
    }
    #[inline]
    pub fn overline(self) -> bool {
        self.0 & (1 << 7) != 0
    }
    /// Bit k + 3 set when the point at offset k (-3..=3) makes a straight four.
    #[inline]
    pub fn three_points(self) -> u32 {
        (self.0 >> 8) & 0x7F
    }
}

const WINDOW: usize = 11;
const CENTRE: usize = 5;
const CODES: usize = 177_147; // 3^11
const EMPTY: u8 = 0;
const OWN: u8 = 1;
const BLOCKED: u8 = 2;

/// Base-3 digits of an 11-bit mask (bit j -> 3^j).
static TERNARY: [u32; 2048] = ternary();

const fn ternary() -> [u32; 2048] {
    let mut out = [0u32; 2048];
    let mut m = 0;
    while m < 2048 {
        let mut v = 0u32;
        let mut p = 1u32;
        let mut j = 0;
        while j < WINDOW {
            if m & (1 << j) != 0 {
                v += p;
            }
            p *= 3;
            j += 1;
        }
        out[m] = v;
        m += 1;
    }
    out
}

/// The table code of a window (own and blocked bits, disjoint), with own's stone on the centre.
#[inline]
pub fn code(own: u32, blocked: u32) -> usize {
    (TERNARY[(own | 1 << CENTRE) as usize] + 2 * TERNARY[blocked as usize]) as usize
}

/// The pattern of a window, with own's stone on the centre.
#[inline]
pub fn lookup(exact: bool, own: u32, blocked: u32) -> Pattern {
    table(exact)[code(own, blocked)]
}

fn table(exact: bool) -> &'static [Pattern] {
    static EXACT: OnceLock<Vec<Pattern>> = OnceLock::new();
    static LOOSE: OnceLock<Vec<Pattern>> = OnceLock::new();
    if exact {
        EXACT.get_or_init(|| build(true))
    } else {
        LOOSE.get_or_init(|| build(false))
    }
}

/// Builds a table eagerly (the first search would otherwise pay for it).
pub fn warm_up() {
    table(true);
    table(false);
}

fn decode(mut code: usize) -> [u8; WINDOW] {
    let mut cells = [0u8; WINDOW];
    for c in cells.iter_mut() {
        *c = (code % 3) as u8;
        code /= 3;
    }
    cells
}

const POW3: [usize; WINDOW] = {
    let mut p = [1usize; WINDOW];
    let mut j = 1;
    while j < WINDOW {
        p[j] = p[j - 1] * 3;
        j += 1;
    }
    p
};

fn build(exact: bool) -> Vec<Pattern> {
    let mut base = vec![u32::MAX; CODES];
    let mut shape = vec![u8::MAX; CODES];
    let mut out = vec![Pattern(0); CODES];
    for code in 0..CODES {
        let cells = decode(code);
        if cells[CENTRE] != OWN {
            continue;
        }
        let s = shape_of(code, exact, &mut base, &mut shape);
        out[code] = Pattern(base_of(code, exact, &mut base) | s as u32);
    }
    out
}

/// Five, overline, fours and three points of a window (centre own), memoised in `base`.
fn base_of(code: usize, exact: bool, base: &mut [u32]) -> u32 {
    if base[code] != u32::MAX {
        return base[code];
    }
    let cells = decode(code);
    let v = analyse(&cells, exact);
    base[code] = v;
    v
}

/// The length of the run of own stones through the centre, and its ends (inclusive).
fn run(cells: &[u8; WINDOW]) -> (usize, usize, usize) {
    let mut lo = CENTRE;
    while lo > 0 && cells[lo - 1] == OWN {
        lo -= 1;
    }
    let mut hi = CENTRE;
    while hi + 1 < WINDOW && cells[hi + 1] == OWN {
        hi += 1;
    }
    (hi - lo + 1, lo, hi)
}

fn analyse(cells: &[u8; WINDOW], exact: bool) -> u32 {
    let (len, _, _) = run(cells);
    let five = if exact { len == 5 } else { len >= 5 };
    if five {
        return 1 << 6 | F5 as u32;
    }
    if exact && len >= 6 {
        return 1 << 7 | OVERLINE as u32;
    }
    // Fours: 5-point windows [a, a+4] holding the centre with four own stones and one empty,
    // not touching another own stone when only exactly five counts.
    let mut sets: [u32; 5] = [0; 5];
    let mut nsets = 0;
    let mut five_points = 0u32;
    for a in 1..=CENTRE {
        let w = &cells[a..a + 5];
        if w.iter().any(|&c| c == BLOCKED) || w.iter().filter(|&&c| c == OWN).count() != 4 {
            continue;
        }
        if exact && (cells[a - 1] == OWN || cells.get(a + 5) == Some(&OWN)) {
            continue;
        }
        let mut set = 0u32;
        for (i, &c) in w.iter().enumerate() {
            if c == OWN {
                set |= 1 << (a + i);
            } else {
                five_points |= 1 << (a + i);
            }
        }
        if !sets[..nsets].contains(&set) {
            sets[nsets] = set;
            nsets += 1;
        }
    }
    let fours = nsets.min(2) as u32;
    // Three points: an empty point at offset -3..=3 that makes a straight four through the
    // centre: a run of exactly four, both ends empty, and (exact) no own stone just beyond either
    // end (that end would then make an overline, not a five).
    let mut threes = 0u32;
    if nsets == 0 {
        for e in CENTRE - 3..=CENTRE + 3 {
            if cells[e] != EMPTY {
                continue;
            }
            let mut c = *cells;
            c[e] = OWN;
            let (len, lo, hi) = run(&c);
            if len != 4 || e < lo || e > hi {
                continue;
            }
            if c[lo - 1] != EMPTY || c[hi + 1] != EMPTY {
                continue;
            }
            if exact && (lo >= 2 && c[lo - 2] == OWN || hi + 2 < WINDOW && c[hi + 2] == OWN) {
                continue;
            }
            threes |= 1 << (e + 3 - CENTRE);
        }
    }
    let shape = if nsets >= 2 {
        D4
    } else if five_points.count_ones() >= 2 {
        F4
    } else if nsets == 1 {
        B4
    } else if threes != 0 {
        F3
    } else {
        NONE
    };
    fours << 4 | threes << 8 | shape as u32
}

/// The evaluation shape of a window: its base shape, or from three down to two by what one
/// more own stone in the window could make of it.
fn shape_of(code: usize, exact: bool, base: &mut [u32], shape: &mut [u8]) -> u8 {
    if shape[code] != u8::MAX {
        return shape[code];
    }
    let b = (base_of(code, exact, base) & 0xF) as u8;
    let s = if b != NONE {
        b
    } else {
        let cells = decode(code);
        let mut best = NONE;
        for e in 1..WINDOW - 1 {
            if cells[e] != EMPTY {
                continue;
            }
            let next = code + POW3[e];
            let nb = (base_of(next, exact, base) & 0xF) as u8;
            let grown = match nb {
                B4 | F4 | D4 => B3,
                F3 => F2,
                _ => {
                    if shape_of(next, exact, base, shape) == B3 {
                        B2
                    } else {
                        NONE
                    }
                }
            };
            best = best.max(grown);
            if best == B3 {
                break;
            }
        }
        best
    };
    shape[code] = s;
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A window from text: `x` own, `o` blocked, `.` empty, 11 characters, centre at index 5
    /// (which must be where own plays: written `*`).
    fn pat(exact: bool, text: &str) -> Pattern {
        assert_eq!(text.len(), 11);
        let (mut own, mut blocked) = (0u32, 0u32);
        for (j, c) in text.chars().enumerate() {
            match c {
                'x' => own |= 1 << j,
                'o' => blocked |= 1 << j,
                '*' => assert_eq!(j, CENTRE),
                _ => {}
            }
        }
        lookup(exact, own, blocked)
    }

    #[test]
    fn shapes_of_known_lines() {
        assert!(pat(true, "...xx*xx...").five());
        assert!(pat(true, "..xxx*xx...").overline());
        assert!(pat(false, "..xxx*xx...").five());
        assert_eq!(pat(true, "...xx*x....").shape(), F4);
        assert_eq!(pat(true, "..xxx*.....").shape(), F4);
        assert_eq!(pat(true, "..oxx*x....").shape(), B4);
        assert_eq!(
            pat(true, "...x.*xx.x.").shape(),
            D4,
            "two fours in one line"
        );
        assert_eq!(pat(true, "...x.*xx.x.").fours(), 2);
        assert_eq!(pat(true, "....x*x....").shape(), F3);
        assert_eq!(pat(true, "....x*x....").three_points(), 1 << 1 | 1 << 5);
        assert_eq!(pat(true, "...x.*x....").shape(), F3);
        assert_eq!(pat(true, "...ox*x....").shape(), B3);
        assert_eq!(pat(true, ".....*x....").shape(), F2);
        assert_eq!(pat(true, "....o*x....").shape(), B2);
        // A three whose straight four would touch another own stone is no three under exact
        // rules (the four's end would make six), but is one when an overline wins.
        assert_eq!(pat(true, "x.xxx*.....").shape(), B4);
        assert_eq!(pat(true, "..x.x*x....").three_points(), 0);
        assert_ne!(pat(false, ".x..x*x....").three_points(), 0);
        assert_eq!(pat(true, "x..xx*.....").three_points(), 1 << 4);
        assert_eq!(pat(true, "..oxx*.o...").shape(), NONE);
    }
}
