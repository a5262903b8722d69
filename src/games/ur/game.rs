//! The Royal Game of Ur as a `Game`: a chance node (the stick roll) before every choice.
//!
//! A lost turn is a forced pass move: after a roll of 0, or a roll with no legal move, the only
//! legal move is `pass`, which hands the roll to the other side. (Automatic passing would chain
//! chance nodes, r0 after r0, without a decision between them, and search back ends that spend
//! depth only on decisions would never stop.) A move landing on a free rosette leaves the same
//! side to roll again.

use crate::game::zobrist;
use crate::game::{Game, MoveList, ParseError, PlayerId, Returns, Turn};

use super::board::{self, is_rosette, roll_probability, Side, Step, OFF};
use super::rules::UrRules;

/// A decision (move the piece on a route square; 0 = enter a piece from home) or a chance
/// outcome (the roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UrMove {
    Roll(u8),
    Piece(u8),
    /// The forced pass after a roll of 0 or a roll with no legal move.
    Pass,
}

/// Marks "the roll is still to come" in `Ur::roll`.
const NO_ROLL: u8 = 5;

const KEYS_SQUARE: [u64; 32] = zobrist::keys::<32>(0x0_0A_5001);
const KEYS_OFF: [u64; 16] = zobrist::keys::<16>(0x0_0A_5002);
const KEYS_ROLL: [u64; 6] = zobrist::keys::<6>(0x0_0A_5003);
const KEY_SECOND: u64 = zobrist::key(0x0_0A_5004, 0);

fn key_square(player: usize, sq: u8) -> u64 {
    KEYS_SQUARE[player * 16 + sq as usize]
}
fn key_off(player: usize, off: u8) -> u64 {
    KEYS_OFF[player * 8 + off as usize]
}

/// A position: both sides' pieces, who is to roll or move, and the roll when it has been cast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ur {
    sides: [Side; 2],
    to_move: u8,
    roll: u8,
    hash: u64,
    rules: UrRules,
}

impl Ur {
    /// A position from its parts; `roll` is None before the roll. Not validated (see
    /// `parse_position` for a checked constructor).
    pub fn from_parts(rules: UrRules, sides: [Side; 2], to_move: PlayerId, roll: Option<u8>) -> Ur {
        let mut s = Ur {
            sides,
            to_move: to_move as u8,
            roll: roll.unwrap_or(NO_ROLL),
            hash: 0,
            rules,
        };
        s.hash = s.hash_from_scratch();
        s
    }
    pub fn side(&self, player: PlayerId) -> Side {
        self.sides[player]
    }
    pub fn to_move(&self) -> PlayerId {
        self.to_move as PlayerId
    }
    /// The roll cast at a decision node; None while the roll is to come.
    pub fn roll(&self) -> Option<u8> {
        (self.roll != NO_ROLL).then_some(self.roll)
    }
    fn own_opp(&self) -> (Side, Side) {
        let p = self.to_move as usize;
        (self.sides[p], self.sides[1 - p])
    }
    /// The step a piece move makes here, if it is legal.
    pub fn step_of(&self, from: u8) -> Option<Step> {
        let roll = self.roll()?;
        let (own, opp) = self.own_opp();
        board::step(&self.rules, own, opp, from, roll)
    }
    pub fn winner(&self) -> Option<PlayerId> {
        (0..2).find(|&p| self.sides[p].off == self.rules.pieces)
    }
    fn pass_turn(&mut self) {
        self.to_move ^= 1;
        self.hash ^= KEY_SECOND;
    }
    fn set_roll(&mut self, roll: u8) {
        self.hash ^= KEYS_ROLL[self.roll as usize] ^ KEYS_ROLL[roll as usize];
        self.roll = roll;
    }
}

fn player_letter(p: usize) -> char {
    if p == 0 {
        'a'
    } else {
        'b'
    }
}

impl Game for Ur {
    type Move = UrMove;
    type Rules = UrRules;
    const ID: &'static str = "ur";
    const NAME: &'static str = "Royal Game of Ur";

    fn new(rules: &UrRules) -> Self {
        Ur::from_parts(*rules, [Side::default(); 2], 0, None)
    }
    fn rules(&self) -> &UrRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.winner().is_some() {
            Turn::Terminal
        } else if self.roll == NO_ROLL {
            Turn::Chance
        } else {
            Turn::Player(self.to_move as PlayerId)
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<UrMove>) {
        if self.turn() != Turn::Player(self.to_move as PlayerId) {
            return;
        }
        let (own, opp) = self.own_opp();
        if self.roll > 0 {
            for from in board::sources(&self.rules, own) {
                if board::step(&self.rules, own, opp, from, self.roll).is_some() {
                    moves.push(UrMove::Piece(from));
                }
            }
        }
        if moves.is_empty() {
            moves.push(UrMove::Pass);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(UrMove, f64)>) {
        if self.turn() == Turn::Chance {
            out.extend((0..=4).map(|r| (UrMove::Roll(r), roll_probability(r))));
        }
    }
    fn play(&mut self, mv: UrMove) {
        match mv {
            UrMove::Roll(r) => self.set_roll(r),
            UrMove::Pass => {
                self.set_roll(NO_ROLL);
                self.pass_turn();
            }
            UrMove::Piece(from) => {
                let s = self.step_of(from).expect("legal Ur move");
                let p = self.to_move as usize;
                let (mut own, mut opp) = self.own_opp();
                board::apply(&self.rules, &mut own, &mut opp, s);
                for (player, new) in [(p, own), (1 - p, opp)] {
                    let old = self.sides[player];
                    let changed = old.mask ^ new.mask;
                    for sq in 1..OFF {
                        if changed & (1 << sq) != 0 {
                            self.hash ^= key_square(player, sq);
                        }
                    }
                    if old.off != new.off {
                        self.hash ^= key_off(player, old.off) ^ key_off(player, new.off);
                    }
                    self.sides[player] = new;
                }
                self.set_roll(NO_ROLL);
                if !s.again {
                    self.pass_turn();
                }
            }
        }
    }
    fn is_pass(&self, mv: UrMove) -> bool {
        mv == UrMove::Pass
    }
    fn returns(&self) -> Returns {
        match self.winner() {
            Some(p) => Returns::single_winner(2, p),
            None => Returns::two_player(0.0),
        }
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        let mut h = KEYS_ROLL[self.roll as usize];
        if self.to_move == 1 {
            h ^= KEY_SECOND;
        }
        for p in 0..2 {
            for sq in 1..OFF {
                if self.sides[p].has(sq) {
                    h ^= key_square(p, sq);
                }
            }
            h ^= key_off(p, self.sides[p].off);
        }
        h
    }
    /// `a:4,9,12/2 b:5/0 a?`: each side's occupied route squares (1..14, its own numbering) and
    /// pieces off after `/`; then the side to move and its roll (`?` before the roll).
    fn format_position(&self) -> String {
        let mut out = String::new();
        for p in 0..2 {
            let side = self.sides[p];
            let squares: Vec<String> = (1..OFF)
                .filter(|&sq| side.has(sq))
                .map(|sq| sq.to_string())
                .collect();
            out.push_str(&format!(
                "{}:{}/{} ",
                player_letter(p),
                squares.join(","),
                side.off
            ));
        }
        out.push(player_letter(self.to_move as usize));
        match self.roll() {
            Some(r) => out.push_str(&r.to_string()),
            None => out.push('?'),
        }
        out
    }
    fn parse_position(rules: &UrRules, text: &str) -> Result<Self, ParseError> {
        let err = |why: String| ParseError::position(text, why);
        let parts: Vec<&str> = text.split_whitespace().collect();
        if parts.len() != 3 {
            return Err(err(
                "expected three fields: a:<squares>/<off> b:<squares>/<off> <side><roll|?>".into(),
            ));
        }
        let mut sides = [Side::default(); 2];
        for p in 0..2 {
            let field = parts[p];
            let prefix = format!("{}:", player_letter(p));
            let body = field
                .strip_prefix(&prefix)
                .ok_or_else(|| err(format!("field {field:?} should start with {prefix:?}")))?;
            let (squares, off) = body
                .split_once('/')
                .ok_or_else(|| err(format!("field {field:?} needs /<pieces off>")))?;
            let off: u8 = off
                .parse()
                .map_err(|_| err(format!("bad pieces-off count {off:?}")))?;
            let mut mask = 0u16;
            for sq in squares.split(',').filter(|s| !s.is_empty()) {
                let n: u8 = sq
                    .parse()
                    .map_err(|_| err(format!("bad route square {sq:?}")))?;
                if !(1..OFF).contains(&n) {
                    return Err(err(format!("route square {n} is not in 1..14")));
                }
                if mask & (1 << n) != 0 {
                    return Err(err(format!("route square {n} given twice")));
                }
                mask |= 1 << n;
            }
            let side = Side { mask, off };
            if side.on_board() as u32 + off as u32 > rules.pieces as u32 {
                return Err(err(format!(
                    "side {} has more than {} pieces",
                    player_letter(p),
                    rules.pieces
                )));
            }
            sides[p] = side;
        }
        let clash = sides[0].mask & sides[1].mask & board::SHARED;
        if clash != 0 {
            return Err(err(format!(
                "shared square {} holds pieces of both sides",
                clash.trailing_zeros()
            )));
        }
        if sides[0].off == rules.pieces && sides[1].off == rules.pieces {
            return Err(err("both sides cannot have finished".into()));
        }
        let mut chars = parts[2].chars();
        let to_move = match chars.next() {
            Some('a') => 0,
            Some('b') => 1,
            _ => return Err(err(format!("bad side to move {:?} (a or b)", parts[2]))),
        };
        let roll = match chars.as_str() {
            "?" => None,
            r @ ("0" | "1" | "2" | "3" | "4") => Some(r.parse::<u8>().expect("digit")),
            other => {
                return Err(err(format!(
                    "bad roll {other:?} (0..4, or ? before the roll)"
                )))
            }
        };
        let state = Ur::from_parts(*rules, sides, to_move, roll);
        if let Some(r) = roll {
            if state.winner().is_some() {
                return Err(err(format!(
                    "a finished game has no roll to play (roll {r})"
                )));
            }
        }
        Ok(state)
    }
    /// `h-4` enters a piece onto route square 4, `6-9` moves one, `6x9` captures, `13-off`
    /// bears off, `pass` when nothing can move; rolls are `r0`..`r4`.
    fn format_move(&self, mv: UrMove) -> String {
        match mv {
            UrMove::Roll(r) => format!("r{r}"),
            UrMove::Pass => "pass".to_string(),
            UrMove::Piece(from) => {
                let from_text = if from == 0 {
                    "h".to_string()
                } else {
                    from.to_string()
                };
                match self.step_of(from) {
                    Some(s) if s.to == OFF => format!("{from_text}-off"),
                    Some(s) => format!("{from_text}{}{}", if s.hit { 'x' } else { '-' }, s.to),
                    None => format!("{from_text}-?"),
                }
            }
        }
    }
    fn parse_move(&self, text: &str) -> Result<UrMove, ParseError> {
        let t = text.trim().to_ascii_lowercase();
        if t == "pass" {
            let mut moves = MoveList::new();
            self.legal_moves(&mut moves);
            return if moves.contains(&UrMove::Pass) {
                Ok(UrMove::Pass)
            } else {
                Err(ParseError::mv(
                    text,
                    "pass is only legal when no piece can move",
                ))
            };
        }
        if let Some(r) = t.strip_prefix('r') {
            return match r.parse::<u8>() {
                Ok(r) if r <= 4 => Ok(UrMove::Roll(r)),
                _ => Err(ParseError::mv(text, "a roll is r0..r4")),
            };
        }
        let (from, to) = t
            .split_once(['-', 'x'])
            .ok_or_else(|| ParseError::mv(text, "expected from-to, e.g. h-4, 6-9, 6x9, 13-off"))?;
        let from = if from == "h" {
            0
        } else {
            match from.parse::<u8>() {
                Ok(n) if (1..OFF).contains(&n) => n,
                _ => {
                    return Err(ParseError::mv(
                        text,
                        "from must be h or a route square 1..14",
                    ))
                }
            }
        };
        let s = self
            .step_of(from)
            .ok_or_else(|| ParseError::mv(text, "no legal move from that square with this roll"))?;
        let to_ok = if to == "off" {
            s.to == OFF
        } else {
            to.parse::<u8>().ok() == Some(s.to)
        };
        if !to_ok {
            return Err(ParseError::mv(
                text,
                format!(
                    "that piece goes to {} with this roll",
                    if s.to == OFF {
                        "off".to_string()
                    } else {
                        s.to.to_string()
                    }
                ),
            ));
        }
        Ok(UrMove::Piece(from))
    }
    /// Three rows of eight: side a's row (route 4,3,2,1, two gaps, 14,13), the shared row
    /// (5..12), side b's row; `*` marks rosettes, `A`/`B` pieces.
    fn render(&self) -> String {
        let cell = |player: Option<usize>, sq: u8| -> char {
            let occupant =
                (0..2).find(|&p| self.sides[p].has(sq) && (player.is_none() || player == Some(p)));
            match occupant {
                Some(0) => 'A',
                Some(_) => 'B',
                None if is_rosette(sq) => '*',
                None => '.',
            }
        };
        let private_row = |p: usize| -> String {
            let order: [Option<u8>; 8] = [
                Some(4),
                Some(3),
                Some(2),
                Some(1),
                None,
                None,
                Some(14),
                Some(13),
            ];
            order
                .iter()
                .map(|o| match o {
                    Some(sq) => cell(Some(p), *sq),
                    None => ' ',
                })
                .collect()
        };
        let shared: String = (5..=12)
            .map(|sq| {
                if self.sides[0].has(sq) {
                    'A'
                } else if self.sides[1].has(sq) {
                    'B'
                } else {
                    cell(None, sq)
                }
            })
            .collect();
        let pieces = self.rules.pieces;
        let mut s = format!(
            "{}   a: home {} off {}\n{}\n{}   b: home {} off {}\n",
            private_row(0),
            self.sides[0].home(pieces),
            self.sides[0].off,
            shared,
            private_row(1),
            self.sides[1].home(pieces),
            self.sides[1].off
        );
        s.push_str(&match self.turn() {
            Turn::Terminal => format!(
                "game over: {} wins\n",
                player_letter(self.winner().unwrap_or(0))
            ),
            Turn::Chance => format!("{} to roll\n", player_letter(self.to_move as usize)),
            Turn::Player(p) => format!("{} to move, rolled {}\n", player_letter(p), self.roll),
        });
        s
    }
}
