//! Big Cat as a `Game`: one piece a player on one shared route, one die, no decisions. Every
//! node is a roll (a chance node) until a piece reaches the end: the roller's piece moves that
//! many route squares; landing on a point another piece stands on gives the same player
//! another roll (the route passes many points more than once, so "the point" is the physical
//! intersection, not the route square); reaching or passing the end wins at once (no exact
//! roll: "到達終點前的擲骰點數無須剛好等於所須步數").

use crate::game::dice::fair_die;
use crate::game::error::parse_int;
use crate::game::zobrist;
use crate::game::{Game, MoveList, ParseError, PlayerId, Returns, Turn};

use super::board::{geometry, Geometry};
use super::rules::BigCatRules;

/// A roll of the die (the only kind of move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Roll(pub u8);

const NO_WINNER: u8 = u8::MAX;

const KEYS_POS: [u64; 4 * 256] = zobrist::keys::<{ 4 * 256 }>(0xB1_6CA7_0001);
const KEYS_TURN: [u64; 4] = zobrist::keys::<4>(0xB1_6CA7_0002);
const KEY_OVER: u64 = zobrist::key(0xB1_6CA7_0003, 0);

/// A position: each seat's route square, the seat to roll, and the winner once there is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BigCat {
    rules: BigCatRules,
    pos: [u8; 4],
    to_move: u8,
    winner: u8,
    hash: u64,
}

pub fn seat_letter(p: usize) -> char {
    (b'a' + p as u8) as char
}

impl BigCat {
    pub fn geometry(&self) -> &'static Geometry {
        geometry(self.rules.zigzag)
    }
    /// A position from its parts (not validated: `parse_position` checks text).
    pub fn from_parts(rules: BigCatRules, pos: [u8; 4], to_move: usize) -> BigCat {
        let finish = geometry(rules.zigzag).finish();
        let winner = (0..rules.players as usize)
            .find(|&p| pos[p] >= finish)
            .map_or(NO_WINNER, |p| p as u8);
        let mut s = BigCat {
            rules,
            pos,
            to_move: to_move as u8,
            winner,
            hash: 0,
        };
        s.hash = s.hash_from_scratch();
        s
    }
    /// The route square of `seat`'s piece (the finish once it has left the board).
    pub fn position(&self, seat: PlayerId) -> u8 {
        self.pos[seat]
    }
    pub fn to_move(&self) -> PlayerId {
        self.to_move as PlayerId
    }
    pub fn winner(&self) -> Option<PlayerId> {
        (self.winner != NO_WINNER).then_some(self.winner as PlayerId)
    }
    /// Whether some piece other than `seat`'s stands on the point of route square `square`.
    pub fn occupied_by_other(&self, seat: PlayerId, square: u8) -> bool {
        let g = self.geometry();
        let point = g.route[square as usize];
        (0..self.rules.players as usize).any(|q| {
            q != seat && self.pos[q] < g.finish() && g.route[self.pos[q] as usize] == point
        })
    }
}

impl Game for BigCat {
    type Move = Roll;
    type Rules = BigCatRules;
    const ID: &'static str = "bigcat";
    const NAME: &'static str = "Big Cat (大貓棋)";

    fn new(rules: &BigCatRules) -> Self {
        BigCat::from_parts(*rules, [0; 4], 0)
    }
    fn rules(&self) -> &BigCatRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        self.rules.players as usize
    }
    fn turn(&self) -> Turn {
        if self.winner != NO_WINNER {
            Turn::Terminal
        } else {
            Turn::Chance
        }
    }
    fn legal_moves(&self, _moves: &mut MoveList<Roll>) {}
    fn chance_outcomes(&self, out: &mut Vec<(Roll, f64)>) {
        if self.winner == NO_WINNER {
            out.extend(fair_die(6).map(|(f, p)| (Roll(f), p)));
        }
    }
    fn play(&mut self, Roll(r): Roll) {
        debug_assert!(self.winner == NO_WINNER && (1..=6).contains(&r));
        let p = self.to_move as usize;
        let finish = self.geometry().finish();
        let to = (self.pos[p] + r).min(finish);
        let again = to < finish && self.occupied_by_other(p, to);
        self.hash ^= KEYS_POS[p * 256 + self.pos[p] as usize] ^ KEYS_POS[p * 256 + to as usize];
        self.pos[p] = to;
        if to == finish {
            self.winner = p as u8;
            self.hash ^= KEY_OVER;
        } else if !again {
            let next = (p + 1) % self.rules.players as usize;
            self.hash ^= KEYS_TURN[p] ^ KEYS_TURN[next];
            self.to_move = next as u8;
        }
    }
    fn returns(&self) -> Returns {
        match self.winner() {
            Some(w) => Returns::single_winner(self.num_players(), w),
            None => Returns::new(self.num_players()),
        }
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        let mut h = KEYS_TURN[self.to_move as usize];
        for p in 0..self.rules.players as usize {
            h ^= KEYS_POS[p * 256 + self.pos[p] as usize];
        }
        if self.winner != NO_WINNER {
            h ^= KEY_OVER;
        }
        h
    }
    /// `12,0,30 b`: each seat's route square (0 = the start, the finish square once it has left
    /// the board), then the seat to roll, or `-` when the game is over.
    fn format_position(&self) -> String {
        let squares: Vec<String> = (0..self.rules.players as usize)
            .map(|p| self.pos[p].to_string())
            .collect();
        let side = if self.winner == NO_WINNER {
            seat_letter(self.to_move as usize)
        } else {
            '-'
        };
        format!("{} {side}", squares.join(","))
    }
    fn parse_position(rules: &BigCatRules, text: &str) -> Result<Self, ParseError> {
        let err = |why: String| ParseError::position(text, why);
        let finish = geometry(rules.zigzag).finish();
        let (squares, side) = text
            .trim()
            .split_once(' ')
            .ok_or_else(|| err("expected <squares by seat> <seat to roll or ->".into()))?;
        let fields: Vec<&str> = squares.split(',').collect();
        if fields.len() != rules.players as usize {
            return Err(err(format!(
                "{} squares for {} players",
                fields.len(),
                rules.players
            )));
        }
        let mut pos = [0u8; 4];
        for (p, f) in fields.iter().enumerate() {
            let n: u32 = parse_int("route square", f, 0, finish as u32).map_err(err)?;
            pos[p] = n as u8;
        }
        let done = pos
            .iter()
            .take(fields.len())
            .filter(|&&x| x == finish)
            .count();
        if done > 1 {
            return Err(err("only one piece can have finished".into()));
        }
        let to_move = match side.trim() {
            "-" if done == 1 => 0,
            "-" => {
                return Err(err(
                    "`-` marks a finished game, but no piece has finished".into()
                ))
            }
            s => {
                if done == 1 {
                    return Err(err("a piece has finished: the side must be `-`".into()));
                }
                let mut chars = s.chars();
                match (chars.next(), chars.next()) {
                    (Some(c @ 'a'..='d'), None) if ((c as u8 - b'a') < rules.players) => {
                        (c as u8 - b'a') as usize
                    }
                    _ => return Err(err(format!("bad seat to roll {s:?}"))),
                }
            }
        };
        let mut state = BigCat::from_parts(*rules, pos, to_move);
        if done == 1 {
            // The winner rolled last; keep the seat field canonical.
            state.to_move = state.winner;
            state.hash = state.hash_from_scratch();
        }
        Ok(state)
    }
    fn format_move(&self, Roll(r): Roll) -> String {
        format!("r{r}")
    }
    fn parse_move(&self, text: &str) -> Result<Roll, ParseError> {
        match text.trim().strip_prefix('r').map(str::parse::<u8>) {
            Some(Ok(r)) if (1..=6).contains(&r) => {
                if self.winner == NO_WINNER {
                    Ok(Roll(r))
                } else {
                    Err(ParseError::mv(text, "the game is over"))
                }
            }
            _ => Err(ParseError::mv(text, "a roll is r1..r6")),
        }
    }
    /// The cross of 73 points with its lines; pieces as seat letters (upper case), the start
    /// and end point as `@`, other points as `+`.
    fn render(&self) -> String {
        let g = self.geometry();
        let edges = crate::game::track::route_edges([g.route.as_slice()]);
        let start_point = g.route[0] as usize;
        let players = self.rules.players as usize;
        let drawing = g.board.render(5, 2, &edges, |i| {
            let here: String = (0..players)
                .filter(|&p| {
                    self.pos[p] < g.finish() && g.route[self.pos[p] as usize] as usize == i
                })
                .map(|p| seat_letter(p).to_ascii_uppercase())
                .collect();
            if !here.is_empty() {
                here
            } else if i == start_point {
                "@".into()
            } else {
                "+".into()
            }
        });
        let mut s = drawing;
        let squares: Vec<String> = (0..players)
            .map(|p| format!("{}={}", seat_letter(p).to_ascii_uppercase(), self.pos[p]))
            .collect();
        s.push_str(&format!(
            "route squares (0 start, {} end): {}\n",
            g.finish(),
            squares.join(" ")
        ));
        s.push_str(&match self.winner() {
            Some(w) => format!("game over: {} wins\n", seat_letter(w).to_ascii_uppercase()),
            None => format!(
                "{} to roll\n",
                seat_letter(self.to_move as usize).to_ascii_uppercase()
            ),
        });
        s
    }
}
