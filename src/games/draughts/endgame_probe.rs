//! The endgame database as engines see it. An engine file names it (`[params] database =
//! "file"`, written by `boardlab solve --game checkers --pieces N --out file`): alpha-beta then
//! probes it at every node below the root with at most N pieces, a hit being an exact value with
//! its distance to the end, so the search heads for the quickest win and the slowest loss as it
//! does for a win it found itself. The `database` back end plays from the database alone (the
//! best value, the quickest win) and is the exact oracle of the arena's `--adjudicate
//! exact=FILE`. A database built for other capture rules is refused.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use crate::agent::{Agent, AgentError, ExactScore, Limits, SearchReport};
use crate::engine_file::EngineSpec;
use crate::eval::ExactValues;
use crate::game::solved_tables::SolvedTables;
use crate::game::{Game, MoveList, RuleSet};

use super::endgame::{EndgameDatabase, Value};
use super::endgame_index::Oriented;
use super::game::Position;
use super::geometry::Geometry;
use super::movegen::DraughtsMove;
use super::rules::Rules;

/// The database's value of a position, when it holds it and the game goes on.
pub fn probe<G: Geometry>(db: &EndgameDatabase<G>, state: &Position<G>) -> Option<Value> {
    let (a, b) = (state.pieces(0), state.pieces(1));
    if (a | b).count_ones() as usize > db.max_pieces() || a == 0 || b == 0 {
        return None;
    }
    if state.draw_rule_applies() {
        return None;
    }
    db.value(&Oriented::new::<G>([a, b], state.kings(), state.side()))
}

/// Engines in one process share a loaded database. One cache serves both boards (a `static`
/// cannot be generic), keyed by the board as well, each entry downcast back to its board's type.
fn load_shared<G: Geometry>(path: &PathBuf) -> Result<Arc<EndgameDatabase<G>>, String> {
    type Shared = Arc<dyn std::any::Any + Send + Sync>;
    static DATABASES: SolvedTables<(&'static str, PathBuf), Shared> = SolvedTables::new();
    let entry = DATABASES.get_or_try_build((G::ID, path.clone()), || {
        EndgameDatabase::<G>::load(path).map(|db| Arc::new(db) as Shared)
    })?;
    Shared::clone(&entry)
        .downcast::<EndgameDatabase<G>>()
        .map_err(|_| format!("{}: cached as another board's database", path.display()))
}

/// The database an engine file names in `[params] database`, checked against its rules.
pub fn database_of<G: Geometry>(
    spec: &EngineSpec,
) -> Result<Option<Arc<EndgameDatabase<G>>>, String> {
    let Some(path) = crate::eval::backends::database_param(spec)? else {
        return Ok(None);
    };
    let rules =
        Rules::<G>::parse(&spec.rules).map_err(|e| format!("engine {:?}: {e}", spec.name))?;
    let db = load_shared::<G>(&path)?;
    if !db.holds_for(&rules.variant) {
        return Err(format!(
            "engine {:?}: database {} was built for rules {:?}, the engine plays {:?}",
            spec.name,
            path.display(),
            db.rules_text(),
            super::endgame::value_rules_text::<G>(&rules.variant)
        ));
    }
    Ok(Some(db))
}

/// Database values for alpha-beta.
pub struct Probe<G: Geometry> {
    pub db: Arc<EndgameDatabase<G>>,
}

impl<G: Geometry> ExactValues<Position<G>> for Probe<G> {
    fn value(&self, state: &Position<G>) -> Option<f64> {
        probe(&self.db, state).map(|v| v.returns())
    }
    fn value_and_plies(&self, state: &Position<G>) -> Option<(f64, usize)> {
        probe(&self.db, state).map(|v| (v.returns(), v.plies() as usize))
    }
}

/// Orders values for the side that moved into them: a win sooner beats a win later, any win
/// beats a draw, a draw beats a loss, a loss later beats one sooner.
fn preference(v: Value) -> i64 {
    match v {
        Value::Win(d) => 1_000_000 - d as i64,
        Value::Draw => 0,
        Value::Loss(d) => -1_000_000 + d as i64,
    }
}

/// The `database` back end: the move of the best database value.
pub struct DatabaseAgent<G: Geometry> {
    name: String,
    db: Arc<EndgameDatabase<G>>,
}

impl<G: Geometry> Agent<Position<G>> for DatabaseAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    /// +1 a win, 0 a draw, -1 a loss for the mover: a margin by its sign.
    fn exact_score(&self) -> Option<ExactScore> {
        Some(ExactScore::Margin)
    }
    fn choose(
        &mut self,
        state: &Position<G>,
        _limits: &Limits,
    ) -> Result<SearchReport<DraughtsMove>, AgentError> {
        let started = Instant::now();
        let here = probe(&self.db, state).ok_or_else(|| {
            AgentError::Other(format!(
                "position {} is not in the database (up to {} pieces, game going on)",
                state.format_position(),
                self.db.max_pieces()
            ))
        })?;
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        let mut best: Option<(DraughtsMove, i64)> = None;
        for &mv in &moves {
            let mut next = state.clone();
            next.play(mv);
            // The value after the move, for the mover: the negation of the next mover's.
            let pieces = [next.pieces(0), next.pieces(1)];
            let theirs = self
                .db
                .value(&Oriented::new::<G>(pieces, next.kings(), next.side()))
                .ok_or_else(|| AgentError::Other("a move left the database".into()))?;
            let mine = match theirs {
                Value::Win(d) => Value::Loss(d + 1),
                Value::Loss(d) => Value::Win(d + 1),
                Value::Draw => Value::Draw,
            };
            let p = preference(mine);
            if best.map_or(true, |(_, b)| p > b) {
                best = Some((mv, p));
            }
        }
        let (best, _) = best.ok_or(AgentError::NoMove)?;
        Ok(SearchReport {
            best,
            score: here.returns(),
            depth: here.plies(),
            nodes: moves.len() as u64,
            ms: started.elapsed().as_millis() as u64,
            pv: vec![best],
        })
    }
}

/// `backend = "database"` with `[params] database = "file"`.
pub fn build_agent<G: Geometry>(spec: &EngineSpec) -> Result<Box<dyn Agent<Position<G>>>, String> {
    let db = database_of::<G>(spec)?.ok_or_else(|| {
        format!(
            "engine {:?}: backend database needs [params] database = \"file\"",
            spec.name
        )
    })?;
    Ok(Box::new(DatabaseAgent {
        name: spec.name.clone(),
        db,
    }))
}

#[cfg(test)]
mod tests {
    use super::super::endgame_index::{Material, SliceIndex};
    use super::super::{Checkers, Eight};
    use super::*;
    use crate::agent::Limits;
    use crate::search::linear::result_plies;
    use rand::{Rng, SeedableRng};

    /// Checkers up to 4 pieces, built and saved once for the tests here; engines read it back
    /// through their files as users' engines do.
    fn checkers4_file() -> &'static PathBuf {
        static FILE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
        FILE.get_or_init(|| {
            let mut db = EndgameDatabase::<Eight>::new(&Eight::default_rules());
            for n in 2..=4 {
                db.build_level(n, &|_, _| {}).unwrap();
            }
            let path = std::env::temp_dir().join(format!(
                "boardlab-probe-{}-checkers4.egdb",
                std::process::id()
            ));
            db.save(&path).unwrap();
            path
        })
    }

    fn engine(backend: &str, extra: &str) -> EngineSpec {
        EngineSpec::from_toml(&format!(
            "name = \"{backend}\"\ngame = \"checkers\"\nbackend = \"{backend}\"\n{extra}"
        ))
        .unwrap()
    }

    fn database_param() -> String {
        format!("database = {:?}", checkers4_file().display().to_string())
    }

    /// Random 4-piece positions (game rules, draw rules and all) whose database values pass
    /// `keep`, with those values.
    fn positions(keep: impl Fn(Value) -> bool, count: usize, seed: u64) -> Vec<(Checkers, Value)> {
        let db = load_shared::<Eight>(checkers4_file()).unwrap();
        let rules = Rules::<Eight>::default();
        let materials = Material::all_with::<Eight>(4);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut found = Vec::new();
        for _ in 0..2_000_000 {
            if found.len() == count {
                break;
            }
            let index = SliceIndex::new::<Eight>(materials[rng.gen_range(0..materials.len())]);
            let Some(p) = index.position::<Eight>(rng.gen_range(0..index.len())) else {
                continue;
            };
            let pos = Checkers::from_pieces(rules, [p.own, p.opp], p.kings, 0);
            if pos.ending().is_some() {
                continue;
            }
            if let Some(v) = probe(&db, &pos) {
                if keep(v) {
                    found.push((pos, v));
                }
            }
        }
        assert_eq!(found.len(), count, "not enough positions found");
        found
    }

    /// Both sides playing the database: the winner wins in exactly the plies the database
    /// says (the winner hurries, the loser holds out), under the game's own rules.
    #[test]
    fn the_database_agent_plays_out_a_win_in_exactly_its_plies() {
        let spec = engine("database", &format!("[params]\n{}", database_param()));
        let mut agent = build_agent::<Eight>(&spec).unwrap();
        let long = |v: Value| matches!(v, Value::Win(d) if (9..=41).contains(&d));
        for (start, value) in positions(long, 12, 5) {
            let Value::Win(d) = value else { unreachable!() };
            let winner = start.side();
            let mut pos = start.clone();
            let mut plies = 0;
            while pos.ending().is_none() {
                let report = agent.choose(&pos, &Limits::default()).unwrap();
                pos.play(report.best);
                plies += 1;
                assert!(plies <= d, "{}: past {d} plies", start.format_position());
            }
            assert_eq!(plies, d, "{}", start.format_position());
            assert_eq!(
                pos.ending(),
                Some(crate::games::draughts::game::Ending::NoMove)
            );
            assert_ne!(
                pos.side(),
                winner,
                "{}: the loser is to move",
                start.format_position()
            );
        }
    }

    /// A search that probes the database reports the distance to the end a plain search to
    /// that depth proves without it, for wins and losses alike.
    #[test]
    fn a_probing_search_reports_the_distance_a_plain_search_proves() {
        let near = |v: Value| matches!(v, Value::Win(d) | Value::Loss(d) if (2..=7).contains(&d));
        let plain = "[params]\ntt_mb = 4\nquiescence = false";
        let probing = format!("{plain}\n{}", database_param());
        for (pos, value) in positions(near, 16, 9) {
            let want = match value {
                Value::Win(d) => d as i64,
                Value::Loss(d) => -(d as i64),
                Value::Draw => unreachable!(),
            };
            let mut searcher =
                crate::search::build_agent::<Checkers>(&engine("alphabeta", plain), 0).unwrap();
            let depth = want.unsigned_abs() as u32 + 1;
            let seen = searcher.choose(&pos, &Limits::depth(depth)).unwrap();
            assert_eq!(
                result_plies(seen.score),
                Some(want),
                "plain, {}",
                pos.format_position()
            );
            let mut prober =
                crate::search::build_agent::<Checkers>(&engine("alphabeta", &probing), 0).unwrap();
            let known = prober.choose(&pos, &Limits::depth(1)).unwrap();
            assert_eq!(
                result_plies(known.score),
                Some(want),
                "probing, {}",
                pos.format_position()
            );
        }
    }
}
