//! Rollouts (`boardlab rollout`): a position played to the end of its game many times by an
//! engine, with seeded dice, to estimate its equity with a standard error. This is how
//! backgammon players check an evaluation (gnubg's rollouts).
//!
//! - **Cubeless or cubeful**: the rules decide (`cube=false` for cubeless). With the cube in
//!   play, the engine makes every cube decision on the way, and a trial's result counts the cube.
//! - **Variance reduction**, as gnubg does it: at every roll, the trial subtracts the luck of
//!   that roll. The luck is `D(roll) - sum over the 21 rolls of p(r) D(r)`, where `D` is the value
//!   of the best play of a roll by the evaluator, at 0 ply. Its mean is exactly zero whatever the
//!   evaluator, so the reduced mean is unbiased. It has less variance the better the evaluator.
//! - **Stratified first rolls** (gnubg's quasi-random dice): trial i's first roll is drawn from
//!   stratum i mod 36 of the roll distribution, its second from stratum (i / 36) mod 36. With a
//!   multiple of 36 (better 1,296) trials, each first roll appears in its exact share. The
//!   standard error reported treats trials as independent, so it is a little conservative.
//! - **Reproducible**: trial i draws everything from (seed, i). Its engine is built afresh for
//!   it. The sums are taken in trial order. So the result is the same for any number of threads.
//! - A trial ends when the game ends, when a match reaches the next game (valued by the match
//!   equity table, as the evaluator values a game's start), or after `truncate` plays (valued by
//!   the evaluator: a truncated rollout, for labels).
//!
//! Values are those of `Backgammon::equity`: points for money (the cube counted), 2 x MWC - 1
//! in a match. They are seen from the side on roll in the position rolled out.

use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use super::game::{Backgammon, BgMove, Phase};
use crate::agent::{Agent, Limits};
use crate::game::playout::outcome_at;
use crate::game::zobrist::stream_seed;
use crate::game::{Game, MoveList, Turn};

/// The most plies (decisions and rolls) a trial may take; a game past it is an engine's fault.
const MAX_PLIES: usize = 20_000;
/// The strata of a stratified roll: 36 equally likely ordered dice.
const STRATA: u64 = 36;

#[derive(Clone, Debug)]
pub struct RolloutConfig {
    pub trials: u64,
    pub seed: u64,
    /// Subtract each roll's luck (see the module's note).
    pub variance_reduction: bool,
    /// Stratify the first two rolls (see the module's note).
    pub stratified: bool,
    /// End a trial after this many plays and value it by the evaluator.
    pub truncate: Option<u32>,
}

/// One trial: its result and the luck its rolls brought, both for the side on roll at the start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Trial {
    pub result: f64,
    pub luck: f64,
    pub plays: u32,
}

/// A mean with its standard error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    pub se: f64,
}

impl Estimate {
    pub fn of(values: impl Iterator<Item = f64> + Clone) -> Estimate {
        let n = values.clone().count().max(1) as f64;
        let mean = values.clone().sum::<f64>() / n;
        let var = if n > 1.0 {
            values.map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        Estimate {
            mean,
            se: (var / n).sqrt(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct RolloutResult {
    pub trials: Vec<Trial>,
    /// The results as played.
    pub raw: Estimate,
    /// The results less their luck (the rollout's answer when variance reduction is on).
    pub reduced: Estimate,
    /// The evaluator's own equity of the position, for comparison.
    pub static_equity: f64,
}

impl RolloutResult {
    /// The rollout's estimate: reduced when variance reduction was on, raw otherwise.
    pub fn equity(&self, cfg: &RolloutConfig) -> Estimate {
        if cfg.variance_reduction {
            self.reduced
        } else {
            self.raw
        }
    }

    /// The share of trials whose result `keep` accepts, with its standard error.
    pub fn share(&self, keep: impl Fn(f64) -> bool) -> Estimate {
        Estimate::of(self.trials.iter().map(|t| keep(t.result) as u8 as f64))
    }
}

/// The value for `player` of the position after the best play of the roll just made (`state`
/// is in `Moving`), by the evaluator at 0 ply; other phases are valued as they stand.
fn best_play_value(state: &Backgammon, player: usize, weights: &[f64]) -> f64 {
    if state.phase() != Phase::Moving {
        return state.equity(player, weights);
    }
    let mover = state.roller();
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let mut best = f64::NEG_INFINITY;
    for &mv in &moves {
        let mut child = *state;
        child.play(mv);
        best = best.max(child.equity(mover, weights));
    }
    if mover == player {
        best
    } else {
        -best
    }
}

/// The luck for `player` of the outcome `chosen` at the chance node `state`.
fn luck(
    state: &Backgammon,
    outcomes: &[(BgMove, f64)],
    chosen: BgMove,
    player: usize,
    w: &[f64],
) -> f64 {
    // Each outcome valued once, the chosen one among them (this is most of a rollout's work).
    let (mut expected, mut total, mut drawn) = (0.0, 0.0, 0.0);
    for &(mv, p) in outcomes {
        let mut next = *state;
        next.play(mv);
        let v = best_play_value(&next, player, w);
        expected += p * v;
        total += p;
        if mv == chosen {
            drawn = v;
        }
    }
    drawn - expected / total
}

/// Plays trial `i` from `start` with `agent` for both sides.
pub fn play_trial(
    start: &Backgammon,
    agent: &mut dyn Agent<Backgammon>,
    weights: &[f64],
    cfg: &RolloutConfig,
    i: u64,
) -> Result<Trial, String> {
    let me = start.roller();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(stream_seed(cfg.seed, i));
    let mut state = *start;
    let (mut luck_sum, mut plays, mut rolls) = (0.0, 0u32, 0u32);
    let mut outcomes = Vec::new();
    let in_match = !start.rules().is_money();
    for ply in 0.. {
        if ply > MAX_PLIES {
            return Err(format!(
                "trial {i}: no end after {MAX_PLIES} plies, at {}",
                state.format_position()
            ));
        }
        // A match goes on into its next game: this game's end is the trial's.
        if in_match && ply > 0 && state.phase() == Phase::Opening {
            break;
        }
        if cfg.truncate.is_some_and(|t| plays >= t)
            && matches!(state.phase(), Phase::CubeDecision | Phase::Rolling)
        {
            break;
        }
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                outcomes.clear();
                state.chance_outcomes(&mut outcomes);
                let mut u: f64 = rng.gen();
                if cfg.stratified && rolls < 2 {
                    let stratum = (i / STRATA.pow(rolls)) % STRATA;
                    u = (stratum as f64 + u) / STRATA as f64;
                }
                rolls += 1;
                let mv = outcome_at(&outcomes, u);
                if cfg.variance_reduction {
                    luck_sum += luck(&state, &outcomes, mv, me, weights);
                }
                state.play(mv);
            }
            Turn::Player(_) => {
                if state.phase() == Phase::Moving {
                    plays += 1;
                }
                let report = agent.choose(&state, &Limits::default()).map_err(|e| {
                    format!(
                        "trial {i}: the engine failed at {}: {e}",
                        state.format_position()
                    )
                })?;
                let mut legal = MoveList::new();
                state.legal_moves(&mut legal);
                if !legal.contains(&report.best) {
                    return Err(format!(
                        "trial {i}: the engine chose an illegal move at {}",
                        state.format_position()
                    ));
                }
                state.play(report.best);
            }
        }
    }
    Ok(Trial {
        result: state.equity(me, weights),
        luck: luck_sum,
        plays,
    })
}

/// Rolls out `start` (a position before or after a roll, or with a cube decision to make)
/// with the engines `make_agent(i)` builds, one a trial, on the current rayon pool; `done`
/// is called with the number of finished trials as they finish.
pub fn rollout<F>(
    start: &Backgammon,
    weights: &[f64],
    cfg: &RolloutConfig,
    make_agent: F,
    done: &(dyn Fn(u64) + Sync),
) -> Result<RolloutResult, String>
where
    F: Fn(u64) -> Result<Box<dyn Agent<Backgammon>>, String> + Sync,
{
    if start.turn() == Turn::Terminal {
        return Err(format!("{}: the game is over", start.format_position()));
    }
    if cfg.trials == 0 {
        return Err("a rollout needs at least one trial".into());
    }
    let finished = std::sync::atomic::AtomicU64::new(0);
    let trials = (0..cfg.trials)
        .into_par_iter()
        .map(|i| {
            let mut agent = make_agent(i)?;
            let t = play_trial(start, agent.as_mut(), weights, cfg, i)?;
            done(finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
            Ok(t)
        })
        .collect::<Result<Vec<Trial>, String>>()?;
    Ok(RolloutResult {
        raw: Estimate::of(trials.iter().map(|t| t.result)),
        reduced: Estimate::of(trials.iter().map(|t| t.result - t.luck)),
        static_equity: start.equity(start.roller(), weights),
        trials,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine_file::EngineSpec;

    fn setup(text: &str, rules: &str) -> Backgammon {
        use crate::game::RuleSet;
        let rules = super::super::BgRules::parse(rules).unwrap();
        Backgammon::parse_position(&rules, text).unwrap()
    }

    fn run(start: &Backgammon, cfg: &RolloutConfig, threads: usize) -> RolloutResult {
        let spec =
            EngineSpec::from_toml(include_str!("../../../engines/backgammon/ply0.toml")).unwrap();
        let weights = spec.weights_for::<Backgammon>().unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            rollout(
                start,
                &weights,
                cfg,
                |i| crate::search::build_agent::<Backgammon>(&spec, i),
                &|_| {},
            )
        })
        .unwrap()
    }

    fn config(trials: u64, variance_reduction: bool) -> RolloutConfig {
        RolloutConfig {
            trials,
            seed: 7,
            variance_reduction,
            stratified: true,
            truncate: None,
        }
    }

    /// A last roll has a value known exactly: O, on roll, bears off its two checkers on the 6
    /// and the 1 with 15 rolls of 36 (any 6, and the doubles 2-2 to 6-6), or X wins next roll.
    /// Cubeless, O's equity is 2 x 15/36 - 1. Stratified, 36 trials hit each roll in its share
    /// and give it exactly; with the luck taken out, every trial gives it (to the evaluator's
    /// rounding).
    #[test]
    fn a_last_roll_rolls_out_to_its_exact_equity() {
        let start = setup("O:6x1,1x1 X:1x1 O:roll cube=1 money", "cube=false");
        let exact = 2.0 * 15.0 / 36.0 - 1.0;
        let r = run(&start, &config(36, true), 2);
        assert!((r.raw.mean - exact).abs() < 1e-9, "{:?}", r.raw);
        // The evaluator gives X's sure last roll a win chance a hair under 1 (about 1 - 2e-7).
        for t in &r.trials {
            assert!((t.result - t.luck - exact).abs() < 1e-5, "{t:?}");
        }
        assert!(
            r.reduced.se < 1e-5 && r.raw.se > 0.1,
            "{:?} {:?}",
            r.reduced,
            r.raw
        );
    }

    /// The same seed gives the same trials on one thread and on two; another seed other ones.
    #[test]
    fn a_rollout_replays_from_its_seed_whatever_the_threads() {
        let start = setup(
            "O:6x5,8x3,13x5,24x2 X:6x5,8x3,13x5,24x2 O:roll cube=1 money",
            "cube=false",
        );
        let one = run(&start, &config(24, true), 1);
        let two = run(&start, &config(24, true), 2);
        assert_eq!(one.trials, two.trials);
        let mut other = config(24, true);
        other.seed = 8;
        assert_ne!(run(&start, &other, 2).trials, one.trials);
    }

    /// Variance reduction changes the error, not the answer: raw and reduced means agree
    /// within their errors, and the reduced error is the smaller.
    #[test]
    fn luck_taken_out_leaves_the_mean_and_shrinks_the_error() {
        let start = setup(
            "O:1x2,2x2,3x3,4x3,5x2,6x3 X:1x3,2x3,3x3,4x2,5x2,6x2 O:roll cube=1 money",
            "cube=false",
        );
        let r = run(&start, &config(360, true), 2);
        let gap = (r.raw.mean - r.reduced.mean).abs();
        assert!(
            gap < 3.0 * (r.raw.se + r.reduced.se),
            "{:?} {:?}",
            r.raw,
            r.reduced
        );
        assert!(r.reduced.se < r.raw.se, "{:?} {:?}", r.raw, r.reduced);
    }
}
