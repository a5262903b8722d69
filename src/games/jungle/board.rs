//! The Jungle board: 7 files (a-g) by 9 ranks, squares numbered `rank * 7 + file` from a1.
//! Red (player 0) starts at the bottom with its den on d1, Green (player 1) at the top with its
//! den on d9; each den has three traps beside it; two rivers of 2x3 squares fill b4-c6 and
//! e4-f6. The animals and their ranks, and the capture rule every move generator shares.

use crate::game::PlayerId;

pub const FILES: usize = 7;
pub const RANKS: usize = 9;
pub const SQUARES: usize = FILES * RANKS;

pub const RED: PlayerId = 0;
pub const GREEN: PlayerId = 1;

#[inline]
pub const fn square(file: usize, rank: usize) -> usize {
    rank * FILES + file
}
#[inline]
pub const fn file_of(sq: usize) -> usize {
    sq % FILES
}
#[inline]
pub const fn rank_of(sq: usize) -> usize {
    sq / FILES
}

/// Each side's den: d1 for Red, d9 for Green.
pub const DEN: [usize; 2] = [square(3, 0), square(3, 8)];

const fn mask_of(squares: &[usize]) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < squares.len() {
        m |= 1 << squares[i];
        i += 1;
    }
    m
}

/// The traps around each side's den (c1 e1 d2; c9 e9 d8). An enemy piece in them has rank 0.
pub const TRAPS: [u64; 2] = [
    mask_of(&[square(2, 0), square(4, 0), square(3, 1)]),
    mask_of(&[square(2, 8), square(4, 8), square(3, 7)]),
];

/// The two rivers, b4-c6 and e4-f6.
pub const WATER: u64 = mask_of(&[
    square(1, 3),
    square(2, 3),
    square(1, 4),
    square(2, 4),
    square(1, 5),
    square(2, 5),
    square(4, 3),
    square(5, 3),
    square(4, 4),
    square(5, 4),
    square(4, 5),
    square(5, 5),
]);

#[inline]
pub fn is_water(sq: usize) -> bool {
    WATER & (1 << sq) != 0
}

/// Whether `sq` is one of `side`'s traps.
#[inline]
pub fn is_trap_of(sq: usize, side: PlayerId) -> bool {
    TRAPS[side] & (1 << sq) != 0
}

/// The animals, weakest first; the rank is the index plus one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Animal {
    Rat = 0,
    Cat,
    Dog,
    Wolf,
    Leopard,
    Tiger,
    Lion,
    Elephant,
}

pub const ANIMALS: [Animal; 8] = [
    Animal::Rat,
    Animal::Cat,
    Animal::Dog,
    Animal::Wolf,
    Animal::Leopard,
    Animal::Tiger,
    Animal::Lion,
    Animal::Elephant,
];

impl Animal {
    #[inline]
    pub fn rank(self) -> u8 {
        self as u8 + 1
    }
    #[inline]
    pub fn from_index(i: usize) -> Animal {
        ANIMALS[i]
    }
    /// The letter in position and move text (Red's in upper case): R C D W P(anther, the
    /// leopard) T L E.
    pub fn letter(self) -> char {
        b"RCDWPTLE"[self as usize] as char
    }
    pub fn from_letter(c: char) -> Option<Animal> {
        let up = c.to_ascii_uppercase();
        ANIMALS.iter().copied().find(|a| a.letter() == up)
    }
    pub fn name(self) -> &'static str {
        [
            "rat", "cat", "dog", "wolf", "leopard", "tiger", "lion", "elephant",
        ][self as usize]
    }
}

/// A piece on a square: an animal and its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub animal: Animal,
    pub owner: PlayerId,
}

impl Piece {
    /// The board byte: 0 is empty, 1..=16 a piece.
    #[inline]
    pub fn code(self) -> u8 {
        1 + self.animal as u8 + 8 * self.owner as u8
    }
    #[inline]
    pub fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code > 16 {
            return None;
        }
        let c = code - 1;
        Some(Piece {
            animal: Animal::from_index((c % 8) as usize),
            owner: (c / 8) as PlayerId,
        })
    }
}

/// Options of the capture rule (a subset of the rules).
#[derive(Clone, Copy, Debug)]
pub struct CaptureRule {
    pub rat_water_capture: bool,
    pub elephant_takes_rat: bool,
}

/// Whether `att` moving from `from` may capture the enemy `def` on `to` (a step or a jump).
///
/// - In the water only a rat stands, and only a rat that is in the water too captures it.
/// - A rat leaving the water never takes the elephant, and takes nothing when
///   `rat_water_capture` is off.
/// - A piece in one of the attacker's traps has rank 0: anything takes it.
/// - A piece in one of the defender's traps has rank 0 itself: it takes nothing of higher rank
///   (the rat's privilege against the elephant is lost too).
/// - Otherwise rank against rank, equal ranks taking each other; the rat takes the elephant and
///   the elephant does not take the rat (unless `elephant_takes_rat`).
#[inline]
pub fn can_capture(att: Piece, from: usize, def: Piece, to: usize, rule: CaptureRule) -> bool {
    debug_assert!(att.owner != def.owner);
    let (att_wet, def_wet) = (is_water(from), is_water(to));
    if def_wet {
        return att_wet;
    }
    if att_wet && (!rule.rat_water_capture || def.animal == Animal::Elephant) {
        return false;
    }
    if is_trap_of(to, att.owner) {
        return true;
    }
    if is_trap_of(from, def.owner) {
        return false;
    }
    match (att.animal, def.animal) {
        (Animal::Rat, Animal::Elephant) => true,
        (Animal::Elephant, Animal::Rat) => rule.elephant_takes_rat,
        (a, d) => a.rank() >= d.rank(),
    }
}

/// The four directions as (file, rank) steps.
pub const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// The square one step from `sq` in `dir`, if on the board.
#[inline]
pub fn step(sq: usize, (df, dr): (i32, i32)) -> Option<usize> {
    let f = file_of(sq) as i32 + df;
    let r = rank_of(sq) as i32 + dr;
    if (0..FILES as i32).contains(&f) && (0..RANKS as i32).contains(&r) {
        Some(square(f as usize, r as usize))
    } else {
        None
    }
}

/// The start: Red's Tiger a1, Lion g1, Cat b2, Wolf f2, Elephant a3, Dog c3, Leopard e3, Rat g3;
/// Green's pieces point-symmetric (turned 180 degrees).
pub fn start_board() -> [u8; SQUARES] {
    use Animal::*;
    let red = [
        (Tiger, 0, 0),
        (Lion, 6, 0),
        (Cat, 1, 1),
        (Wolf, 5, 1),
        (Elephant, 0, 2),
        (Dog, 2, 2),
        (Leopard, 4, 2),
        (Rat, 6, 2),
    ];
    let mut b = [0u8; SQUARES];
    for (animal, f, r) in red {
        b[square(f, r)] = Piece { animal, owner: RED }.code();
        b[square(FILES - 1 - f, RANKS - 1 - r)] = Piece {
            animal,
            owner: GREEN,
        }
        .code();
    }
    b
}
