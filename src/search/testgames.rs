//! Small games for proving the back ends correct: a seeded random tree (with repeated turns and,
//! optionally, chance nodes), tic-tac-toe, a three-player race for max^n, and a one-card poker
//! with a hidden card for determinization. Plus the plain reference searches they are checked
//! against (minimax and expectimax without any pruning).

use crate::eval::{Backends, Evaluate, GameKnowledge, PlayoutPolicy, SearchHints};
use crate::game::rules::NoRules;
use crate::game::zobrist::splitmix64;
use crate::game::{Game, ImperfectInformation, MoveList, ParseError, PlayerId, Returns, Turn};

use super::linear::{terminal_score, LinearEval};

// ---------------------------------------------------------------------------------------------
// Random tree
// ---------------------------------------------------------------------------------------------

/// A two-player zero-sum tree drawn from a seed: 1-4 moves a node, early ends, a player who
/// sometimes moves twice in a row, and (with `chance`) chance nodes with 2 or 3 outcomes whose
/// probabilities are exact binary fractions. Leaves and inner nodes get an integer evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomTree {
    path: u64,
    ply: u8,
    player: u8,
    max_depth: u8,
    chance: bool,
}

impl RandomTree {
    pub fn root(seed: u64, max_depth: u8, chance: bool) -> Self {
        RandomTree {
            path: splitmix64(seed ^ 0xABCD),
            ply: 0,
            player: (seed % 2) as u8,
            max_depth,
            chance,
        }
    }
    fn h(&self) -> u64 {
        splitmix64(self.path)
    }
    fn is_chance(&self) -> bool {
        self.chance && (self.h() >> 8) % 3 == 0
    }
}

impl Game for RandomTree {
    type Move = u8;
    type Rules = NoRules;
    const ID: &'static str = "randomtree";
    const NAME: &'static str = "Random tree";

    fn new(_: &NoRules) -> Self {
        RandomTree::root(0, 6, false)
    }
    fn rules(&self) -> &NoRules {
        &NoRules
    }
    fn num_players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        let h = self.h();
        if self.ply >= self.max_depth || (self.ply > 0 && h % 10 == 0) {
            Turn::Terminal
        } else if self.is_chance() {
            Turn::Chance
        } else {
            Turn::Player(self.player as PlayerId)
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        if let Turn::Player(_) = self.turn() {
            let n = 1 + (self.h() >> 16) % 4;
            moves.extend(0..n as u8);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(u8, f64)>) {
        if self.turn() == Turn::Chance {
            if (self.h() >> 12) % 2 == 0 {
                out.extend([(0, 0.25), (1, 0.75)]);
            } else {
                out.extend([(0, 0.5), (1, 0.25), (2, 0.25)]);
            }
        }
    }
    fn play(&mut self, mv: u8) {
        let decision = !self.is_chance();
        self.path = splitmix64(self.path ^ (mv as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.ply += 1;
        // After a decision, one time in four the same player moves again.
        if decision && self.h() % 4 != 0 {
            self.player ^= 1;
        }
    }
    fn returns(&self) -> Returns {
        Returns::two_player(((self.h() >> 20) % 3) as f64 - 1.0)
    }
    fn hash(&self) -> u64 {
        self.path ^ self.player as u64
    }
    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }
    fn format_position(&self) -> String {
        format!("{:x} {} {}", self.path, self.ply, self.player)
    }
    fn parse_position(_: &NoRules, text: &str) -> Result<Self, ParseError> {
        Err(ParseError::position(
            text,
            "random trees are built from seeds",
        ))
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        text.parse()
            .map_err(|_| ParseError::mv(text, "expected a number"))
    }
}

impl Evaluate for RandomTree {
    fn feature_names() -> &'static [&'static str] {
        &["value"]
    }
    fn default_weights() -> Vec<f64> {
        vec![1.0]
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let v = ((self.h() >> 24) % 201) as f64 - 100.0;
        out.push(if player == 0 { v } else { -v });
    }
}

impl SearchHints for RandomTree {}

impl PlayoutPolicy for RandomTree {}

impl Backends for RandomTree {}

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe
// ---------------------------------------------------------------------------------------------

const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// Tic-tac-toe; the evaluation counts lines still open for each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    marks: [u16; 2],
    player: u8,
}

impl TicTacToe {
    fn won(&self, p: usize) -> bool {
        LINES.iter().any(|&l| self.marks[p] & l == l)
    }
}

impl Game for TicTacToe {
    type Move = u8;
    type Rules = NoRules;
    const ID: &'static str = "tictactoe";
    const NAME: &'static str = "Tic-tac-toe";

    fn new(_: &NoRules) -> Self {
        TicTacToe {
            marks: [0, 0],
            player: 0,
        }
    }
    fn rules(&self) -> &NoRules {
        &NoRules
    }
    fn num_players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.won(0) || self.won(1) || (self.marks[0] | self.marks[1]) == 0o777 {
            Turn::Terminal
        } else {
            Turn::Player(self.player as PlayerId)
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        if self.turn() != Turn::Terminal {
            let empty = !(self.marks[0] | self.marks[1]) & 0o777;
            moves.extend((0..9).filter(|i| empty >> i & 1 == 1));
        }
    }
    fn play(&mut self, mv: u8) {
        self.marks[self.player as usize] |= 1 << mv;
        self.player ^= 1;
    }
    fn returns(&self) -> Returns {
        Returns::two_player(if self.won(0) {
            1.0
        } else if self.won(1) {
            -1.0
        } else {
            0.0
        })
    }
    fn hash(&self) -> u64 {
        splitmix64(
            (self.marks[0] as u64) | (self.marks[1] as u64) << 16 | (self.player as u64) << 32,
        )
    }
    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }
    fn format_position(&self) -> String {
        (0..9)
            .map(|i| {
                if self.marks[0] >> i & 1 == 1 {
                    'X'
                } else if self.marks[1] >> i & 1 == 1 {
                    'O'
                } else {
                    '-'
                }
            })
            .collect()
    }
    fn parse_position(_: &NoRules, text: &str) -> Result<Self, ParseError> {
        Err(ParseError::position(text, "not needed in tests"))
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        text.parse()
            .map_err(|_| ParseError::mv(text, "expected 0..8"))
    }
}

impl Evaluate for TicTacToe {
    fn feature_names() -> &'static [&'static str] {
        &["open_lines"]
    }
    fn default_weights() -> Vec<f64> {
        vec![1.0]
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let open = |p: usize| {
            LINES
                .iter()
                .filter(|&&l| self.marks[1 - p] & l == 0)
                .count() as f64
        };
        out.push(open(player) - open(1 - player));
    }
}

impl SearchHints for TicTacToe {}

impl PlayoutPolicy for TicTacToe {}

impl Backends for TicTacToe {}

// ---------------------------------------------------------------------------------------------
// A three-player race (max^n)
// ---------------------------------------------------------------------------------------------

/// Three players add 1, 2 or 3 to a counter in turn; whoever reaches `target` exactly or passes
/// it wins (returns +1, the others -1). From counter `target - k` (k = 1..3) the player to
/// move wins at once by adding k, and any other choice hands the next player a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Race3 {
    pub counter: u8,
    pub target: u8,
    pub player: u8,
    pub winner: Option<u8>,
}

impl Game for Race3 {
    type Move = u8;
    type Rules = NoRules;
    const ID: &'static str = "race3";
    const NAME: &'static str = "Three-player race";

    fn new(_: &NoRules) -> Self {
        Race3 {
            counter: 0,
            target: 10,
            player: 0,
            winner: None,
        }
    }
    fn rules(&self) -> &NoRules {
        &NoRules
    }
    fn num_players(&self) -> usize {
        3
    }
    fn turn(&self) -> Turn {
        match self.winner {
            Some(_) => Turn::Terminal,
            None => Turn::Player(self.player as PlayerId),
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        if self.winner.is_none() {
            moves.extend([1, 2, 3]);
        }
    }
    fn play(&mut self, mv: u8) {
        self.counter += mv;
        if self.counter >= self.target {
            self.winner = Some(self.player);
        }
        self.player = (self.player + 1) % 3;
    }
    fn returns(&self) -> Returns {
        match self.winner {
            Some(w) => Returns::single_winner(3, w as PlayerId),
            None => Returns::new(3),
        }
    }
    fn hash(&self) -> u64 {
        splitmix64(
            self.counter as u64
                | (self.player as u64) << 8
                | (self.winner.map_or(9, |w| w) as u64) << 16,
        )
    }
    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }
    fn format_position(&self) -> String {
        format!("{} {}", self.counter, self.player)
    }
    fn parse_position(_: &NoRules, text: &str) -> Result<Self, ParseError> {
        Err(ParseError::position(text, "not needed in tests"))
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        text.parse()
            .map_err(|_| ParseError::mv(text, "expected 1..3"))
    }
}

impl Evaluate for Race3 {}

impl SearchHints for Race3 {}

impl PlayoutPolicy for Race3 {}

impl Backends for Race3 {}

// ---------------------------------------------------------------------------------------------
// One-card poker with a hidden card
// ---------------------------------------------------------------------------------------------

/// Cards 0, 1, 2; each player holds one, player 0 sees only their own. Player 0 folds (loses
/// 0.2) or calls (wins 1 with the higher card, loses 1 with the lower). Holding card 1, calling
/// is worth 0 on average over the opponent's possible cards, folding -0.2: call is right. A
/// searcher that peeks at the opponent's card (2) would fold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HiddenCard {
    pub cards: [u8; 2],
    pub done: Option<bool>,
}

pub const FOLD: u8 = 0;
pub const CALL: u8 = 1;

impl Game for HiddenCard {
    type Move = u8;
    type Rules = NoRules;
    const ID: &'static str = "hiddencard";
    const NAME: &'static str = "Hidden card";

    fn new(_: &NoRules) -> Self {
        HiddenCard {
            cards: [1, 2],
            done: None,
        }
    }
    fn rules(&self) -> &NoRules {
        &NoRules
    }
    fn num_players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        match self.done {
            Some(_) => Turn::Terminal,
            None => Turn::Player(0),
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        if self.done.is_none() {
            moves.extend([FOLD, CALL]);
        }
    }
    fn play(&mut self, mv: u8) {
        self.done = Some(mv == CALL);
    }
    fn returns(&self) -> Returns {
        match self.done {
            Some(false) => Returns::two_player(-0.2),
            Some(true) if self.cards[0] > self.cards[1] => Returns::two_player(1.0),
            Some(true) => Returns::two_player(-1.0),
            None => Returns::new(2),
        }
    }
    fn hash(&self) -> u64 {
        splitmix64(
            self.cards[0] as u64
                | (self.cards[1] as u64) << 8
                | (self.done.map_or(2, |d| d as u64)) << 16,
        )
    }
    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }
    fn format_position(&self) -> String {
        format!("{}{}", self.cards[0], self.cards[1])
    }
    fn parse_position(_: &NoRules, text: &str) -> Result<Self, ParseError> {
        Err(ParseError::position(text, "not needed in tests"))
    }
    fn format_move(&self, mv: u8) -> String {
        if mv == CALL { "call" } else { "fold" }.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        match text {
            "call" => Ok(CALL),
            "fold" => Ok(FOLD),
            _ => Err(ParseError::mv(text, "expected call or fold")),
        }
    }
}

impl Evaluate for HiddenCard {}

impl SearchHints for HiddenCard {}

impl PlayoutPolicy for HiddenCard {}

impl Backends for HiddenCard {}

impl ImperfectInformation for HiddenCard {
    /// (observer, its card, whether the game ended by a call).
    type Observation = (PlayerId, u8, Option<bool>);
    fn observe(&self, player: PlayerId) -> Self::Observation {
        (player, self.cards[player], self.done)
    }
    fn observer(obs: &Self::Observation) -> PlayerId {
        obs.0
    }
    fn format_observation(obs: &Self::Observation) -> String {
        format!("my card {}", obs.1)
    }
    fn parse_observation(_: &NoRules, text: &str) -> Result<Self::Observation, ParseError> {
        Err(ParseError::new("observation", text, "not needed in tests"))
    }
    fn sample(obs: &Self::Observation, rng: &mut dyn rand::RngCore) -> Self {
        let (player, mine, done) = *obs;
        let others: Vec<u8> = (0..3).filter(|&c| c != mine).collect();
        let mut cards = [0; 2];
        cards[player] = mine;
        cards[1 - player] = others[(rng.next_u32() % 2) as usize];
        HiddenCard { cards, done }
    }
}

// ---------------------------------------------------------------------------------------------
// Reference searches
// ---------------------------------------------------------------------------------------------

/// Plain minimax to `depth` with alpha-beta's conventions (values for the player to move, game
/// results by `terminal_score` at their ply, chance nodes averaged and rounded): no pruning,
/// no table, nothing to get wrong.
pub fn minimax<G: GameKnowledge>(state: &G, depth: i32, ply: usize, eval: &mut LinearEval) -> i32 {
    let me = state.current_player().expect("decision node");
    if depth <= 0 {
        return eval.score(state, me);
    }
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        let mut child = state.clone();
        child.play(mv);
        best = best.max(minimax_child(&child, me, depth - 1, ply, eval));
    }
    best
}

/// The value for `me` of `child`, reached from a node at `ply`.
pub fn minimax_child<G: GameKnowledge>(
    child: &G,
    me: PlayerId,
    depth: i32,
    ply: usize,
    eval: &mut LinearEval,
) -> i32 {
    match child.turn() {
        Turn::Terminal => terminal_score(&child.returns(), me, ply + 1),
        Turn::Player(p) if p == me => minimax(child, depth, ply + 1, eval),
        Turn::Player(_) => -minimax(child, depth, ply + 1, eval),
        Turn::Chance => {
            let mut outcomes = Vec::new();
            child.chance_outcomes(&mut outcomes);
            let mut sum = 0.0;
            for (mv, p) in outcomes {
                let mut c = child.clone();
                c.play(mv);
                sum += p * minimax_child(&c, me, depth, ply + 1, eval) as f64;
            }
            sum.round() as i32
        }
    }
}
