//! The perfect Three-way player: the max^n policy of the exact solution (`solve`), solved in
//! memory when the first agent for a rule set is built (a few milliseconds). Engine files:
//! `backend = "perfect"`, optional `[params] tie = "leader" | "first"`.

use std::sync::Arc;
use std::time::Instant;

use crate::agent::{Agent, AgentError, Limits, SearchReport};
use crate::engine_file::EngineSpec;
use crate::game::solved_tables::SolvedTables;
use crate::game::{Game, RuleSet};

use super::game::{ThreeWay, TwMove};
use super::rules::ThreeWayRules;
use super::solve::{Solution, TieRule};

/// Solutions shared by every agent of one rule set and tie rule.
pub fn solution(rules: &ThreeWayRules, tie: TieRule) -> Arc<Solution> {
    static SOLUTIONS: SolvedTables<(ThreeWayRules, bool), Solution> = SolvedTables::new();
    SOLUTIONS.get_or_build((*rules, tie == TieRule::FirstPoint), || {
        Solution::solve(rules, tie, 100_000)
    })
}

pub struct PerfectAgent {
    name: String,
    tie: TieRule,
}

impl Agent<ThreeWay> for PerfectAgent {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn choose(
        &mut self,
        state: &ThreeWay,
        _limits: &Limits,
    ) -> Result<SearchReport<TwMove>, AgentError> {
        let started = Instant::now();
        let sol = solution(state.rules(), self.tie);
        let best = sol.best_move(state).ok_or(AgentError::NoMove)?;
        let me = state.current_player().ok_or(AgentError::NoMove)?;
        let mut child = *state;
        child.play(best);
        let score = sol.value(&child).map_or(0.0, |v| v[me]);
        Ok(SearchReport {
            best,
            score,
            depth: 1,
            nodes: 1,
            ms: started.elapsed().as_millis() as u64,
            pv: vec![best],
        })
    }
}

/// The `perfect` back end for Three-way (see `search::build_agent`).
pub fn build_agent(spec: &EngineSpec) -> Result<Box<dyn Agent<ThreeWay>>, String> {
    let params = crate::search::Params::new(spec, &["tie"])?;
    let tie = match params.string("tie")? {
        None | Some("leader") => TieRule::LeastForLeader,
        Some("first") => TieRule::FirstPoint,
        Some(other) => {
            return Err(format!(
                "engine {:?}: tie must be leader or first, not {other:?}",
                spec.name
            ))
        }
    };
    ThreeWayRules::parse(&spec.rules).map_err(|e| e.to_string())?;
    Ok(Box::new(PerfectAgent {
        name: spec.name.clone(),
        tie,
    }))
}
