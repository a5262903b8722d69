//! Plays one scheduled game: builds an agent per seat, plays the opening, then asks the agents
//! for moves under their limits and clocks, draws chance outcomes from the game's seeded RNG, and
//! records everything. A seat whose engine fails (cannot start, errs, panics, plays an illegal
//! move, overruns its time or clock) loses the game with the reason recorded; the other seats win.
//!
//! Two-player games may also end early: an agent resigns or offers a draw with its move
//! (`Agent::intent`, or its engine file's `[offers]`), the other accepts or declines at once
//! (`Agent::accept_draw`); score adjudication (`--resign`, `--draw`) and exact knowledge
//! (`--adjudicate exact=..`) end decided games (`arena::adjudicate`); a game whose rules count
//! after a refused draw (`Game::refused_draw_moves`, the seed's draughts rule) is drawn when the
//! refusing side has neither won nor a clear advantage at the end of its count. Every engine move
//! is recorded with its time, nodes, depth, score, clock and intent (`MoveStat`).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::adjudicate::{Decision, RefusedDraw, Trackers};
use super::external::ExternalAgent;
use super::manifest::{Manifest, TimeControl};
use super::openings::opening_state;
use super::record::{ArenaRecord, Ending, MoveStat};
use super::schedule::{game_seed, GameSpec};
use crate::agent::{Agent, AgentError, Clock, ExactScore, Intent, Limits, SearchReport};
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::game::{playout::sample_outcome, GameRecord, PlayerId, Returns, Turn};

/// The agent an engine file describes: the search back ends, or an external program, with its
/// `[offers]` thresholds on top when it has them.
pub fn make_agent<G: GameKnowledge>(
    spec: &EngineSpec,
    seed: u64,
) -> Result<Box<dyn Agent<G>>, String> {
    if spec.backend != "external" {
        return crate::search::build_offering_agent::<G>(spec, seed);
    }
    spec.check_game(G::ID)?;
    let agent: Box<dyn Agent<G>> = match super::hidden::external_observer::<G>(spec) {
        Some(observer) => observer?,
        None => Box::new(ExternalAgent::<G>::new(spec)?),
    };
    Ok(crate::search::offers::with_offers(agent, spec))
}

/// The compliance check before a tournament (fastchess's `--compliance`): an external engine is
/// started, handshaken and asked for one move in `state` under its limits; the move must be
/// legal. In-process agents are checked by building them (`make_agent`). The error says what
/// failed, naming the engine.
pub fn check_engine<G: GameKnowledge>(
    spec: &EngineSpec,
    state: &G,
    ceiling_ms: u64,
) -> Result<(), String> {
    check_engine_on_clock(spec, state, ceiling_ms, None)
}

/// `check_engine` under the tournament's clock: the move is asked as the first move of a game
/// would be (an engine file without limits, such as a peer's, gets its share of the clock).
pub fn check_engine_on_clock<G: GameKnowledge>(
    spec: &EngineSpec,
    state: &G,
    ceiling_ms: u64,
    clock: Option<TimeControl>,
) -> Result<(), String> {
    if spec.backend != "external" {
        return make_agent::<G>(spec, 0).map(|_| ());
    }
    let fail = |why: String| {
        format!(
            "engine {:?} failed its check before the first game: {why}",
            spec.name
        )
    };
    let mut agent = Some(make_agent::<G>(spec, 0).map_err(fail)?);
    if state.current_player().is_none() {
        return Ok(());
    }
    let a = agent.as_mut().expect("built");
    a.new_game();
    let (limits, wait) = match clock {
        Some(tc) => {
            let (limits, wait_ms) = move_limits(&spec.limits, Some(tc), tc.base_ms as i64);
            a.set_clock(Some(Clock {
                own_ms: tc.base_ms,
                opponent_ms: tc.base_ms,
                increment_ms: tc.increment_ms,
            }));
            (limits, wait_ms.map(|w| w + 1000).unwrap_or(ceiling_ms))
        }
        None => (spec.limits, ceiling_ms),
    };
    let report = ask(
        &mut agent,
        state,
        &limits,
        Some(Duration::from_millis(wait)),
    )
    .map_err(|e| fail(e.to_string()))?;
    if !state.is_legal(report.best) {
        return Err(fail(format!("illegal move {:?}", report.best)));
    }
    Ok(())
}

/// The limits of one move and how long the referee waits for it, ms (None: no time limit):
/// the engine file's move time is a hard limit; under a clock, the move's share of the clock
/// (left / 20 + increment) is only what the agent is told to aim for, and the clock is the limit.
fn move_limits(file: &Limits, tc: Option<TimeControl>, clock_left: i64) -> (Limits, Option<u64>) {
    let mut limits = *file;
    let hard_ms = file.time_ms;
    let mut wait_ms = hard_ms;
    if let Some(tc) = tc {
        let left = clock_left.max(0) as u64;
        let budget = (left / 20 + tc.increment_ms).min(left).max(1);
        limits.time_ms = Some(hard_ms.map_or(budget, |t| t.min(budget)));
        wait_ms = Some(hard_ms.map_or(left, |t| t.min(left)));
    }
    (limits, wait_ms)
}

/// The text of a panic payload.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}

type Choice<G> = Result<SearchReport<<G as crate::game::Game>::Move>, AgentError>;

/// Asks `agent` for a move. With a deadline the search runs on its own thread: an agent that
/// has not answered by then is abandoned (it cannot be interrupted) and reported hung.
fn ask<G: GameKnowledge>(
    agent: &mut Option<Box<dyn Agent<G>>>,
    state: &G,
    limits: &Limits,
    deadline: Option<Duration>,
) -> Choice<G> {
    let run = |a: &mut Box<dyn Agent<G>>, s: &G, l: &Limits| -> Choice<G> {
        match catch_unwind(AssertUnwindSafe(|| a.choose(s, l))) {
            Ok(r) => r,
            Err(p) => Err(AgentError::Crashed(format!(
                "panicked: {}",
                panic_message(&*p)
            ))),
        }
    };
    match deadline {
        None => run(agent.as_mut().expect("agent present"), state, limits),
        Some(d) => {
            let mut a = agent.take().expect("agent present");
            let (s, l) = (state.clone(), *limits);
            let (tx, rx) = mpsc::channel();
            std::thread::spawn(move || {
                let r = run(&mut a, &s, &l);
                let _ = tx.send((a, r));
            });
            match rx.recv_timeout(d) {
                Ok((a, r)) => {
                    *agent = Some(a);
                    r
                }
                Err(_) => Err(AgentError::Timeout(format!(
                    "no move after {} ms, abandoned",
                    d.as_millis()
                ))),
            }
        }
    }
}

/// Plays game `spec` of the tournament `m`.
pub fn play_game<G: GameKnowledge>(m: &Manifest, spec: &GameSpec) -> ArenaRecord {
    play_game_with::<G>(m, spec, &make_agent::<G>)
}

/// Builds an agent from an engine file and a seed.
pub type AgentFactory<'a, G> = &'a dyn Fn(&EngineSpec, u64) -> Result<Box<dyn Agent<G>>, String>;

/// The returns when `loser` loses and every other seat wins; all zero for a draw (None).
fn decided(players: usize, loser: Option<PlayerId>) -> Returns {
    let mut r = Returns::new(players);
    if let Some(seat) = loser {
        for p in 0..players {
            r.values[p] = if p == seat { -1.0 } else { 1.0 };
        }
    }
    r
}

/// What exact knowledge says of `state`, if it knows it: the decision, with the oracle's reading.
fn exact_verdict<G: GameKnowledge>(
    oracle: &mut Box<dyn Agent<G>>,
    kind: ExactScore,
    epsilon: f64,
    state: &G,
) -> Option<Decision> {
    let mover = state.current_player()?;
    let report = catch_unwind(AssertUnwindSafe(|| {
        oracle.choose(state, &Limits::default())
    }))
    .ok()?
    .ok()?;
    let v = report.score;
    let loser = match kind {
        ExactScore::Margin if v > 0.0 => Some(1 - mover),
        ExactScore::Margin if v < 0.0 => Some(mover),
        ExactScore::Margin if v == 0.0 => None,
        ExactScore::WinProbability if v >= 1.0 - epsilon => Some(1 - mover),
        ExactScore::WinProbability if v <= epsilon => Some(mover),
        _ => return None,
    };
    Some(Decision {
        loser,
        ending: Ending::Exact,
        reason: match kind {
            ExactScore::Margin => format!("adjudicated: exact, {v:+} for the side to move"),
            ExactScore::WinProbability => {
                format!("adjudicated: exact, win probability {v} for the side to move")
            }
        },
    })
}

/// `play_game` with the agents built by `make` (tests bring their own misbehaving agents).
/// The loop is the steps of a game, as fastchess's match.cpp: a fault ends it, the rules end
/// it, chance moves, or the game is adjudicated or the side to move plays (and perhaps resigns
/// or offers a draw).
pub fn play_game_with<G: GameKnowledge>(
    m: &Manifest,
    spec: &GameSpec,
    make: AgentFactory<G>,
) -> ArenaRecord {
    let mut game = GameInProgress::<G>::start(m, spec, make);
    let end = loop {
        if let Some(end) = game.unbuilt_engine() {
            break end;
        }
        match game.state.turn() {
            Turn::Terminal => break game.ended_by_rules(),
            Turn::Chance => game.play_chance(),
            Turn::Player(seat) => {
                if let Some(end) = game.adjudicate() {
                    break end;
                }
                if let Some(end) = game.play_engine_move(seat) {
                    break end;
                }
            }
        }
    };
    game.finish(end)
}

/// How a game ended: the returns, the reason its record gives, and the kind of ending.
struct GameEnd {
    returns: Returns,
    reason: String,
    ending: Ending,
}

/// One game of a tournament between its seated agents, from the opening to the record. Each
/// method is one concern of the referee.
struct GameInProgress<'a, G: GameKnowledge> {
    m: &'a Manifest,
    spec: &'a GameSpec,
    state: G,
    record: GameRecord,
    rng: ChaCha8Rng,
    /// Plies played, the opening's included.
    plies: usize,
    agents: Vec<Option<Box<dyn Agent<G>>>>,
    /// The first seat whose engine could not be built, and why.
    unbuilt: Option<(PlayerId, String)>,
    /// Exact knowledge, when the tournament asks for it: the oracle, its kind of score, epsilon.
    oracle: Option<(Box<dyn Agent<G>>, ExactScore, f64)>,
    trackers: Trackers,
    refused: Option<RefusedDraw>,
    stats: Vec<MoveStat>,
    /// Each seat's clock, ms: below zero is an overrun the margin still forgives.
    clocks: Vec<i64>,
    /// The seat that lost by a fault.
    fault: Option<PlayerId>,
}

impl<'a, G: GameKnowledge> GameInProgress<'a, G> {
    /// The opening played, an agent built and told of the new game at every seat, the clocks
    /// set.
    fn start(m: &'a Manifest, spec: &'a GameSpec, make: AgentFactory<G>) -> Self {
        let players = spec.seats.len();
        let opening = &m.openings[spec.opening];
        let start = opening_state::<G>(
            &m.rules,
            &crate::arena::openings::Opening {
                start: opening.start.clone(),
                moves: vec![],
            },
        )
        .expect("openings are checked when the tournament starts");
        let mut record = GameRecord::start(&start);
        let state = opening_state::<G>(&m.rules, opening).expect("openings are checked");
        record.moves = opening.moves.clone();
        let (agents, unbuilt) = seat_agents(m, spec, make);
        // Built once a game; a file that cannot be built, or is no exact back end, was refused
        // when the tournament started.
        let oracle = m.adjudication.exact.as_ref().and_then(|x| {
            let a = make(&x.oracle, 0).ok()?;
            let kind = a.exact_score()?;
            Some((a, kind, x.epsilon))
        });
        GameInProgress {
            m,
            spec,
            state,
            record,
            rng: ChaCha8Rng::seed_from_u64(spec.seed),
            plies: opening.moves.len(),
            agents,
            unbuilt,
            oracle,
            trackers: Trackers::new(&m.adjudication),
            refused: None,
            stats: Vec::new(),
            clocks: vec![m.time_control.map(|tc| tc.base_ms as i64).unwrap_or(0); players],
            fault: None,
        }
    }

    fn players(&self) -> usize {
        self.spec.seats.len()
    }

    /// Offers, resignation by score, exact knowledge and the refused-draw count are for two
    /// players.
    fn two(&self) -> bool {
        self.players() == 2
    }

    fn name(&self, seat: PlayerId) -> String {
        name(self.m, self.spec, seat)
    }

    /// The seat whose engine could not be built loses before the first move.
    fn unbuilt_engine(&mut self) -> Option<GameEnd> {
        let (seat, why) = self.unbuilt.take()?;
        Some(self.forfeit(seat, why))
    }

    /// `seat` loses by a fault: its engine failed, played an illegal move or overran its time.
    fn forfeit(&mut self, seat: PlayerId, why: String) -> GameEnd {
        self.fault = Some(seat);
        GameEnd {
            returns: decided(self.players(), Some(seat)),
            reason: format!("seat {seat} ({}) lost: {why}", self.name(seat)),
            ending: Ending::Fault,
        }
    }

    fn ended_by_rules(&self) -> GameEnd {
        GameEnd {
            returns: self.state.returns(),
            reason: "terminal".to_string(),
            ending: Ending::Rules,
        }
    }

    /// A chance outcome drawn from the game's seeded RNG.
    fn play_chance(&mut self) {
        let mut out = Vec::new();
        self.state.chance_outcomes(&mut out);
        let mv = sample_outcome(&out, &mut self.rng);
        self.record.moves.push(self.state.format_move(mv));
        self.state.play(mv);
    }

    /// Before the side to move is asked: exact knowledge, score adjudication, the end of a
    /// refused-draw count (two players), then the ply limit.
    fn adjudicate(&mut self) -> Option<GameEnd> {
        if self.two() {
            let end = self
                .exact_knowledge()
                .or_else(|| self.score_adjudication())
                .or_else(|| self.refused_draw_count());
            if end.is_some() {
                return end;
            }
        }
        self.ply_limit()
    }

    fn exact_knowledge(&mut self) -> Option<GameEnd> {
        let (oracle, kind, epsilon) = self.oracle.as_mut()?;
        let d = exact_verdict(oracle, *kind, *epsilon, &self.state)?;
        Some(GameEnd {
            returns: decided(self.players(), d.loser),
            reason: d.reason,
            ending: d.ending,
        })
    }

    fn score_adjudication(&self) -> Option<GameEnd> {
        let d = self.trackers.decide(self.plies)?;
        let who = d.loser.map(|s| format!(" ({} loses)", self.name(s)));
        Some(GameEnd {
            returns: decided(self.players(), d.loser),
            reason: d.reason + &who.unwrap_or_default(),
            ending: d.ending,
        })
    }

    /// At the end of a refusing side's count: drawn unless it showed a clear advantage.
    fn refused_draw_count(&mut self) -> Option<GameEnd> {
        let r = self.refused.filter(|r| r.moves_left == 0)?;
        if self.state.clear_advantage(r.seat) {
            // The refusing side showed its advantage: the rule is satisfied.
            self.refused = None;
            return None;
        }
        Some(GameEnd {
            returns: Returns::new(self.players()),
            reason: format!(
                "adjudicated: draw, {} refused a draw and neither won nor showed a clear \
                 advantage in {} moves",
                self.name(r.seat),
                self.state.refused_draw_moves().unwrap_or(0)
            ),
            ending: Ending::RefusedDraw,
        })
    }

    fn ply_limit(&self) -> Option<GameEnd> {
        (self.plies >= self.m.max_plies).then(|| GameEnd {
            returns: Returns::new(self.players()),
            reason: format!("adjudicated: draw at the {}-ply limit", self.m.max_plies),
            ending: Ending::PlyLimit,
        })
    }

    /// `seat` is asked for its move, which is checked, charged to its clock and played, with
    /// the resignation or draw offer it comes with; the end of the game, if it ends.
    fn play_engine_move(&mut self, seat: PlayerId) -> Option<GameEnd> {
        let (report, took) = match self.ask_mover(seat) {
            Ok(answer) => answer,
            Err(why) => return Some(self.forfeit(seat, why)),
        };
        if let Err(why) = self
            .check_legal(&report)
            .and_then(|()| self.check_move_time(seat, took))
            .and_then(|()| self.charge_clock(seat, took))
        {
            return Some(self.forfeit(seat, why));
        }
        let (stat, win_probability) = self.move_stat(seat, &report, took);
        if stat.intent == Intent::Resign {
            return Some(self.resigned(seat, stat));
        }
        self.record.moves.push(self.state.format_move(report.best));
        self.state.play(report.best);
        self.plies += 1;
        self.trackers
            .after_move(seat, report.score, win_probability);
        if let Some(r) = self.refused.as_mut().filter(|r| r.seat == seat) {
            r.moves_left = r.moves_left.saturating_sub(1);
        }
        if self.two() && stat.intent == Intent::OfferDraw && !self.state.is_terminal() {
            return self.offer_draw(seat, stat);
        }
        self.stats.push(stat);
        None
    }

    /// Tells `seat` the clocks and asks it for a move under its limits; the answer and how
    /// long it took, or why it gave none.
    fn ask_mover(&mut self, seat: PlayerId) -> Result<(SearchReport<G::Move>, Duration), String> {
        let m = self.m;
        let engine = &m.engines[self.spec.seats[seat]];
        let (limits, wait_ms) = move_limits(&engine.limits, m.time_control, self.clocks[seat]);
        if let Some(tc) = m.time_control {
            let other = (seat + 1) % self.players();
            let clock = Clock {
                own_ms: self.clocks[seat].max(0) as u64,
                opponent_ms: self.clocks[other].max(0) as u64,
                increment_ms: tc.increment_ms,
            };
            if let Some(a) = self.agents[seat].as_mut() {
                a.set_clock(Some(clock));
            }
        }
        // The referee waits a move's time limit plus twice the margin, so an external engine's
        // own (limit + margin) kill comes first; a move without a time limit gets the
        // manifest's ceiling, so a hung in-process agent loses too.
        let margin = self.margin();
        let deadline = Some(match wait_ms {
            Some(t) => Duration::from_millis(t) + 2 * margin + Duration::from_millis(100),
            None => Duration::from_millis(m.move_ceiling_ms),
        });
        let began = Instant::now();
        let answer = ask(&mut self.agents[seat], &self.state, &limits, deadline);
        let took = began.elapsed();
        answer.map(|r| (r, took)).map_err(|e| e.to_string())
    }

    fn check_legal(&self, report: &SearchReport<G::Move>) -> Result<(), String> {
        if self.state.is_legal(report.best) {
            Ok(())
        } else {
            Err(format!("illegal move {:?}", report.best))
        }
    }

    /// An engine file's move time is a hard limit, the margin forgiven.
    fn check_move_time(&self, seat: PlayerId, took: Duration) -> Result<(), String> {
        let engine = &self.m.engines[self.spec.seats[seat]];
        match engine.limits.time_ms {
            Some(t) if took > Duration::from_millis(t) + self.margin() => {
                Err(format!("took {} ms for a {t} ms move", took.as_millis()))
            }
            _ => Ok(()),
        }
    }

    fn margin(&self) -> Duration {
        Duration::from_millis(self.m.time_margin_ms)
    }

    /// Under a clock: the move's time off, the increment on; a clock past the margin lost.
    fn charge_clock(&mut self, seat: PlayerId, took: Duration) -> Result<(), String> {
        let Some(tc) = self.m.time_control else {
            return Ok(());
        };
        self.clocks[seat] -= took.as_millis() as i64;
        if self.clocks[seat] < -(self.m.time_margin_ms as i64) {
            return Err("clock ran out".to_string());
        }
        self.clocks[seat] += tc.increment_ms as i64;
        Ok(())
    }

    /// The move's statistics, with what its agent intends by it, and its win probability.
    fn move_stat(
        &mut self,
        seat: PlayerId,
        report: &SearchReport<G::Move>,
        took: Duration,
    ) -> (MoveStat, Option<f64>) {
        let agent = self.agents[seat].as_mut().expect("the agent answered");
        let state = &self.state;
        let intent =
            catch_unwind(AssertUnwindSafe(|| agent.intent(state, report))).unwrap_or(Intent::Play);
        let win_probability = agent.win_probability(report);
        let stat = MoveStat {
            ply: self.record.moves.len(),
            seat,
            ms: took.as_millis() as u64,
            nodes: report.nodes,
            depth: report.depth,
            score: report.score.is_finite().then_some(report.score),
            clock_ms: self.m.time_control.map(|_| self.clocks[seat]),
            intent,
            accepted: None,
            note: agent.note(),
        };
        (stat, win_probability)
    }

    /// `seat` resigned with this move, which is recorded but not played.
    fn resigned(&mut self, seat: PlayerId, stat: MoveStat) -> GameEnd {
        self.stats.push(stat);
        GameEnd {
            returns: decided(self.players(), Some(seat)),
            reason: format!("seat {seat} ({}) resigned", self.name(seat)),
            ending: Ending::Resigned,
        }
    }

    /// `seat` offered a draw with the move just played: the other side accepts at once (the
    /// game is drawn) or declines (a refusal count starts where the rules have one).
    fn offer_draw(&mut self, seat: PlayerId, mut stat: MoveStat) -> Option<GameEnd> {
        let other = 1 - seat;
        let state = &self.state;
        let accepted = self.agents[other].as_mut().is_some_and(|a| {
            catch_unwind(AssertUnwindSafe(|| a.accept_draw(state))).unwrap_or(false)
        });
        stat.accepted = Some(accepted);
        self.stats.push(stat);
        if accepted {
            return Some(GameEnd {
                returns: Returns::new(self.players()),
                reason: format!(
                    "draw agreed: {} offered, {} accepted",
                    self.name(seat),
                    self.name(other)
                ),
                ending: Ending::DrawAgreed,
            });
        }
        // A count already running keeps its earlier end.
        if self.refused.is_none() {
            self.refused = self.state.refused_draw_moves().map(|n| RefusedDraw {
                seat: other,
                moves_left: n,
            });
        }
        None
    }

    /// The tournament's record of the game.
    fn finish(self, end: GameEnd) -> ArenaRecord {
        let (m, spec) = (self.m, self.spec);
        let mut game = self.record;
        game.returns = end.returns.as_slice().to_vec();
        game.reason = end.reason;
        ArenaRecord {
            index: spec.index,
            block: spec.block,
            seed: spec.seed,
            engines: spec
                .seats
                .iter()
                .map(|&e| m.engines[e].name.clone())
                .collect(),
            seats: spec.seats.clone(),
            opening: spec.opening,
            opening_plies: m.openings[spec.opening].moves.len(),
            game,
            fault: self.fault,
            match_index: None,
            match_game: None,
            ending: end.ending,
            stats: self.stats,
        }
    }
}

/// An agent built and told of the new game at every seat (None where its engine cannot be
/// built), with the first seat that could not be and why.
type SeatedAgents<G> = (Vec<Option<Box<dyn Agent<G>>>>, Option<(PlayerId, String)>);

fn seat_agents<G: GameKnowledge>(
    m: &Manifest,
    spec: &GameSpec,
    make: AgentFactory<G>,
) -> SeatedAgents<G> {
    let mut agents = Vec::with_capacity(spec.seats.len());
    let mut unbuilt = None;
    for (seat, &e) in spec.seats.iter().enumerate() {
        match make(&m.engines[e], game_seed(spec.seed, seat as u64 + 1)) {
            Ok(mut a) => {
                a.new_game();
                agents.push(Some(a));
            }
            Err(err) => {
                agents.push(None);
                if unbuilt.is_none() {
                    unbuilt = Some((seat, format!("cannot build engine: {err}")));
                }
            }
        }
    }
    (agents, unbuilt)
}

fn name(m: &Manifest, spec: &GameSpec, seat: usize) -> String {
    m.engines[spec.seats[seat]].name.clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::openings::random_openings;
    use crate::game::Game;
    use crate::games::othello::Othello;
    use crate::search::baselines::RandomAgent;

    /// Misbehaves as its engine file's name says.
    struct Broken(String);
    impl Agent<Othello> for Broken {
        fn name(&self) -> String {
            self.0.clone()
        }
        fn choose(
            &mut self,
            state: &Othello,
            limits: &Limits,
        ) -> Result<SearchReport<crate::games::othello::OthelloMove>, AgentError> {
            match self.0.as_str() {
                "slow" => {
                    std::thread::sleep(Duration::from_millis(30));
                    RandomAgent::new("slow", 0).choose(state, limits)
                }
                "panics" => panic!("deliberate test panic"),
                "hangs" => {
                    std::thread::sleep(Duration::from_millis(2000));
                    Err(AgentError::NoMove)
                }
                "errs" => Err(AgentError::Other("deliberate error".into())),
                _ => unreachable!(),
            }
        }
    }

    fn spec(name: &str, time_ms: Option<u64>) -> EngineSpec {
        let mut e = EngineSpec::from_toml(&format!(
            "name = \"{name}\"\ngame = \"othello\"\nbackend = \"random\""
        ))
        .unwrap();
        e.limits.time_ms = time_ms;
        e
    }

    fn manifest(engines: Vec<EngineSpec>) -> Manifest {
        Manifest {
            opening_source: "random 2 plies".into(),
            ..Manifest::for_tests(
                "othello",
                "",
                engines,
                random_openings::<Othello>(&Default::default(), 2, 1, 3),
                3,
            )
        }
    }

    fn factory(e: &EngineSpec, seed: u64) -> Result<Box<dyn Agent<Othello>>, String> {
        Ok(match e.name.as_str() {
            "random" => Box::new(RandomAgent::new("random", seed)),
            other => Box::new(Broken(other.to_string())),
        })
    }

    fn play(bad: &str, time_ms: Option<u64>) -> Vec<ArenaRecord> {
        let m = manifest(vec![spec("random", None), spec(bad, time_ms)]);
        m.schedule()
            .games
            .iter()
            .map(|g| play_game_with::<Othello>(&m, g, &factory))
            .collect()
    }

    #[test]
    fn a_panicking_agent_loses_and_play_goes_on() {
        for rec in play("panics", None) {
            let seat = rec.seats.iter().position(|&e| e == 1).unwrap();
            assert_eq!(rec.fault, Some(seat));
            assert_eq!(rec.game.returns[seat], -1.0);
            assert!(
                rec.game.reason.contains("deliberate test panic"),
                "{}",
                rec.game.reason
            );
        }
    }

    #[test]
    fn an_agent_past_its_time_loses() {
        let t = Instant::now();
        for rec in play("hangs", Some(20)) {
            assert!(
                rec.game.reason.contains("exceeded its time"),
                "{}",
                rec.game.reason
            );
            assert_eq!(rec.game.returns[rec.fault.unwrap()], -1.0);
        }
        assert!(
            t.elapsed() < Duration::from_millis(1500),
            "the referee did not wait it out"
        );
    }

    #[test]
    fn a_hung_agent_without_a_time_limit_meets_the_ceiling() {
        // No move time and no clock: before, the referee waited for ever. A deliberately hung
        // in-process agent ("hangs" sleeps 2 s) now loses at the 100 ms ceiling.
        let mut m = manifest(vec![spec("random", None), spec("hangs", None)]);
        m.move_ceiling_ms = 100;
        let t = Instant::now();
        for g in m.schedule().games {
            let rec = play_game_with::<Othello>(&m, &g, &factory);
            assert!(
                rec.game.reason.contains("no move after 100 ms"),
                "{}",
                rec.game.reason
            );
            assert_eq!(rec.engines[rec.fault.unwrap()], "hangs");
        }
        assert!(t.elapsed() < Duration::from_millis(1500), "waited it out");
    }

    #[test]
    fn a_clock_that_runs_out_loses() {
        // 200 ms for the game, 30 ms a move, 50 ms grace: the clock is gone after ~9 moves.
        let mut m = manifest(vec![spec("random", None), spec("slow", None)]);
        m.time_control = Some(crate::arena::manifest::TimeControl {
            base_ms: 200,
            increment_ms: 0,
        });
        for g in m.schedule().games {
            let rec = play_game_with::<Othello>(&m, &g, &factory);
            assert!(
                rec.game.reason.contains("clock ran out"),
                "{}",
                rec.game.reason
            );
            assert_eq!(rec.engines[rec.fault.unwrap()], "slow");
        }
    }

    #[test]
    fn an_erring_agent_loses_with_its_reason() {
        for rec in play("errs", None) {
            assert!(
                rec.game.reason.contains("deliberate error"),
                "{}",
                rec.game.reason
            );
        }
    }

    #[test]
    fn three_players_rotate_seats_and_score_pairwise() {
        use crate::arena::summary::summarize;
        use crate::search::testgames::Race3;
        let mut m = manifest(vec![spec("a", None), spec("b", None), spec("c", None)]);
        m.game = Race3::ID.into();
        m.players = 3;
        m.games_per_encounter = 6;
        m.openings = random_openings::<Race3>(&Default::default(), 0, 2, 1);
        let schedule = m.schedule();
        assert_eq!(schedule.games.len(), 6);
        let race = |_: &EngineSpec, seed: u64| -> Result<Box<dyn Agent<Race3>>, String> {
            Ok(Box::new(RandomAgent::new("r", seed)))
        };
        let games: Vec<ArenaRecord> = schedule
            .games
            .iter()
            .map(|g| play_game_with::<Race3>(&m, g, &race))
            .collect();
        for seat in 0..3 {
            let mut at: Vec<usize> = games[..3].iter().map(|g| g.seats[seat]).collect();
            at.sort();
            assert_eq!(
                at,
                vec![0, 1, 2],
                "each engine sits at seat {seat} once a block"
            );
        }
        let s = summarize(&m, 6, &games);
        // One winner a game: it beats both others; the two losers draw with each other.
        let wins: u64 = s.standings.iter().map(|r| r.wins).sum();
        let draws: u64 = s.standings.iter().map(|r| r.draws).sum();
        assert_eq!((wins, draws), (12, 12));
        assert!(s.standings.iter().all(|r| r.games == 12));
        assert!(s.pairings.iter().all(|p| p.pentanomial.is_none()));
    }

    #[test]
    fn the_ply_limit_adjudicates_a_draw() {
        let mut m = manifest(vec![spec("random", None), spec("random", None)]);
        m.max_plies = 10;
        let rec = play_game_with::<Othello>(&m, &m.schedule().games[0], &factory);
        assert_eq!(rec.game.returns, vec![0.0, 0.0]);
        assert!(rec.game.reason.starts_with("adjudicated"));
        assert_eq!(rec.game.moves.len(), 10);
        // The record replays.
        rec.game.replay::<Othello>().unwrap();
    }

    /// Plays the first legal move; offers a draw with every move if `offers`, accepts offers if
    /// `accepts`, resigns at its `resign_at`-th move.
    struct Polite {
        offers: bool,
        accepts: bool,
        resign_at: Option<u32>,
        moves: u32,
    }
    impl<G: Game> Agent<G> for Polite {
        fn name(&self) -> String {
            "polite".into()
        }
        fn choose(&mut self, state: &G, _: &Limits) -> Result<SearchReport<G::Move>, AgentError> {
            let mut ms = crate::game::MoveList::new();
            state.legal_moves(&mut ms);
            let best = *ms.first().ok_or(AgentError::NoMove)?;
            Ok(SearchReport {
                best,
                score: 0.0,
                depth: 1,
                nodes: 1,
                ms: 0,
                pv: vec![best],
            })
        }
        fn intent(&mut self, _: &G, _: &SearchReport<G::Move>) -> Intent {
            self.moves += 1;
            if self.resign_at == Some(self.moves) {
                Intent::Resign
            } else if self.offers {
                Intent::OfferDraw
            } else {
                Intent::Play
            }
        }
        fn accept_draw(&mut self, _: &G) -> bool {
            self.accepts
        }
    }

    /// Engine files "offers", "accepts", "declines" and "resigns3" for `Polite` agents.
    fn polite<G: Game>(e: &EngineSpec, _: u64) -> Result<Box<dyn Agent<G>>, String> {
        let n = e.name.as_str();
        Ok(Box::new(Polite {
            offers: n == "offers",
            accepts: n == "accepts",
            resign_at: (n == "resigns3").then_some(3),
            moves: 0,
        }))
    }

    fn named(name: &str, game: &str) -> EngineSpec {
        crate::arena::manifest::random_engine_for_tests(name, game)
    }

    #[test]
    fn an_accepted_offer_ends_the_game_drawn_and_a_declined_one_does_not() {
        let m = manifest(vec![
            named("offers", "othello"),
            named("accepts", "othello"),
        ]);
        let spec = &m.schedule().games[0];
        let offerer = spec.seats.iter().position(|&e| e == 0).unwrap();
        let rec = play_game_with::<Othello>(&m, spec, &polite::<Othello>);
        assert_eq!(
            (rec.ending, rec.game.returns.clone()),
            (Ending::DrawAgreed, vec![0.0, 0.0])
        );
        assert!(rec
            .game
            .reason
            .starts_with("draw agreed: offers offered, accepts accepted"));
        // Ended on the offerer's first move: the opening's 2 plies, then at most 2 more.
        let last = rec.stats.last().unwrap();
        assert_eq!(
            (last.seat, last.intent, last.accepted),
            (offerer, Intent::OfferDraw, Some(true))
        );
        assert!(rec.game.moves.len() <= 4);
        // Declined every time: the game is played out by the rules.
        let m = manifest(vec![
            named("offers", "othello"),
            named("declines", "othello"),
        ]);
        let rec = play_game_with::<Othello>(&m, &m.schedule().games[0], &polite::<Othello>);
        assert_eq!(rec.ending, Ending::Rules);
        assert!(rec
            .stats
            .iter()
            .filter(|s| s.intent == Intent::OfferDraw)
            .all(|s| s.accepted == Some(false)));
        rec.game.replay::<Othello>().unwrap();
    }

    #[test]
    fn a_resignation_loses_without_the_move_being_played() {
        let m = manifest(vec![
            named("resigns3", "othello"),
            named("declines", "othello"),
        ]);
        let spec = &m.schedule().games[0];
        let seat = spec.seats.iter().position(|&e| e == 0).unwrap();
        let rec = play_game_with::<Othello>(&m, spec, &polite::<Othello>);
        assert_eq!(rec.ending, Ending::Resigned);
        assert_eq!(rec.game.returns[seat], -1.0);
        assert_eq!(rec.game.returns[1 - seat], 1.0);
        let own = rec.stats.iter().filter(|s| s.seat == seat).count();
        assert_eq!(own, 3, "the third move resigns");
        // The 2 opening plies and every recorded engine move but the resigning one.
        assert_eq!(rec.game.moves.len(), 2 + rec.stats.len() - 1);
    }

    /// Draughts under seed 001's rule, without the other draw rules (so only the refusal count
    /// can draw the game), the "offers" engine offering with every move and "declines" refusing.
    fn refused_game(rules: &str) -> (ArenaRecord, usize) {
        use crate::games::draughts::Draughts;
        let engines = vec![named("offers", "draughts"), named("declines", "draughts")];
        let start = Draughts::new(&Default::default()).format_position();
        let m = Manifest {
            opening_source: "start".into(),
            ..Manifest::for_tests(
                "draughts",
                rules,
                engines,
                vec![crate::arena::openings::Opening {
                    start,
                    moves: vec![],
                }],
                1,
            )
        };
        let spec = &m.schedule().games[0];
        let refuser = spec.seats.iter().position(|&e| e == 1).unwrap();
        (
            play_game_with::<Draughts>(&m, spec, &polite::<Draughts>),
            refuser,
        )
    }

    #[test]
    fn a_refused_offer_under_the_seed_rule_draws_after_40_moves_without_a_clear_advantage() {
        use crate::games::draughts::Draughts;
        let quiet = "king_moves=0,endgame_rule=false,repetition=false";
        let (rec, refuser) = refused_game(&format!("{quiet},draw_offer=seed,refusal_lead=2"));
        assert_eq!(rec.ending, Ending::RefusedDraw, "{}", rec.game.reason);
        assert_eq!(rec.game.returns, vec![0.0, 0.0]);
        // The count starts at the first refused offer and runs 40 of the refuser's moves.
        let first = rec
            .stats
            .iter()
            .position(|s| s.accepted == Some(false))
            .unwrap();
        let after = rec.stats[first..]
            .iter()
            .filter(|s| s.seat == refuser)
            .count();
        assert_eq!(after, 40, "{}", rec.game.reason);
        // At the end the refuser leads by less than 2 (a man 1, a king 3).
        let end = rec.game.replay::<Draughts>().unwrap();
        assert!(!end.clear_advantage(refuser));
        // Without the rule the same game goes on past that point.
        let (off, _) = refused_game(quiet);
        assert_ne!(off.ending, Ending::RefusedDraw);
        assert!(off.game.moves.len() > rec.game.moves.len());
        assert_eq!(off.game.moves[..rec.game.moves.len()], rec.game.moves[..]);
    }

    #[test]
    fn the_clear_advantage_is_a_material_lead_with_kings_as_three_men() {
        use crate::games::draughts::Draughts;
        let rules =
            <<Draughts as Game>::Rules as crate::game::RuleSet>::parse("draw_offer=seed").unwrap();
        let p = |fen: &str| Draughts::parse_position(&rules, fen).unwrap();
        // White: 2 men against black's 1 man: a lead of 1, not clear.
        let w = p("W:W31,32:B20");
        assert!(!w.clear_advantage(0) && !w.clear_advantage(1));
        // A king and a man (4) against two men: a lead of 2.
        let k = p("W:WK31,32:B20,19");
        assert!(k.clear_advantage(0) && !k.clear_advantage(1));
        assert_eq!(k.refused_draw_moves(), Some(40));
        let off = Draughts::parse_position(&Default::default(), "W:WK31,32:B20,19").unwrap();
        assert_eq!(off.refused_draw_moves(), None);
    }

    #[test]
    fn exact_adjudication_ends_the_game_with_the_solved_result() {
        use crate::arena::adjudicate::{Adjudication, ExactRule};
        let oracle = EngineSpec::from_toml(
            "name = \"exact\"\ngame = \"othello\"\nbackend = \"exact\"\n[params]\ntt_mb = 1\nmax_empties = 10",
        )
        .unwrap();
        let mut m = manifest(vec![
            named("offers", "othello"),
            named("declines", "othello"),
        ]);
        m.adjudication = Adjudication {
            exact: Some(ExactRule {
                oracle,
                epsilon: 0.001,
            }),
            ..Default::default()
        };
        let make = |e: &EngineSpec, seed: u64| -> Result<Box<dyn Agent<Othello>>, String> {
            if e.backend == "exact" {
                make_agent::<Othello>(e, seed)
            } else {
                polite::<Othello>(e, seed)
            }
        };
        let rec = play_game_with::<Othello>(&m, &m.schedule().games[0], &make);
        assert_eq!(rec.ending, Ending::Exact, "{}", rec.game.reason);
        // Ended at the first position with 10 empties or fewer, with the solver's result.
        let end = rec.game.replay::<Othello>().unwrap();
        assert!(end.empties().count_ones() <= 10);
        let solved = crate::games::othello::solve::Solver::new(1).solve(&end);
        let mover = end.current_player().unwrap();
        let want = solved.score.signum() as f64;
        assert_eq!(
            rec.game.returns[mover], want,
            "{} {:?}",
            rec.game.reason, rec.game.returns
        );
        assert_eq!(rec.game.returns[1 - mover], -want);
    }
}
