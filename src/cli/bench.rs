//! `boardlab bench`: Stockfish's `bench` for the lab. A fixed list of positions per game with an
//! alpha-beta engine file, each searched to a fixed depth from an empty table; the total node
//! count is a signature that changes only when search behaviour changes (tests/bench_signature.rs
//! records it), and nodes/s measures speed (on a quiet machine: see results/BENCHMARKS.md).
//! `--engine` benches another engine file of one game on the same positions (a selective engine
//! reaches the same depth with fewer nodes).

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::{CliError, CliResult};
use crate::agent::Limits;
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::with_game;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// One game only (default: every game of the list).
    #[arg(long)]
    game: Option<String>,
    /// Search threads (lazy SMP); node counts are a signature only with 1.
    #[arg(long, default_value_t = 1)]
    threads: u32,
    /// Bench this engine file instead of the game's own (needs --game).
    #[arg(long)]
    engine: Option<PathBuf>,
    /// Depth instead of the game's bench depth.
    #[arg(long)]
    depth: Option<u32>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// One game's bench: its engine file (the repository's, built in), depth and positions (from
/// seeded random games: the first of each game's lines in tests/data/search/pinned.tsv).
struct BenchGame {
    id: &'static str,
    engine: &'static str,
    depth: u32,
    positions: &'static [&'static str],
}

const BENCH: &[BenchGame] = &[
    BenchGame {
        id: "othello",
        engine: include_str!("../../engines/othello/ab-d4.toml"),
        depth: 9,
        positions: &[
            "------------------OX-------OX------XO--------------------------- X",
            "--------------------------XXX------XO--------------------------- O",
            "-XXO--OXXXXO--OX-OXXXXO--XOXOXO---OOXOXX-OOXOX--OOOO--X-OOOO---X X",
            "-O---XO-XXOXXOOO-X-OOXO-XXXOOXX--XOXOXOXX-OXXXOO--OXX----OOX---- O",
            "XXX-XO----XXX---X-OOXX-O-OOXXXXXOOOOOOOX-XXXXXOO---O-OOO-----O-O X",
            "-XXX-O---XXXX---X-XXOXXX-XOOO---XOOXOOXXOOO-OXX---O-OOX----XXXX- O",
        ],
    },
    BenchGame {
        id: "draughts",
        engine: include_str!("../../engines/draughts/ab.toml"),
        depth: 9,
        positions: &[
            "W:W26,31-35,37-50:B1-16,18,20,21,24",
            "B:W26,28,33-50:B1-15,17-21",
            "W:W30-34,36-50:B1-16,18-21",
            "B:W29,31,32,34-50:B1-20",
            "W:W29,35-37,39,40,43-47,50:B1-6,10,15,16,19,20,22,25",
            "B:W26,34,35,37,39,41,42,44,46-48,50:B1-4,6,7,9-11,15,22,27",
        ],
    },
    BenchGame {
        id: "checkers",
        engine: include_str!("../../engines/checkers/ab.toml"),
        depth: 11,
        positions: &[
            "B:W9,21,23,24,26-32:B1-8,11,12",
            "W:W21,22,24-32:B1-8,12-14,20",
            "B:W20-27,29-32:B1-8,11,12,14,15",
            "W:W17,21,23-32:B1-10,12,19",
            "B:W17,22-32:B1-11,16",
            "W:W21-32:B1-8,10-12,14",
        ],
    },
    BenchGame {
        id: "gomoku",
        engine: include_str!("../../engines/gomoku/ab-fast.toml"),
        depth: 4,
        positions: &[
            "8o6/15/15/15/15/15/15/7x7/7o7/6x8/15/15/15/15/15 o pick=f3,i10",
            "15/15/15/15/o14/15/15/6xx7/8o6/15/15/15/15/15/15 x swapped offer=k4",
            "15/15/15/15/15/15/6o8/7x7/9x5/15/15/15/15/2o12/15 x swapped offer",
            "15/15/15/15/15/9x5/15/6ox7/15/15/15/15/15/15/15 o swapped",
            "15/15/15/15/15/15/15/5x1x7/8o6/15/15/15/10x4/9o5/15 o",
            "13o1/15/15/15/15/15/7o7/7x7/15/7x7/15/15/15/15/15 o swapped pick=o6,g14",
        ],
    },
    BenchGame {
        id: "jungle",
        engine: include_str!("../../engines/jungle/ab.toml"),
        depth: 7,
        positions: &[
            "l6/2w2ct/r1p3e/3d3/7/7/EC2P1R/5W1/T1D3L g - - 0",
            "l5t/2w2c1/rp2d1e/7/7/7/ECDP2R/T4WL/7 r - - 0",
            "l5t/5c1/rwp1d1e/7/7/7/E1D1P1R/T2C1W1/5L1 g - - 0",
            "l4t1/1w5/2p1dce/r6/7/E6/2D3R/C3PW1/T5L r - - 0",
        ],
    },
    BenchGame {
        id: "nogo",
        engine: include_str!("../../engines/nogo/ab.toml"),
        depth: 4,
        positions: &[
            ".o.x....o/........./x....x.../........./........./....x..ox/........./........./....o.o.. x",
            "......x../....x..../o......../..x....../........./.....o.../........./x.......o/......o.x o",
            "x......../........o/.....x.../...x...../........./..o....../x......../.o......o/......... x",
            "xx......./........./.......o./........./........./........./...o...../......x.o/..x...... o",
        ],
    },
    BenchGame {
        id: "oware",
        engine: include_str!("../../engines/oware/ab.toml"),
        depth: 11,
        positions: &[
            "1,2,9,0,1,10/9,0,0,8,3,3 0 2 N",
            "2,8,0,6,2,0/2,8,0,8,1,9 0 2 S",
            "8,0,4,8,1,0/8,7,6,0,2,2 0 2 N",
            "2,7,7,1,6,0/0,7,0,1,8,7 2 0 S",
        ],
    },
];

/// One game's figures.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameBench {
    pub game: &'static str,
    pub engine: String,
    pub depth: u32,
    pub positions: usize,
    pub nodes: u64,
    pub ms: u64,
    pub nps: f64,
}

pub fn run(args: BenchArgs) -> CliResult {
    if args.threads == 0 || args.threads > 1024 {
        return Err(CliError(format!(
            "--threads {} must be from 1 to 1024",
            args.threads
        )));
    }
    if args.depth == Some(0) {
        return Err(CliError("--depth 0: a limit must be at least 1".into()));
    }
    let games: Vec<&BenchGame> = match &args.game {
        Some(g) => match BENCH.iter().find(|b| b.id == g) {
            Some(b) => vec![b],
            None => return bench_unpinned(&args, g),
        },
        None => {
            if args.engine.is_some() {
                return Err(CliError("--engine needs --game".into()));
            }
            BENCH.iter().collect()
        }
    };
    let mut results = Vec::new();
    for b in games {
        let spec = bench_spec(&args, Some(b.engine))?;
        let depth = args.depth.unwrap_or(b.depth);
        let positions: Vec<String> = b.positions.iter().map(|p| p.to_string()).collect();
        let r = with_game!(b.id, |G| bench_game::<G>(b.id, &positions, &spec, depth))??;
        print_line(&args, &r);
        results.push(r);
    }
    print_total(&args, &results)
}

/// The engine file a bench searches with: `--engine`, else the game's built-in one, with the
/// thread count of `--threads`.
fn bench_spec(args: &BenchArgs, built_in: Option<&str>) -> Result<EngineSpec, CliError> {
    let mut spec = match (&args.engine, built_in) {
        (Some(path), _) => EngineSpec::load(path)?,
        (None, Some(text)) => EngineSpec::from_toml(text)?,
        (None, None) => unreachable!("callers without a built-in engine require --engine"),
    };
    if spec.backend != "alphabeta" {
        return Err(CliError(format!(
            "bench searches with alpha-beta; engine {:?} is {}",
            spec.name, spec.backend
        )));
    }
    spec.params
        .insert("threads".into(), toml::Value::Integer(args.threads as i64));
    Ok(spec)
}

/// Positions a game without a pinned bench is benched on: the start and `UNPINNED_POSITIONS - 1`
/// decision nodes of seeded random games (the same on every machine), so every registered game
/// has a node signature. Its depth defaults to `UNPINNED_DEPTH`.
const UNPINNED_POSITIONS: usize = 8;
const UNPINNED_DEPTH: u32 = 4;

/// `bench --game <id> --engine <file>` for a registered game that has no pinned positions.
fn bench_unpinned(args: &BenchArgs, game: &str) -> CliResult {
    let id = crate::games::GAME_IDS
        .iter()
        .copied()
        .find(|&id| id == game)
        .ok_or_else(|| {
            CliError(format!(
                "unknown game {game:?} (games: {})",
                crate::games::GAME_IDS.join(", ")
            ))
        })?;
    if args.engine.is_none() {
        return Err(CliError(format!(
            "{id} has no built-in bench engine: give one with --engine (pinned benches: {})",
            BENCH.iter().map(|b| b.id).collect::<Vec<_>>().join(", ")
        )));
    }
    let spec = bench_spec(args, None)?;
    let depth = args.depth.unwrap_or(UNPINNED_DEPTH);
    let r = with_game!(id, |G| {
        let positions = seeded_positions::<G>(&Default::default(), UNPINNED_POSITIONS);
        bench_game::<G>(id, &positions, &spec, depth)
    })??;
    print_line(args, &r);
    print_total(args, &[r])
}

/// The start position and decision nodes after 1, 2, ... random steps of seeded games.
fn seeded_positions<G: GameKnowledge>(rules: &G::Rules, count: usize) -> Vec<String> {
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(0xBE7C);
    let mut out = vec![G::new(rules).format_position()];
    let mut plies = 1;
    while out.len() < count && plies < 64 * count {
        let mut steps = 0;
        let state = crate::game::playout::random_walk(G::new(rules), &mut rng, |_| {
            steps += 1;
            steps > plies
        });
        if state.current_player().is_some() {
            out.push(state.format_position());
        }
        plies += 1;
    }
    out
}

fn print_line(args: &BenchArgs, r: &GameBench) {
    if !args.json {
        out!(
            "{:<10} {:<14} depth {:>2}  positions {}  nodes {:>11}  {:>7} ms  {:>10.0} nodes/s",
            r.game,
            r.engine,
            r.depth,
            r.positions,
            r.nodes,
            r.ms,
            r.nps
        );
    }
}

fn print_total(args: &BenchArgs, results: &[GameBench]) -> CliResult {
    let nodes: u64 = results.iter().map(|r| r.nodes).sum();
    let ms: u64 = results.iter().map(|r| r.ms).sum();
    let nps = nodes as f64 * 1000.0 / ms.max(1) as f64;
    if args.json {
        out!(
            "{}",
            serde_json::json!({
                "games": results,
                "nodes": nodes,
                "ms": ms,
                "nps": nps,
                "threads": args.threads,
            })
        );
    } else {
        out!("total nodes (signature) {nodes}  {ms} ms  {nps:.0} nodes/s");
    }
    Ok(())
}

fn bench_game<G: GameKnowledge>(
    id: &'static str,
    positions: &[String],
    spec: &EngineSpec,
    depth: u32,
) -> Result<GameBench, CliError> {
    let mut agent = crate::search::build_agent::<G>(spec, 0)?;
    let mut nodes = 0;
    let started = Instant::now();
    for text in positions {
        let pos = G::parse_position(&Default::default(), text)?;
        agent.new_game();
        let r = agent.choose(&pos, &Limits::depth(depth))?;
        nodes += r.nodes;
    }
    let ms = started.elapsed().as_millis() as u64;
    Ok(GameBench {
        game: id,
        engine: spec.name.clone(),
        depth,
        positions: positions.len(),
        nodes,
        ms,
        nps: nodes as f64 * 1000.0 / ms.max(1) as f64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_engine_and_position_is_valid() {
        for b in BENCH {
            let spec = EngineSpec::from_toml(b.engine).unwrap();
            assert_eq!(spec.game, b.id);
            assert_eq!(spec.backend, "alphabeta");
            with_game!(b.id, |G| {
                for p in b.positions {
                    let s = G::parse_position(&Default::default(), p).unwrap();
                    assert!(s.current_player().is_some(), "{p}");
                }
            })
            .unwrap();
        }
    }
}
