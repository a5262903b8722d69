//! The threat map, kept up to date move by move (as Rapfi and AlphaGomoku keep theirs): for every
//! empty point, each colour's line shape in each direction if that colour played there
//! (`patterns`), the point's combined class (five, open four, four-three, ...), and counts of
//! both over the board. A stone changes only the points within five steps along its four lines,
//! so a move costs about 80 table look-ups, and the evaluation reads the counts in O(1).

use super::board::{Board, CELLS};
use super::patterns::{self, B2, B3, B4, D4, F2, F3, F4, F5, NONE, OVERLINE, SHAPES};

/// Point classes, weakest first: what one stone there makes for a colour, all four lines together.
pub mod class {
    pub const NONE: u8 = 0;
    pub const CLOSED_TWO: u8 = 1;
    pub const TWO: u8 = 2;
    pub const TWO_TWO: u8 = 3;
    pub const CLOSED_THREE: u8 = 4;
    pub const THREE: u8 = 5;
    pub const FOUR: u8 = 6;
    pub const THREE_THREE: u8 = 7;
    pub const FOUR_THREE: u8 = 8;
    pub const FOUR_FOUR: u8 = 9;
    pub const OPEN_FOUR: u8 = 10;
    pub const FIVE: u8 = 11;
    /// Renju's black only: an overline or a double four without a five (forbidden for sure).
    pub const FORBIDDEN: u8 = 12;
    /// Renju's black only: two or more lines with a three (forbidden unless a three is not real,
    /// which the exact checker decides).
    pub const MAYBE_FORBIDDEN: u8 = 13;
    pub const COUNT: usize = 14;
}

#[derive(Clone, Copy)]
pub struct ThreatMap {
    /// Per colour: does only exactly five win (renju's black, the standard rule)?
    exact: [bool; 2],
    /// Renju's restrictions apply to black.
    renju: bool,
    shape: [[[u8; 4]; CELLS]; 2],
    class: [[u8; CELLS]; 2],
    shape_count: [[u16; SHAPES]; 2],
    class_count: [[u16; class::COUNT]; 2],
}

impl std::fmt::Debug for ThreatMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ThreatMap {{ classes {:?} }}", self.class_count)
    }
}

/// A point's class for a colour from its four line shapes.
pub fn classify(shapes: [u8; 4], renju_black: bool) -> u8 {
    let mut n = [0u8; SHAPES];
    for s in shapes {
        n[s as usize] += 1;
    }
    if n[F5 as usize] > 0 {
        return class::FIVE;
    }
    let fours = n[B4 as usize] + n[F4 as usize] + 2 * n[D4 as usize];
    let threes = n[F3 as usize];
    if renju_black {
        if n[OVERLINE as usize] > 0 || fours >= 2 {
            return class::FORBIDDEN;
        }
        if threes >= 2 {
            return class::MAYBE_FORBIDDEN;
        }
        if n[F4 as usize] > 0 {
            return class::OPEN_FOUR;
        }
    } else {
        if n[F4 as usize] > 0 || n[D4 as usize] > 0 {
            return class::OPEN_FOUR;
        }
        if fours >= 2 {
            return class::FOUR_FOUR;
        }
    }
    if fours > 0 && threes > 0 {
        class::FOUR_THREE
    } else if threes >= 2 {
        class::THREE_THREE
    } else if fours > 0 {
        class::FOUR
    } else if threes > 0 {
        class::THREE
    } else if n[B3 as usize] > 0 {
        class::CLOSED_THREE
    } else if n[F2 as usize] >= 2 {
        class::TWO_TWO
    } else if n[F2 as usize] > 0 {
        class::TWO
    } else if n[B2 as usize] > 0 {
        class::CLOSED_TWO
    } else {
        class::NONE
    }
}

impl ThreatMap {
    /// The map of `board`, from scratch.
    pub fn new(board: &Board, exact: [bool; 2], renju: bool) -> ThreatMap {
        let mut m = ThreatMap {
            exact,
            renju,
            shape: [[[NONE; 4]; CELLS]; 2],
            class: [[class::NONE; CELLS]; 2],
            shape_count: [[0; SHAPES]; 2],
            class_count: [[0; class::COUNT]; 2],
        };
        // Every point starts as NONE in every direction (occupied points stay so; their NONEs
        // are counted too and mean nothing).
        for colour in 0..2 {
            m.shape_count[colour][NONE as usize] = 4 * CELLS as u16;
            m.class_count[colour][class::NONE as usize] = CELLS as u16;
        }
        for p in 0..board.cells() {
            if board.is_empty(p) {
                for dir in 0..4 {
                    m.refresh_line(board, p, dir);
                }
                m.refresh_class(p);
            }
        }
        m
    }

    #[inline]
    pub fn shape(&self, colour: usize, p: usize, dir: usize) -> u8 {
        self.shape[colour][p][dir]
    }
    #[inline]
    pub fn shapes(&self, colour: usize, p: usize) -> [u8; 4] {
        self.shape[colour][p]
    }
    #[inline]
    pub fn class(&self, colour: usize, p: usize) -> u8 {
        self.class[colour][p]
    }
    /// Empty points of class `c` for `colour`.
    #[inline]
    pub fn class_count(&self, colour: usize, c: u8) -> u16 {
        self.class_count[colour][c as usize]
    }
    /// (empty point, direction) pairs with shape `s` for `colour`.
    #[inline]
    pub fn shape_count(&self, colour: usize, s: u8) -> u16 {
        self.shape_count[colour][s as usize]
    }
    pub fn is_exact(&self, colour: usize) -> bool {
        self.exact[colour]
    }

    fn set_shape(&mut self, colour: usize, p: usize, dir: usize, s: u8) {
        let old = self.shape[colour][p][dir];
        if old != s {
            self.shape_count[colour][old as usize] -= 1;
            self.shape_count[colour][s as usize] += 1;
            self.shape[colour][p][dir] = s;
        }
    }

    fn refresh_line(&mut self, board: &Board, p: usize, dir: usize) {
        for colour in 0..2 {
            let (own, blocked) = board.window(colour, dir, p);
            let s = patterns::lookup(self.exact[colour], own, blocked).shape();
            self.set_shape(colour, p, dir, s);
        }
    }

    fn refresh_class(&mut self, p: usize) {
        for colour in 0..2 {
            let c = classify(self.shape[colour][p], self.renju && colour == 0);
            let old = self.class[colour][p];
            if old != c {
                self.class_count[colour][old as usize] -= 1;
                self.class_count[colour][c as usize] += 1;
                self.class[colour][p] = c;
            }
        }
    }

    /// Brings the map up to date after a stone was put on or taken off `p` (already done on
    /// `board`).
    pub fn update(&mut self, board: &Board, p: usize) {
        if board.is_empty(p) {
            for dir in 0..4 {
                self.refresh_line(board, p, dir);
            }
        } else {
            for colour in 0..2 {
                for dir in 0..4 {
                    self.set_shape(colour, p, dir, NONE);
                }
            }
        }
        self.refresh_class(p);
        for dir in 0..4 {
            for k in [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5] {
                if let Some(q) = board.step(p, dir, k) {
                    if board.is_empty(q) {
                        self.refresh_line(board, q, dir);
                        self.refresh_class(q);
                    }
                }
            }
        }
    }
}
