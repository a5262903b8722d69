//! The Jungle game state and the game contract. Everything that decides the legal moves is in
//! the state and its text: the board, the hands (drop variant), the side to move, the square of
//! the piece that just moved (for fresh exchanges) and the plies without capture (draw rule).

use crate::game::zobrist;
use crate::game::{Game, MoveList, ParseError, PlayerId, Returns, Turn};

use super::board::{start_board, Animal, Piece, DEN, GREEN, RED, SQUARES};
use super::movegen::{for_each_move, JungleMove, View, NO_SQUARE};
use super::rules::{Exchange, JungleRules};

const NO_WINNER: u8 = 3;
const DRAW: u8 = 2;

const PIECE_KEYS: [u64; SQUARES * 17] = zobrist::keys::<{ SQUARES * 17 }>(0x3_0A6_1E01);
const HAND_KEYS: [u64; 2 * 8 * 3] = zobrist::keys::<{ 2 * 8 * 3 }>(0x3_0A6_1E02);
const LAST_KEYS: [u64; SQUARES + 1] = zobrist::keys::<{ SQUARES + 1 }>(0x3_0A6_1E03);
const GREEN_KEY: u64 = zobrist::key(0x3_0A6_1E04, 0);
const OUTCOME_KEYS: [u64; 4] = zobrist::keys::<4>(0x3_0A6_1E05);

#[inline]
fn quiet_key(n: u16) -> u64 {
    zobrist::key(0x3_0A6_1E06, n as u64)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jungle {
    board: [u8; SQUARES],
    /// Pieces in hand by animal (drop variant), at most 2 of an animal.
    hands: [[u8; 8]; 2],
    side: u8,
    /// The square of the piece just moved or dropped, or `NO_SQUARE`.
    last_to: u8,
    /// Plies since the last capture, exchange or drop (counted only with a draw rule).
    quiet: u16,
    /// Red or Green won, a draw, or `NO_WINNER` while the game goes on.
    outcome: u8,
    hash: u64,
    rules: JungleRules,
}

impl Jungle {
    /// A position from its parts, checked so that it could arise in a game of these rules.
    pub fn from_parts(
        rules: JungleRules,
        board: [u8; SQUARES],
        hands: [[u8; 8]; 2],
        side: PlayerId,
        last_to: Option<usize>,
        quiet: u16,
    ) -> Result<Jungle, String> {
        use super::board::is_water;
        use super::text::square_name;
        if side > 1 {
            return Err(format!("side {side} is not Red (0) or Green (1)"));
        }
        let mut count = [[0u32; 8]; 2];
        let mut total = [0u32; 8];
        for (sq, &code) in board.iter().enumerate() {
            if code == 0 {
                continue;
            }
            let p = Piece::from_code(code).ok_or_else(|| format!("bad piece code {code}"))?;
            if is_water(sq) && p.animal != Animal::Rat {
                return Err(format!(
                    "a {} in the water on {} (only the rat swims)",
                    p.animal.name(),
                    square_name(sq)
                ));
            }
            if sq == DEN[p.owner] {
                return Err(format!(
                    "a piece in its own den on {} (pieces never enter it)",
                    square_name(sq)
                ));
            }
            count[p.owner][p.animal as usize] += 1;
            total[p.animal as usize] += 1;
        }
        for hand in &hands {
            for (a, &n) in hand.iter().enumerate() {
                if n > 0 && !rules.drops {
                    return Err("pieces in hand without drops=true".into());
                }
                total[a] += n as u32;
            }
        }
        for a in 0..8 {
            let name = Animal::from_index(a).name();
            if rules.drops {
                if total[a] > 2 {
                    return Err(format!(
                        "{} {name}s on the board and in hand (at most 2)",
                        total[a]
                    ));
                }
            } else if count[0][a] > 1 || count[1][a] > 1 {
                return Err(format!("a side has two {name}s (one each without drops)"));
            }
        }
        if board[DEN[0]] != 0 && board[DEN[1]] != 0 {
            return Err("both dens are entered".into());
        }
        for (owner, &den) in DEN.iter().enumerate() {
            if board[den] != 0 && side == 1 - owner {
                return Err(format!(
                    "{}'s den is entered but the winner is to move",
                    if owner == RED { "Red" } else { "Green" }
                ));
            }
        }
        let last_to = match last_to {
            None => NO_SQUARE,
            Some(sq) => {
                if !rules.drops || rules.exchange != Exchange::Fresh {
                    return Err(
                        "a last-moved square is kept only with drops=true,exchange=fresh".into(),
                    );
                }
                match Piece::from_code(board[sq]) {
                    Some(p) if p.owner != side => sq as u8,
                    _ => {
                        return Err(format!(
                            "the last-moved square {} holds no piece of the side that moved",
                            square_name(sq)
                        ))
                    }
                }
            }
        };
        if rules.draw_plies == 0 && quiet != 0 || quiet > rules.draw_plies {
            return Err(format!(
                "{quiet} quiet plies with draw_plies={}",
                rules.draw_plies
            ));
        }
        let mut s = Jungle {
            board,
            hands,
            side: side as u8,
            last_to,
            quiet,
            outcome: NO_WINNER,
            hash: 0,
            rules,
        };
        s.outcome = s.decide();
        s.hash = s.hash_from_scratch();
        Ok(s)
    }

    #[inline]
    fn view(&self) -> View<'_> {
        View {
            board: &self.board,
            hands: &self.hands,
            side: self.side as PlayerId,
            last_to: self.last_to,
            rules: &self.rules,
        }
    }

    pub fn piece_at(&self, sq: usize) -> Option<Piece> {
        Piece::from_code(self.board[sq])
    }
    pub fn board(&self) -> &[u8; SQUARES] {
        &self.board
    }
    pub fn hand(&self, side: PlayerId) -> &[u8; 8] {
        &self.hands[side]
    }
    pub fn side(&self) -> PlayerId {
        self.side as PlayerId
    }
    pub fn last_to(&self) -> Option<usize> {
        (self.last_to != NO_SQUARE).then_some(self.last_to as usize)
    }
    pub fn quiet_plies(&self) -> u16 {
        self.quiet
    }
    /// Red (0) or Green (1) when the game is won, None otherwise.
    pub fn winner(&self) -> Option<PlayerId> {
        (self.outcome < DRAW).then_some(self.outcome as PlayerId)
    }

    /// The outcome of this position for the side to move, seen after the last move.
    fn decide(&self) -> u8 {
        let me = self.side as usize;
        let opp = 1 - me;
        if self.board[DEN[me]] != 0 {
            return opp as u8;
        }
        if self.board[DEN[opp]] != 0 {
            return me as u8;
        }
        let on_board = self
            .board
            .iter()
            .any(|&c| Piece::from_code(c).is_some_and(|p| p.owner == me));
        let in_hand = self.hands[me].iter().any(|&n| n > 0);
        if !on_board && !in_hand {
            return opp as u8;
        }
        if for_each_move(&self.view(), |_| false) {
            // The generator ran to the end: no move.
            return opp as u8;
        }
        if self.rules.draw_plies > 0 && self.quiet >= self.rules.draw_plies {
            return DRAW;
        }
        NO_WINNER
    }

    #[inline]
    fn set(&mut self, sq: usize, code: u8) {
        self.hash ^=
            PIECE_KEYS[sq * 17 + self.board[sq] as usize] ^ PIECE_KEYS[sq * 17 + code as usize];
        self.board[sq] = code;
    }

    #[inline]
    fn add_hand(&mut self, side: usize, a: Animal, delta: i8) {
        let i = side * 8 + a as usize;
        let n = self.hands[side][a as usize];
        let m = (n as i8 + delta) as u8;
        self.hash ^= HAND_KEYS[i * 3 + n as usize] ^ HAND_KEYS[i * 3 + m as usize];
        self.hands[side][a as usize] = m;
    }
}

impl Game for Jungle {
    type Move = JungleMove;
    type Rules = JungleRules;
    const ID: &'static str = "jungle";
    const NAME: &'static str = "Jungle (斗兽棋)";

    fn new(rules: &JungleRules) -> Self {
        Jungle::from_parts(*rules, start_board(), [[0; 8]; 2], RED, None, 0)
            .expect("the start position is valid")
    }
    fn rules(&self) -> &JungleRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.outcome == NO_WINNER {
            Turn::Player(self.side as PlayerId)
        } else {
            Turn::Terminal
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<JungleMove>) {
        if self.outcome != NO_WINNER {
            return;
        }
        for_each_move(&self.view(), |m| {
            moves.push(m);
            true
        });
    }
    fn count_legal_moves(&self) -> usize {
        if self.outcome != NO_WINNER {
            return 0;
        }
        let mut n = 0;
        for_each_move(&self.view(), |_| {
            n += 1;
            true
        });
        n
    }
    fn play(&mut self, mv: JungleMove) {
        debug_assert!(self.outcome == NO_WINNER);
        let me = self.side as usize;
        let mut progress = false;
        let last = match mv {
            JungleMove::Step { from, to } => {
                let (from, to) = (from as usize, to as usize);
                if let Some(victim) = Piece::from_code(self.board[to]) {
                    progress = true;
                    if self.rules.drops {
                        self.add_hand(me, victim.animal, 1);
                    }
                }
                let code = self.board[from];
                self.set(to, code);
                self.set(from, 0);
                to as u8
            }
            JungleMove::Drop { animal, to } => {
                progress = true;
                self.add_hand(me, animal, -1);
                self.set(to as usize, Piece { animal, owner: me }.code());
                to
            }
            JungleMove::Exchange { own, other } => {
                progress = true;
                let a = Piece::from_code(self.board[own as usize])
                    .expect("an exchange names two pieces")
                    .animal;
                self.set(own as usize, 0);
                self.set(other as usize, 0);
                self.add_hand(me, a, 2);
                NO_SQUARE
            }
        };
        let keep_last = self.rules.drops && self.rules.exchange == Exchange::Fresh;
        let new_last = if keep_last { last } else { NO_SQUARE };
        self.hash ^= LAST_KEYS[self.last_to.min(SQUARES as u8) as usize]
            ^ LAST_KEYS[new_last.min(SQUARES as u8) as usize];
        self.last_to = new_last;
        if self.rules.draw_plies > 0 {
            let q = if progress { 0 } else { self.quiet + 1 };
            self.hash ^= quiet_key(self.quiet) ^ quiet_key(q);
            self.quiet = q;
        }
        self.side ^= 1;
        self.hash ^= GREEN_KEY;
        let outcome = self.decide();
        self.hash ^= OUTCOME_KEYS[self.outcome as usize] ^ OUTCOME_KEYS[outcome as usize];
        self.outcome = outcome;
    }
    fn returns(&self) -> Returns {
        match self.outcome {
            0 => Returns::two_player(1.0),
            1 => Returns::two_player(-1.0),
            _ => Returns::two_player(0.0),
        }
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (sq, &c) in self.board.iter().enumerate() {
            h ^= PIECE_KEYS[sq * 17 + c as usize];
        }
        for side in 0..2 {
            for a in 0..8 {
                h ^= HAND_KEYS[(side * 8 + a) * 3 + self.hands[side][a] as usize];
            }
        }
        h ^= LAST_KEYS[self.last_to.min(SQUARES as u8) as usize];
        if self.rules.draw_plies > 0 {
            h ^= quiet_key(self.quiet);
        }
        if self.side as PlayerId == GREEN {
            h ^= GREEN_KEY;
        }
        h ^ OUTCOME_KEYS[self.outcome as usize]
    }
    fn format_position(&self) -> String {
        super::text::format_position(self)
    }
    fn parse_position(rules: &JungleRules, text: &str) -> Result<Self, ParseError> {
        super::text::parse_position(rules, text)
    }
    fn format_move(&self, mv: JungleMove) -> String {
        super::text::format_move(mv)
    }
    fn parse_move(&self, text: &str) -> Result<JungleMove, ParseError> {
        super::text::parse_move(self, text)
    }
    fn render(&self) -> String {
        super::text::render(self)
    }
}
