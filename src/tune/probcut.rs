//! `boardlab tune probcut`: the regression of a deep search's value on a shallow one's, per
//! depth pair, from the positions of recorded games (an arena's games.jsonl). Each position is
//! searched by plain alpha-beta (the engine file's evaluation and options, every selective
//! feature off, an empty table) at both depths; `search::probcut::fit` gives a, b and sigma.
//! Positions where either search sees a game result, and positions in the middle of an
//! exchange (`is_quiet` false), are left out: ProbCut cuts only on evaluations.

use crate::agent::Limits;
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::game::record::GameRecord;
use crate::game::Game;
use crate::search::linear::{report_score, WIN_THRESHOLD};
use crate::search::probcut::{fit, ProbCutPair};

/// What to fit on.
pub struct ProbCutFit<'a> {
    pub spec: &'a EngineSpec,
    /// (deep, shallow) depth pairs.
    pub pairs: &'a [(i32, i32)],
}

/// The positions of `records` (those of game `G`) from ply `min_ply` of each game on, every
/// `every`-th ply, at most `max` in all.
pub fn sample_positions<G: Game>(
    records: &[GameRecord],
    min_ply: usize,
    every: usize,
    max: usize,
) -> Result<Vec<G>, String> {
    let mut out = Vec::new();
    for (n, r) in records.iter().enumerate() {
        if r.game != G::ID {
            continue;
        }
        let rules = <G::Rules as crate::game::RuleSet>::parse(&r.rules)
            .map_err(|e| format!("game {n}: {e}"))?;
        let mut state =
            G::parse_position(&rules, &r.start).map_err(|e| format!("game {n}: {e}"))?;
        for (ply, mv) in r.moves.iter().enumerate() {
            if ply >= min_ply
                && (ply - min_ply) % every.max(1) == 0
                && state.current_player().is_some()
            {
                out.push(state.clone());
                if out.len() >= max {
                    return Ok(out);
                }
            }
            state
                .play_text(mv)
                .map_err(|e| format!("game {n}, ply {ply}: {e}"))?;
        }
    }
    Ok(out)
}

/// Fits every pair on `positions`: one `ProbCutPair` per pair with enough samples, and the
/// sample count of each.
pub fn fit_pairs<G: GameKnowledge>(
    f: &ProbCutFit,
    positions: &[G],
) -> Result<Vec<(ProbCutPair, usize)>, String> {
    let mut spec = f.spec.clone();
    for key in [
        "probcut",
        "lmr",
        "futility",
        "razoring",
        "reverse_futility",
        "null_move",
    ] {
        spec.params.remove(key);
    }
    spec.params
        .insert("threads".into(), toml::Value::Integer(1));
    let mut agent = crate::search::build_agent::<G>(&spec, 0)?;
    let limit = report_score(WIN_THRESHOLD);
    let mut values = |pos: &G, depth: i32| -> Result<Option<f64>, String> {
        agent.new_game();
        let r = agent
            .choose(pos, &Limits::depth(depth as u32))
            .map_err(|e| e.to_string())?;
        Ok((r.score.abs() < limit).then_some(r.score))
    };
    let mut out = Vec::new();
    for &(deep, shallow) in f.pairs {
        let mut samples = Vec::new();
        for pos in positions.iter().filter(|p| p.is_quiet()) {
            if let (Some(s), Some(d)) = (values(pos, shallow)?, values(pos, deep)?) {
                // Both from the side to move at `pos`.
                samples.push((s, d));
            }
        }
        match fit(deep, shallow, &samples) {
            Some(p) => out.push((p, samples.len())),
            None => {
                return Err(format!(
                    "pair {deep}:{shallow}: {} samples do not give a fit",
                    samples.len()
                ))
            }
        }
    }
    Ok(out)
}
