//! Plays one scheduled game: builds an agent per seat, plays the opening, then asks the agents
//! for moves under their limits and clocks, draws chance outcomes from the game's seeded RNG, and
//! records everything. A seat whose engine fails (cannot start, errs, panics, plays an illegal
//! move, overruns its time or clock) loses the game with the reason recorded; the other seats win.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::external::ExternalAgent;
use super::manifest::Manifest;
use super::openings::opening_state;
use super::record::ArenaRecord;
use super::schedule::{game_seed, GameSpec};
use crate::engine::{Agent, AgentError, EngineSpec, Evaluate, Limits, SearchReport};
use crate::game::{playout::sample_outcome, GameRecord, Returns, Turn};

/// The agent an engine file describes: the search back ends, or an external program.
pub fn make_agent<G: Evaluate>(spec: &EngineSpec, seed: u64) -> Result<Box<dyn Agent<G>>, String> {
    if spec.backend == "external" {
        spec.check_game(G::ID)?;
        if let Some(observer) = super::hidden::external_observer::<G>(spec) {
            return observer;
        }
        Ok(Box::new(ExternalAgent::<G>::new(spec)?))
    } else {
        crate::search::build_agent::<G>(spec, seed)
    }
}

/// The compliance check before a tournament (fastchess's `--compliance`): an external engine is
/// started, handshaken and asked for one move in `state` under its limits; the move must be
/// legal. In-process agents are checked by building them (`make_agent`). The error says what
/// failed, naming the engine.
pub fn check_engine<G: Evaluate>(
    spec: &EngineSpec,
    state: &G,
    ceiling_ms: u64,
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
    agent.as_mut().expect("built").new_game();
    let deadline = Duration::from_millis(ceiling_ms);
    let report =
        ask(&mut agent, state, &spec.limits, Some(deadline)).map_err(|e| fail(e.to_string()))?;
    if !state.is_legal(report.best) {
        return Err(fail(format!("illegal move {:?}", report.best)));
    }
    Ok(())
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
fn ask<G: Evaluate>(
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
pub fn play_game<G: Evaluate>(m: &Manifest, spec: &GameSpec) -> ArenaRecord {
    play_game_with::<G>(m, spec, &make_agent::<G>)
}

/// Builds an agent from an engine file and a seed.
pub type AgentFactory<'a, G> = &'a dyn Fn(&EngineSpec, u64) -> Result<Box<dyn Agent<G>>, String>;

/// `play_game` with the agents built by `make` (tests bring their own misbehaving agents).
pub fn play_game_with<G: Evaluate>(
    m: &Manifest,
    spec: &GameSpec,
    make: AgentFactory<G>,
) -> ArenaRecord {
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
    let mut game = GameRecord::start(&start);
    let mut state = opening_state::<G>(&m.rules, opening).expect("openings are checked");
    game.moves = opening.moves.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(spec.seed);
    let mut plies = opening.moves.len();

    let mut agents: Vec<Option<Box<dyn Agent<G>>>> = Vec::with_capacity(players);
    let mut fault: Option<(usize, String)> = None;
    for (seat, &e) in spec.seats.iter().enumerate() {
        match make(&m.engines[e], game_seed(spec.seed, seat as u64 + 1)) {
            Ok(mut a) => {
                a.new_game();
                agents.push(Some(a));
            }
            Err(err) => {
                agents.push(None);
                if fault.is_none() {
                    fault = Some((seat, format!("cannot build engine: {err}")));
                }
            }
        }
    }
    let mut clocks: Vec<i64> =
        vec![m.time_control.map(|tc| tc.base_ms as i64).unwrap_or(0); players];
    let margin = Duration::from_millis(m.time_margin_ms);

    let (returns, reason) = loop {
        if let Some((seat, why)) = &fault {
            break (
                faulted(players, *seat),
                format!("seat {seat} ({}) lost: {why}", name(m, spec, *seat)),
            );
        }
        match state.turn() {
            Turn::Terminal => break (state.returns(), "terminal".to_string()),
            Turn::Chance => {
                let mut out = Vec::new();
                state.chance_outcomes(&mut out);
                let mv = sample_outcome(&out, &mut rng);
                game.moves.push(state.format_move(mv));
                state.play(mv);
            }
            Turn::Player(seat) => {
                if plies >= m.max_plies {
                    break (
                        Returns::new(players),
                        format!("adjudicated: draw at the {}-ply limit", m.max_plies),
                    );
                }
                let engine = &m.engines[spec.seats[seat]];
                let mut limits = engine.limits;
                // The engine file's move time is a hard limit; under a clock, the move's share of
                // the clock is only what the agent is told to aim for, and the clock is the limit.
                let hard_ms = engine.limits.time_ms;
                let mut wait_ms = hard_ms;
                if let Some(tc) = m.time_control {
                    let left = clocks[seat].max(0) as u64;
                    let budget = (left / 20 + tc.increment_ms).min(left).max(1);
                    limits.time_ms = Some(hard_ms.map_or(budget, |t| t.min(budget)));
                    wait_ms = Some(hard_ms.map_or(left, |t| t.min(left)));
                }
                // The referee waits a move's time limit plus twice the margin, so an external
                // engine's own (limit + margin) kill comes first; a move without a time limit
                // gets the manifest's ceiling, so a hung in-process agent loses too.
                let deadline = Some(match wait_ms {
                    Some(t) => Duration::from_millis(t) + 2 * margin + Duration::from_millis(100),
                    None => Duration::from_millis(m.move_ceiling_ms),
                });
                let began = Instant::now();
                let answer = ask(&mut agents[seat], &state, &limits, deadline);
                let took = began.elapsed();
                let report = match answer {
                    Ok(r) => r,
                    Err(e) => {
                        fault = Some((seat, e.to_string()));
                        continue;
                    }
                };
                if !state.is_legal(report.best) {
                    fault = Some((seat, format!("illegal move {:?}", report.best)));
                    continue;
                }
                if let Some(t) = hard_ms {
                    if took > Duration::from_millis(t) + margin {
                        fault = Some((
                            seat,
                            format!("took {} ms for a {t} ms move", took.as_millis()),
                        ));
                        continue;
                    }
                }
                if let Some(tc) = m.time_control {
                    clocks[seat] -= took.as_millis() as i64;
                    if clocks[seat] < -(m.time_margin_ms as i64) {
                        fault = Some((seat, "clock ran out".to_string()));
                        continue;
                    }
                    clocks[seat] += tc.increment_ms as i64;
                }
                game.moves.push(state.format_move(report.best));
                state.play(report.best);
                plies += 1;
            }
        }
    };
    game.returns = returns.as_slice().to_vec();
    game.reason = reason;
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
        opening_plies: opening.moves.len(),
        game,
        fault: fault.map(|(s, _)| s),
        match_index: None,
        match_game: None,
    }
}

fn name(m: &Manifest, spec: &GameSpec, seat: usize) -> String {
    m.engines[spec.seats[seat]].name.clone()
}

/// The seat at fault gets -1, every other seat +1.
fn faulted(players: usize, seat: usize) -> Returns {
    let mut r = Returns::new(players);
    for p in 0..players {
        r.values[p] = if p == seat { -1.0 } else { 1.0 };
    }
    r
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
        use crate::arena::report::summarize;
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
}
