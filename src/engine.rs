//! What the arena, the protocols and the CLI call a player: an `Agent` that chooses a move under
//! `Limits` and reports what it searched. Agents are built from engine files (`engines/**/*.toml`)
//! described by `EngineSpec`.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::game::{Game, ImperfectInformation, MoveList, PlayerId};

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

/// Game knowledge for search back ends and tuners: named linear features, seen by one player.
/// The static evaluation is `sum(weight_i * feature_i)`, so weights live in engine files and the
/// tuner changes them without code changes. Games without features yet keep the defaults (no
/// features), and only the game-agnostic back ends (random, MCTS with playouts) apply to them.
pub trait Evaluate: Game {
    /// The names of the features, in the order `features` writes them.
    fn feature_names() -> &'static [&'static str] {
        &[]
    }
    /// Default weights, one per feature.
    fn default_weights() -> Vec<f64> {
        vec![0.0; Self::feature_names().len()]
    }
    /// The features of this state from `player`'s point of view, written into `out`
    /// (cleared by the caller, one value per feature name).
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let _ = (player, out);
    }
    /// False while the position is in the middle of an exchange (a capture is pending or
    /// forced), so a static evaluation would be misleading; alpha-beta's quiescence search then
    /// keeps searching the noisy moves. Games without captures keep the default.
    fn is_quiet(&self) -> bool {
        true
    }
    /// True for moves quiescence search should still try (captures, promotions).
    fn is_noisy(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }
    /// The moves quiescence search tries in a quiet position: those of `search_moves` that
    /// `is_noisy` accepts, into `moves` (cleared by the caller). Games that can list them without
    /// generating every move (Wa shogi: captures only) override this; the moves must be the same.
    fn noisy_moves(&self, moves: &mut MoveList<Self::Move>) {
        self.search_moves(moves);
        moves.retain(|m| self.is_noisy(*m));
    }
    /// A cheap move-ordering hint: higher is tried first (captures by value, corners, ...).
    fn order_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }
    /// A static evaluation that is not a dot product (probabilities combined into an equity, a
    /// network), for `player`, in evaluation units, from the engine's `weights` (in
    /// `feature_names` order) or from anything else the game has. When it is Some, the back ends
    /// use it instead of `dot(weights, features)` (search/linear.rs consults it first). The
    /// default None keeps the linear evaluation.
    fn evaluate(&self, player: PlayerId, weights: &[f64]) -> Option<f64> {
        let _ = (player, weights);
        None
    }
    /// The weight vector of the evaluator file an engine file names (`evaluator = "file"`):
    /// the parameters `evaluate` reads from its `weights` argument (a network's, as
    /// `eval::network::Network::to_vector` lays them out). The back ends pass the vector on
    /// unchanged, so a non-linear evaluator needs no change in any of them. By default a game
    /// has no evaluator files.
    fn evaluator_weights(spec: &EngineSpec, file: &str) -> Result<Vec<f64>, String> {
        Err(format!(
            "engine {:?}: {} reads no evaluator files (evaluator = {file:?})",
            spec.name,
            Self::ID
        ))
    }
    /// A value known without searching, for `player`, in evaluation units: a finished game's
    /// result on the evaluation's scale, or a solved table's entry (backgammon: the match
    /// equity table at the start of the next game of a match). Expectimax returns it at any
    /// depth instead of searching on. The default None changes nothing.
    fn known_value(&self, player: PlayerId) -> Option<f64> {
        let _ = player;
        None
    }
    /// Whether the decision at this state spends one unit of search depth. Games whose turns
    /// have decisions besides the move itself (backgammon's cube actions) return false for
    /// those, so that a depth of n still looks n moves ahead. Default: every decision does.
    fn counts_as_ply(&self) -> bool {
        true
    }
    /// Names and default values of the knobs of `playout_move` (engine files set them in
    /// `[params.playout_knobs]`). Games without a playout policy keep the default: none.
    fn playout_knobs() -> &'static [(&'static str, f64)] {
        &[]
    }
    /// The game's default policy for Monte Carlo playouts (MCTS with `playout_policy = true`):
    /// the next move at this decision node drawn with `knobs` (one value per `playout_knobs`
    /// entry), or None to let the back end draw a uniform legal move, which the default does.
    fn playout_move<R: rand::Rng + ?Sized>(
        &self,
        knobs: &[f64],
        rng: &mut R,
    ) -> Option<Self::Move> {
        let _ = (knobs, rng);
        None
    }
    /// The moves alpha-beta searches at this decision node (also in quiescence): by default
    /// every legal move. A game with a wide board may narrow them (gomoku: points near the
    /// stones, only the replies to a four). They must be legal, at least one, and come in a
    /// deterministic order (the table stores indices into this list).
    fn search_moves(&self, moves: &mut MoveList<Self::Move>) {
        self.legal_moves(moves)
    }
    /// True for a move alpha-beta's `forcing` extension searches one ply deeper (a check in
    /// Wa shogi, a four in gomoku, a capture the opponent must answer). None by default.
    fn is_forcing(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }
    /// The position after the side to move passes, for alpha-beta's null-move pruning (the
    /// opponent to move, nothing else changed, the hash updated). None (the default) where
    /// passing has no meaning; a game returns None here too where zugzwang is likely.
    fn null_move(&self) -> Option<Self> {
        None
    }
    /// True where zugzwang is likely (few pieces, only pawns, ...): alpha-beta then tries no
    /// null move here even when the game has one. False by default.
    fn zugzwang_risk(&self) -> bool {
        false
    }
    /// A result a game-specific solver proves for the side to move here (gomoku: a threat-space
    /// search finds a forced win), which alpha-beta then takes instead of searching the node.
    /// `depth` is the remaining search depth and `root` tells the root apart, so the game can
    /// spend more there. By default nothing is proven.
    fn proven_result(&self, depth: i32, root: bool) -> Option<Proven<Self::Move>> {
        let _ = (depth, root);
        None
    }
    /// Engine-file `[params]` keys this game reads itself (switches of game knowledge for one
    /// engine, e.g. gomoku's threat search); alpha-beta accepts them and hands them to
    /// `apply_game_params` on a copy of each root before searching it.
    fn game_params() -> &'static [&'static str] {
        &[]
    }
    /// Applies `game_params` keys to this state (a search root). By default there are none.
    fn apply_game_params(&mut self, params: &toml::Table) -> Result<(), String> {
        let _ = params;
        Ok(())
    }
    /// A back end only this game has (Othello's exact solver, Ur's perfect player from its
    /// solved table), asked for by the engine file's `backend` name; `None` when the game has
    /// no back end of that name. The shared back ends in `search` stay generic: a game adds its
    /// own here, in its own folder, and `search` never imports a game.
    fn game_agent(spec: &EngineSpec, seed: u64) -> Option<Result<Box<dyn Agent<Self>>, String>> {
        let _ = (spec, seed);
        None
    }
    /// For a hidden-information game (Junqi): the engine `spec` describes, as an `Agent` that
    /// passes only the observation of the player to move on to an observing engine
    /// (`ObservationOnly`), so no engine can read hidden ranks. `search::build_agent` asks this
    /// first; `None` (every game with full information) builds the shared back ends.
    fn observation_only_agent(
        spec: &EngineSpec,
        seed: u64,
    ) -> Option<Result<Box<dyn Agent<Self>>, String>> {
        let _ = (spec, seed);
        None
    }
    /// The exact values an engine file names in `[params] database = "file"` (an endgame
    /// database), which alpha-beta probes at every node below the root. Only games with a
    /// database override this; for the others a `database` param is an error.
    fn exact_values(spec: &EngineSpec) -> Result<Option<Arc<dyn ExactValues<Self>>>, String> {
        match spec.params.get("database") {
            None => Ok(None),
            Some(_) => Err(format!(
                "engine {:?}: {} has no endgame database (param database)",
                spec.name,
                Self::ID
            )),
        }
    }
}

/// Exact values of positions that a search may use instead of searching below them (an
/// endgame database). Built by `Evaluate::exact_values` from an engine file.
pub trait ExactValues<G: Game>: Send + Sync {
    /// The return of `state` (a decision node) for its player to move under perfect play, on
    /// the scale of `Game::returns`, when known.
    fn value(&self, state: &G) -> Option<f64>;
}

/// A game result proven by a game's own solver (`Evaluate::proven_result`), seen from the side
/// to move: a win or a loss in `plies` plies, with the first move of the win when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proven<M> {
    pub win: bool,
    pub plies: u32,
    pub best: Option<M>,
}

/// An engine file: `engines/<game>/<name>.toml`.
///
/// ```toml
/// name = "ab-d4"
/// game = "othello"
/// backend = "alphabeta"        # alphabeta | expectimax | mcts | random | greedy | external | ...
/// rules = ""                   # k=v,k=v on top of the defaults
/// # evaluator = "file"         # an evaluator file the game reads (a trained network), instead of [weights]
/// [limits]
/// depth = 4
/// [weights]                    # evaluator weights by feature name; missing ones keep defaults
/// mobility = 10.0
/// [params]                     # back-end options (tt_mb, threads, exploration, ...)
/// tt_mb = 16
/// [offers]                     # optional: draw offers, acceptance, resignation by score
/// resign_score = 600
/// ```
///
/// Or an engine built on another (`EngineSpec::load` says what it merges):
///
/// ```toml
/// base = "ab-d4.toml"
/// name = "ab-d6"
/// [limits]
/// depth = 6
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineSpec {
    pub name: String,
    pub game: String,
    pub backend: String,
    #[serde(default)]
    pub rules: String,
    #[serde(default)]
    pub limits: Limits,
    #[serde(default)]
    pub weights: BTreeMap<String, f64>,
    /// An evaluator that is not named weights: a file the game reads (backgammon's trained
    /// network, `evaluator = "engines/backgammon/td-h80.net"`), its parameters handed to the
    /// back ends as the weight vector (`Evaluate::evaluator_weights`). Relative paths are read
    /// from the working directory, as `[params] database` is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evaluator: Option<String>,
    #[serde(default)]
    pub params: toml::Table,
    /// For `backend = "external"`: the program and its arguments.
    #[serde(default)]
    pub command: Vec<String>,
    /// For `backend = "external"`: the protocol it speaks (`line`, `gtp`, `gomocup`, `hub`, ...).
    #[serde(default)]
    pub protocol: Option<String>,
    /// Random seed for back ends that draw random numbers.
    #[serde(default)]
    pub seed: Option<u64>,
    /// When the arena offers a draw or resigns for this engine, and when it accepts an offer,
    /// by score thresholds (`[offers]`, `search::offers`). Absent: the engine's own say only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offers: Option<OfferPolicy>,
}

/// How many files a chain of `base` keys may pass through: deeper is a loop (a file that is
/// its own base, directly or not) or a mistake.
const MAX_BASE_CHAIN: usize = 8;

impl EngineSpec {
    /// Reads an engine file. A file with `base = "other.toml"` (a path relative to the file's
    /// folder) is that engine with changes: its `[params]` and `[weights]` are merged into the
    /// base's key by key, and every other key it gives (`name`, `[limits]` and `[offers]` as a
    /// whole, `command`, ...) replaces the base's. It must name itself. The result is an
    /// ordinary spec: a tournament records it resolved, so a copy and a file built on a base
    /// that say the same are the same engine to `--resume`.
    pub fn load(path: &Path) -> Result<EngineSpec, String> {
        let text = read_engine_file(path)?;
        let table: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| in_file(path, e.to_string()))?;
        if !table.contains_key("base") {
            // Parsed from the text, so an error points at its line.
            return Self::from_toml(&text).map_err(|e| in_file(path, e));
        }
        let resolved = resolve_base(path, table, 0)?;
        let spec: EngineSpec = toml::Value::Table(resolved)
            .try_into()
            .map_err(|e: toml::de::Error| in_file(path, e.to_string()))?;
        spec.check().map_err(|e| in_file(path, e))?;
        Ok(spec)
    }
    pub fn from_toml(text: &str) -> Result<EngineSpec, String> {
        let spec: EngineSpec = toml::from_str(text).map_err(|e| {
            // `base` is refused as an unknown field; say why instead.
            match text
                .parse::<toml::Table>()
                .ok()
                .and_then(|t| t.get("base").cloned())
            {
                Some(base) => format!(
                    "base = {base} names a file relative to an engine file's folder: load the \
                     engine from its file"
                ),
                None => e.to_string(),
            }
        })?;
        spec.check()?;
        Ok(spec)
    }
    /// The checks serde's types do not make.
    fn check(&self) -> Result<(), String> {
        self.limits
            .check()
            .map_err(|e| format!("engine {:?}: [limits] {e}", self.name))?;
        if let Some(o) = &self.offers {
            o.check()
                .map_err(|e| format!("engine {:?}: {e}", self.name))?;
        }
        Ok(())
    }
    /// Refuses an engine file whose `rules` do not read as rules of `G` (`start=bogus`).
    pub fn check_rules<G: Game>(&self) -> Result<G::Rules, String> {
        <G::Rules as crate::game::RuleSet>::parse(&self.rules)
            .map_err(|e| format!("engine {:?}: rules: {e}", self.name))
    }
    /// Refuses an engine file written for another game than `game_id`.
    pub fn check_game(&self, game_id: &str) -> Result<(), String> {
        if self.game == game_id {
            Ok(())
        } else {
            Err(format!(
                "engine {:?} is for game {:?}, not {:?}",
                self.name, self.game, game_id
            ))
        }
    }
    /// The weight vector in `G::feature_names()` order: defaults overridden by the file. A name
    /// the game does not know is an error (a typo must not silently weigh nothing).
    pub fn weights_for<G: Evaluate>(&self) -> Result<Vec<f64>, String> {
        if let Some(file) = &self.evaluator {
            if !self.weights.is_empty() {
                return Err(format!(
                    "engine {:?}: [weights] and evaluator = {file:?} together: the evaluator \
                     file holds all its weights",
                    self.name
                ));
            }
            return G::evaluator_weights(self, file);
        }
        let names = G::feature_names();
        let mut w = G::default_weights();
        for (k, v) in &self.weights {
            match names.iter().position(|n| n == k) {
                Some(i) => w[i] = *v,
                None => {
                    return Err(format!(
                        "engine {:?}: unknown weight {k:?} for {} (known: {})",
                        self.name,
                        G::ID,
                        names.join(", ")
                    ))
                }
            }
        }
        Ok(w)
    }
}

/// `error`, said of the engine file at `path`.
fn in_file(path: &Path, error: String) -> String {
    format!("engine file {}: {error}", path.display())
}

fn read_engine_file(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read engine file {}: {e}", path.display()))
}

/// `table` (the file at `path`, already parsed) with its `base` chain merged in, `chain` files
/// below the first.
fn resolve_base(path: &Path, mut table: toml::Table, chain: usize) -> Result<toml::Table, String> {
    let within = |e: String| in_file(path, e);
    let Some(base) = table.remove("base") else {
        return Ok(table);
    };
    let base = match base {
        toml::Value::String(s) => s,
        other => {
            return Err(within(format!(
                "base = {other} must be a file name in quotes"
            )))
        }
    };
    if chain >= MAX_BASE_CHAIN {
        return Err(within(format!(
            "base = {base:?}: more than {MAX_BASE_CHAIN} files in a chain of bases (does a \
             file name itself as its base?)"
        )));
    }
    if !table.contains_key("name") {
        return Err(within(format!(
            "base = {base:?}: an engine built on another needs a name of its own"
        )));
    }
    let base_path = path.parent().unwrap_or(Path::new(".")).join(&base);
    let base_text = read_engine_file(&base_path).map_err(|e| within(format!("base: {e}")))?;
    let base_table: toml::Table = base_text
        .parse()
        .map_err(|e: toml::de::Error| within(format!("base {}: {e}", base_path.display())))?;
    let mut merged = resolve_base(&base_path, base_table, chain + 1)?;
    for (key, value) in table {
        match (key.as_str(), merged.get_mut(&key), value) {
            ("params" | "weights", Some(toml::Value::Table(into)), toml::Value::Table(from)) => {
                into.extend(from)
            }
            (_, _, value) => {
                merged.insert(key, value);
            }
        }
    }
    Ok(merged)
}

/// An engine file's `[offers]`: when the arena resigns, offers or accepts a draw for the engine
/// from the scores it reports (applied by `search::offers::WithOffers`, documented there).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfferPolicy {
    pub resign_score: Option<f64>,
    #[serde(default = "one")]
    pub resign_moves: u32,
    pub draw_score: Option<f64>,
    #[serde(default = "one")]
    pub draw_moves: u32,
    #[serde(default)]
    pub draw_from_move: u32,
    pub accept_score: Option<f64>,
}

fn one() -> u32 {
    1
}

impl Default for OfferPolicy {
    fn default() -> Self {
        OfferPolicy {
            resign_score: None,
            resign_moves: 1,
            draw_score: None,
            draw_moves: 1,
            draw_from_move: 0,
            accept_score: None,
        }
    }
}

impl OfferPolicy {
    /// Refuses thresholds that cannot be meant (negative or non-finite scores, zero runs).
    pub fn check(&self) -> Result<(), String> {
        for (k, v) in [
            ("resign_score", self.resign_score),
            ("draw_score", self.draw_score),
        ] {
            if let Some(x) = v {
                if !(x.is_finite() && x >= 0.0) {
                    return Err(format!("[offers] {k} = {x} must be a score >= 0"));
                }
            }
        }
        if let Some(x) = self.accept_score {
            if !x.is_finite() {
                return Err(format!("[offers] accept_score = {x} must be finite"));
            }
        }
        if self.resign_moves == 0 || self.draw_moves == 0 {
            return Err("[offers] resign_moves and draw_moves must be at least 1".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder of engine files for one test.
    fn folder(test: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("boardlab-engine-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        dir
    }

    const BASE: &str = "name = \"ab\"\ngame = \"othello\"\nbackend = \"alphabeta\"\n\
        [limits]\ndepth = 6\n[weights]\ncorners = 40.0\nmobility = 6.0\n\
        [params]\ntt_mb = 16\nlmr = true\n[offers]\nresign_score = 600\n";

    #[test]
    fn a_file_on_a_base_merges_params_and_weights_and_replaces_the_rest() {
        let dir = folder(
            "merge",
            &[
                ("ab.toml", BASE),
                (
                    "child.toml",
                    "base = \"ab.toml\"\nname = \"child\"\n[limits]\ntime_ms = 175\n\
                     [weights]\nmobility = 7.5\n[params]\nlmr = false\nprobcut = true\n",
                ),
                (
                    "grandchild.toml",
                    "base = \"child.toml\"\nname = \"gc\"\n[params]\ntt_mb = 64\n",
                ),
            ],
        );
        let base = EngineSpec::load(&dir.join("ab.toml")).unwrap();
        let child = EngineSpec::load(&dir.join("child.toml")).unwrap();
        assert_eq!(child.name, "child");
        assert_eq!(child.backend, "alphabeta");
        // [limits] as a whole: the base's depth does not cap the child's move time.
        assert_eq!(child.limits, Limits::time_ms(175));
        assert_eq!(child.weights["corners"], 40.0);
        assert_eq!(child.weights["mobility"], 7.5);
        assert_eq!(child.params["tt_mb"].as_integer(), Some(16));
        assert_eq!(child.params["lmr"].as_bool(), Some(false));
        assert_eq!(child.params["probcut"].as_bool(), Some(true));
        assert_eq!(child.offers, base.offers);
        let gc = EngineSpec::load(&dir.join("grandchild.toml")).unwrap();
        assert_eq!(gc.params["tt_mb"].as_integer(), Some(64));
        assert_eq!(gc.params["probcut"].as_bool(), Some(true));
        assert_eq!(gc.limits, child.limits);
        // Resolved, it is the same spec as the copy it replaces.
        let copy = EngineSpec::from_toml(
            "name = \"child\"\ngame = \"othello\"\nbackend = \"alphabeta\"\n\
             [limits]\ntime_ms = 175\n[weights]\ncorners = 40.0\nmobility = 7.5\n\
             [params]\ntt_mb = 16\nlmr = false\nprobcut = true\n[offers]\nresign_score = 600\n",
        )
        .unwrap();
        assert_eq!(child, copy);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn bad_bases_are_errors_that_name_the_file() {
        let dir = folder(
            "bad",
            &[
                ("ab.toml", BASE),
                ("loop.toml", "base = \"loop.toml\"\nname = \"loop\"\n"),
                ("missing.toml", "base = \"nowhere.toml\"\nname = \"m\"\n"),
                ("unnamed.toml", "base = \"ab.toml\"\n[limits]\ndepth = 2\n"),
                ("number.toml", "base = 3\nname = \"n\"\n"),
                ("typo.toml", "base = \"ab.toml\"\nname = \"t\"\nparms = 1\n"),
                (
                    "zero.toml",
                    "base = \"ab.toml\"\nname = \"z\"\n[limits]\ndepth = 0\n",
                ),
            ],
        );
        let err = |f: &str| EngineSpec::load(&dir.join(f)).unwrap_err();
        assert!(
            err("loop.toml").contains("chain of bases"),
            "{}",
            err("loop.toml")
        );
        let e = err("missing.toml");
        assert!(
            e.contains("missing.toml") && e.contains("nowhere.toml"),
            "{e}"
        );
        assert!(err("unnamed.toml").contains("a name of its own"));
        assert!(err("number.toml").contains("base = 3"));
        assert!(err("typo.toml").contains("parms"), "{}", err("typo.toml"));
        assert!(
            err("zero.toml").contains("depth = 0"),
            "{}",
            err("zero.toml")
        );
        let e = EngineSpec::from_toml("base = \"ab.toml\"\nname = \"x\"\n").unwrap_err();
        assert!(e.contains("load the engine from its file"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn every_engine_file_in_the_repository_loads() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("engines");
        let mut stack = vec![root];
        let mut loaded = 0;
        while let Some(p) = stack.pop() {
            if p.is_dir() {
                stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
            } else if p.extension().is_some_and(|e| e == "toml") {
                EngineSpec::load(&p).unwrap_or_else(|e| panic!("{e}"));
                loaded += 1;
            }
        }
        assert!(loaded > 50, "only {loaded} engine files found");
    }
}
