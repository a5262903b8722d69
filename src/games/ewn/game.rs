//! The rules of EinStein würfelt nicht and the game contract. Seats: red (player 0) starts in
//! the top-left triangle and moves right, down or down-right; blue (player 1) starts bottom-right
//! and moves left, up or up-left. A turn is a chance node (the die) followed by the mover's
//! choice of cube (when the rolled cube is gone: the nearest higher or lower one) and step. The
//! game opens with one setup move a player (red, then blue): a decision with `setup=choose`, a
//! chance node with `setup=random` (as OpenSpiel draws them), or no node at all with
//! `setup=fixed`. See docs/rules/ewn.md for every choice the seed leaves open.

use crate::game::zobrist;
use crate::game::{Game, MoveList, ParseError, PlayerId, Returns, Turn};

use super::board::{parse_square, square_name, step, CORNER, SQUARES, START_SQUARES, STEPS};
use super::rules::{EwnRules, Nearest, SetupMode, BLUE, RED};
use super::setup::{Arrangement, ARRANGEMENTS};

/// A die roll, a setup move, or a step of one cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EwnMove {
    /// The die shows 1..=6.
    Roll(u8),
    /// The player to set up places the arrangement with this index (< 720).
    Setup(u16),
    /// The cube on `from` steps to `to`, removing whatever stands there.
    Step { from: u8, to: u8 },
}

/// A cube's square when it has been removed.
pub const OFF: u8 = 255;
const NO_WINNER: u8 = 2;
/// `to_setup` once both sides have set up.
pub const SETUP_DONE: u8 = 2;

const CUBE_KEYS: [u64; 2 * 7 * SQUARES] = zobrist::keys::<{ 2 * 7 * SQUARES }>(0xE1_57E1_0001);
const DIE_KEYS: [u64; 7] = zobrist::keys::<7>(0xE1_57E1_0002);
const SETUP_KEYS: [u64; 3] = zobrist::keys::<3>(0xE1_57E1_0003);
const BLUE_KEY: u64 = zobrist::key(0xE1_57E1_0004, 0);

#[inline]
fn cube_key(player: PlayerId, cube: u8, sq: u8) -> u64 {
    CUBE_KEYS[(player * 7 + cube as usize) * SQUARES + sq as usize]
}

/// A position. `board` holds 0 for empty, 1..=6 for red cube n, 7..=12 for blue cube n (6 + n).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ewn {
    board: [u8; SQUARES],
    /// The square of cube n (index 1..=6) of each player, or `OFF`.
    at: [[u8; 7]; 2],
    /// Bit n set while cube n of the player is on the board.
    alive: [u8; 2],
    /// The player to roll or move; during setup, the player to set up.
    side: u8,
    /// The die showing for `side`'s move, 0 while the roll is pending.
    die: u8,
    /// 0: red sets up next, 1: blue sets up next, 2 (`SETUP_DONE`): play.
    to_setup: u8,
    winner: u8,
    hash: u64,
    rules: EwnRules,
}

/// The piece code on the board for cube `n` of `player`.
#[inline]
fn piece(player: PlayerId, cube: u8) -> u8 {
    cube + 6 * player as u8
}

/// The owner and number of a nonzero piece code.
#[inline]
pub fn decode(piece: u8) -> (PlayerId, u8) {
    if piece > 6 {
        (BLUE, piece - 6)
    } else {
        (RED, piece)
    }
}

impl Ewn {
    /// Builds a position from its parts, checking that it could arise in a game. `board` as in
    /// the struct; `die` 0 for a pending roll; `to_setup` < 2 during the setup phase (then `side`
    /// must equal it).
    pub fn from_parts(
        rules: EwnRules,
        board: [u8; SQUARES],
        side: PlayerId,
        die: u8,
        to_setup: u8,
    ) -> Result<Ewn, String> {
        if side > 1 {
            return Err(format!("side {side} is not red (0) or blue (1)"));
        }
        if die > 6 {
            return Err(format!("die {die} is not 1..6"));
        }
        let mut at = [[OFF; 7]; 2];
        let mut alive = [0u8; 2];
        for (sq, &p) in board.iter().enumerate() {
            if p == 0 {
                continue;
            }
            if p > 12 {
                return Err(format!("bad piece code {p} on {}", square_name(sq as u8)));
            }
            let (player, cube) = decode(p);
            if at[player][cube as usize] != OFF {
                return Err(format!(
                    "{} cube {cube} stands on both {} and {}",
                    colour_name(player),
                    square_name(at[player][cube as usize]),
                    square_name(sq as u8)
                ));
            }
            at[player][cube as usize] = sq as u8;
            alive[player] |= 1 << cube;
        }
        let all = 0b111_1110u8;
        let mut winner = NO_WINNER;
        if to_setup < SETUP_DONE {
            if side != to_setup as usize {
                return Err("during setup the side field names the player to set up".into());
            }
            if die != 0 {
                return Err("no die is rolled during setup".into());
            }
            for player in [RED, BLUE] {
                let placed = player < to_setup as usize;
                if placed {
                    if alive[player] != all
                        || START_SQUARES[player].iter().any(|&sq| {
                            board[sq as usize] == 0 || decode(board[sq as usize]).0 != player
                        })
                    {
                        return Err(format!(
                            "{} has set up: all six cubes must stand in its start triangle",
                            colour_name(player)
                        ));
                    }
                } else if alive[player] != 0 {
                    return Err(format!(
                        "{} has not set up yet but has cubes on the board",
                        colour_name(player)
                    ));
                }
            }
        } else {
            let reached = [
                board[CORNER[BLUE] as usize] != 0 && decode(board[CORNER[BLUE] as usize]).0 == RED,
                board[CORNER[RED] as usize] != 0 && decode(board[CORNER[RED] as usize]).0 == BLUE,
            ];
            let won = [
                reached[RED] || alive[BLUE] == 0,
                reached[BLUE] || alive[RED] == 0,
            ];
            if won[RED] && won[BLUE] {
                return Err("both sides have won (corner reached or no cubes left)".into());
            }
            if let Some(w) = [RED, BLUE].into_iter().find(|&p| won[p]) {
                if side == w {
                    return Err(format!(
                        "{} has won on its last move, so the side field must be the loser {}",
                        colour_name(w),
                        colour_name(1 - w)
                    ));
                }
                if die != 0 {
                    return Err("the game is over; no die can be showing".into());
                }
                winner = w as u8;
            }
        }
        let mut pos = Ewn {
            board,
            at,
            alive,
            side: side as u8,
            die,
            to_setup,
            winner,
            hash: 0,
            rules,
        };
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    pub fn board(&self) -> &[u8; SQUARES] {
        &self.board
    }
    /// The player to roll or move (during setup: to set up).
    pub fn side(&self) -> PlayerId {
        self.side as PlayerId
    }
    /// The die showing, 0 while a roll is pending.
    pub fn die(&self) -> u8 {
        self.die
    }
    /// 0 or 1: that player sets up next; 2: both have set up.
    pub fn to_setup(&self) -> u8 {
        self.to_setup
    }
    pub fn in_setup(&self) -> bool {
        self.to_setup < SETUP_DONE
    }
    /// The square of `player`'s cube `n` (1..=6), or `OFF`.
    pub fn square_of(&self, player: PlayerId, cube: u8) -> u8 {
        self.at[player][cube as usize]
    }
    /// Bit n set while `player`'s cube n is on the board.
    pub fn alive(&self, player: PlayerId) -> u8 {
        self.alive[player]
    }
    pub fn cube_count(&self, player: PlayerId) -> u32 {
        self.alive[player].count_ones()
    }
    pub fn winner(&self) -> Option<PlayerId> {
        (self.winner != NO_WINNER).then_some(self.winner as PlayerId)
    }

    /// The cubes `player` may move when the die shows `die`, as a bit set: the cube itself if
    /// it is on the board, else the nearest lower and the nearest higher cube still there (with
    /// `nearest=closest`, only the closer of the two unless they are equally close).
    #[inline]
    pub fn selectable(&self, player: PlayerId, die: u8) -> u8 {
        let both = selectable_cubes(self.alive[player], die);
        match self.rules.nearest {
            Nearest::Both => both,
            Nearest::Closest => closest_of(both, die),
        }
    }

    /// Places `player`'s arrangement in its start triangle.
    fn place(&mut self, player: PlayerId, arrangement: Arrangement) {
        for (i, &sq) in START_SQUARES[player].iter().enumerate() {
            let cube = arrangement.0[i];
            self.board[sq as usize] = piece(player, cube);
            self.at[player][cube as usize] = sq;
            self.alive[player] |= 1 << cube;
            self.hash ^= cube_key(player, cube, sq);
        }
    }

    /// Ends the setup phase: the first player of the rules is to roll.
    fn finish_setup(&mut self) {
        self.hash ^= SETUP_KEYS[self.to_setup as usize] ^ SETUP_KEYS[SETUP_DONE as usize];
        self.to_setup = SETUP_DONE;
        let first = self.rules.first_player() as u8;
        if first != self.side {
            self.hash ^= BLUE_KEY;
            self.side = first;
        }
    }

    fn play_setup(&mut self, index: u16) {
        let player = self.to_setup as PlayerId;
        self.place(player, Arrangement::from_index(index));
        if player == RED {
            self.hash ^= SETUP_KEYS[0] ^ SETUP_KEYS[1] ^ BLUE_KEY;
            self.to_setup = 1;
            self.side = BLUE as u8;
        } else {
            self.finish_setup();
        }
    }

    fn play_step(&mut self, from: u8, to: u8) {
        let mover = self.side as PlayerId;
        let (owner, cube) = decode(self.board[from as usize]);
        debug_assert_eq!(owner, mover, "step of a cube the mover does not own");
        let mut h = self.hash ^ cube_key(mover, cube, from) ^ cube_key(mover, cube, to);
        let target = self.board[to as usize];
        if target != 0 {
            let (victim, n) = decode(target);
            h ^= cube_key(victim, n, to);
            self.alive[victim] &= !(1 << n);
            self.at[victim][n as usize] = OFF;
        }
        self.board[to as usize] = self.board[from as usize];
        self.board[from as usize] = 0;
        self.at[mover][cube as usize] = to;
        if to == CORNER[1 - mover] || self.alive[1 - mover] == 0 {
            self.winner = mover as u8;
        }
        h ^= BLUE_KEY ^ DIE_KEYS[self.die as usize] ^ DIE_KEYS[0];
        self.side ^= 1;
        self.die = 0;
        self.hash = h;
    }
}

/// The cubes selectable by `die` among the `alive` bit set (see `Ewn::selectable`).
#[inline]
pub fn selectable_cubes(alive: u8, die: u8) -> u8 {
    let bit = 1u8 << die;
    if alive & bit != 0 {
        return bit;
    }
    let lower = alive & (bit - 1);
    let higher = alive & !(bit | (bit - 1));
    let mut out = 0;
    if lower != 0 {
        out |= 1 << (7 - lower.leading_zeros());
    }
    if higher != 0 {
        out |= 1 << higher.trailing_zeros();
    }
    out
}

/// Of the cubes `selectable_cubes` gives, the one closest to `die` (both when equally close).
pub fn closest_of(cubes: u8, die: u8) -> u8 {
    let dist = |c: u32| (c as i32 - die as i32).unsigned_abs();
    let best = (0..8).filter(|&c| cubes & (1 << c) != 0).map(dist).min();
    match best {
        Some(d) => (0..8u32)
            .filter(|&c| cubes & (1 << c) != 0 && dist(c) == d)
            .fold(0, |m, c| m | 1 << c),
        None => 0,
    }
}

pub fn colour_name(player: PlayerId) -> &'static str {
    if player == RED {
        "red"
    } else {
        "blue"
    }
}

impl Game for Ewn {
    type Move = EwnMove;
    type Rules = EwnRules;
    const ID: &'static str = "ewn";
    const NAME: &'static str = "EinStein würfelt nicht";

    fn new(rules: &EwnRules) -> Self {
        let mut pos = Ewn::from_parts(*rules, [0; SQUARES], RED, 0, 0).expect("empty board");
        if rules.setup == SetupMode::Fixed {
            pos.place(RED, rules.red_setup);
            pos.place(BLUE, rules.blue_setup);
            pos.hash ^= SETUP_KEYS[0] ^ SETUP_KEYS[1];
            pos.to_setup = 1;
            pos.finish_setup();
        }
        pos
    }
    fn rules(&self) -> &EwnRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        2
    }
    /// The seed's first move (先手) is the first roll: during setup (red, then blue, only because
    /// a tree cannot place at the same time) the first mover is the side the rules let roll first.
    fn first_mover(&self) -> Option<PlayerId> {
        if self.winner != NO_WINNER {
            None
        } else if self.in_setup() {
            Some(self.rules.first_player())
        } else {
            Some(self.side as PlayerId)
        }
    }
    #[inline]
    fn turn(&self) -> Turn {
        if self.winner != NO_WINNER {
            Turn::Terminal
        } else if self.to_setup < SETUP_DONE {
            if self.rules.setup == SetupMode::Random {
                Turn::Chance
            } else {
                Turn::Player(self.to_setup as PlayerId)
            }
        } else if self.die == 0 {
            Turn::Chance
        } else {
            Turn::Player(self.side as PlayerId)
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<EwnMove>) {
        match self.turn() {
            Turn::Player(_) if self.in_setup() => {
                moves.extend((0..ARRANGEMENTS).map(EwnMove::Setup));
            }
            Turn::Player(p) => {
                let mut cubes = self.selectable(p, self.die);
                while cubes != 0 {
                    let cube = cubes.trailing_zeros() as u8;
                    cubes &= cubes - 1;
                    let from = self.at[p][cube as usize];
                    for &d in &STEPS[p] {
                        if let Some(to) = step(from, d) {
                            moves.push(EwnMove::Step { from, to });
                        }
                    }
                }
            }
            _ => {}
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(EwnMove, f64)>) {
        if self.turn() != Turn::Chance {
            return;
        }
        if self.in_setup() {
            let p = 1.0 / ARRANGEMENTS as f64;
            out.extend((0..ARRANGEMENTS).map(|i| (EwnMove::Setup(i), p)));
        } else {
            out.extend((1..=6).map(|d| (EwnMove::Roll(d), 1.0 / 6.0)));
        }
    }
    #[inline]
    fn play(&mut self, mv: EwnMove) {
        match mv {
            EwnMove::Roll(d) => {
                debug_assert!(self.die == 0 && (1..=6).contains(&d));
                self.hash ^= DIE_KEYS[self.die as usize] ^ DIE_KEYS[d as usize];
                self.die = d;
            }
            EwnMove::Setup(i) => self.play_setup(i),
            EwnMove::Step { from, to } => self.play_step(from, to),
        }
    }
    fn returns(&self) -> Returns {
        match self.winner() {
            Some(w) => Returns::single_winner(2, w),
            None => Returns::new(2),
        }
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        let mut h = DIE_KEYS[self.die as usize] ^ SETUP_KEYS[self.to_setup as usize];
        if self.side == BLUE as u8 {
            h ^= BLUE_KEY;
        }
        for (sq, &p) in self.board.iter().enumerate() {
            if p != 0 {
                let (player, cube) = decode(p);
                h ^= cube_key(player, cube, sq as u8);
            }
        }
        h
    }
    fn format_position(&self) -> String {
        super::text::format_position(self)
    }
    fn parse_position(rules: &EwnRules, text: &str) -> Result<Self, ParseError> {
        super::text::parse_position(rules, text)
    }
    /// `roll:4`, `setup:123/45/6`, or a step `5:b2-c3` (cube 5 from b2 to the empty c3) /
    /// `5:b2xc3` (removing the cube on c3). One token each, so that protocols can split move
    /// lists on white space.
    fn format_move(&self, mv: EwnMove) -> String {
        match mv {
            EwnMove::Roll(d) => format!("roll:{d}"),
            EwnMove::Setup(i) => format!("setup:{}", Arrangement::from_index(i).to_text()),
            EwnMove::Step { from, to } => {
                let cube = self.board[from as usize];
                let n = if cube == 0 { 0 } else { decode(cube).1 };
                let sep = if self.board[to as usize] != 0 {
                    'x'
                } else {
                    '-'
                };
                format!("{n}:{}{sep}{}", square_name(from), square_name(to))
            }
        }
    }
    /// Reads what `format_move` writes; the cube number of a step may be left out (`b2-c3`),
    /// `-` and `x` are both accepted, and `roll 4` / `setup 123/45/6` with a space too.
    fn parse_move(&self, text: &str) -> Result<EwnMove, ParseError> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("roll") {
            return match rest.trim().trim_start_matches(':').trim().parse::<u8>() {
                Ok(d) if (1..=6).contains(&d) => Ok(EwnMove::Roll(d)),
                _ => Err(ParseError::mv(text, "expected roll:1..6")),
            };
        }
        if let Some(rest) = lower.strip_prefix("setup") {
            let a = Arrangement::parse(rest.trim().trim_start_matches(':'))
                .map_err(|e| ParseError::mv(text, e))?;
            return Ok(EwnMove::Setup(a.index()));
        }
        let (cube, squares) = match lower.split_once(':') {
            Some((c, s)) => {
                let n: u8 = c
                    .trim()
                    .parse()
                    .ok()
                    .filter(|n| (1..=6).contains(n))
                    .ok_or_else(|| ParseError::mv(text, "cube number must be 1..6"))?;
                (Some(n), s.trim())
            }
            None => (None, lower.as_str()),
        };
        let (from, to) = squares.split_once(['-', 'x']).ok_or_else(|| {
            ParseError::mv(
                text,
                "expected roll:N, setup:123/45/6 or a step like 5:b2-c3",
            )
        })?;
        let from = parse_square(from.trim())
            .ok_or_else(|| ParseError::mv(text, format!("bad square {from:?}")))?;
        let to = parse_square(to.trim())
            .ok_or_else(|| ParseError::mv(text, format!("bad square {to:?}")))?;
        let p = self.board[from as usize];
        if p == 0 {
            return Err(ParseError::mv(
                text,
                format!("no cube on {}", square_name(from)),
            ));
        }
        let (owner, n) = decode(p);
        if let Some(c) = cube {
            if c != n {
                return Err(ParseError::mv(
                    text,
                    format!("the cube on {} is {n}, not {c}", square_name(from)),
                ));
            }
        }
        if owner != self.side as PlayerId {
            return Err(ParseError::mv(
                text,
                format!(
                    "the cube on {} belongs to {}",
                    square_name(from),
                    colour_name(owner)
                ),
            ));
        }
        Ok(EwnMove::Step { from, to })
    }
    fn render(&self) -> String {
        super::text::render(self)
    }
}
