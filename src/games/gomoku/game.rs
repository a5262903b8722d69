//! A gomoku position and the game contract: the stones (`board`), their threat map, the step of
//! the opening, which seat holds black (a swap changes it), and how the game ended.

use crate::game::zobrist;
use crate::game::{Game, MoveList, ParseError, PlayerId, Returns, Turn};

use super::board::{Board, BLACK, CELLS, WHITE};
use super::forbidden::{self, Foul};
use super::opening::{opening_area, second_offers, Step, KEEP, PLACE2, SWAP};
use super::rules::{Forbidden, GomokuRules, Opening, Replaced, Rule};
use super::threat_map::{class, ThreatMap};

/// A point (0..361), or `SWAP` / `KEEP` / `PLACE2`.
pub type GomokuMove = u16;

const KEYS: [u64; 2 * CELLS] = zobrist::keys::<{ 2 * CELLS }>(0x60_0001);
const KEY_WHITE: u64 = zobrist::key(0x60_0002, 0);
const KEY_SWAPPED: u64 = zobrist::key(0x60_0003, 0);

/// What the engine heeds (engine-file parameters, `Backends::apply_game_params`): not part of
/// the position, its text or its hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// Black never plays a forbidden point and white aims at them (off: the engine reasons as
    /// if there were no forbidden points; the rules still apply to its moves).
    pub renju_aware: bool,
    /// Threat-space search: 0 none, 1 VCF (fours), 2 VCF and VCT (threes too).
    pub threats: u8,
    /// Node budget of one threat search inside the tree (the root gets 20x).
    pub threat_nodes: u32,
}

impl Default for View {
    fn default() -> Self {
        View {
            renju_aware: true,
            threats: 2,
            threat_nodes: 50,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A colour won (five, or a foul by black, or the supply used up).
    Won(usize),
    Draw,
}

#[derive(Clone, Debug)]
pub struct Gomoku {
    pub(super) rules: GomokuRules,
    pub(super) board: Board,
    pub(super) map: ThreatMap,
    /// The colour of the next stone, or of the player deciding a choice.
    pub(super) side: u8,
    /// Seat 0 holds black unless a swap happened.
    pub(super) black_seat: u8,
    pub(super) step: Step,
    pub(super) ending: Option<Ending>,
    /// Black's forbidden stone that lost the game.
    pub(super) foul: Option<u16>,
    /// `rule=replace`: stones not yet placed, by colour.
    pub(super) supply: [u16; 2],
    stone_hash: u64,
    pub(super) view: View,
}

impl Gomoku {
    /// A position from its parts (text parsing validates before calling this).
    pub(super) fn assemble(
        rules: GomokuRules,
        board: Board,
        side: usize,
        black_seat: usize,
        step: Step,
        foul: Option<u16>,
        supply: [u16; 2],
    ) -> Gomoku {
        let map = ThreatMap::new(
            &board,
            [rules.exact_five(0), rules.exact_five(1)],
            rules.renju(),
        );
        let mut s = Gomoku {
            rules,
            board,
            map,
            side: side as u8,
            black_seat: black_seat as u8,
            step,
            ending: None,
            foul,
            supply,
            stone_hash: 0,
            view: View::default(),
        };
        s.stone_hash = s.stones_hash();
        s.ending = s.ending_from_board();
        s
    }

    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn map(&self) -> &ThreatMap {
        &self.map
    }
    pub fn step(&self) -> Step {
        self.step
    }
    /// The colour of the next stone (or of the player deciding).
    pub fn side(&self) -> usize {
        self.side as usize
    }
    pub fn black_seat(&self) -> PlayerId {
        self.black_seat as PlayerId
    }
    pub fn seat_of(&self, colour: usize) -> PlayerId {
        if colour == BLACK {
            self.black_seat as PlayerId
        } else {
            1 - self.black_seat as PlayerId
        }
    }
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }
    pub fn view(&self) -> View {
        self.view
    }
    /// Sets what the engine heeds; an engine that ignores renju's forbidden points gets a
    /// threat map without black's restrictions.
    pub fn set_view(&mut self, view: View) {
        let rebuild = view.renju_aware != self.view.renju_aware;
        self.view = view;
        if rebuild {
            self.map = self.fresh_map();
        }
    }

    fn fresh_map(&self) -> ThreatMap {
        let exact = [self.rules.exact_five(0), self.rules.exact_five(1)];
        ThreatMap::new(
            &self.board,
            exact,
            self.rules.renju() && self.view.renju_aware,
        )
    }
    pub fn supply(&self) -> [u16; 2] {
        self.supply
    }
    pub fn foul_point(&self) -> Option<u16> {
        self.foul
    }

    /// Renju's restrictions bind black in this game.
    pub fn renju(&self) -> bool {
        self.rules.renju()
    }

    /// Black's foul at the empty point `p` (None outside renju, for white, or when allowed).
    pub fn foul_at(&self, p: usize) -> Option<Foul> {
        if !self.renju() || !self.view.renju_aware {
            return None;
        }
        match self.map.class(BLACK, p) {
            class::FORBIDDEN | class::MAYBE_FORBIDDEN => forbidden::foul(&self.board, p),
            _ => None,
        }
    }

    /// Black's forbidden empty points, in point order (empty outside renju).
    pub fn forbidden_points(&self) -> Vec<(usize, Foul)> {
        if !self.renju() {
            return Vec::new();
        }
        (0..self.board.cells())
            .filter(|&p| self.board.is_empty(p))
            .filter_map(|p| self.foul_at(p).map(|f| (p, f)))
            .collect()
    }

    fn stones_hash(&self) -> u64 {
        let mut h = 0;
        for p in 0..self.board.cells() {
            if let Some(c) = self.board.at(p) {
                h ^= KEYS[c * CELLS + p];
            }
        }
        h
    }

    fn meta_hash(&self) -> u64 {
        let mut h = if self.side == WHITE as u8 {
            KEY_WHITE
        } else {
            0
        };
        if self.black_seat == 1 {
            h ^= KEY_SWAPPED;
        }
        if self.step != Step::Play {
            h ^= zobrist::key(0x60_0004, self.step.code());
        }
        if let Some(f) = self.foul {
            h ^= zobrist::key(0x60_0005, f as u64);
        }
        if self.rules.rule == Rule::Replace && self.rules.replaced == Replaced::Captured {
            h ^= zobrist::key(
                0x60_0006,
                self.supply[0] as u64 * 1024 + self.supply[1] as u64,
            );
        }
        h
    }

    /// Whether `colour` has a five on the board, as the rules count fives.
    pub(super) fn has_five(&self, colour: usize) -> bool {
        let exact = self.rules.exact_five(colour);
        let b = &self.board;
        (0..b.cells()).any(|p| {
            b.at(p) == Some(colour)
                && (0..4).any(|dir| {
                    // Count only from the start of a run.
                    if b.step(p, dir, -1).and_then(|q| b.at(q)) == Some(colour) {
                        return false;
                    }
                    let mut len = 1;
                    while b.step(p, dir, len).and_then(|q| b.at(q)) == Some(colour) {
                        len += 1;
                    }
                    if exact {
                        len == 5
                    } else {
                        len >= 5
                    }
                })
        })
    }

    /// The end a position shows by itself: a foul, a five (not in the replacement game), a used
    /// up supply, or a full board.
    fn ending_from_board(&self) -> Option<Ending> {
        if self.foul.is_some() {
            return Some(Ending::Won(WHITE));
        }
        if self.rules.rule == Rule::Replace {
            for c in [BLACK, WHITE] {
                if self.supply[c] == 0 {
                    return Some(Ending::Won(c));
                }
            }
            return None;
        }
        for c in [BLACK, WHITE] {
            if self.has_five(c) {
                return Some(Ending::Won(c));
            }
        }
        if self.board.total_stones() == self.board.cells() {
            return Some(Ending::Draw);
        }
        None
    }

    /// Puts a stone and keeps the map and hash.
    fn put(&mut self, colour: usize, p: usize) {
        self.board.put(colour, p);
        self.map.update(&self.board, p);
        self.stone_hash ^= KEYS[colour * CELLS + p];
    }

    fn take(&mut self, colour: usize, p: usize) {
        self.board.remove(colour, p);
        self.map.update(&self.board, p);
        self.stone_hash ^= KEYS[colour * CELLS + p];
    }

    /// `rule=replace`: an opening stone comes out of its colour's supply too (the opening is
    /// at most five stones, so no supply runs out there).
    fn spend(&mut self, colour: usize) {
        if self.rules.rule == Rule::Replace {
            self.supply[colour] = self.supply[colour].saturating_sub(1);
        }
    }

    /// Whether `colour` playing the empty point `p` makes a five.
    #[inline]
    pub fn makes_five(&self, colour: usize, p: usize) -> bool {
        self.map.class(colour, p) == class::FIVE
    }

    /// A stone of the side to move in normal play (or a picked offer): win, foul, the next step.
    fn place(&mut self, p: usize) {
        let me = self.side as usize;
        let five = self.makes_five(me, p);
        if !five && me == BLACK && self.foul_at(p).is_some() {
            // Only reached with forbidden=loses (refused points are not legal).
            self.put(me, p);
            self.spend(me);
            self.foul = Some(p as u16);
            self.ending = Some(Ending::Won(WHITE));
            return;
        }
        self.put(me, p);
        if self.rules.rule == Rule::Replace {
            self.supply[me] -= 1;
            if self.supply[me] == 0 {
                self.ending = Some(Ending::Won(me));
            } else if five && self.forms_new_five(me, p) && self.board.stones(me ^ 1) > 0 {
                self.step = Step::Replace;
            } else {
                self.step = Step::Play;
                self.side ^= 1;
            }
            return;
        }
        if five {
            self.ending = Some(Ending::Won(me));
            return;
        }
        if self.board.total_stones() == self.board.cells() {
            self.ending = Some(Ending::Draw);
            return;
        }
        self.side ^= 1;
        self.step = if self.rules.opening == Opening::Rif
            && self.step == Step::Play
            && self.board.total_stones() == 4
            && self.side == BLACK as u8
        {
            Step::Offer(None)
        } else {
            Step::Play
        };
    }

    /// `rule=replace`: whether the stone of `colour` just put on `p` formed a five-in-a-row
    /// ("自己形成五子连线"): a line through `p` of five (or more, where more counts) whose
    /// stones on either side of `p` were not already five or more. Extending a five to six forms
    /// no new five.
    fn forms_new_five(&self, colour: usize, p: usize) -> bool {
        let b = &self.board;
        let exact = self.rules.exact_five(colour);
        (0..4).any(|dir| {
            let run = |sign: i32| {
                let mut n = 0;
                while b.step(p, dir, sign * (n + 1)).and_then(|q| b.at(q)) == Some(colour) {
                    n += 1;
                }
                n
            };
            let (l, r) = (run(-1), run(1));
            let len = l + r + 1;
            (if exact { len == 5 } else { len >= 5 }) && l < 5 && r < 5
        })
    }

    /// `rule=replace`: the side to move replaces the enemy stone on `p` with its own.
    fn replace(&mut self, p: usize) {
        let me = self.side as usize;
        self.take(me ^ 1, p);
        if self.rules.replaced == Replaced::Returned {
            self.supply[me ^ 1] += 1;
        }
        self.step = Step::Play;
        self.place(p);
    }

    fn push_empty(&self, moves: &mut MoveList<GomokuMove>, filter: impl Fn(usize) -> bool) {
        moves.extend(
            (0..self.board.cells())
                .filter(|&p| self.board.is_empty(p) && filter(p))
                .map(|p| p as GomokuMove),
        );
    }

    /// Whether black's move on `p` is refused (renju, forbidden=refused).
    fn refused(&self, p: usize) -> bool {
        self.side == BLACK as u8
            && self.rules.forbidden == Forbidden::Refused
            && self.foul_at(p).is_some()
            && !self.makes_five(BLACK, p)
    }
}

impl Game for Gomoku {
    type Move = GomokuMove;
    type Rules = GomokuRules;
    const ID: &'static str = "gomoku";
    const NAME: &'static str = "Gomoku / renju";

    fn new(rules: &GomokuRules) -> Self {
        super::patterns::warm_up();
        let step = Step::implied(rules.opening, 0);
        Gomoku::assemble(
            *rules,
            Board::new(rules.size()),
            BLACK,
            0,
            step,
            None,
            rules.supply(),
        )
    }
    fn rules(&self) -> &GomokuRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.ending.is_some() {
            return Turn::Terminal;
        }
        let seat = if self.step.opener_decides() {
            0
        } else if self.step.second_decides() {
            1
        } else {
            self.seat_of(self.side as usize)
        };
        Turn::Player(seat)
    }
    fn legal_moves(&self, moves: &mut MoveList<GomokuMove>) {
        if self.ending.is_some() {
            return;
        }
        match self.step {
            Step::Play => self.push_empty(moves, |p| !self.refused(p)),
            Step::Opening(n) | Step::Place2(n) => {
                let opening = self.rules.opening;
                let area = matches!(self.step, Step::Opening(_));
                self.push_empty(moves, |p| !area || opening_area(opening, &self.board, n, p))
            }
            Step::SwapChoice | Step::ColourChoice => moves.extend([SWAP, KEEP]),
            Step::Swap2Choice => moves.extend([SWAP, KEEP, PLACE2]),
            Step::Offer(None) => self.push_empty(moves, |_| true),
            Step::Offer(Some(a)) => {
                moves.extend(
                    second_offers(&self.board, a as usize)
                        .into_iter()
                        .map(|p| p as GomokuMove),
                );
            }
            Step::Pick(a, b) => moves.extend([a, b]),
            Step::Replace => {
                let enemy = self.side as usize ^ 1;
                moves.extend(
                    (0..self.board.cells())
                        .filter(|&p| self.board.at(p) == Some(enemy))
                        .map(|p| p as GomokuMove),
                );
            }
        }
    }
    fn count_legal_moves(&self) -> usize {
        match self.step {
            Step::Play if !(self.renju() && self.rules.forbidden == Forbidden::Refused) => {
                if self.ending.is_some() {
                    0
                } else {
                    self.board.cells() - self.board.total_stones()
                }
            }
            _ => {
                let mut m = MoveList::new();
                self.legal_moves(&mut m);
                m.len()
            }
        }
    }
    fn play(&mut self, mv: GomokuMove) {
        match self.step {
            Step::Play => self.place(mv as usize),
            Step::Opening(n) => {
                let colour = (n % 2) as usize;
                self.put(colour, mv as usize);
                self.spend(colour);
                let next = n + 1;
                self.step = match self.rules.opening {
                    Opening::Centre => Step::Play,
                    _ if next < 3 => Step::Opening(next),
                    Opening::Swap2 => Step::Swap2Choice,
                    _ => Step::SwapChoice,
                };
                self.side = if self.step == Step::Opening(next) {
                    (next % 2) as u8
                } else {
                    WHITE as u8
                };
            }
            Step::SwapChoice | Step::Swap2Choice | Step::ColourChoice => {
                match mv {
                    SWAP => self.black_seat ^= 1,
                    PLACE2 => {
                        self.step = Step::Place2(0);
                        self.side = WHITE as u8;
                        return;
                    }
                    _ => {}
                }
                self.step = Step::Play;
                self.side = WHITE as u8;
            }
            Step::Place2(n) => {
                let colour = if n == 0 { WHITE } else { BLACK };
                self.put(colour, mv as usize);
                self.spend(colour);
                if n == 0 {
                    self.step = Step::Place2(1);
                    self.side = BLACK as u8;
                } else {
                    self.step = Step::ColourChoice;
                    self.side = BLACK as u8;
                }
            }
            Step::Offer(None) => self.step = Step::Offer(Some(mv)),
            Step::Offer(Some(a)) => {
                self.step = Step::Pick(a.min(mv), a.max(mv));
                self.side = WHITE as u8;
            }
            Step::Pick(_, _) => {
                self.side = BLACK as u8;
                self.step = Step::Play;
                self.place(mv as usize);
            }
            Step::Replace => self.replace(mv as usize),
        }
    }
    fn returns(&self) -> Returns {
        match self.ending {
            Some(Ending::Won(c)) => {
                let seat = self.seat_of(c);
                Returns::two_player(if seat == 0 { 1.0 } else { -1.0 })
            }
            _ => Returns::two_player(0.0),
        }
    }
    fn hash(&self) -> u64 {
        self.stone_hash ^ self.meta_hash()
    }
    fn hash_from_scratch(&self) -> u64 {
        self.stones_hash() ^ self.meta_hash()
    }
    fn format_position(&self) -> String {
        super::text::format_position(self)
    }
    fn parse_position(rules: &GomokuRules, text: &str) -> Result<Self, ParseError> {
        super::text::parse_position(rules, text)
    }
    fn format_move(&self, mv: GomokuMove) -> String {
        super::text::format_move(&self.board, mv)
    }
    fn parse_move(&self, text: &str) -> Result<GomokuMove, ParseError> {
        super::text::parse_move(self, text)
    }
    fn render(&self) -> String {
        super::text::render(self)
    }
    fn extras(&self) -> Vec<(&'static str, Vec<String>)> {
        let forbidden = self
            .forbidden_points()
            .into_iter()
            .map(|(p, _)| super::text::point_name(&self.board, p))
            .collect();
        let kinds = self
            .forbidden_points()
            .into_iter()
            .map(|(p, f)| format!("{}:{}", super::text::point_name(&self.board, p), f.name()))
            .collect();
        vec![("forbidden", forbidden), ("forbidden_kinds", kinds)]
    }
    fn is_legal(&self, mv: GomokuMove) -> bool {
        if self.ending.is_some() {
            return false;
        }
        match self.step {
            Step::Play => {
                (mv as usize) < self.board.cells()
                    && self.board.is_empty(mv as usize)
                    && !self.refused(mv as usize)
            }
            Step::Offer(Some(a)) => second_offers(&self.board, a as usize).contains(&(mv as usize)),
            _ => {
                let mut m = MoveList::new();
                self.legal_moves(&mut m);
                m.contains(&mv)
            }
        }
    }
    /// Gomocup (`gomocup.rs`).
    fn bindings<V: crate::game::bindings::Bindings<Self>>(visit: &mut V) {
        visit.gomocup();
    }
}
