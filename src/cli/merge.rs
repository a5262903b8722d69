//! `boardlab merge`: combine the result directories of a tournament's shards into one.

use std::path::PathBuf;

use clap::Args;

use super::CliResult;
use crate::arena::merge::{merge_dirs, write_merged};
use crate::arena::runner::planned_count;

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shard directories (each written by `boardlab tournament --shard i/N`).
    #[arg(num_args = 1.., required = true)]
    dirs: Vec<PathBuf>,
    /// The merged directory (new).
    #[arg(long)]
    out: PathBuf,
}

pub fn run(args: MergeArgs) -> CliResult {
    let (m, games) = merge_dirs(&args.dirs)?;
    write_merged(&args.out, &m, &games)?;
    let planned = planned_count(&m);
    if m.match_format.is_none() && games.len() < planned {
        eprintln!(
            "boardlab merge: {} of {planned} games present; shards are missing or unfinished",
            games.len()
        );
    }
    super::tournament::finish(&args.out, &m, planned, &games)
}
