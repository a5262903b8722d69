//! The perfect player: plays the move with the highest solved win probability. Engine files
//! name the table with `[params] table = "path"` (written by `boardlab solve --game ur --out`).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use crate::agent::{Agent, AgentError, Limits, SearchReport};
use crate::engine_file::EngineSpec;
use crate::game::solved_tables::SolvedTables;
use crate::game::{Game, MoveList, RuleSet};

use super::game::{Ur, UrMove};
use super::rules::UrRules;
use super::solve::Solution;

/// Agents share loaded tables (a 7-piece table is 550 MB).
fn table(path: &PathBuf) -> Result<Arc<Solution>, String> {
    static TABLES: SolvedTables<PathBuf, Solution> = SolvedTables::new();
    TABLES.get_or_try_build(path.clone(), || Solution::load(path))
}

pub struct PerfectAgent {
    name: String,
    solution: Arc<Solution>,
}

impl PerfectAgent {
    pub fn new(name: impl Into<String>, solution: Arc<Solution>) -> Self {
        PerfectAgent {
            name: name.into(),
            solution,
        }
    }

    /// The solved win probability, for the player who moved, of the position after `mv`.
    pub fn value_after(&self, state: &Ur, mv: UrMove) -> f64 {
        let me = state.to_move();
        let mut child = *state;
        child.play(mv);
        if let Some(w) = child.winner() {
            return if w == me { 1.0 } else { 0.0 };
        }
        let mover = child.to_move();
        let v = self
            .solution
            .value(child.side(mover), child.side(1 - mover));
        if mover == me {
            v
        } else {
            1.0 - v
        }
    }
}

impl Agent<Ur> for PerfectAgent {
    fn name(&self) -> String {
        self.name.clone()
    }
    /// The solved probability of winning.
    fn exact_score(&self) -> Option<crate::agent::ExactScore> {
        Some(crate::agent::ExactScore::WinProbability)
    }
    fn win_probability(&self, report: &SearchReport<UrMove>) -> Option<f64> {
        Some(report.score)
    }
    fn choose(&mut self, state: &Ur, _limits: &Limits) -> Result<SearchReport<UrMove>, AgentError> {
        let started = Instant::now();
        if state.rules() != &self.solution.rules {
            return Err(AgentError::Other(format!(
                "solution table is for rules {:?}, the game uses {:?}",
                self.solution.rules.to_text(),
                state.rules().to_text()
            )));
        }
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        let mut best: Option<(UrMove, f64)> = None;
        for &mv in &moves {
            let v = self.value_after(state, mv);
            if best.map_or(true, |(_, b)| v > b) {
                best = Some((mv, v));
            }
        }
        let (best, score) = best.ok_or(AgentError::NoMove)?;
        Ok(SearchReport {
            best,
            score,
            depth: 1,
            nodes: moves.len() as u64,
            ms: started.elapsed().as_millis() as u64,
            pv: vec![best],
        })
    }
}

/// The `perfect` back end (`Backends::game_agent` of Ur): `[params] table = "file"`.
pub fn build_agent(spec: &EngineSpec) -> Result<Box<dyn Agent<Ur>>, String> {
    let params = crate::search::Params::new(spec, &["table"])?;
    let path = match params.string("table")? {
        Some(p) => PathBuf::from(p),
        None => {
            return Err(format!(
                "engine {:?}: perfect needs [params] table = \"file\"",
                spec.name
            ))
        }
    };
    let rules = UrRules::parse(&spec.rules).map_err(|e| e.to_string())?;
    let solution = table(&path).map_err(|e| {
        if path.exists() {
            e
        } else {
            format!(
                "{e} (make it with `boardlab solve --game ur --rules {} --out {}`)",
                rules.to_text(),
                path.display()
            )
        }
    })?;
    if rules != solution.rules {
        return Err(format!(
            "engine {:?}: rules {:?} differ from the table's {:?}",
            spec.name,
            rules.to_text(),
            solution.rules.to_text()
        ));
    }
    Ok(Box::new(PerfectAgent::new(spec.name.clone(), solution)))
}
