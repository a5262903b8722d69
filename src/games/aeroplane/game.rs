//! Aeroplane chess as a `Game`: the state, the turn (item choice, roll, move), and the contract.
//! How a piece moves (stacks, jumps, the shortcut, hits, the finish) is in `moves`.
//!
//! A turn: at the start of a round (seat a's turn) the optional modules' chance nodes (a storm
//! appearing, an item appearing); then, for a player holding items, the choice to use one or
//! just roll; the roll (a chance node; the six-die makes it a 6 without one); then the move:
//! launch a piece from the hangar, move a piece (pieces of a colour are alike, so a move names
//! the route step it starts from), or `pass` when nothing can move. A 6 gives another roll (so
//! does a 6 made by the six-die); with `three_sixes` the third 6 in a row instead sends all the
//! player's pieces to the hangar and ends the turn.

use crate::game::dice::fair_die;
use crate::game::zobrist;
use crate::game::{Game, MoveList, ParseError, PlayerId, Returns, Turn};

use super::board::{FINISH, HANGAR, TRACK};
use super::moves::{Choice, ALL_LINKS};
use super::rules::{AeroRules, Obligation, Scoring, TeamEnd};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AeroMove {
    /// The die (chance).
    Roll(u8),
    /// A storm appears on this track square (chance, weather module).
    Storm(u8),
    /// An item (0 the six-die, 1 the booster) appears on this track square (chance).
    Item(u8, u8),
    /// Before the roll: roll without an item, or use the six-die, or the booster.
    RollDie,
    UseSix,
    UseBooster,
    /// Launch a piece from the hangar to the takeoff point.
    Launch,
    /// Move the piece on this route step (0 the takeoff point), hitting and jumping wherever it
    /// can (the only way under `hit=must,jump=must`).
    Move(u8),
    /// Move the piece on this route step declining a hit or stopping before a jump or flight,
    /// where `hit=may` or `jump=may` let the mover choose (never `Choice::ALL`: that is `Move`).
    MoveChoosing(u8, Choice),
    /// Nothing can move with this roll.
    Pass,
}

pub const NONE: u8 = u8::MAX;
pub const SIX_DIE: u8 = 0;
pub const BOOSTER: u8 = 1;
pub const ITEM_NAMES: [&str; 2] = ["six", "boost"];
/// Most items of one kind a player holds (more are lost).
pub const ITEM_CAP: u8 = 3;
/// Rounds a storm stays, and rounds until the next one.
pub const STORM_ROUNDS: u8 = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aero {
    pub(super) rules: AeroRules,
    /// Each colour's four pieces by route step, ascending (`HANGAR` last).
    pub(super) pos: [[u8; 4]; 4],
    pub(super) to_move: u8,
    /// The roll to play, 0 before the roll.
    pub(super) roll: u8,
    /// 6s rolled in a row this turn before the current roll (counted up to 2).
    pub(super) sixes: u8,
    /// The route step of the piece that must move next (it stopped on an enemy stack with a 6).
    pub(super) forced: u8,
    /// The current roll is made with the booster (its steps count twice).
    pub(super) booster: bool,
    /// The player holding items has chosen (roll or booster) and the roll is to come.
    pub(super) ready: bool,
    pub(super) storm: u8,
    pub(super) storm_rounds: u8,
    pub(super) storm_pending: bool,
    pub(super) item_square: u8,
    pub(super) item_kind: u8,
    pub(super) item_pending: bool,
    /// Items held by each seat: [six-dice, boosters].
    pub(super) held: [[u8; 2]; 4],
    pub(super) over: bool,
    pub(super) hash: u64,
}

const KEYS_PIECE: [u64; 4 * 4 * 64] = zobrist::keys::<{ 4 * 4 * 64 }>(0xAE_20_0001);
const KEYS_MISC: [u64; 64] = zobrist::keys::<64>(0xAE_20_0002);
const KEYS_SQUARE: [u64; 2 * 64] = zobrist::keys::<{ 2 * 64 }>(0xAE_20_0003);
const KEYS_HELD: [u64; 4 * 2 * 4] = zobrist::keys::<{ 4 * 2 * 4 }>(0xAE_20_0004);

pub fn seat_letter(p: usize) -> char {
    (b'a' + p as u8) as char
}

impl Aero {
    pub fn rules_ref(&self) -> &AeroRules {
        &self.rules
    }
    pub fn to_move(&self) -> PlayerId {
        self.to_move as PlayerId
    }
    /// The colours in play, in seat order.
    pub fn colours(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.rules.players as usize).map(|s| self.rules.colour_of_seat(s))
    }
    pub fn seat_of_colour(&self, c: usize) -> usize {
        if self.rules.players == 2 {
            c / 2
        } else {
            c
        }
    }
    pub fn side_of_colour(&self, c: usize) -> usize {
        self.rules.side_of_seat(self.seat_of_colour(c))
    }
    /// The pieces of colour `c` by route step.
    pub fn pieces(&self, c: usize) -> &[u8; 4] {
        &self.pos[c]
    }
    pub fn roll(&self) -> Option<u8> {
        (self.roll != 0).then_some(self.roll)
    }
    pub fn held(&self, seat: PlayerId) -> [u8; 2] {
        self.held[seat]
    }
    pub fn storm(&self) -> Option<u8> {
        (self.storm != NONE).then_some(self.storm)
    }
    pub fn item(&self) -> Option<(u8, u8)> {
        (self.item_square != NONE).then_some((self.item_square, self.item_kind))
    }
    pub fn forced(&self) -> Option<u8> {
        (self.forced != NONE).then_some(self.forced)
    }
    fn all_home(&self, c: usize) -> bool {
        self.pos[c].iter().all(|&p| p == FINISH)
    }
    /// The colour the seat to move moves: its own, or in a team game where both partners must
    /// finish, the partner's once its own are all home.
    pub fn controlled(&self) -> usize {
        let seat = self.to_move as usize;
        let own = self.rules.colour_of_seat(seat);
        if self.rules.teams && self.rules.team_end == TeamEnd::Both && self.all_home(own) {
            self.rules.colour_of_seat((seat + 2) % 4)
        } else {
            own
        }
    }
    /// The seat (team: the lower seat of the team) that has won, once the game is over.
    pub fn winner(&self) -> Option<usize> {
        if !self.over {
            return None;
        }
        let seats = self.rules.players as usize;
        (0..seats).find(|&s| {
            let c = self.rules.colour_of_seat(s);
            if !self.rules.teams {
                return self.all_home(c);
            }
            let partner = self.rules.colour_of_seat((s + 2) % 4);
            match self.rules.team_end {
                TeamEnd::Both => self.all_home(c) && self.all_home(partner),
                TeamEnd::First => self.all_home(c) || self.all_home(partner),
            }
        })
    }
    /// Sets `over` if a player (team) has finished.
    pub(super) fn check_over(&mut self) {
        let seats = self.rules.players as usize;
        self.over = (0..seats).any(|s| {
            let c = self.rules.colour_of_seat(s);
            if !self.rules.teams {
                return self.all_home(c);
            }
            let partner = self.rules.colour_of_seat((s + 2) % 4);
            match self.rules.team_end {
                TeamEnd::Both => self.all_home(c) && self.all_home(partner),
                TeamEnd::First => self.all_home(c),
            }
        });
    }
    pub(super) fn sort(&mut self) {
        for c in 0..4 {
            self.pos[c].sort_unstable();
        }
    }
    /// The next seat's turn (and at seat a, a new round for the modules).
    pub(super) fn end_turn(&mut self) {
        self.to_move = ((self.to_move as usize + 1) % self.rules.players as usize) as u8;
        self.sixes = 0;
        self.forced = NONE;
        self.booster = false;
        self.ready = false;
        self.roll = 0;
        if self.to_move == 0 {
            self.new_round();
        }
    }
    fn new_round(&mut self) {
        if self.rules.weather && !self.storm_pending {
            self.storm_rounds = self.storm_rounds.saturating_sub(1);
            if self.storm_rounds == 0 {
                if self.storm != NONE {
                    self.storm = NONE;
                    self.storm_rounds = STORM_ROUNDS;
                } else {
                    self.storm_pending = true;
                }
            }
        }
        if self.rules.items && self.item_square == NONE {
            self.item_pending = true;
        }
    }
    /// After a move or pass with the roll on the table: another roll for a 6, else the next
    /// seat.
    fn after_move(&mut self) {
        self.check_over();
        if self.over {
            self.roll = 0;
            self.sixes = 0;
            self.forced = NONE;
            self.booster = false;
            self.ready = false;
            return;
        }
        if self.roll == 6 {
            // Only the count up to two matters (for `three_sixes`).
            self.sixes = (self.sixes + 1).min(2);
            self.roll = 0;
            self.booster = false;
            self.ready = false;
        } else {
            self.end_turn();
        }
    }
    /// Applies a rolled face: the third 6 in a row (with `three_sixes`) sends the moved colour's
    /// pieces to the hangar, finished ones too, and ends the turn.
    fn apply_roll(&mut self, face: u8) {
        if self.rules.three_sixes && face == 6 && self.sixes == 2 {
            let c = self.controlled();
            self.pos[c] = [HANGAR; 4];
            self.end_turn();
        } else {
            self.roll = face;
            self.ready = false;
        }
    }
    pub(super) fn update_hash(&mut self) {
        self.hash = self.hash_from_scratch();
    }

    /// The returns once the game is over (zero before).
    fn final_returns(&self) -> Returns {
        let players = self.rules.players as usize;
        let mut r = Returns::new(players);
        let Some(w) = self.winner() else {
            return r;
        };
        let wside = self.rules.side_of_seat(w);
        let winners: Vec<usize> = (0..players)
            .filter(|&s| self.rules.side_of_seat(s) == wside)
            .collect();
        match self.rules.scoring {
            Scoring::Win => {
                for s in 0..players {
                    r.values[s] = if winners.contains(&s) { 1.0 } else { -1.0 };
                }
            }
            Scoring::Points => {
                let mut pot = 0.0;
                for s in (0..players).filter(|s| !winners.contains(s)) {
                    let c = self.rules.colour_of_seat(s);
                    let left = self.pos[c].iter().filter(|&&p| p != FINISH).count() as f64;
                    r.values[s] = -left / 4.0;
                    pot += left / 4.0;
                }
                for &s in &winners {
                    r.values[s] = pot / winners.len() as f64;
                }
            }
        }
        r
    }

    /// A state from its parts (text and tests); pieces are sorted, `over` and the hash set.
    pub(super) fn finish_parts(mut self) -> Aero {
        self.sort();
        self.check_over();
        self.update_hash();
        self
    }
}

impl Aero {
    fn move_piece(&mut self, from: u8, choice: Choice) {
        self.forced = NONE;
        let c = self.controlled();
        super::moves::move_piece(self, c, from, choice);
        self.sort();
        self.after_move();
    }

    /// The moves of the piece on `from` that decline a hit or stop before a jump or flight,
    /// where the rules let the mover choose: one for each outcome that differs from those of
    /// `Move(from)` and of the choices before it.
    fn push_choices(&self, from: u8, moves: &mut MoveList<AeroMove>) {
        if self.rules.hit == Obligation::Must && self.rules.jump == Obligation::Must {
            return;
        }
        let hits: &[bool] = match self.rules.hit {
            Obligation::Must => &[true],
            Obligation::May => &[true, false],
        };
        let links: &[u8] = match self.rules.jump {
            Obligation::Must => &[ALL_LINKS],
            Obligation::May => &[ALL_LINKS, 1, 0],
        };
        let mut outcomes = vec![self.after_choice(from, Choice::ALL)];
        for &hit in hits {
            for &links in links {
                let choice = Choice { hit, links };
                if choice == Choice::ALL {
                    continue;
                }
                let outcome = self.after_choice(from, choice);
                if !outcomes.contains(&outcome) {
                    outcomes.push(outcome);
                    moves.push(AeroMove::MoveChoosing(from, choice));
                }
            }
        }
    }

    fn after_choice(&self, from: u8, choice: Choice) -> Aero {
        let mut next = *self;
        next.move_piece(from, choice);
        next
    }
}

impl Game for Aero {
    type Move = AeroMove;
    type Rules = AeroRules;
    const ID: &'static str = "aeroplane";
    const NAME: &'static str = "Aeroplane chess (飞行棋)";

    fn new(rules: &AeroRules) -> Self {
        Aero {
            rules: *rules,
            pos: [[HANGAR; 4]; 4],
            to_move: 0,
            roll: 0,
            sixes: 0,
            forced: NONE,
            booster: false,
            ready: false,
            storm: NONE,
            storm_rounds: 0,
            storm_pending: rules.weather,
            item_square: NONE,
            item_kind: 0,
            item_pending: rules.items,
            held: [[0; 2]; 4],
            over: false,
            hash: 0,
        }
        .finish_parts()
    }
    fn rules(&self) -> &AeroRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        self.rules.players as usize
    }
    fn turn(&self) -> Turn {
        if self.over {
            Turn::Terminal
        } else if self.storm_pending || self.item_pending {
            Turn::Chance
        } else if self.roll == 0 {
            let seat = self.to_move as usize;
            if self.rules.items && !self.ready && self.held[seat] != [0, 0] {
                Turn::Player(seat)
            } else {
                Turn::Chance
            }
        } else {
            Turn::Player(self.to_move as usize)
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<AeroMove>) {
        let Turn::Player(seat) = self.turn() else {
            return;
        };
        if self.roll == 0 {
            moves.push(AeroMove::RollDie);
            if self.held[seat][SIX_DIE as usize] > 0 {
                moves.push(AeroMove::UseSix);
            }
            if self.held[seat][BOOSTER as usize] > 0 {
                moves.push(AeroMove::UseBooster);
            }
            return;
        }
        let c = self.controlled();
        if let Some(f) = self.forced() {
            moves.push(AeroMove::Move(f));
            self.push_choices(f, moves);
            return;
        }
        if self.rules.launches(self.roll) && self.pos[c].contains(&HANGAR) {
            moves.push(AeroMove::Launch);
        }
        let mut last = NONE;
        for &p in &self.pos[c] {
            if p < FINISH && p != last {
                moves.push(AeroMove::Move(p));
                self.push_choices(p, moves);
                last = p;
            }
        }
        if moves.is_empty() {
            moves.push(AeroMove::Pass);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(AeroMove, f64)>) {
        if self.turn() != Turn::Chance {
            return;
        }
        if self.storm_pending {
            let p = 1.0 / TRACK as f64;
            out.extend((0..TRACK as u8).map(|sq| (AeroMove::Storm(sq), p)));
        } else if self.item_pending {
            let p = 1.0 / (2 * TRACK) as f64;
            for sq in 0..TRACK as u8 {
                for kind in [SIX_DIE, BOOSTER] {
                    out.push((AeroMove::Item(sq, kind), p));
                }
            }
        } else {
            out.extend(fair_die(6).map(|(f, p)| (AeroMove::Roll(f), p)));
        }
    }
    fn play(&mut self, mv: AeroMove) {
        match mv {
            AeroMove::Storm(sq) => {
                self.storm = sq;
                self.storm_rounds = STORM_ROUNDS;
                self.storm_pending = false;
            }
            AeroMove::Item(sq, kind) => {
                self.item_square = sq;
                self.item_kind = kind;
                self.item_pending = false;
            }
            AeroMove::Roll(face) => self.apply_roll(face),
            AeroMove::RollDie => self.ready = true,
            AeroMove::UseBooster => {
                self.held[self.to_move as usize][BOOSTER as usize] -= 1;
                self.booster = true;
                self.ready = true;
            }
            AeroMove::UseSix => {
                self.held[self.to_move as usize][SIX_DIE as usize] -= 1;
                self.ready = true;
                self.apply_roll(6);
            }
            AeroMove::Launch => {
                let c = self.controlled();
                if let Some(k) = self.pos[c].iter().position(|&p| p == HANGAR) {
                    self.pos[c][k] = super::board::TAKEOFF;
                }
                self.sort();
                let extra = self.roll == 6;
                self.after_move();
                if extra && self.rules.launch_roll_launched && !self.over {
                    // The text: the roll a launch earns gives the launched plane's steps.
                    self.forced = super::board::TAKEOFF;
                }
            }
            AeroMove::Move(from) => self.move_piece(from, Choice::ALL),
            AeroMove::MoveChoosing(from, choice) => self.move_piece(from, choice),
            AeroMove::Pass => self.after_move(),
        }
        self.update_hash();
    }
    fn is_pass(&self, mv: AeroMove) -> bool {
        mv == AeroMove::Pass
    }
    fn returns(&self) -> Returns {
        self.final_returns()
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0u64;
        for c in 0..4 {
            for k in 0..4 {
                h ^= KEYS_PIECE[(c * 4 + k) * 64 + self.pos[c][k] as usize];
            }
        }
        h ^= KEYS_MISC[self.to_move as usize];
        h ^= KEYS_MISC[4 + self.roll as usize];
        h ^= KEYS_MISC[11 + self.sixes as usize];
        if self.forced != NONE {
            h ^= KEYS_MISC[14] ^ KEYS_SQUARE[self.forced as usize & 63];
        }
        for (i, flag) in [
            self.booster,
            self.ready,
            self.storm_pending,
            self.item_pending,
            self.over,
        ]
        .into_iter()
        .enumerate()
        {
            if flag {
                h ^= KEYS_MISC[15 + i];
            }
        }
        h ^= KEYS_MISC[20 + self.storm_rounds as usize % 8];
        if self.storm != NONE {
            h ^= KEYS_SQUARE[64 + self.storm as usize];
        }
        if self.item_square != NONE {
            h ^= KEYS_SQUARE[self.item_square as usize].rotate_left(17)
                ^ KEYS_MISC[30 + self.item_kind as usize];
        }
        for s in 0..4 {
            for k in 0..2 {
                h ^= KEYS_HELD[(s * 2 + k) * 4 + self.held[s][k].min(3) as usize];
            }
        }
        h
    }
    fn format_position(&self) -> String {
        super::text::format_position(self)
    }
    fn parse_position(rules: &AeroRules, text: &str) -> Result<Self, ParseError> {
        super::text::parse_position(rules, text)
    }
    fn format_move(&self, mv: AeroMove) -> String {
        super::text::format_move(self, mv)
    }
    fn parse_move(&self, text: &str) -> Result<AeroMove, ParseError> {
        super::text::parse_move(self, text)
    }
    fn render(&self) -> String {
        super::text::render(self)
    }
}
