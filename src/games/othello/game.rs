//! Othello (黑白棋, seed 002): placement with flips, a forced pass when a side has no move,
//! the game ends when neither side can move, and the side with more discs wins. The position
//! (bitboards, side to move, incremental hash) and `impl Game`.

use crate::game::zobrist;
use crate::game::{Game, MoveList, ParseError, PerftConvention, PlayerId, Returns, Turn};

use super::bitboard::{flips, legal_moves, squares};
use super::rules::{OthelloRules, StartSetup};

/// A square 0..63, or `PASS`.
pub type OthelloMove = u8;
/// The forced pass.
pub const PASS: OthelloMove = 64;

pub const BLACK: PlayerId = 0;
pub const WHITE: PlayerId = 1;

const KEYS_BLACK: [u64; 64] = zobrist::keys::<64>(0x07E1_1001);
const KEYS_WHITE: [u64; 64] = zobrist::keys::<64>(0x07E1_1002);
const KEY_WHITE_TO_MOVE: u64 = zobrist::key(0x07E1_1003, 0);

/// Precomputed `KEYS_BLACK ^ KEYS_WHITE`: turning one disc over changes the hash by this.
const KEYS_FLIP: [u64; 64] = {
    let mut out = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = KEYS_BLACK[i] ^ KEYS_WHITE[i];
        i += 1;
    }
    out
};

/// An Othello position: the discs of the side to move and of the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Othello {
    own: u64,
    opp: u64,
    side: u8,
    hash: u64,
    rules: OthelloRules,
}

impl Othello {
    /// A position from bitboards by colour.
    pub fn from_discs(rules: OthelloRules, black: u64, white: u64, side: PlayerId) -> Othello {
        let (own, opp) = if side == BLACK {
            (black, white)
        } else {
            (white, black)
        };
        let mut pos = Othello {
            own,
            opp,
            side: side as u8,
            hash: 0,
            rules,
        };
        pos.hash = pos.hash_from_scratch();
        pos
    }
    /// The discs of the side to move.
    pub fn own(&self) -> u64 {
        self.own
    }
    /// The discs of the other side.
    pub fn opp(&self) -> u64 {
        self.opp
    }
    pub fn side(&self) -> PlayerId {
        self.side as PlayerId
    }
    pub fn black(&self) -> u64 {
        if self.side == 0 {
            self.own
        } else {
            self.opp
        }
    }
    pub fn white(&self) -> u64 {
        if self.side == 0 {
            self.opp
        } else {
            self.own
        }
    }
    pub fn empties(&self) -> u64 {
        !(self.own | self.opp)
    }
    /// The squares the side to move may play on (no pass).
    pub fn mobility(&self) -> u64 {
        legal_moves(self.own, self.opp)
    }
    /// The final disc difference for the side to move, empty squares going to the winner (the
    /// scoring of the FFO suite and of tournaments).
    pub fn final_disc_difference(&self) -> i32 {
        let own = self.own.count_ones() as i32;
        let opp = self.opp.count_ones() as i32;
        let empty = 64 - own - opp;
        match own.cmp(&opp) {
            std::cmp::Ordering::Greater => own - opp + empty,
            std::cmp::Ordering::Less => own - opp - empty,
            std::cmp::Ordering::Equal => 0,
        }
    }
    /// Plays a square for the side to move with its flips already known (solvers use this).
    #[inline]
    pub fn play_with_flips(&mut self, square: u32, flipped: u64) {
        let bit = 1u64 << square;
        let mover_keys = if self.side == 0 {
            &KEYS_BLACK
        } else {
            &KEYS_WHITE
        };
        let mut h = self.hash ^ mover_keys[square as usize] ^ KEY_WHITE_TO_MOVE;
        for sq in squares(flipped) {
            h ^= KEYS_FLIP[sq as usize];
        }
        let own = self.own | bit | flipped;
        self.own = self.opp & !flipped;
        self.opp = own;
        self.side ^= 1;
        self.hash = h;
    }
    /// Passes the turn.
    #[inline]
    pub fn pass(&mut self) {
        std::mem::swap(&mut self.own, &mut self.opp);
        self.side ^= 1;
        self.hash ^= KEY_WHITE_TO_MOVE;
    }
}

pub fn square_name(sq: u32) -> String {
    let col = (b'a' + (sq % 8) as u8) as char;
    format!("{col}{}", sq / 8 + 1)
}

impl Game for Othello {
    type Move = OthelloMove;
    type Rules = OthelloRules;
    const ID: &'static str = "othello";
    const NAME: &'static str = "Othello";

    fn new(rules: &OthelloRules) -> Self {
        let (d4, e4, d5, e5) = (1u64 << 27, 1u64 << 28, 1u64 << 35, 1u64 << 36);
        let (black, white) = match rules.start {
            StartSetup::Crossed => (e4 | d5, d4 | e5),
            StartSetup::Parallel => (d5 | e5, d4 | e4),
        };
        Othello::from_discs(*rules, black, white, BLACK)
    }
    fn rules(&self) -> &OthelloRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        2
    }
    #[inline]
    fn turn(&self) -> Turn {
        if self.mobility() != 0 || legal_moves(self.opp, self.own) != 0 {
            Turn::Player(self.side as PlayerId)
        } else {
            Turn::Terminal
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<OthelloMove>) {
        let m = self.mobility();
        if m != 0 {
            moves.extend(squares(m).map(|sq| sq as u8));
        } else if legal_moves(self.opp, self.own) != 0 {
            moves.push(PASS);
        }
    }
    #[inline]
    fn count_legal_moves(&self) -> usize {
        let m = self.mobility();
        if m != 0 {
            m.count_ones() as usize
        } else {
            (legal_moves(self.opp, self.own) != 0) as usize
        }
    }
    /// Bitboard pairs without the hash (`perft.rs`), for conventions A and B.
    fn perft_fast(&self, depth: u32, convention: PerftConvention) -> Option<u64> {
        super::perft::perft(self.own, self.opp, depth, convention)
    }
    #[inline]
    fn play(&mut self, mv: OthelloMove) {
        if mv == PASS {
            self.pass();
        } else {
            let f = flips(mv as u32, self.own, self.opp);
            debug_assert!(f != 0, "illegal Othello move {mv}");
            self.play_with_flips(mv as u32, f);
        }
    }
    fn returns(&self) -> Returns {
        let black = self.black().count_ones() as i32;
        let white = self.white().count_ones() as i32;
        Returns::two_player((black - white).signum() as f64)
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        let mut h = if self.side == 1 { KEY_WHITE_TO_MOVE } else { 0 };
        for sq in squares(self.black()) {
            h ^= KEYS_BLACK[sq as usize];
        }
        for sq in squares(self.white()) {
            h ^= KEYS_WHITE[sq as usize];
        }
        h
    }
    fn format_position(&self) -> String {
        let (black, white) = (self.black(), self.white());
        let mut s: String = (0..64)
            .map(|sq| {
                let bit = 1u64 << sq;
                if black & bit != 0 {
                    'X'
                } else if white & bit != 0 {
                    'O'
                } else {
                    '-'
                }
            })
            .collect();
        s.push(' ');
        s.push(if self.side == 0 { 'X' } else { 'O' });
        s
    }
    /// 64 squares a1..h1, a2..h8 (`X` black, `O` white, `-` or `.` empty), white space, then the
    /// side to move (`X` or `O`). Anything after a `;` is ignored, so FFO/OBF lines read as they are.
    fn parse_position(rules: &OthelloRules, text: &str) -> Result<Self, ParseError> {
        let body = text.split(';').next().unwrap_or("").trim();
        let mut parts = body.split_whitespace();
        let board = parts
            .next()
            .ok_or_else(|| ParseError::position(text, "empty position"))?;
        let side = parts.next().ok_or_else(|| {
            ParseError::position(text, "missing side to move after the 64 squares (X or O)")
        })?;
        if let Some(extra) = parts.next() {
            return Err(ParseError::position(
                text,
                format!("unexpected text {extra:?} after the side to move"),
            ));
        }
        if board.chars().count() != 64 {
            return Err(ParseError::position(
                text,
                format!("expected 64 squares, found {}", board.chars().count()),
            ));
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (sq, c) in board.chars().enumerate() {
            match c {
                'X' | 'x' | '*' => black |= 1 << sq,
                'O' | 'o' => white |= 1 << sq,
                '-' | '.' => {}
                _ => {
                    return Err(ParseError::position(
                        text,
                        format!(
                            "bad square {c:?} at {} (use X, O or -)",
                            square_name(sq as u32)
                        ),
                    ))
                }
            }
        }
        let side = match side {
            "X" | "x" | "*" | "B" | "b" => BLACK,
            "O" | "o" | "W" | "w" => WHITE,
            _ => {
                return Err(ParseError::position(
                    text,
                    format!("bad side to move {side:?} (use X or O)"),
                ))
            }
        };
        Ok(Othello::from_discs(*rules, black, white, side))
    }
    fn format_move(&self, mv: OthelloMove) -> String {
        if mv == PASS {
            "pass".to_string()
        } else {
            square_name(mv as u32)
        }
    }
    fn parse_move(&self, text: &str) -> Result<OthelloMove, ParseError> {
        let t = text.trim().to_ascii_lowercase();
        if t == "pass" || t == "pa" || t == "--" || t == "ps" {
            return Ok(PASS);
        }
        let b = t.as_bytes();
        if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
            Ok((b[1] - b'1') * 8 + (b[0] - b'a'))
        } else {
            Err(ParseError::mv(text, "expected a square a1..h8 or pass"))
        }
    }
    fn is_pass(&self, mv: OthelloMove) -> bool {
        mv == PASS
    }
    fn render(&self) -> String {
        let (black, white) = (self.black(), self.white());
        let moves = self.mobility();
        let mut s = String::from("  a b c d e f g h\n");
        for row in 0..8 {
            s.push_str(&format!("{}", row + 1));
            for col in 0..8 {
                let bit = 1u64 << (row * 8 + col);
                let c = if black & bit != 0 {
                    'X'
                } else if white & bit != 0 {
                    'O'
                } else if moves & bit != 0 {
                    '*'
                } else {
                    '.'
                };
                s.push(' ');
                s.push(c);
            }
            s.push('\n');
        }
        let to_move = match self.turn() {
            Turn::Terminal => "game over".to_string(),
            _ => format!(
                "{} to move",
                if self.side == 0 {
                    "X (black)"
                } else {
                    "O (white)"
                }
            ),
        };
        s.push_str(&format!(
            "X {}  O {}  {}  (* marks legal moves)\n",
            black.count_ones(),
            white.count_ones(),
            to_move
        ));
        s
    }
    /// NBoard (`nboard.rs`) and the Zebra program (`zebra.rs`).
    fn bindings<V: crate::game::bindings::Bindings<Self>>(visit: &mut V) {
        visit.nboard();
        visit.zebra();
    }
}
