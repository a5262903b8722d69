//! Move generation: quiet steps and slides, and capture sequences found by depth-first search
//! over (square, captured set). A move is the triple (from, to, captured set): two routes that
//! take the same pieces between the same squares are one move (the FMJD rules; perft tables count them so).

use crate::game::MoveList;

use super::geometry::{directions, forward, shift, Geometry};
use super::rules::{Promotion, VariantRules};

/// A move: squares are bit indices of the board layout; `captured` is a set of bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DraughtsMove {
    pub from: u8,
    pub to: u8,
    /// The moving man ends the move as a king.
    pub promotes: bool,
    pub captured: u64,
}

impl DraughtsMove {
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }
    fn same_move(&self, other: &DraughtsMove) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }
}

/// The pieces as the side to move sees them.
#[derive(Clone, Copy, Debug)]
pub struct Sides {
    pub own: u64,
    pub opp: u64,
    pub kings: u64,
    pub player: usize,
}

impl Sides {
    #[inline]
    fn empty<G: Geometry>(&self) -> u64 {
        G::ALL & !(self.own | self.opp)
    }
    #[inline]
    fn far_row<G: Geometry>(&self) -> u64 {
        if self.player == 0 {
            G::TOP
        } else {
            G::BOTTOM
        }
    }
}

/// Whether the side to move has any capture (cheap, no generation).
pub fn has_capture<G: Geometry>(s: &Sides, rules: &VariantRules) -> bool {
    let empty = s.empty::<G>();
    let men = s.own & !s.kings;
    let kings = s.own & s.kings;
    let dirs = directions::<G>();
    let fwd = forward::<G>(s.player);
    for d in dirs {
        let man_dir = rules.men_capture_backward || fwd.contains(&d);
        let mut from = if man_dir { men | kings } else { kings };
        if rules.flying_kings {
            // Kings slide over empty squares first.
            let mut k = kings;
            loop {
                k = shift::<G>(k, d) & empty;
                if k == 0 {
                    break;
                }
                from |= k;
            }
        }
        if shift::<G>(shift::<G>(from, d) & s.opp, d) & empty != 0 {
            return true;
        }
    }
    false
}

/// Whether the side to move has any move at all.
pub fn has_any_move<G: Geometry>(s: &Sides, rules: &VariantRules) -> bool {
    let empty = s.empty::<G>();
    let men = s.own & !s.kings;
    let kings = s.own & s.kings;
    for d in forward::<G>(s.player) {
        if shift::<G>(men, d) & empty != 0 {
            return true;
        }
    }
    for d in directions::<G>() {
        if shift::<G>(kings, d) & empty != 0 {
            return true;
        }
    }
    has_capture::<G>(s, rules)
}

/// The number of quiet moves (when no capture exists), by popcounts.
pub fn count_quiet<G: Geometry>(s: &Sides, rules: &VariantRules) -> usize {
    let empty = s.empty::<G>();
    let men = s.own & !s.kings;
    let kings = s.own & s.kings;
    let mut n = 0;
    for d in forward::<G>(s.player) {
        n += (shift::<G>(men, d) & empty).count_ones() as usize;
    }
    for d in directions::<G>() {
        let mut k = kings;
        loop {
            k = shift::<G>(k, d) & empty;
            n += k.count_ones() as usize;
            if k == 0 || !rules.flying_kings {
                break;
            }
        }
    }
    n
}

/// Appends the quiet moves (call only when there is no capture).
pub fn quiet_moves<G: Geometry>(s: &Sides, rules: &VariantRules, out: &mut MoveList<DraughtsMove>) {
    let empty = s.empty::<G>();
    let men = s.own & !s.kings;
    let kings = s.own & s.kings;
    let far = s.far_row::<G>();
    for d in forward::<G>(s.player) {
        let mut to = shift::<G>(men, d) & empty;
        while to != 0 {
            let t = to.trailing_zeros();
            to &= to - 1;
            let f = (t as i32 - d) as u8;
            out.push(DraughtsMove {
                from: f,
                to: t as u8,
                promotes: far >> t & 1 != 0,
                captured: 0,
            });
        }
    }
    let mut ks = kings;
    while ks != 0 {
        let f = ks.trailing_zeros();
        ks &= ks - 1;
        for d in directions::<G>() {
            let mut sq = 1u64 << f;
            loop {
                sq = shift::<G>(sq, d) & empty;
                if sq == 0 {
                    break;
                }
                out.push(DraughtsMove {
                    from: f as u8,
                    to: sq.trailing_zeros() as u8,
                    promotes: false,
                    captured: 0,
                });
                if !rules.flying_kings {
                    break;
                }
            }
        }
    }
}

/// Depth-first search for the capture sequences of one piece.
struct CaptureSearch<'a, G: Geometry> {
    opp: u64,
    /// Empty squares, with the moving piece's start counted empty (it may pass it again).
    empty: u64,
    far: u64,
    from: u8,
    man_dirs: [i32; 4],
    man_dir_count: usize,
    rules: &'a VariantRules,
    out: &'a mut MoveList<DraughtsMove>,
    /// Most pieces taken by a recorded move (majority rule).
    best: u32,
    board: std::marker::PhantomData<G>,
}

impl<G: Geometry> CaptureSearch<'_, G> {
    fn record(&mut self, at: u64, captured: u64, promotes: bool) {
        let n = captured.count_ones();
        if self.rules.majority {
            if n < self.best {
                return;
            }
            if n > self.best {
                self.out.clear();
                self.best = n;
            }
        }
        let mv = DraughtsMove {
            from: self.from,
            to: at.trailing_zeros() as u8,
            promotes,
            captured,
        };
        if !self.out.iter().any(|m| m.same_move(&mv)) {
            self.out.push(mv);
        }
    }

    fn man(&mut self, at: u64, captured: u64) {
        let mut extended = false;
        for i in 0..self.man_dir_count {
            let d = self.man_dirs[i];
            let over = shift::<G>(at, d) & self.opp & !captured;
            if over == 0 {
                continue;
            }
            let land = shift::<G>(over, d) & self.empty;
            if land == 0 {
                continue;
            }
            extended = true;
            let taken = captured | over;
            if land & self.far != 0 {
                match self.rules.promotion {
                    Promotion::Stop => {
                        self.record(land, taken, true);
                        continue;
                    }
                    Promotion::Continue => {
                        self.king(land, taken, true);
                        continue;
                    }
                    Promotion::AtEnd => {}
                }
            }
            self.man(land, taken);
        }
        if captured != 0 && (!extended || !self.rules.complete_capture) {
            self.record(at, captured, at & self.far != 0);
        }
    }

    /// Whether a king on `at` could take another piece, `captured` being taken already.
    fn king_can_capture(&self, at: u64, captured: u64) -> bool {
        directions::<G>().iter().any(|&d| {
            let mut sq = shift::<G>(at, d);
            if self.rules.flying_kings {
                while sq & self.empty != 0 {
                    sq = shift::<G>(sq, d);
                }
            }
            let over = sq & self.opp & !captured;
            over != 0 && shift::<G>(over, d) & self.empty != 0
        })
    }

    fn king(&mut self, at: u64, captured: u64, promotes: bool) {
        let mut extended = false;
        for d in directions::<G>() {
            let mut sq = shift::<G>(at, d);
            if self.rules.flying_kings {
                while sq & self.empty != 0 {
                    sq = shift::<G>(sq, d);
                }
            }
            let over = sq & self.opp & !captured;
            if over == 0 {
                continue;
            }
            let taken = captured | over;
            // The landing squares beyond the captured piece. When the sequence must be
            // completed and some landing lets the king capture again, it must land on one of
            // those (the "must continue" rule; under the majority rule this changes nothing).
            let mut landings = 0u64;
            let mut land = shift::<G>(over, d) & self.empty;
            while land != 0 {
                landings |= land;
                if !self.rules.flying_kings {
                    break;
                }
                land = shift::<G>(land, d) & self.empty;
            }
            if self.rules.complete_capture && self.rules.flying_kings {
                let mut continuing = 0u64;
                let mut l = landings;
                while l != 0 {
                    let b = l & l.wrapping_neg();
                    l &= l - 1;
                    if self.king_can_capture(b, taken) {
                        continuing |= b;
                    }
                }
                if continuing != 0 {
                    landings = continuing;
                }
            }
            while landings != 0 {
                let b = landings & landings.wrapping_neg();
                landings &= landings - 1;
                extended = true;
                self.king(b, taken, promotes);
            }
        }
        if captured != 0 && (!extended || !self.rules.complete_capture) {
            self.record(at, captured, promotes);
        }
    }
}

/// Appends every legal capture (after the majority rule when it applies).
pub fn captures<G: Geometry>(s: &Sides, rules: &VariantRules, out: &mut MoveList<DraughtsMove>) {
    let empty = s.empty::<G>();
    let fwd = forward::<G>(s.player);
    let mut man_dirs = [0i32; 4];
    let man_dir_count = if rules.men_capture_backward {
        man_dirs = directions::<G>();
        4
    } else {
        man_dirs[0] = fwd[0];
        man_dirs[1] = fwd[1];
        2
    };
    let mut search = CaptureSearch::<G> {
        opp: s.opp,
        empty,
        far: s.far_row::<G>(),
        from: 0,
        man_dirs,
        man_dir_count,
        rules,
        out,
        best: 1,
        board: std::marker::PhantomData,
    };
    // Start the search only from pieces that can take now: a man with an enemy piece next to
    // it and an empty square behind in one of its capture directions (the bitboard test of
    // `has_capture`), and every king (flying kings may take from afar). The other pieces would
    // find nothing; skipping them keeps the order of the moves found.
    let men = s.own & !s.kings;
    let mut pieces = s.own & s.kings;
    for &d in &man_dirs[..man_dir_count] {
        pieces |= men & shift::<G>(shift::<G>(empty, -d) & s.opp, -d);
    }
    while pieces != 0 {
        let f = pieces.trailing_zeros();
        pieces &= pieces - 1;
        let bit = 1u64 << f;
        search.from = f as u8;
        search.empty = empty | bit;
        if s.kings & bit != 0 {
            search.king(bit, 0, false);
        } else {
            search.man(bit, 0);
        }
    }
}

/// Every legal move: the captures if there are any (captures are compulsory), else the quiet moves.
pub fn legal_moves<G: Geometry>(s: &Sides, rules: &VariantRules, out: &mut MoveList<DraughtsMove>) {
    if has_capture::<G>(s, rules) {
        captures::<G>(s, rules, out);
    } else {
        quiet_moves::<G>(s, rules, out);
    }
}
