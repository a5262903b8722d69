//! Combines shard directories of one tournament into one directory: the parameters must agree
//! (apart from the shard), every game appears once, and the result is written sorted by index.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::error::ArenaError;
use super::manifest::Manifest;
use super::record::{games_path, load_games, ArenaRecord, GameWriter};

/// Reads the shards; returns the common manifest (shard cleared) and all games sorted by index.
pub fn merge_dirs(dirs: &[PathBuf]) -> Result<(Manifest, Vec<ArenaRecord>), ArenaError> {
    let mut common: Option<Manifest> = None;
    let mut shards = BTreeSet::new();
    let mut games = Vec::new();
    let mut seen = BTreeSet::new();
    for dir in dirs {
        let mut m = Manifest::load(dir)?;
        if let Some(s) = m.shard.take() {
            if !shards.insert(s) {
                return Err(ArenaError::ShardTwice {
                    dir: dir.display().to_string(),
                    shard: s,
                });
            }
        }
        match &common {
            None => common = Some(m),
            Some(c) => {
                let diff = c.differences(&m);
                if !diff.is_empty() {
                    return Err(ArenaError::NotAShard {
                        dir: dir.display().to_string(),
                        differs: diff,
                    });
                }
            }
        }
        for g in load_games(&games_path(dir), false)? {
            if !seen.insert(g.index) {
                return Err(ArenaError::GameInTwoShards(g.index));
            }
            games.push(g);
        }
    }
    let ns: BTreeSet<usize> = shards.iter().map(|s| s.1).collect();
    if ns.len() > 1 {
        return Err(ArenaError::MixedSplits(format!("{shards:?}")));
    }
    let m = common.ok_or(ArenaError::NothingToMerge)?;
    games.sort_by_key(|g| g.index);
    Ok((m, games))
}

/// Writes the merged manifest and games into `out` (which must not hold games yet).
pub fn write_merged(out: &Path, m: &Manifest, games: &[ArenaRecord]) -> Result<(), ArenaError> {
    std::fs::create_dir_all(out).map_err(|e| ArenaError::file("create", out, e))?;
    let path = games_path(out);
    if path.exists() {
        return Err(ArenaError::MergeTargetHoldsGames(
            path.display().to_string(),
        ));
    }
    m.save(out)?;
    let mut w = GameWriter::open(&path)?;
    for g in games {
        w.append(g)?;
    }
    Ok(())
}
