//! Combines shard directories of one tournament into one directory: the parameters must agree
//! (apart from the shard), every game appears once, and the result is written sorted by index.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::manifest::Manifest;
use super::record::{games_path, load_games, ArenaRecord, GameWriter};

/// Reads the shards; returns the common manifest (shard cleared) and all games sorted by index.
pub fn merge_dirs(dirs: &[PathBuf]) -> Result<(Manifest, Vec<ArenaRecord>), String> {
    let mut common: Option<Manifest> = None;
    let mut shards = BTreeSet::new();
    let mut games = Vec::new();
    let mut seen = BTreeSet::new();
    for dir in dirs {
        let mut m = Manifest::load(dir)?;
        if let Some(s) = m.shard.take() {
            if !shards.insert(s) {
                return Err(format!(
                    "{}: shard {}/{} given twice",
                    dir.display(),
                    s.0,
                    s.1
                ));
            }
        }
        match &common {
            None => common = Some(m),
            Some(c) => {
                let diff = c.differences(&m);
                if !diff.is_empty() {
                    return Err(format!(
                        "{} is not a shard of the same tournament (differs in: {})",
                        dir.display(),
                        diff.join(", ")
                    ));
                }
            }
        }
        for g in load_games(&games_path(dir), false)? {
            if !seen.insert(g.index) {
                return Err(format!("game {} appears in more than one shard", g.index));
            }
            games.push(g);
        }
    }
    let ns: BTreeSet<usize> = shards.iter().map(|s| s.1).collect();
    if ns.len() > 1 {
        return Err(format!("shards of different splits: {shards:?}"));
    }
    let m = common.ok_or("nothing to merge")?;
    games.sort_by_key(|g| g.index);
    Ok((m, games))
}

/// Writes the merged manifest and games into `out` (which must not hold games yet).
pub fn write_merged(out: &Path, m: &Manifest, games: &[ArenaRecord]) -> Result<(), String> {
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let path = games_path(out);
    if path.exists() {
        return Err(format!(
            "{} exists; merge into a new directory",
            path.display()
        ));
    }
    m.save(out)?;
    let mut w = GameWriter::open(&path)?;
    for g in games {
        w.append(g)?;
    }
    Ok(())
}
