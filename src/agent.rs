//! What the arena, the protocols and the CLI call a player: an `Agent` that chooses a move under
//! `Limits` and reports what it searched, the clock it is told, what it says beside its move, and
//! why it may produce none. Agents are built from engine files (`engine_file`).

use serde::{Deserialize, Serialize};

use crate::game::{Game, ImperfectInformation};

/// How much an agent may search for one move. Unset fields are unlimited; an agent with no
/// limit at all uses its own default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Wall-clock time for this move, in milliseconds.
    pub time_ms: Option<u64>,
    /// MCTS playouts (iterations).
    pub playouts: Option<u64>,
}

impl Limits {
    pub fn depth(d: u32) -> Self {
        Limits {
            depth: Some(d),
            ..Default::default()
        }
    }
    pub fn nodes(n: u64) -> Self {
        Limits {
            nodes: Some(n),
            ..Default::default()
        }
    }
    pub fn time_ms(t: u64) -> Self {
        Limits {
            time_ms: Some(t),
            ..Default::default()
        }
    }
    pub fn playouts(p: u64) -> Self {
        Limits {
            playouts: Some(p),
            ..Default::default()
        }
    }
    /// `other` when it sets any limit, else ours: limits given for one search (the command
    /// line, a protocol's `go`, the arena) replace the engine file's limits as a whole, so a
    /// file's `depth = 6` does not cap a `--time-ms 1000` search. To keep a file's limit as
    /// well, give it again (`--depth 6 --time-ms 1000`).
    pub fn replaced_by(self, other: Limits) -> Limits {
        if other.is_unlimited() {
            self
        } else {
            other
        }
    }
    pub fn is_unlimited(&self) -> bool {
        *self == Limits::default()
    }
    /// Refuses a zero limit (`depth = 0` would search nothing): every limit given is at least 1.
    pub fn check(&self) -> Result<(), String> {
        for (name, v) in [
            ("depth", self.depth.map(u64::from)),
            ("nodes", self.nodes),
            ("time_ms", self.time_ms),
            ("playouts", self.playouts),
        ] {
            if v == Some(0) {
                return Err(format!("{name} = 0: a limit must be at least 1"));
            }
        }
        Ok(())
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchReport<M> {
    pub best: M,
    /// The value for the side to move, in the back end's units (alpha-beta: evaluation units,
    /// exact solvers: the game's score, MCTS: mean return). NaN when an external engine
    /// reported no score (score adjudication then treats the move as unscored).
    pub score: f64,
    pub depth: u32,
    pub nodes: u64,
    pub ms: u64,
    pub pv: Vec<M>,
}

impl<M: Copy> SearchReport<M> {
    /// The principal variation as text from `state`, each move written by `write` in the
    /// position before it; stops at the first move that is not legal there (a PV read from a
    /// table may go stale).
    pub fn pv_texts<G: Game<Move = M>>(
        &self,
        state: &G,
        write: impl Fn(&G, M) -> String,
    ) -> Vec<String> {
        let mut s = state.clone();
        let mut out = Vec::new();
        for &mv in &self.pv {
            if !s.is_legal(mv) {
                break;
            }
            out.push(write(&s, mv));
            s.play(mv);
        }
        out
    }
}

/// The game clock before a move, as the referee keeps it under a time control (`--tc`): what
/// the side to move and its opponent have left and the increment each gets after a move, in
/// milliseconds. External engines are given it so they manage their own time, as fastchess
/// gives UCI engines `wtime btime winc binc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    pub own_ms: u64,
    pub opponent_ms: u64,
    pub increment_ms: u64,
}

/// What an agent says with the move it chose: play it (the default), play it and offer a draw,
/// or resign instead of playing it. The arena records it in the game; the line protocol writes
/// it as `bestmove M offer draw` and `resign` (docs/protocol.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Intent {
    #[default]
    Play,
    OfferDraw,
    Resign,
}

/// What the score of an exact back end means, so the arena can adjudicate by exact knowledge
/// (`--adjudicate exact=FILE`): the game's margin under perfect play (Othello's solver: the
/// final disc difference; its sign is the result), or the exact probability of winning
/// (Ur's solved table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactScore {
    Margin,
    WinProbability,
}

impl ExactScore {
    /// Its name in a position file's meta (`exact-units=`).
    pub fn as_text(self) -> &'static str {
        match self {
            ExactScore::Margin => "margin",
            ExactScore::WinProbability => "win-probability",
        }
    }
    pub fn parse_text(text: &str) -> Option<ExactScore> {
        [ExactScore::Margin, ExactScore::WinProbability]
            .into_iter()
            .find(|u| u.as_text() == text)
    }
    /// An exact value as the expected score of its side in [0, 1]: a margin by its sign (a win,
    /// a draw, a loss), a win probability as it is.
    pub fn expected_score(self, value: f64) -> f64 {
        let v = match self {
            ExactScore::WinProbability => value,
            ExactScore::Margin => {
                if value > 0.0 {
                    1.0
                } else if value < 0.0 {
                    0.0
                } else {
                    0.5
                }
            }
        };
        v.clamp(0.0, 1.0)
    }
}

/// Why an agent produced no move: the arena turns this into a loss with the reason recorded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AgentError {
    #[error("engine crashed: {0}")]
    Crashed(String),
    #[error("engine exceeded its time: {0}")]
    Timeout(String),
    #[error("engine played an illegal move: {0}")]
    IllegalMove(String),
    #[error("engine sent unreadable output: {0}")]
    Garbage(String),
    #[error("no legal move to choose from")]
    NoMove,
    #[error("{0}")]
    Other(String),
}

/// A player: a search back end with its evaluator and limits, or an external program.
pub trait Agent<G: Game>: Send {
    fn name(&self) -> String;
    /// A new game starts (clear trees and tables if the agent keeps state between moves).
    fn new_game(&mut self) {}
    /// The move for the side to move in `state` (a decision node).
    fn choose(&mut self, state: &G, limits: &Limits) -> Result<SearchReport<G::Move>, AgentError>;
    /// The game clock before the next `choose` (the referee calls it under a time control;
    /// None otherwise). External engines pass it on; by default it is ignored and the move's
    /// `Limits` carry the time to aim for.
    fn set_clock(&mut self, clock: Option<Clock>) {
        let _ = clock;
    }
    /// What the agent says with the move `choose` just returned for `state`: by default it
    /// plays it. `Intent::Resign` ends the game lost without playing the move.
    fn intent(&mut self, state: &G, report: &SearchReport<G::Move>) -> Intent {
        let _ = (state, report);
        Intent::Play
    }
    /// The opponent offered a draw with its move; `state` is the position after that move.
    /// True accepts (the game is drawn). By default an agent declines.
    fn accept_draw(&mut self, state: &G) -> bool {
        let _ = state;
        false
    }
    /// The probability of winning for the side that moved, as this back end reads its own
    /// `report` (MCTS: from its mean return; the Ur table: exact), for adjudication of chance
    /// games on win probabilities. None (the default): the score is no probability.
    fn win_probability(&self, report: &SearchReport<G::Move>) -> Option<f64> {
        let _ = report;
        None
    }
    /// A remark on the last move for the game record (an adapter's retries). None by default.
    fn note(&self) -> Option<String> {
        None
    }
    /// Counters of the last search by name (alpha-beta: reductions taken, cut-offs by cause),
    /// for `boardlab search --json`. None by default.
    fn counters(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }
    /// Some when this back end's score is exact knowledge (a solver or a solved table), saying
    /// what it measures; such an agent answers with an error where it knows nothing.
    fn exact_score(&self) -> Option<ExactScore> {
        None
    }
}

/// A player of a hidden-information game: it is handed what its seat observes, never the state,
/// so no engine of this kind can read what its seat does not know. The arena's referee
/// (`arena::hidden`) and the line protocol's referee mode (`protocol::referee`) drive them.
pub trait ObservingAgent<G: ImperfectInformation>: Send {
    fn name(&self) -> String;
    /// A new game starts.
    fn new_game(&mut self) {}
    /// The move for the observer of `obs`, who is to move.
    fn choose(
        &mut self,
        obs: &G::Observation,
        limits: &Limits,
    ) -> Result<SearchReport<G::Move>, AgentError>;
}

/// An observing agent where an `Agent` is wanted (the referee, `boardlab search`): it is given
/// the state but passes on only the observation of the player to move.
pub struct ObservationOnly<G: ImperfectInformation>(pub Box<dyn ObservingAgent<G>>);

impl<G: ImperfectInformation> Agent<G> for ObservationOnly<G> {
    fn name(&self) -> String {
        self.0.name()
    }
    fn new_game(&mut self) {
        self.0.new_game()
    }
    fn choose(&mut self, state: &G, limits: &Limits) -> Result<SearchReport<G::Move>, AgentError> {
        let player = state.current_player().ok_or(AgentError::NoMove)?;
        self.0.choose(&state.observe(player), limits)
    }
}
