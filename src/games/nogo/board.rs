//! The NoGo board on bitboards, with groups and liberties kept incrementally.
//!
//! NoGo never removes a stone (a capture is illegal), so groups only ever merge. Each stone
//! records its group's head (one point of the group), and each head holds the group's liberties
//! as a bit set. Placing a stone merges the adjacent friendly groups into one (the other
//! groups' stones relabelled by a scan of the labels), unites their liberties with the stone's empty
//! neighbours, and takes the point from the liberties of the adjacent enemy groups. Nothing else
//! changes: only groups next to the point have it as a liberty.
//!
//! After every move the legal points of both colours are recomputed from the groups in one pass
//! and cached, so `turn`, move generation and counting are O(1) or a popcount. For colour `c`:
//!
//!   legal(c) = empty & !atari(other) & (next_to_empty | liberties of c's groups with >= 2)
//!
//! `atari(other)` are the single liberties of the other colour's groups: playing there would
//! capture. A point with no empty neighbour is a suicide unless it joins a friendly group that
//! keeps another liberty. (results/nogo.md compares this with a union-find board with
//! pseudo-liberty counts, the classic Go layout: bench/nogo.rs.)

use crate::game::zobrist;

use super::geometry::{Geometry, Width, MAX_SIZE};

pub const BLACK: usize = 0;
pub const WHITE: usize = 1;
/// The label of an empty point.
const NO_GROUP: u16 = u16::MAX;

const STONE_KEYS: [u64; 2 * MAX_SIZE * MAX_SIZE] =
    zobrist::keys::<{ 2 * MAX_SIZE * MAX_SIZE }>(0x4E06_0001);
const WHITE_TO_MOVE_KEY: u64 = zobrist::key(0x4E06_0002, 0);

#[inline]
fn stone_key(colour: usize, point: usize) -> u64 {
    STONE_KEYS[colour * MAX_SIZE * MAX_SIZE + point]
}

/// Why a point is not a legal move for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    Occupied,
    /// The stone would take the last liberty of an enemy group.
    Captures,
    /// The stone's group would have no liberty.
    Suicide,
    /// Black's first move on the centre point under `centre_first=forbidden`.
    CentreFirst,
}

impl Illegal {
    pub fn reason(self) -> &'static str {
        match self {
            Illegal::Occupied => "the point is occupied",
            Illegal::Captures => "the stone would capture (a capture loses in NoGo)",
            Illegal::Suicide => "the stone would have no liberty (suicide)",
            Illegal::CentreFirst => "black's first move may not be on the centre point",
        }
    }
}

/// A NoGo position of width `B`: stones, groups, and the cached legal points of both colours.
#[derive(Clone, Copy, Debug)]
pub struct Board<B: Width> {
    geo: &'static Geometry<B>,
    stones: [B; 2],
    /// The head point of every live group, by colour.
    heads: [B; 2],
    /// The head of each stone's group; `NO_GROUP` on empty points.
    group: B::Array<u16>,
    /// The liberties of the group headed at each point (meaningful at heads only).
    libs: B::Array<B>,
    legal: [B; 2],
    side: u8,
    /// `centre_first=forbidden`: black may not open on the centre.
    centre_forbidden: bool,
    hash: u64,
}

impl<B: Width> PartialEq for Board<B> {
    /// Same stones, same side, same rules (the groups follow from the stones).
    fn eq(&self, other: &Self) -> bool {
        self.geo.size == other.geo.size
            && self.stones == other.stones
            && self.side == other.side
            && self.centre_forbidden == other.centre_forbidden
    }
}

impl<B: Width> Board<B> {
    /// The empty board of side `size` (which must fit `B`), black to move.
    pub fn empty(size: usize, centre_forbidden: bool) -> Self {
        let mut b = Board {
            geo: B::geometry(size),
            stones: [B::EMPTY; 2],
            heads: [B::EMPTY; 2],
            group: B::array(NO_GROUP),
            libs: B::array(B::EMPTY),
            legal: [B::EMPTY; 2],
            side: BLACK as u8,
            centre_forbidden,
            hash: 0,
        };
        b.update_legal();
        b
    }

    /// A position from its stones and side to move, checked to be one a game can reach: the
    /// stones do not overlap, black has as many stones as white or one more (black moves first,
    /// nobody passes, nothing is captured), the side to move follows from the counts, every
    /// group has a liberty, and a lone black stone is not on a forbidden centre.
    pub fn from_stones(
        size: usize,
        centre_forbidden: bool,
        black: B,
        white: B,
        side: usize,
    ) -> Result<Self, String> {
        let mut b = Self::empty(size, centre_forbidden);
        if !black.and(white).is_empty() {
            return Err("a point holds two stones".into());
        }
        if !black.or(white).andnot(b.geo.board).is_empty() {
            return Err("stones off the board".into());
        }
        let (nb, nw) = (black.count(), white.count());
        let expected_side = match nb.checked_sub(nw) {
            Some(0) => BLACK,
            Some(1) => WHITE,
            _ => {
                return Err(format!(
                    "black has {nb} stones and white {nw}: black moves first and nobody passes, \
                     so black has as many stones as white or one more"
                ))
            }
        };
        if side != expected_side {
            return Err(format!(
                "with {nb} black and {nw} white stones it is {} to move",
                colour_name(expected_side)
            ));
        }
        if let Some(c) = b.geo.centre {
            if centre_forbidden && nb == 1 && black.has(c) {
                return Err(
                    "black's only stone is on the centre, which centre_first=forbidden \
                            does not allow as a first move"
                        .into(),
                );
            }
        }
        // Any order of placing the stones builds the same groups (they only merge).
        for p in black.points() {
            b.place(p, BLACK);
        }
        for p in white.points() {
            b.place(p, WHITE);
        }
        for colour in [BLACK, WHITE] {
            for h in b.heads[colour].points() {
                if b.libs.as_ref()[h].is_empty() {
                    let (f, r) = b.geo.file_rank(h);
                    return Err(format!(
                        "the {} group at {} has no liberty (it could never have been played)",
                        colour_name(colour),
                        crate::game::grid::format_square(
                            crate::game::grid::Files::LettersWithoutI,
                            (f, r)
                        )
                    ));
                }
            }
        }
        b.side = side as u8;
        b.hash = b.hash_from_scratch();
        b.update_legal();
        Ok(b)
    }

    pub fn size(&self) -> usize {
        self.geo.size
    }
    pub fn geometry(&self) -> &'static Geometry<B> {
        self.geo
    }
    pub fn side(&self) -> usize {
        self.side as usize
    }
    pub fn stones(&self, colour: usize) -> B {
        self.stones[colour]
    }
    pub fn empty_points(&self) -> B {
        self.geo.board.andnot(self.stones[0].or(self.stones[1]))
    }
    /// The legal points of `colour` if it were to move now.
    #[inline]
    pub fn legal(&self, colour: usize) -> B {
        self.legal[colour]
    }
    pub fn hash(&self) -> u64 {
        self.hash
    }
    pub fn centre_forbidden(&self) -> bool {
        self.centre_forbidden
    }
    /// The colour of the stone on `point`, if any.
    pub fn stone_at(&self, point: usize) -> Option<usize> {
        [BLACK, WHITE]
            .into_iter()
            .find(|&c| self.stones[c].has(point))
    }
    /// The liberties of the group of the stone on `point` (empty for an empty point).
    pub fn group_liberties(&self, point: usize) -> B {
        match self.group.as_ref()[point] {
            NO_GROUP => B::EMPTY,
            h => self.libs.as_ref()[h as usize],
        }
    }
    /// The stones of the group on `point`.
    pub fn group_stones(&self, point: usize) -> B {
        let h = self.group.as_ref()[point];
        let mut set = B::EMPTY;
        if h != NO_GROUP {
            for (i, &g) in self.group.as_ref()[..self.geo.points].iter().enumerate() {
                if g == h {
                    set = set.or(B::bit(i));
                }
            }
        }
        set
    }
    /// Number of groups of `colour`.
    pub fn group_count(&self, colour: usize) -> u32 {
        self.heads[colour].count()
    }

    /// Why the side to move may not play `point` (None: the move is legal).
    pub fn why_illegal(&self, point: usize) -> Option<Illegal> {
        let me = self.side();
        if point < self.geo.points && self.legal[me].has(point) {
            None
        } else if point >= self.geo.points || !self.empty_points().has(point) {
            Some(Illegal::Occupied)
        } else if self.is_first_move() && self.centre_forbidden && self.geo.centre == Some(point) {
            Some(Illegal::CentreFirst)
        } else if self.atari_points(1 - me).has(point) {
            Some(Illegal::Captures)
        } else {
            Some(Illegal::Suicide)
        }
    }

    fn is_first_move(&self) -> bool {
        self.stones[0].or(self.stones[1]).is_empty()
    }

    /// The single liberties of `colour`'s groups in atari.
    fn atari_points(&self, colour: usize) -> B {
        let libs = self.libs.as_ref();
        let mut atari = B::EMPTY;
        for h in self.heads[colour].points() {
            if libs[h].is_single() {
                atari = atari.or(libs[h]);
            }
        }
        atari
    }

    /// Plays a legal move of the side to move.
    #[inline]
    pub fn play(&mut self, point: usize) {
        debug_assert!(self.legal[self.side()].has(point), "illegal NoGo move");
        let me = self.side();
        self.place(point, me);
        self.side ^= 1;
        self.hash ^= WHITE_TO_MOVE_KEY;
        self.update_legal();
    }

    /// Puts a stone of `colour` on the empty `point` and updates groups, liberties and hash (not
    /// the side to move or the legal points).
    fn place(&mut self, point: usize, colour: usize) {
        let bit = B::bit(point);
        let nbrs = self.geo.neighbours[point];
        let empty = self.empty_points().andnot(bit);
        let group = self.group.as_mut();
        let libs = self.libs.as_mut();
        // Enemy groups next to the point lose it as a liberty.
        for q in nbrs.and(self.stones[1 - colour]).points() {
            let h = group[q] as usize;
            libs[h] = libs[h].andnot(bit);
        }
        // Friendly groups next to it merge into the first one met.
        let mut head = point;
        let mut merged_libs = nbrs.and(empty);
        for q in nbrs.and(self.stones[colour]).points() {
            let h = group[q] as usize;
            if head == point {
                head = h;
            } else if h != head {
                // Relabel h's stones (a scan of the labels: ids are points, the board is small).
                for g in group[..self.geo.points].iter_mut() {
                    if *g == h as u16 {
                        *g = head as u16;
                    }
                }
                self.heads[colour] = self.heads[colour].andnot(B::bit(h));
            }
            merged_libs = merged_libs.or(libs[h]);
        }
        group[point] = head as u16;
        libs[head] = merged_libs.andnot(bit);
        if head == point {
            self.heads[colour] = self.heads[colour].or(bit);
        }
        self.stones[colour] = self.stones[colour].or(bit);
        self.hash ^= stone_key(colour, point);
    }

    /// Recomputes both colours' legal points from the groups.
    fn update_legal(&mut self) {
        let libs = self.libs.as_ref();
        let mut single = [B::EMPTY; 2];
        let mut many = [B::EMPTY; 2];
        for c in [BLACK, WHITE] {
            for h in self.heads[c].points() {
                let l = libs[h];
                if l.is_single() {
                    single[c] = single[c].or(l);
                } else {
                    many[c] = many[c].or(l);
                }
            }
        }
        let empty = self.empty_points();
        let next_to_empty = self.geo.dilate(empty);
        for c in [BLACK, WHITE] {
            self.legal[c] = empty.andnot(single[1 - c]).and(next_to_empty.or(many[c]));
        }
        if self.centre_forbidden && self.is_first_move() {
            if let Some(centre) = self.geo.centre {
                self.legal[BLACK] = self.legal[BLACK].andnot(B::bit(centre));
            }
        }
    }

    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = if self.side() == WHITE {
            WHITE_TO_MOVE_KEY
        } else {
            0
        };
        for c in [BLACK, WHITE] {
            for p in self.stones[c].points() {
                h ^= stone_key(c, p);
            }
        }
        h
    }

    /// Checks the incremental groups against groups found by flood fill (tests).
    pub fn check_groups(&self) -> Result<(), String> {
        let empty = self.empty_points();
        for c in [BLACK, WHITE] {
            let mut seen = B::EMPTY;
            let mut groups = 0;
            for p in self.stones[c].points() {
                if seen.has(p) {
                    continue;
                }
                let mut g = B::bit(p);
                loop {
                    let grown = g.or(self.geo.dilate(g).and(self.stones[c]));
                    if grown == g {
                        break;
                    }
                    g = grown;
                }
                seen = seen.or(g);
                groups += 1;
                if self.group_stones(p) != g {
                    return Err(format!(
                        "group at point {p}: labels disagree with flood fill"
                    ));
                }
                if self.group_liberties(p) != self.geo.dilate(g).and(empty) {
                    return Err(format!("group at point {p}: liberties disagree"));
                }
            }
            if groups != self.group_count(c) {
                return Err(format!("{} heads for {groups} groups", self.group_count(c)));
            }
        }
        Ok(())
    }
}

pub fn colour_name(colour: usize) -> &'static str {
    if colour == BLACK {
        "black"
    } else {
        "white"
    }
}
