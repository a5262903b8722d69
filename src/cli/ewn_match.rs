//! `boardlab ewn-match`: matches in the seed's EWN format (at most seven games, first to four,
//! A moves first in games 1, 4, 5 and B in 2, 3, 6, 7, three minutes a side a game) between two
//! engine files, many matches in parallel, with the game and match totals. The arena's general
//! `match`/`tournament` commands play colour-swapped pairs instead; this is the seed's format.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use rayon::prelude::*;

use super::{CliError, CliResult};
use crate::arena::stats::{Wdl, Z95};
use crate::engine::EngineSpec;
use crate::game::RuleSet;
use crate::games::ewn::match_format::{run_match, Contestant, MatchClock, MatchGame};
use crate::games::ewn::{Ewn, EwnRules};
use crate::search::build_agent;

#[derive(Args, Debug)]
pub struct EwnMatchArgs {
    /// Engine file of contestant A (甲).
    #[arg(long)]
    a: PathBuf,
    /// Engine file of contestant B (乙).
    #[arg(long)]
    b: PathBuf,
    /// How many matches.
    #[arg(long, default_value_t = 1)]
    matches: u64,
    /// Rule options, `key=value,key=value` (default: the players choose their setups, the first
    /// mover of each game plays red).
    #[arg(long, default_value = "")]
    rules: String,
    /// Each side's clock a game in seconds (the seed: 180); 0 plays by the engine files' limits
    /// alone, which makes matches replay exactly from the seed.
    #[arg(long, default_value_t = 180.0)]
    clock_s: f64,
    /// Seed for the dice and the engines.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write every game record (JSON lines) here.
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run(args: EwnMatchArgs) -> CliResult {
    let rules = EwnRules::parse(&args.rules)?;
    let spec_a = EngineSpec::load(&args.a)?;
    let spec_b = EngineSpec::load(&args.b)?;
    // Check both engine files before starting.
    build_agent::<Ewn>(&spec_a, 0)?;
    build_agent::<Ewn>(&spec_b, 0)?;
    let clock = if args.clock_s > 0.0 {
        Some(MatchClock {
            clock: Duration::from_secs_f64(args.clock_s),
            ..Default::default()
        })
    } else {
        None
    };
    let results: Vec<(Contestant, Vec<MatchGame>)> = (0..args.matches)
        .into_par_iter()
        .map(|i| {
            let seed = args.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i;
            let mut a = build_agent::<Ewn>(&spec_a, seed).expect("checked above");
            let mut b = build_agent::<Ewn>(&spec_b, seed ^ 0xB).expect("checked above");
            let (score, games) = run_match(
                a.as_mut(),
                b.as_mut(),
                [spec_a.limits, spec_b.limits],
                &rules,
                clock,
                seed,
            );
            (score.winner().expect("a finished match"), games)
        })
        .collect();
    if let Some(path) = &args.out {
        let mut text = String::new();
        for (_, games) in &results {
            for g in games {
                text.push_str(&serde_json::to_string(&g.record)?);
                text.push('\n');
            }
        }
        std::fs::write(path, text)
            .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
    }
    let matches_a = results.iter().filter(|r| r.0 == Contestant::A).count();
    let games: Vec<&MatchGame> = results.iter().flat_map(|r| r.1.iter()).collect();
    let wins_a = games.iter().filter(|g| g.winner == Contestant::A).count();
    let first_wins = games.iter().filter(|g| g.winner == g.first).count();
    let forfeits: Vec<&str> = games
        .iter()
        .filter(|g| g.reason != "terminal")
        .map(|g| g.reason.as_str())
        .collect();
    println!(
        "A = {} ({}), B = {} ({}), rules {}",
        spec_a.name,
        args.a.display(),
        spec_b.name,
        args.b.display(),
        rules.to_text()
    );
    println!(
        "matches: A {matches_a} - B {} of {}",
        results.len() - matches_a,
        results.len()
    );
    println!("games:   A {}", score_line(wins_a, games.len()));
    println!(
        "the first mover won {first_wins} of {} games; {} games lost on time or by engine failure{}",
        games.len(),
        forfeits.len(),
        forfeits
            .first()
            .map(|r| format!(" (first: {r})"))
            .unwrap_or_default()
    );
    Ok(())
}

/// `wins/n, score s ± 95%, Elo e ± 95%` from the arena's trinomial statistics (no draws in EWN).
pub fn score_line(wins: usize, n: usize) -> String {
    let wdl = Wdl {
        wins: wins as u64,
        draws: 0,
        losses: (n - wins) as u64,
    };
    match wdl.elo() {
        None => "no games".into(),
        Some(e) => format!(
            "{wins}/{n} wins, score {:.3} ± {:.3}, Elo {:+.0} ± {:.0} (95%)",
            wdl.score(),
            Z95 * (wdl.variance() / n as f64).sqrt(),
            e.elo,
            e.error
        ),
    }
}
