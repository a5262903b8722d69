//! The endgame database as the search sees it: an engine file names it (`[params] database =
//! "file"`, written by `boardlab solve --game oware --seeds N --out file`), and alpha-beta
//! probes it at every node below the root with at most N seeds on the board
//! (`eval::ExactValues`). A database built for other rules is refused.

use std::path::PathBuf;
use std::sync::Arc;

use crate::engine_file::EngineSpec;
use crate::eval::ExactValues;
use crate::game::solved_tables::SolvedTables;
use crate::game::{Game, RuleSet};

use super::database::{rotate, Database};
use super::game::{Oware, SOUTH};
use super::rules::OwareRules;

/// Engines in one process share a loaded database.
fn load_shared(path: &PathBuf) -> Result<Arc<Database>, String> {
    static DATABASES: SolvedTables<PathBuf, Database> = SolvedTables::new();
    DATABASES.get_or_try_build(path.clone(), || Database::load(path))
}

/// Database values for the search.
pub struct Probe {
    pub db: Arc<Database>,
}

/// The final score difference for the side to move under perfect play (its captured lead plus
/// the board's value), when the game goes on, the board has few enough seeds and the rules give
/// boards the database's values.
pub fn final_lead(db: &Database, state: &Oware) -> Option<i32> {
    if state.is_over() || !db.rules.same_values(state.rules()) {
        return None;
    }
    let b = if state.side() == SOUTH {
        *state.houses()
    } else {
        rotate(state.houses())
    };
    let v = db.value(&b)?;
    Some(state.captured_lead() + v as i32)
}

impl ExactValues<Oware> for Probe {
    fn value(&self, state: &Oware) -> Option<f64> {
        final_lead(&self.db, state).map(|d| d.signum() as f64)
    }
}

/// The database an engine file names, checked against the engine's rules.
pub fn from_spec(spec: &EngineSpec) -> Result<Option<Arc<dyn ExactValues<Oware>>>, String> {
    let Some(path) = crate::eval::backends::database_param(spec)? else {
        return Ok(None);
    };
    let rules =
        OwareRules::parse(&spec.rules).map_err(|e| format!("engine {:?}: {e}", spec.name))?;
    let db = load_shared(&path)?;
    if !db.rules.same_values(&rules) {
        return Err(format!(
            "engine {:?}: database {} was built for rules {:?}, the engine plays {:?}",
            spec.name,
            path.display(),
            db.rules.value_rules_text(),
            rules.value_rules_text()
        ));
    }
    Ok(Some(Arc::new(Probe { db })))
}
