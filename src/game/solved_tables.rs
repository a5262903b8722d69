//! Solved tables (a solution, an endgame database) that every agent of one process shares:
//! built or loaded the first time an engine asks for one, then handed out again, since a table
//! can take seconds to build and hundreds of megabytes to hold. Ur's and Oware's engine files
//! name their tables by path; Three-way solves one per rule set in memory.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock};

/// A process-wide cache of tables by key, meant for a `static`. Tables are built under the
/// lock, so two engines asking at once build one table, not two.
pub struct SolvedTables<K, V> {
    tables: OnceLock<Mutex<HashMap<K, Arc<V>>>>,
}

impl<K: Eq + Hash, V> SolvedTables<K, V> {
    pub const fn new() -> Self {
        SolvedTables {
            tables: OnceLock::new(),
        }
    }

    /// The table for `key`, built by `build` the first time it is asked for; an error from
    /// `build` is returned and nothing is kept, so a later call tries again.
    pub fn get_or_try_build<E>(
        &self,
        key: K,
        build: impl FnOnce() -> Result<V, E>,
    ) -> Result<Arc<V>, E> {
        // A build that panicked left no entry half made: the map is still sound.
        let mut tables = self
            .tables
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(table) = tables.get(&key) {
            return Ok(table.clone());
        }
        let table = Arc::new(build()?);
        tables.insert(key, table.clone());
        Ok(table)
    }

    /// The table for `key`, built by `build` the first time it is asked for.
    pub fn get_or_build(&self, key: K, build: impl FnOnce() -> V) -> Arc<V> {
        match self.get_or_try_build(key, || Ok::<V, std::convert::Infallible>(build())) {
            Ok(table) => table,
            Err(never) => match never {},
        }
    }
}

impl<K: Eq + Hash, V> Default for SolvedTables<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_built_once_and_shared() {
        static TABLES: SolvedTables<u32, String> = SolvedTables::new();
        let mut builds = 0;
        let a = TABLES.get_or_build(1, || {
            builds += 1;
            "one".to_string()
        });
        let b = TABLES.get_or_build(1, || {
            builds += 1;
            "again".to_string()
        });
        assert_eq!(builds, 1);
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(*TABLES.get_or_build(2, || "two".to_string()), "two");
    }

    #[test]
    fn a_failed_build_is_not_kept() {
        let tables: SolvedTables<&str, u8> = SolvedTables::new();
        assert_eq!(
            tables.get_or_try_build("t", || Err("missing")),
            Err("missing")
        );
        assert_eq!(
            *tables.get_or_try_build("t", || Ok::<u8, &str>(7)).unwrap(),
            7
        );
    }
}
