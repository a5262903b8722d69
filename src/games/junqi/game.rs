//! The Junqi state and the game contract.
//!
//! A game starts in the setup phase: red places its 25 pieces, one decision a point in
//! `SETUP_ORDER` (back row first), then black does the same; neither sees the other's kinds.
//! Then the sides move in turn (`rules.first` first). Pieces have ids: the index of their point
//! in their side's setup order (or, for a game started from a given board, their order by
//! point). Besides the board, the state keeps what each side has shown the other: for every
//! piece the kinds its enemy still considers possible (`Piece::known`), narrowed by the setup
//! rules, by moving (a piece that moved is no mine or flag; one that turned a railway corner is
//! an engineer), by every announced combat outcome and by the flag shown when a marshal dies.
//! Observations (`observation.rs`) are built from the move history with those announcements.

use std::sync::Arc;

use super::board::{
    geometry, half_of, is_camp, is_hq, own_row, placement_kinds, point_name, points_in, Geometry,
    POINTS, SETUP_ORDER,
};
use super::piece::{
    attacker_kinds, bit, combat, defender_kinds, Kind, KindSet, Outcome, KINDS, MOVABLE,
    PIECES_PER_SIDE, START_COUNTS,
};
use super::rules::JunqiRules;
use crate::game::zobrist;
use crate::game::{Game, MoveList, ParseError, PlayerId, Returns, Turn};

pub const RED: PlayerId = 0;
pub const BLACK: PlayerId = 1;
/// `Piece::at` of a piece no longer on the board.
pub const OFF: u8 = 0xFF;
/// An empty point on the board array; otherwise `owner << 5 | id`.
pub const EMPTY: u8 = 0xFF;

#[inline]
pub(crate) fn code(owner: PlayerId, id: usize) -> u8 {
    (owner as u8) << 5 | id as u8
}
#[inline]
pub(crate) fn owner_of(code: u8) -> PlayerId {
    (code >> 5) as PlayerId
}
#[inline]
pub(crate) fn id_of(code: u8) -> usize {
    (code & 31) as usize
}

/// The camps as a point mask (pieces there cannot be attacked).
pub const CAMP_MASK: u64 = {
    let mut m = 0u64;
    let mut p = 0u8;
    while (p as usize) < POINTS {
        if is_camp(p) {
            m |= 1 << p;
        }
        p += 1;
    }
    m
};
pub const ALL_POINTS: u64 = (1u64 << POINTS) - 1;

/// One piece of a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub kind: Kind,
    /// Its point, or `OFF` once removed.
    pub at: u8,
    /// The kinds its enemy still considers possible: public knowledge about this piece.
    pub known: KindSet,
}

const NO_PIECE: Piece = Piece {
    kind: Kind::Flag,
    at: OFF,
    known: 0,
};

/// A decision: a placement during setup, or a move of one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JunqiMove {
    /// Setup: `kind` goes on `point` (the next point of the setup order).
    Place { point: u8, kind: Kind },
    /// The piece on `from` moves to `to`, attacking what stands there.
    Step { from: u8, to: u8 },
}

/// A move as played, with what the referee announced: the combat outcome, and the points of
/// the flags shown because a marshal died (`OFF` for none), by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub mv: JunqiMove,
    pub outcome: Option<Outcome>,
    pub flags_shown: [u8; 2],
}

/// A given board to start from (the play phase): studies, tests, composed positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardStart {
    pub squares: [Option<(PlayerId, Kind)>; POINTS],
    pub side: PlayerId,
    pub quiet: u16,
}

/// Where the game began.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// A standard game: both sides set up.
    Setup,
    /// A given board.
    Board(Arc<BoardStart>),
}

/// Why a game ended (public: the referee announces it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// A flag was taken.
    FlagTaken,
    /// The side to move had no move.
    CannotMove,
    /// The no-capture limit was reached.
    NoCaptureLimit,
}

/// How the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Ongoing,
    /// The side won: it took the flag, or the other side had no move.
    Won(PlayerId),
    /// The no-capture limit was reached.
    Drawn,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Junqi {
    pub(crate) rules: JunqiRules,
    pub(crate) board: [u8; POINTS],
    pub(crate) occupied: [u64; 2],
    pub(crate) pieces: [[Piece; PIECES_PER_SIDE]; 2],
    /// Ids in use by each side (pieces placed so far during setup).
    pub(crate) count: [u8; 2],
    pub(crate) in_setup: bool,
    pub(crate) side: u8,
    /// Plies since the last combat.
    pub(crate) quiet: u16,
    pub(crate) status: Status,
    /// Why it ended, once it has.
    pub(crate) ending: Option<Ending>,
    /// Bit q: side q's flag has been shown.
    pub(crate) shown: u8,
    pub(crate) hash: u64,
    pub(crate) start: Start,
    pub(crate) history: Vec<Played>,
}

const PIECE_KEYS: [u64; 2 * KINDS * POINTS] =
    zobrist::keys::<{ 2 * KINDS * POINTS }>(0x7A_9C11_0001);
const BLACK_KEY: u64 = zobrist::key(0x7A_9C11_0002, 0);
const SETUP_KEY: u64 = zobrist::key(0x7A_9C11_0003, 0);
const SHOWN_KEYS: [u64; 2] = zobrist::keys::<2>(0x7A_9C11_0004);
const QUIET_SEED: u64 = 0x7A_9C11_0005;

#[inline]
fn piece_key(owner: PlayerId, kind: Kind, p: u8) -> u64 {
    PIECE_KEYS[(owner * KINDS + kind.index()) * POINTS + p as usize]
}
#[inline]
fn quiet_key(quiet: u16) -> u64 {
    zobrist::key(QUIET_SEED, quiet as u64)
}

/// For each index of the setup order, how many points from there on are headquarters, on the
/// back two rows, and off the front row (the same for both sides by symmetry).
const SETUP_SUFFIX: [[u8; 3]; PIECES_PER_SIDE + 1] = {
    let mut out = [[0u8; 3]; PIECES_PER_SIDE + 1];
    let mut i = PIECES_PER_SIDE;
    while i > 0 {
        i -= 1;
        let p = SETUP_ORDER[0][i];
        out[i] = out[i + 1];
        if is_hq(p) {
            out[i][0] += 1;
        }
        if own_row(0, p) <= 1 {
            out[i][1] += 1;
        }
        if own_row(0, p) < 5 {
            out[i][2] += 1;
        }
    }
    out
};

/// Whether the pieces left (`remaining` by kind) can fill the setup points from index `next`:
/// the flag needs a headquarters, mines the back two rows, bombs any row but the front. The
/// allowed point sets are nested, so Hall's condition is these three counts.
pub(crate) fn setup_feasible(remaining: &[u8; KINDS], next: usize) -> bool {
    let [hq, back, nonfront] = SETUP_SUFFIX[next];
    let flags = remaining[Kind::Flag.index()];
    let mines = remaining[Kind::Mine.index()];
    let bombs = remaining[Kind::Bomb.index()];
    flags <= hq && flags + mines <= back && flags + mines + bombs <= nonfront
}

impl Junqi {
    /// The standard start: the setup phase, red to place.
    pub fn setup_start(rules: &JunqiRules) -> Junqi {
        let mut s = Junqi {
            rules: *rules,
            board: [EMPTY; POINTS],
            occupied: [0; 2],
            pieces: [[NO_PIECE; PIECES_PER_SIDE]; 2],
            count: [0; 2],
            in_setup: true,
            side: RED as u8,
            quiet: 0,
            status: Status::Ongoing,
            ending: None,
            shown: 0,
            hash: 0,
            start: Start::Setup,
            history: Vec::new(),
        };
        s.hash = s.hash_from_scratch();
        s
    }

    /// A game from a given board, in the play phase. The board must be one a game could reach:
    /// each side at most its 25 pieces by kind, one flag each, in its own headquarters, mines
    /// only on their side's back two rows. What the sides know of each other is only that:
    /// the kinds each side has on the board are public, their places are not.
    pub fn from_board(rules: &JunqiRules, start: BoardStart) -> Result<Junqi, String> {
        if start.side > 1 {
            return Err(format!("side {} is not red or black", start.side));
        }
        if rules.no_capture_limit > 0 && start.quiet > rules.no_capture_limit {
            return Err(format!(
                "{} plies without combat is past the limit of {}",
                start.quiet, rules.no_capture_limit
            ));
        }
        let mut counts = [[0u8; KINDS]; 2];
        for (p, sq) in start.squares.iter().enumerate() {
            let Some((owner, kind)) = *sq else { continue };
            let p = p as u8;
            if owner > 1 {
                return Err(format!("owner {owner} on {}", point_name(p)));
            }
            counts[owner][kind.index()] += 1;
            if kind == Kind::Flag && !(is_hq(p) && half_of(p) == owner) {
                return Err(format!(
                    "a flag on {} (a flag stays in its own headquarters)",
                    point_name(p)
                ));
            }
            if kind == Kind::Mine && own_row(owner, p) > 1 {
                return Err(format!(
                    "a mine on {} (mines stay on their side's back two rows)",
                    point_name(p)
                ));
            }
        }
        for owner in 0..2 {
            for k in 0..KINDS {
                if counts[owner][k] > START_COUNTS[k] {
                    return Err(format!(
                        "{} has {} {} (at most {})",
                        side_name(owner),
                        counts[owner][k],
                        Kind::from_index(k).expect("kind").english(),
                        START_COUNTS[k]
                    ));
                }
            }
            if counts[owner][Kind::Flag.index()] != 1 {
                return Err(format!("{} needs its flag", side_name(owner)));
            }
        }
        let mut s = Junqi {
            rules: *rules,
            board: [EMPTY; POINTS],
            occupied: [0; 2],
            pieces: [[NO_PIECE; PIECES_PER_SIDE]; 2],
            count: [0; 2],
            in_setup: false,
            side: start.side as u8,
            quiet: start.quiet,
            status: Status::Ongoing,
            ending: None,
            shown: 0,
            hash: 0,
            start: Start::Setup,
            history: Vec::new(),
        };
        for (p, sq) in start.squares.iter().enumerate() {
            let Some((owner, kind)) = *sq else { continue };
            let id = s.count[owner] as usize;
            let present = present_kinds(&counts[owner]);
            s.pieces[owner][id] = Piece {
                kind,
                at: p as u8,
                known: board_start_known(owner, p as u8, present),
            };
            s.board[p] = code(owner, id);
            s.occupied[owner] |= 1 << p;
            s.count[owner] += 1;
        }
        s.start = Start::Board(Arc::new(start));
        s.update_status();
        s.hash = s.hash_from_scratch();
        Ok(s)
    }

    pub fn rules_ref(&self) -> &JunqiRules {
        &self.rules
    }
    pub fn side(&self) -> PlayerId {
        self.side as PlayerId
    }
    pub fn in_setup(&self) -> bool {
        self.in_setup
    }
    pub fn status(&self) -> Status {
        self.status
    }
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }
    pub fn quiet(&self) -> u16 {
        self.quiet
    }
    pub fn start(&self) -> &Start {
        &self.start
    }
    pub fn history(&self) -> &[Played] {
        &self.history
    }
    /// The piece on `p` as (owner, id), if any.
    pub fn at(&self, p: u8) -> Option<(PlayerId, usize)> {
        let c = self.board[p as usize];
        (c != EMPTY).then(|| (owner_of(c), id_of(c)))
    }
    /// The owner and kind of the piece on `p`.
    pub fn piece_on(&self, p: u8) -> Option<(PlayerId, Kind)> {
        self.at(p).map(|(o, id)| (o, self.pieces[o][id].kind))
    }
    /// The pieces of a side, by id (those placed so far).
    pub fn pieces(&self, owner: PlayerId) -> &[Piece] {
        &self.pieces[owner][..self.count[owner] as usize]
    }
    /// Bit q: side q's flag has been shown.
    pub fn flags_shown(&self) -> u8 {
        self.shown
    }
    pub fn geometry(&self) -> &'static Geometry {
        geometry(self.rules.middle_rail)
    }
    /// The kinds still to place by the side setting up.
    pub fn remaining_to_place(&self, owner: PlayerId) -> [u8; KINDS] {
        let mut r = START_COUNTS;
        for p in self.pieces(owner) {
            r[p.kind.index()] -= 1;
        }
        r
    }

    /// The kinds that may go on the next setup point.
    pub(crate) fn placement_options(&self) -> KindSet {
        let s = self.side as PlayerId;
        let n = self.count[s] as usize;
        if n >= PIECES_PER_SIDE {
            return 0;
        }
        let point = SETUP_ORDER[s][n];
        let mut remaining = self.remaining_to_place(s);
        let mut out = 0;
        for k in super::piece::kinds_in(placement_kinds(s, point)) {
            if remaining[k.index()] == 0 {
                continue;
            }
            remaining[k.index()] -= 1;
            if setup_feasible(&remaining, n + 1) {
                out |= bit(k);
            }
            remaining[k.index()] += 1;
        }
        out
    }

    fn place(&mut self, point: u8, kind: Kind) {
        let s = self.side as PlayerId;
        let id = self.count[s] as usize;
        debug_assert_eq!(point, SETUP_ORDER[s][id]);
        self.pieces[s][id] = Piece {
            kind,
            at: point,
            known: placement_kinds(s, point),
        };
        self.board[point as usize] = code(s, id);
        self.occupied[s] |= 1 << point;
        self.count[s] += 1;
        self.hash ^= piece_key(s, kind, point);
        self.history.push(Played {
            mv: JunqiMove::Place { point, kind },
            outcome: None,
            flags_shown: [OFF; 2],
        });
        if self.count[s] as usize == PIECES_PER_SIDE {
            if s == RED {
                self.set_side(BLACK);
            } else {
                self.in_setup = false;
                self.hash ^= SETUP_KEY;
                self.set_side(self.rules.first);
                self.update_status();
            }
        }
    }

    fn set_side(&mut self, side: PlayerId) {
        if side as u8 != self.side {
            self.hash ^= BLACK_KEY;
            self.side = side as u8;
        }
    }

    fn set_quiet(&mut self, quiet: u16) {
        self.hash ^= quiet_key(self.quiet) ^ quiet_key(quiet);
        self.quiet = quiet;
    }

    fn lift(&mut self, owner: PlayerId, id: usize) {
        let p = self.pieces[owner][id].at;
        self.board[p as usize] = EMPTY;
        self.occupied[owner] &= !(1 << p);
        self.hash ^= piece_key(owner, self.pieces[owner][id].kind, p);
    }

    fn put(&mut self, owner: PlayerId, id: usize, p: u8) {
        self.pieces[owner][id].at = p;
        self.board[p as usize] = code(owner, id);
        self.occupied[owner] |= 1 << p;
        self.hash ^= piece_key(owner, self.pieces[owner][id].kind, p);
    }

    fn remove(&mut self, owner: PlayerId, id: usize) {
        self.lift(owner, id);
        self.pieces[owner][id].at = OFF;
    }

    fn step(&mut self, from: u8, to: u8) {
        let me = self.side as PlayerId;
        let opp = 1 - me;
        let c = self.board[from as usize];
        debug_assert!(c != EMPTY && owner_of(c) == me, "no own piece on {from}");
        let id = id_of(c);
        let kind = self.pieces[me][id].kind;
        let mut known = self.pieces[me][id].known & MOVABLE;
        if !self.plain_reach(from, to) {
            known &= bit(Kind::Engineer);
        }
        self.pieces[me][id].known = known;
        let target = self.board[to as usize];
        let mut played = Played {
            mv: JunqiMove::Step { from, to },
            outcome: None,
            flags_shown: [OFF; 2],
        };
        if target == EMPTY {
            self.lift(me, id);
            self.put(me, id, to);
            self.set_quiet(self.quiet.saturating_add(1));
        } else {
            let did = id_of(target);
            let dkind = self.pieces[opp][did].kind;
            let o = combat(kind, dkind, &self.rules);
            played.outcome = Some(o);
            self.pieces[me][id].known &= attacker_kinds(dkind, o, &self.rules);
            self.pieces[opp][did].known &= defender_kinds(kind, o, &self.rules);
            let mut dead: [(PlayerId, usize); 2] = [(2, 0); 2];
            match o {
                Outcome::AttackerWins => {
                    self.remove(opp, did);
                    self.lift(me, id);
                    self.put(me, id, to);
                    dead[0] = (opp, did);
                }
                Outcome::DefenderWins => {
                    self.remove(me, id);
                    dead[0] = (me, id);
                }
                Outcome::BothDie => {
                    self.remove(opp, did);
                    self.remove(me, id);
                    dead = [(me, id), (opp, did)];
                }
            }
            self.set_quiet(0);
            for (owner, pid) in dead {
                if owner > 1 {
                    continue;
                }
                let k = self.pieces[owner][pid].kind;
                if k == Kind::Flag {
                    // Taking the flag is announced: everyone now knows what that piece was.
                    self.status = Status::Won(me);
                    self.ending = Some(Ending::FlagTaken);
                    self.pieces[owner][pid].known = bit(Kind::Flag);
                } else {
                    // The game goes on, so the piece removed was no flag.
                    self.pieces[owner][pid].known &= !bit(Kind::Flag);
                }
                if self.rules.flag_reveal {
                    if k == Kind::Marshal {
                        self.pieces[owner][pid].known = bit(Kind::Marshal);
                        if let Some(f) = self.show_flag(owner) {
                            played.flags_shown[owner] = f;
                        }
                    } else {
                        self.pieces[owner][pid].known &= !bit(Kind::Marshal);
                    }
                }
            }
        }
        self.history.push(played);
        self.set_side(opp);
        if self.status == Status::Ongoing {
            self.update_status();
        }
    }

    /// Shows `owner`'s flag (its marshal died); returns its point.
    fn show_flag(&mut self, owner: PlayerId) -> Option<u8> {
        let n = self.count[owner] as usize;
        let fid = (0..n).find(|&i| {
            self.pieces[owner][i].kind == Kind::Flag && self.pieces[owner][i].at != OFF
        })?;
        self.pieces[owner][fid].known = bit(Kind::Flag);
        if self.shown & (1 << owner) == 0 {
            self.shown |= 1 << owner;
            self.hash ^= SHOWN_KEYS[owner];
        }
        Some(self.pieces[owner][fid].at)
    }

    /// After a move: the side to move loses when it cannot move; the no-capture limit draws.
    pub(crate) fn update_status(&mut self) {
        if self.in_setup || self.status != Status::Ongoing {
            return;
        }
        let side = self.side as PlayerId;
        if !self.has_any_move(side) {
            self.status = Status::Won(1 - side);
            self.ending = Some(Ending::CannotMove);
            // Announced: so every piece of the loser with somewhere to go is a mine or the flag.
            let g = self.geometry();
            let open = !(self.occupied[side] | (self.occupied[1 - side] & CAMP_MASK)) & ALL_POINTS;
            for id in 0..self.count[side] as usize {
                let at = self.pieces[side][id].at;
                if at != OFF && !is_hq(at) && g.step[at as usize] & open != 0 {
                    self.pieces[side][id].known &= !MOVABLE;
                }
            }
        } else if self.rules.no_capture_limit > 0 && self.quiet >= self.rules.no_capture_limit {
            self.status = Status::Drawn;
            self.ending = Some(Ending::NoCaptureLimit);
        }
    }

    /// The points a movable piece on `from` of the side to move may go to: one step along any
    /// connection, any distance straight along a railway (an engineer: along any railway path),
    /// onto empty points or enemy pieces outside camps.
    pub fn destinations(&self, from: u8, engineer: bool) -> u64 {
        let c = self.board[from as usize];
        let me = owner_of(c);
        destinations(
            self.geometry(),
            self.occupied[me],
            self.occupied[1 - me],
            from,
            engineer,
        )
    }

    /// Whether any movable piece could make the move `from` -> `to` (so the mover is not shown
    /// to be an engineer).
    pub(crate) fn plain_reach(&self, from: u8, to: u8) -> bool {
        self.destinations(from, false) & (1 << to) != 0
    }

    /// Whether `side` has a legal move (a movable piece outside a headquarters with a free or
    /// attackable neighbour: every longer move passes a neighbour first).
    pub fn has_any_move(&self, side: PlayerId) -> bool {
        let g = self.geometry();
        let open = !(self.occupied[side] | (self.occupied[1 - side] & CAMP_MASK)) & ALL_POINTS;
        self.pieces(side).iter().any(|p| {
            p.at != OFF && p.kind.can_move() && !is_hq(p.at) && g.step[p.at as usize] & open != 0
        })
    }

    fn step_moves(&self, moves: &mut MoveList<JunqiMove>) {
        let me = self.side as PlayerId;
        for p in self.pieces(me) {
            if p.at == OFF || !p.kind.can_move() || is_hq(p.at) {
                continue;
            }
            for to in points_in(self.destinations(p.at, p.kind == Kind::Engineer)) {
                moves.push(JunqiMove::Step { from: p.at, to });
            }
        }
    }
}

/// The destinations of a movable piece on `from` (see `Junqi::destinations`), from the
/// occupancy alone: observers, who do not know enemy kinds, use the same function.
pub fn destinations(g: &Geometry, own: u64, enemy: u64, from: u8, engineer: bool) -> u64 {
    let free = !(own | enemy) & ALL_POINTS;
    let attackable = enemy & !CAMP_MASK;
    let mut d = g.step[from as usize] & (free | attackable);
    if g.on_railway(from) {
        if engineer {
            let mut reached = 1u64 << from;
            let mut frontier = reached;
            while frontier != 0 {
                let mut next = 0u64;
                for q in points_in(frontier) {
                    next |= g.rail[q as usize];
                }
                d |= next & attackable;
                frontier = next & free & !reached;
                reached |= frontier;
            }
            d |= reached & !(1u64 << from);
        } else {
            for ray in &g.rays[from as usize][..g.ray_count[from as usize] as usize] {
                for q in ray.iter() {
                    let b = 1u64 << q;
                    if free & b != 0 {
                        d |= b;
                    } else {
                        if attackable & b != 0 {
                            d |= b;
                        }
                        break;
                    }
                }
            }
        }
    }
    d
}

/// The kinds present in a count table, as a set.
pub(crate) fn present_kinds(counts: &[u8; KINDS]) -> KindSet {
    (0..KINDS)
        .filter(|&k| counts[k] > 0)
        .fold(0, |m, k| m | 1 << k)
}

/// What the enemy knows of a piece of `owner` on `p` at a given board start: its kind is one
/// the side has, and mines and the flag never left their setup zones.
pub(crate) fn board_start_known(owner: PlayerId, p: u8, present: KindSet) -> KindSet {
    let mut known = present;
    if !(is_hq(p) && half_of(p) == owner) {
        known &= !bit(Kind::Flag);
    }
    if own_row(owner, p) > 1 {
        known &= !bit(Kind::Mine);
    }
    known
}

pub fn side_name(side: PlayerId) -> &'static str {
    if side == RED {
        "red"
    } else {
        "black"
    }
}

impl Game for Junqi {
    type Move = JunqiMove;
    type Rules = JunqiRules;
    const ID: &'static str = "junqi";
    const NAME: &'static str = "Junqi (军棋, two players)";

    fn new(rules: &JunqiRules) -> Self {
        Junqi::setup_start(rules)
    }
    fn rules(&self) -> &JunqiRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        match self.status {
            Status::Ongoing => Turn::Player(self.side as PlayerId),
            _ => Turn::Terminal,
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<JunqiMove>) {
        if self.status != Status::Ongoing {
            return;
        }
        if self.in_setup {
            let s = self.side as PlayerId;
            let point = SETUP_ORDER[s][self.count[s] as usize];
            for kind in super::piece::kinds_in(self.placement_options()) {
                moves.push(JunqiMove::Place { point, kind });
            }
        } else {
            self.step_moves(moves);
        }
    }
    fn play(&mut self, mv: JunqiMove) {
        match mv {
            JunqiMove::Place { point, kind } => self.place(point, kind),
            JunqiMove::Step { from, to } => self.step(from, to),
        }
    }
    fn returns(&self) -> Returns {
        match self.status {
            Status::Won(w) => Returns::single_winner(2, w),
            _ => Returns::new(2),
        }
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        let mut h = quiet_key(self.quiet);
        if self.side as PlayerId == BLACK {
            h ^= BLACK_KEY;
        }
        if self.in_setup {
            h ^= SETUP_KEY;
        }
        for (q, key) in SHOWN_KEYS.iter().enumerate() {
            if self.shown & (1 << q) != 0 {
                h ^= key;
            }
        }
        for owner in 0..2 {
            for p in self.pieces(owner) {
                if p.at != OFF {
                    h ^= piece_key(owner, p.kind, p.at);
                }
            }
        }
        h
    }
    fn format_position(&self) -> String {
        super::text::format_position(self)
    }
    fn parse_position(rules: &JunqiRules, text: &str) -> Result<Self, ParseError> {
        super::text::parse_position(rules, text)
    }
    fn format_move(&self, mv: JunqiMove) -> String {
        super::text::format_move(self, mv)
    }
    fn parse_move(&self, text: &str) -> Result<JunqiMove, ParseError> {
        super::text::parse_move(self, text)
    }
    fn render(&self) -> String {
        super::text::render(self, None)
    }
}

impl crate::game::ImperfectInformation for Junqi {
    type Observation = super::observation::JunqiObservation;

    fn observe(&self, player: PlayerId) -> Self::Observation {
        super::observation::JunqiObservation::of(self, player)
    }
    fn observer(obs: &Self::Observation) -> PlayerId {
        obs.player()
    }
    fn format_observation(obs: &Self::Observation) -> String {
        super::observation::format_observation(obs)
    }
    fn parse_observation(rules: &JunqiRules, text: &str) -> Result<Self::Observation, ParseError> {
        super::observation::parse_observation(rules, text)
    }
    fn sample(obs: &Self::Observation, rng: &mut dyn rand::RngCore) -> Self {
        super::sample::sample_state(obs, None, rng)
    }
    fn observed_legal_moves(obs: &Self::Observation, moves: &mut MoveList<JunqiMove>) {
        obs.legal_moves(moves)
    }
    fn format_observed_move(obs: &Self::Observation, mv: JunqiMove) -> String {
        obs.format_move(mv)
    }
    fn parse_observed_move(obs: &Self::Observation, text: &str) -> Result<JunqiMove, ParseError> {
        obs.parse_move(text)
    }
}
