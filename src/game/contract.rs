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

use super::bindings::Bindings;
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

    /// The position this state's game began in and the moves played since, oldest first, for
    /// games whose states keep their history (Wa shogi does, for its repetition rule). `None`
    /// by default. The XBoard client replays it to an engine move by move instead of sending
    /// `setboard`, which some engines mishandle.
    fn history(&self) -> Option<(Self, Vec<Self::Move>)> {
        None
    }

    /// The number of legal moves, for bulk-counting perft. Games override this when they can
    /// count without generating (Othello: a popcount).
    fn count_legal_moves(&self) -> usize {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    /// Perft by the game's own counting path, for games with one faster than the generic
    /// `perft_bulk` (Othello: bitboard pairs, no zobrist key, no move list). It must give the
    /// generic counts exactly (each game's tests compare it with `perft`). `None`, the default,
    /// and for any convention the game's path does not handle: the generic walk is used.
    fn perft_fast(&self, _depth: u32, _convention: PerftConvention) -> Option<u64> {
        None
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

    /// The rules' count after a refused draw offer (seed 001's draughts rule, `draw_offer=seed`):
    /// the refusing player must win within this many of its own moves, or then show a clear
    /// advantage (`clear_advantage`), else the game is drawn. The arena's referee keeps the count
    /// (offers are not part of a position). None, the default: a refusal changes nothing.
    fn refused_draw_moves(&self) -> Option<u32> {
        None
    }

    /// Whether `player` shows a clear advantage here, as the game's rules doc reads the seed's
    /// words; asked only when `refused_draw_moves` is Some. False by default.
    fn clear_advantage(&self, player: PlayerId) -> bool {
        let _ = player;
        false
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

    /// The protocols and peer programs this game speaks beyond the line protocol: one call on
    /// `visit` for each (`visit.hub()` for a game implementing `bindings::HubNotation`, ...).
    /// None by default; a game that speaks one says so here, in its own folder.
    fn bindings<V: Bindings<Self>>(_visit: &mut V) {}
}

/// Games with hidden information (Junqi) add an observation per player and a way to draw a full
/// state consistent with what one player knows (determinization for information-set search).
///
/// `Observation` is the typed form of what one player knows: the public facts and that
/// player's own secrets, and nothing else. The arena's referee for hidden-information games
/// (`arena::hidden`) and the line protocol's referee mode hand engines only this, never the
/// state, so no engine can read what its player cannot see. Everything an engine needs is
/// available from it: its legal moves, move text, and consistent states to search (`sample`).
pub trait ImperfectInformation: Game {
    type Observation: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// What `player` observes of this state.
    fn observe(&self, player: PlayerId) -> Self::Observation;
    /// The player an observation belongs to.
    fn observer(obs: &Self::Observation) -> PlayerId;
    /// The observation as text (what a referee sends a program); `parse_observation` reads it
    /// back to an equal observation.
    fn format_observation(obs: &Self::Observation) -> String;
    /// Reads an observation under `rules`; text no game could produce is an error.
    fn parse_observation(rules: &Self::Rules, text: &str) -> Result<Self::Observation, ParseError>;
    /// A full state drawn at random among those consistent with `obs` (hidden facts re-dealt
    /// consistently with everything observed).
    fn sample(obs: &Self::Observation, rng: &mut dyn rand::RngCore) -> Self;

    /// The observer's legal moves when it is to move, else none. They must be the same in every
    /// state consistent with `obs`; the default takes those of one sampled state.
    fn observed_legal_moves(obs: &Self::Observation, moves: &mut MoveList<Self::Move>) {
        let state = Self::sample(obs, &mut fixed_rng());
        if state.current_player() == Some(Self::observer(obs)) {
            state.legal_moves(moves);
        }
    }
    /// A move's text as the game writes it (default: in a sampled state).
    fn format_observed_move(obs: &Self::Observation, mv: Self::Move) -> String {
        Self::sample(obs, &mut fixed_rng()).format_move(mv)
    }
    /// Reads one of the observer's legal moves (default: in a sampled state).
    fn parse_observed_move(obs: &Self::Observation, text: &str) -> Result<Self::Move, ParseError> {
        let state = Self::sample(obs, &mut fixed_rng());
        let mv = state.parse_move(text)?;
        if state.current_player() != Some(Self::observer(obs)) || !state.is_legal(mv) {
            return Err(ParseError::mv(
                text,
                "not a legal move of the observer here",
            ));
        }
        Ok(mv)
    }
    /// Whether the observer of `obs` could be looking at this state: it would observe exactly
    /// `obs` here.
    fn is_consistent_with(&self, obs: &Self::Observation) -> bool {
        self.observe(Self::observer(obs)) == *obs
    }

    /// What `player` sees of this state, as text.
    fn observation(&self, player: PlayerId) -> String {
        Self::format_observation(&self.observe(player))
    }
    /// A full state that `player` cannot tell apart from this one, drawn at random.
    fn resample_for(&self, player: PlayerId, rng: &mut dyn rand::RngCore) -> Self {
        Self::sample(&self.observe(player), rng)
    }
}

/// The generator the default observation helpers sample with: fixed, so they are repeatable.
fn fixed_rng() -> rand::rngs::SmallRng {
    use rand::SeedableRng;
    rand::rngs::SmallRng::seed_from_u64(0x0B5E_47E5)
}
