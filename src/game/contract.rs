//! The one contract every game implements. Search back ends, the arena, the tuner, the
//! benchmarks and the protocols see games only through this trait.
//!
//! Shape (after OpenSpiel): a state is a value; `turn()` says whether a player decides, chance
//! decides, or the game is over. Chance outcomes are moves too: at a chance node
//! `chance_outcomes()` lists them with exact probabilities and `play()` applies the one drawn.
//! That lets dice that precede a choice (backgammon), dice that pick the piece (EinStein), extra
//! rolls (Ur rosettes) and multi-step turns all be plain sequences of nodes.

use std::fmt::Debug;
use std::hash::Hash;

use super::error::{GameError, ParseError};
use super::movelist::MoveList;
use super::perft::PerftConvention;
use super::rules::RuleSet;

/// A seat at the table: 0 for the first player, up to 3.
pub type PlayerId = usize;

/// Most players any game in the lab has (Aeroplane chess and Maya cross go to four).
pub const MAX_PLAYERS: usize = 4;

/// Whose decision it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// A player chooses one of `legal_moves`.
    Player(PlayerId),
    /// Chance chooses one of `chance_outcomes` with its probability.
    Chance,
    /// The game is over; `returns()` holds the result.
    Terminal,
}

/// The result of a finished game: a return per seat. Two-player zero-sum games use +1 / 0 / -1,
/// but games may use any scale (Othello: disc difference is reported separately by `score`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Returns {
    pub values: [f64; MAX_PLAYERS],
    pub players: usize,
}

impl Returns {
    pub fn new(players: usize) -> Self {
        Returns {
            values: [0.0; MAX_PLAYERS],
            players,
        }
    }
    /// Two-player zero-sum result from player 0's view: +1 win, 0 draw, -1 loss.
    pub fn two_player(value_for_first: f64) -> Self {
        let mut r = Returns::new(2);
        r.values[0] = value_for_first;
        // 0.0 - x, not -x: a draw must not become -0.0 (whose signum is -1).
        r.values[1] = 0.0 - value_for_first;
        r
    }
    /// One winner among `players`: the winner gets +1, everyone else -1 (or -1/(n-1) would also
    /// be zero-sum; the lab uses win=1, loss=-1 for every seat so that scores read the same).
    pub fn single_winner(players: usize, winner: PlayerId) -> Self {
        let mut r = Returns::new(players);
        for p in 0..players {
            r.values[p] = if p == winner { 1.0 } else { -1.0 };
        }
        r
    }
    pub fn get(&self, player: PlayerId) -> f64 {
        self.values[player]
    }
    pub fn as_slice(&self) -> &[f64] {
        &self.values[..self.players]
    }
}

/// A position of one game under one rule set, and everything one can do with it.
///
/// Implementations keep `play` cheap: states are cloned freely (copy-make), so a state should be
/// a few machine words where the board allows it.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A move, or a chance outcome. Small and `Copy`: search stores millions of them.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The rule variant: a value, never a fork of the code. `Default` is the standard game.
    type Rules: RuleSet;

    /// The short id used on the command line and in files (`othello`, `draughts`).
    const ID: &'static str;
    /// A human name for tables.
    const NAME: &'static str;
    /// How this game's published perft tables count a game that ends before the depth:
    /// Othello's (Aart Bik) keep it as a leaf; draughts and chess-style tables drop it.
    const PERFT_CONVENTION: PerftConvention = PerftConvention::TerminalIsLeaf;

    /// The starting position of these rules. Games with a setup phase start in it.
    fn new(rules: &Self::Rules) -> Self;
    /// The rules this state is played under.
    fn rules(&self) -> &Self::Rules;
    /// How many seats take part (1..=MAX_PLAYERS). Fixed for a given rule set.
    fn num_players(&self) -> usize;

    /// Whose decision it is now.
    fn turn(&self) -> Turn;
    /// The legal moves at a decision node, appended to `moves` (which the caller clears).
    /// A forced pass is a move (see `is_pass`). Empty exactly when `turn()` is not `Player`.
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);
    /// The outcomes at a chance node with their probabilities (summing to 1), appended to `out`.
    /// Empty exactly when `turn()` is not `Chance`.
    fn chance_outcomes(&self, out: &mut Vec<(Self::Move, f64)>) {
        let _ = out;
    }
    /// Applies a legal move or chance outcome. Callers guarantee legality (check with
    /// `is_legal` or `parse_move` first); implementations may debug_assert it.
    fn play(&mut self, mv: Self::Move);
    /// The return of every seat. Meaningful when `turn()` is `Terminal`; games may also give an
    /// adjudicated value earlier (used by arena adjudication), but need not.
    fn returns(&self) -> Returns;

    /// The zobrist hash of the full state (board, side to move, anything that changes the legal
    /// moves). Kept incrementally by `play`.
    fn hash(&self) -> u64;
    /// The same hash computed from nothing, to check the incremental one.
    fn hash_from_scratch(&self) -> u64;

    /// The position as text in the game's usual notation; `parse_position` reads it back.
    fn format_position(&self) -> String;
    /// Reads a position under `rules`. An invalid position is an error, never a state.
    fn parse_position(rules: &Self::Rules, text: &str) -> Result<Self, ParseError>;
    /// A move in the notation players of this game use, relative to this position.
    fn format_move(&self, mv: Self::Move) -> String;
    /// Reads a move text in this position; an illegal or malformed move is an error.
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError>;

    /// True for a pass move (Othello's forced pass, a GTP pass). Perft convention C and search
    /// use it; most games never pass.
    fn is_pass(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// The number of legal moves, for bulk-counting perft. Games override this when they can
    /// count without generating (Othello: a popcount).
    fn count_legal_moves(&self) -> usize {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    /// A terminal drawing of the board, for `boardlab show`. Defaults to the position text.
    fn render(&self) -> String {
        self.format_position()
    }

    /// Facts about the position a game can list by name for `boardlab show --extra NAME`,
    /// each as texts in the game's notation (gomoku: `forbidden`, black's forbidden points).
    /// None by default.
    fn extras(&self) -> Vec<(&'static str, Vec<String>)> {
        Vec::new()
    }

    /// The player whose decision it is, if any.
    fn current_player(&self) -> Option<PlayerId> {
        match self.turn() {
            Turn::Player(p) => Some(p),
            _ => None,
        }
    }

    fn is_terminal(&self) -> bool {
        self.turn() == Turn::Terminal
    }

    /// Who has the first move (先手) from here, as a match format alternates it: by default the
    /// seat of the next decision, following the first outcome through chance nodes; None when the
    /// game ends first. Games whose first decisions are not "the first move" (EinStein's setup
    /// phase, modelled as red then blue) override it.
    fn first_mover(&self) -> Option<PlayerId> {
        let mut state = self.clone();
        loop {
            match state.turn() {
                Turn::Player(p) => return Some(p),
                Turn::Terminal => return None,
                Turn::Chance => {
                    let mut out = Vec::new();
                    state.chance_outcomes(&mut out);
                    let (mv, _) = *out.first()?;
                    state.play(mv);
                }
            }
        }
    }

    /// Whether `mv` is legal here (decision move or chance outcome).
    fn is_legal(&self, mv: Self::Move) -> bool {
        match self.turn() {
            Turn::Player(_) => {
                let mut moves = MoveList::new();
                self.legal_moves(&mut moves);
                moves.contains(&mv)
            }
            Turn::Chance => {
                let mut out = Vec::new();
                self.chance_outcomes(&mut out);
                out.iter().any(|(m, _)| *m == mv)
            }
            Turn::Terminal => false,
        }
    }

    /// Parses and plays a move text, refusing illegal moves with an error naming the text.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, GameError> {
        let mv = self.parse_move(text).map_err(GameError::Parse)?;
        if !self.is_legal(mv) {
            return Err(GameError::IllegalMove(text.to_string()));
        }
        self.play(mv);
        Ok(mv)
    }
}

/// Games with hidden information (Junqi) add an observation per player and a way to draw a full
/// state consistent with what one player knows (determinization for information-set MCTS).
pub trait ImperfectInformation: Game {
    /// What `player` sees of this state, as text (the public board plus their own secrets).
    fn observation(&self, player: PlayerId) -> String;
    /// A full state that `player` cannot tell apart from this one, drawn at random: hidden
    /// facts the player does not know are re-dealt consistently with everything observed.
    fn resample_for(&self, player: PlayerId, rng: &mut dyn rand::RngCore) -> Self;
}
