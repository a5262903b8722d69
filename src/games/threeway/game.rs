//! Three-way as a `Game`: three players, one shared piece that starts on the centre, one die.
//!
//! First the lucky pairs: seat a takes one of (1, 6), (2, 5), (3, 4), then seat b one of the two
//! left, and seat c gets the last (a choice of one, so it is made for c). Then the die is rolled
//! again and again ("玩家們依序擲骰": who rolls changes nothing, since the number decides who
//! moves), and the seat whose lucky pair holds the number moves the piece. Whoever moves the
//! piece onto their own base wins ("最先將棋子移動至該基地棋位的玩家"); the piece may stand on
//! another player's base without ending the game.

use crate::game::dice::fair_die;
use crate::game::zobrist;
use crate::game::{Game, MoveList, ParseError, PlayerId, Returns, Turn};

use super::board::{along, distance, drawing, name, parse_name, BASES, CENTRE, DIRECTIONS, POINTS};
use super::rules::{Movement, ThreeWayRules};

/// The lucky pairs, by index.
pub const PAIRS: [(u8, u8); 3] = [(1, 6), (2, 5), (3, 4)];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TwMove {
    /// Take lucky pair 0, 1 or 2.
    Pair(u8),
    /// The die (a chance outcome).
    Roll(u8),
    /// Move the piece to this point.
    To(u8),
    /// No move for this roll (only under `move=line`).
    Pass,
}

const NONE: u8 = u8::MAX;

const KEYS_PAIR: [u64; 9] = zobrist::keys::<9>(0x3_3AA7_0001);
const KEYS_POINT: [u64; POINTS] = zobrist::keys::<POINTS>(0x3_3AA7_0002);
const KEYS_ROLL: [u64; 7] = zobrist::keys::<7>(0x3_3AA7_0003);
const KEYS_WINNER: [u64; 3] = zobrist::keys::<3>(0x3_3AA7_0004);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreeWay {
    rules: ThreeWayRules,
    /// The lucky pair of each seat (`NONE` until chosen).
    pairs: [u8; 3],
    piece: u8,
    /// The roll to be played, 0 before the roll.
    roll: u8,
    winner: u8,
    hash: u64,
}

pub fn seat_letter(p: usize) -> char {
    (b'a' + p as u8) as char
}

pub fn pair_text(p: u8) -> String {
    let (a, b) = PAIRS[p as usize];
    format!("{a}{b}")
}

impl ThreeWay {
    /// A position from its parts (not validated).
    pub fn from_parts(
        rules: ThreeWayRules,
        pairs: [Option<u8>; 3],
        piece: usize,
        roll: Option<u8>,
        winner: Option<PlayerId>,
    ) -> ThreeWay {
        let mut s = ThreeWay {
            rules,
            pairs: pairs.map(|p| p.unwrap_or(NONE)),
            piece: piece as u8,
            roll: roll.unwrap_or(0),
            winner: winner.map_or(NONE, |w| w as u8),
            hash: 0,
        };
        s.hash = s.hash_from_scratch();
        s
    }
    pub fn piece(&self) -> usize {
        self.piece as usize
    }
    pub fn roll(&self) -> Option<u8> {
        (self.roll != 0).then_some(self.roll)
    }
    pub fn pair_of(&self, seat: PlayerId) -> Option<u8> {
        (self.pairs[seat] != NONE).then_some(self.pairs[seat])
    }
    pub fn winner(&self) -> Option<PlayerId> {
        (self.winner != NONE).then_some(self.winner as PlayerId)
    }
    pub fn choosing(&self) -> bool {
        self.pairs[2] == NONE
    }
    /// The seat whose lucky pair holds `roll` (pairs all chosen).
    pub fn owner(&self, roll: u8) -> PlayerId {
        (0..3)
            .find(|&s| {
                let (a, b) = PAIRS[self.pairs[s] as usize];
                roll == a || roll == b
            })
            .expect("every number has an owner once the pairs are chosen")
    }
}

/// Where a roll of `roll` can take the piece from `from`, in point order.
pub fn destinations(movement: Movement, from: usize, roll: u8, out: &mut Vec<usize>) {
    match movement {
        Movement::Walk => {
            out.extend((0..POINTS).filter(|&y| y != from && distance(from, y) <= roll as u32))
        }
        Movement::Line => {
            let mut v: Vec<usize> = DIRECTIONS
                .iter()
                .filter_map(|&d| along(from, d, roll as i32))
                .collect();
            v.sort_unstable();
            out.extend(v);
        }
    }
}

impl Game for ThreeWay {
    type Move = TwMove;
    type Rules = ThreeWayRules;
    const ID: &'static str = "threeway";
    const NAME: &'static str = "Three-way (三向棋)";

    fn new(rules: &ThreeWayRules) -> Self {
        ThreeWay::from_parts(*rules, [None; 3], CENTRE, None, None)
    }
    fn rules(&self) -> &ThreeWayRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        3
    }
    fn turn(&self) -> Turn {
        if self.winner != NONE {
            Turn::Terminal
        } else if self.pairs[0] == NONE {
            Turn::Player(0)
        } else if self.pairs[1] == NONE {
            Turn::Player(1)
        } else if self.roll == 0 {
            Turn::Chance
        } else {
            Turn::Player(self.owner(self.roll))
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<TwMove>) {
        match self.turn() {
            Turn::Player(_) if self.choosing() => {
                moves.extend(
                    (0..3u8)
                        .filter(|p| !self.pairs.contains(p))
                        .map(TwMove::Pair),
                );
            }
            Turn::Player(_) => {
                let mut to = Vec::new();
                destinations(self.rules.movement, self.piece(), self.roll, &mut to);
                if to.is_empty() {
                    moves.push(TwMove::Pass);
                } else {
                    moves.extend(to.into_iter().map(|y| TwMove::To(y as u8)));
                }
            }
            _ => {}
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(TwMove, f64)>) {
        if self.turn() == Turn::Chance {
            out.extend(fair_die(6).map(|(f, p)| (TwMove::Roll(f), p)));
        }
    }
    fn play(&mut self, mv: TwMove) {
        match mv {
            TwMove::Pair(p) => {
                let seat = if self.pairs[0] == NONE { 0 } else { 1 };
                self.pairs[seat] = p;
                self.hash ^= KEYS_PAIR[seat * 3 + p as usize];
                if seat == 1 {
                    let last = (0..3u8)
                        .find(|q| !self.pairs.contains(q))
                        .expect("one pair is left");
                    self.pairs[2] = last;
                    self.hash ^= KEYS_PAIR[6 + last as usize];
                }
            }
            TwMove::Roll(r) => {
                self.hash ^= KEYS_ROLL[self.roll as usize] ^ KEYS_ROLL[r as usize];
                self.roll = r;
            }
            TwMove::To(y) => {
                let mover = self.owner(self.roll);
                self.hash ^= KEYS_POINT[self.piece as usize] ^ KEYS_POINT[y as usize];
                self.piece = y;
                self.hash ^= KEYS_ROLL[self.roll as usize] ^ KEYS_ROLL[0];
                self.roll = 0;
                if y as usize == BASES[mover] {
                    self.winner = mover as u8;
                    self.hash ^= KEYS_WINNER[mover];
                }
            }
            TwMove::Pass => {
                self.hash ^= KEYS_ROLL[self.roll as usize] ^ KEYS_ROLL[0];
                self.roll = 0;
            }
        }
    }
    fn is_pass(&self, mv: TwMove) -> bool {
        mv == TwMove::Pass
    }
    fn returns(&self) -> Returns {
        match self.winner() {
            Some(w) => Returns::single_winner(3, w),
            None => Returns::new(3),
        }
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        let mut h = KEYS_POINT[self.piece as usize] ^ KEYS_ROLL[self.roll as usize];
        for seat in 0..3 {
            if self.pairs[seat] != NONE {
                h ^= KEYS_PAIR[seat * 3 + self.pairs[seat] as usize];
            }
        }
        if self.winner != NONE {
            h ^= KEYS_WINNER[self.winner as usize];
        }
        h
    }
    /// `16,25,34 i5 3`: each seat's lucky pair (`-` not yet chosen), the piece's point, then the
    /// roll to be played, `?` before the roll (and while choosing), or `=a` once seat a has won.
    fn format_position(&self) -> String {
        let pairs: Vec<String> = self
            .pairs
            .iter()
            .map(|&p| if p == NONE { "-".into() } else { pair_text(p) })
            .collect();
        let tail = if self.winner != NONE {
            format!("={}", seat_letter(self.winner as usize))
        } else if self.roll == 0 {
            "?".into()
        } else {
            self.roll.to_string()
        };
        format!("{} {} {tail}", pairs.join(","), name(self.piece()))
    }
    fn parse_position(rules: &ThreeWayRules, text: &str) -> Result<Self, ParseError> {
        let err = |why: String| ParseError::position(text, why);
        let parts: Vec<&str> = text.split_whitespace().collect();
        if parts.len() != 3 {
            return Err(err("expected <pairs> <point> <roll|?|=seat>".into()));
        }
        let fields: Vec<&str> = parts[0].split(',').collect();
        if fields.len() != 3 {
            return Err(err(
                "expected three lucky pairs, e.g. 16,25,34 or -,-,-".into()
            ));
        }
        let mut pairs = [None; 3];
        for (seat, f) in fields.iter().enumerate() {
            pairs[seat] = match *f {
                "-" => None,
                t => Some(
                    (0..3u8)
                        .find(|&p| pair_text(p) == t)
                        .ok_or_else(|| err(format!("bad lucky pair {t:?} (16, 25, 34 or -)")))?,
                ),
            };
        }
        let chosen: Vec<u8> = pairs.iter().flatten().copied().collect();
        let mut distinct = chosen.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() != chosen.len() {
            return Err(err("two seats hold the same lucky pair".into()));
        }
        let shape_ok = matches!(
            (pairs[0], pairs[1], pairs[2]),
            (None, None, None) | (Some(_), None, None) | (Some(_), Some(_), Some(_))
        );
        if !shape_ok {
            return Err(err(
                "pairs are chosen by seat a, then b (c gets the last): a, a and b, or all".into(),
            ));
        }
        let piece = parse_name(parts[1]).ok_or_else(|| err(format!("bad point {:?}", parts[1])))?;
        let complete = pairs[2].is_some();
        let (roll, winner) = match parts[2] {
            "?" => (None, None),
            t if t.starts_with('=') => {
                let w = match &t[1..] {
                    "a" => 0,
                    "b" => 1,
                    "c" => 2,
                    other => return Err(err(format!("bad winner {other:?}"))),
                };
                if piece != BASES[w] {
                    return Err(err(format!(
                        "seat {} won but the piece is not on its base",
                        seat_letter(w)
                    )));
                }
                (None, Some(w))
            }
            t => match t.parse::<u8>() {
                Ok(r) if (1..=6).contains(&r) => (Some(r), None),
                _ => return Err(err(format!("bad roll {t:?} (1..6, ? or =seat)"))),
            },
        };
        if !complete && (roll.is_some() || winner.is_some()) {
            return Err(err("the lucky pairs come before the first roll".into()));
        }
        if !complete && piece != CENTRE {
            return Err(err("the piece starts on the centre".into()));
        }
        Ok(ThreeWay::from_parts(*rules, pairs, piece, roll, winner))
    }
    /// `16` takes a lucky pair; `h4` moves the piece to that point; `pass`; rolls `r1`..`r6`.
    fn format_move(&self, mv: TwMove) -> String {
        match mv {
            TwMove::Pair(p) => pair_text(p),
            TwMove::Roll(r) => format!("r{r}"),
            TwMove::To(y) => name(y as usize),
            TwMove::Pass => "pass".into(),
        }
    }
    fn parse_move(&self, text: &str) -> Result<TwMove, ParseError> {
        let t = text.trim();
        let mv = if t == "pass" {
            TwMove::Pass
        } else if let Some(p) = (0..3u8).find(|&p| pair_text(p) == t) {
            TwMove::Pair(p)
        } else if let Some(r) = t.strip_prefix('r') {
            match r.parse::<u8>() {
                Ok(r) if (1..=6).contains(&r) => TwMove::Roll(r),
                _ => return Err(ParseError::mv(text, "a roll is r1..r6")),
            }
        } else if let Some(y) = parse_name(t) {
            TwMove::To(y as u8)
        } else {
            return Err(ParseError::mv(
                text,
                "expected a lucky pair (16, 25, 34), a point (a1..m13), pass or r1..r6",
            ));
        };
        if !self.is_legal(mv) {
            return Err(ParseError::mv(text, "not legal in this position"));
        }
        Ok(mv)
    }
    /// The triangle: bases as their seat's capital letter, the piece `@`, the centre `+`, other
    /// points `.`.
    fn render(&self) -> String {
        let d = drawing();
        let mut s = d.board.render(2, 2, &d.edges, |i| {
            if i == self.piece() {
                "@".into()
            } else if let Some(seat) = BASES.iter().position(|&b| b == i) {
                seat_letter(seat).to_ascii_uppercase().to_string()
            } else if i == CENTRE {
                "+".into()
            } else {
                ".".into()
            }
        });
        let pairs: Vec<String> = (0..3)
            .map(|seat| {
                format!(
                    "{}:{}",
                    seat_letter(seat).to_ascii_uppercase(),
                    self.pair_of(seat).map_or("-".into(), pair_text)
                )
            })
            .collect();
        s.push_str(&format!(
            "lucky pairs {}  piece on {}\n",
            pairs.join(" "),
            name(self.piece())
        ));
        s.push_str(&match self.turn() {
            Turn::Terminal => format!(
                "game over: {} wins\n",
                seat_letter(self.winner as usize).to_ascii_uppercase()
            ),
            Turn::Chance => "to roll\n".into(),
            Turn::Player(p) if self.choosing() => {
                format!(
                    "{} to choose a lucky pair\n",
                    seat_letter(p).to_ascii_uppercase()
                )
            }
            Turn::Player(p) => format!(
                "rolled {}: {} to move\n",
                self.roll,
                seat_letter(p).to_ascii_uppercase()
            ),
        });
        s
    }
}
