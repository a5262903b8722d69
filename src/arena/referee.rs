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
        if spec.game != G::ID {
            return Err(format!(
                "engine {:?} is for game {:?}, not {:?}",
                spec.name,
                spec.game,
                G::ID
            ));
        }
        Ok(Box::new(ExternalAgent::<G>::new(spec)?))
    } else {
        crate::search::build_agent::<G>(spec, seed)
    }
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
        match make_agent::<G>(&m.engines[e], game_seed(spec.seed, seat as u64 + 1)) {
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
                if let Some(tc) = m.time_control {
                    let left = clocks[seat].max(0) as u64;
                    let budget = (left / 20 + tc.increment_ms).min(left).max(1);
                    limits.time_ms = Some(limits.time_ms.map_or(budget, |t| t.min(budget)));
                }
                // Only a move with a time limit can be late; the referee waits the limit plus
                // twice the margin, so an external engine's own (limit + margin) kill comes first.
                let deadline = limits
                    .time_ms
                    .map(|t| Duration::from_millis(t) + 2 * margin + Duration::from_millis(100));
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
                if let Some(t) = limits.time_ms {
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
                        fault = Some((seat, "lost on time (clock ran out)".to_string()));
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
