//! With every selective feature off, alpha-beta searches exactly as it did before selectivity
//! came: the same best move, score and node count on fixed positions of every game that has an
//! alpha-beta engine file and default rules (Othello, international draughts, English
//! checkers, gomoku, jungle, NoGo, oware; Wa shogi's engine files set rules and are left out).
//!
//! `tests/data/search/pinned.tsv` holds one line a search: game, engine file, depth, position,
//! best move, score, nodes. It was written on the code before any selective feature existed
//! (commit "tests/search_pin.rs: pin ..."; each line is also what `boardlab search --game G
//! --engine E --position P --depth D --json` printed there), so a line that differs now is a
//! change of plain alpha-beta. `BOARDLAB_PIN_WRITE=1 cargo test --release --test integration search_pin::`
//! rewrites it: only for a change meant to alter plain search (move order, a game's move list).

use std::fmt::Write as _;
use std::path::Path;

use boardlab::agent::Limits;
use boardlab::engine_file::EngineSpec;
use boardlab::eval::GameKnowledge;
use boardlab::game::{playout::random_walk, Game};
use rand::SeedableRng;

const DATA: &str = "tests/data/search/pinned.tsv";

/// (game, engine file, depth, seed of the positions, how many, plies of the random walks).
const CASES: &[(&str, &str, u32, u64, usize, usize)] = &[
    ("othello", "engines/othello/ab-d4.toml", 6, 1, 8, 40),
    ("othello", "engines/othello/ab-fast.toml", 5, 2, 4, 30),
    ("draughts", "engines/draughts/ab.toml", 6, 3, 8, 40),
    ("draughts", "engines/draughts/ab-noq.toml", 6, 4, 4, 30),
    ("checkers", "engines/checkers/ab.toml", 7, 5, 8, 30),
    ("gomoku", "engines/gomoku/ab-fast.toml", 3, 6, 4, 16),
    ("gomoku", "engines/gomoku/ab-nothreats.toml", 3, 7, 4, 16),
    ("jungle", "engines/jungle/ab.toml", 5, 8, 4, 30),
    ("nogo", "engines/nogo/ab.toml", 3, 9, 4, 20),
    ("oware", "engines/oware/ab.toml", 7, 10, 4, 40),
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `count` positions of seeded random games, each `1..=plies` plies in and not over.
fn positions<G: Game>(seed: u64, count: usize, plies: usize) -> Vec<G> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut i = 0;
    while out.len() < count {
        let target = 1 + (i * 7919 + seed as usize) % plies;
        i += 1;
        let mut left = target;
        let s = random_walk(G::new(&Default::default()), &mut rng, |_| {
            let done = left == 0;
            left = left.saturating_sub(1);
            done
        });
        if s.current_player().is_some() {
            out.push(s);
        }
    }
    out
}

/// One search with the engine file's params (one thread, so node counts are exact).
fn search<G: GameKnowledge>(engine: &str, depth: u32, pos: &G) -> (String, f64, u64) {
    let spec = EngineSpec::load(&root().join(engine)).expect("engine file");
    // Lazy SMP's node counts depend on the threads' timing: pinned engines search alone.
    assert!(
        spec.params
            .get("threads")
            .is_none_or(|t| t.as_integer() == Some(1)),
        "{engine}: pinned searches need one thread"
    );
    let mut agent = boardlab::search::build_agent::<G>(&spec, 0).expect("agent");
    agent.new_game();
    let r = agent.choose(pos, &Limits::depth(depth)).expect("a move");
    (pos.format_move(r.best), r.score, r.nodes)
}

fn lines_for<G: GameKnowledge>(
    game: &str,
    engine: &str,
    depth: u32,
    seed: u64,
    n: usize,
    p: usize,
) -> String {
    let mut out = String::new();
    for pos in positions::<G>(seed, n, p) {
        // Searched from its text, as the check does, so writing and checking see one position.
        let text = pos.format_position();
        let (best, score, nodes) = rerun::<G>(engine, depth, &text);
        writeln!(
            out,
            "{game}\t{engine}\t{depth}\t{text}\t{best}\t{score}\t{nodes}"
        )
        .unwrap();
    }
    out
}

fn all_lines() -> String {
    let mut out = String::new();
    for &(game, engine, depth, seed, n, p) in CASES {
        out += &boardlab::with_game!(game, |G| lines_for::<G>(game, engine, depth, seed, n, p))
            .expect("game id");
    }
    out
}

/// Reruns one pinned line from its position text (not from the random walk, so the positions
/// stay fixed even if a game's random playouts change).
fn rerun<G: GameKnowledge>(engine: &str, depth: u32, text: &str) -> (String, f64, u64) {
    let pos = G::parse_position(&Default::default(), text).expect("pinned position parses");
    search::<G>(engine, depth, &pos)
}

#[test]
fn plain_alphabeta_is_unchanged_on_pinned_positions() {
    let path = root().join(DATA);
    if std::env::var_os("BOARDLAB_PIN_WRITE").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, all_lines()).unwrap();
    }
    let text = std::fs::read_to_string(&path).expect("pinned data");
    let mut checked = 0;
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 7, "bad line {line:?}");
        let (game, engine, depth) = (f[0], f[1], f[2].parse::<u32>().unwrap());
        let got = boardlab::with_game!(game, |G| rerun::<G>(engine, depth, f[3])).unwrap();
        let want = (
            f[4].to_string(),
            f[5].parse::<f64>().unwrap(),
            f[6].parse::<u64>().unwrap(),
        );
        assert_eq!(got, want, "{game} {engine} depth {depth} at {}", f[3]);
        checked += 1;
    }
    let games: std::collections::BTreeSet<&str> =
        text.lines().filter_map(|l| l.split('\t').next()).collect();
    assert_eq!(
        games.into_iter().collect::<Vec<_>>(),
        ["checkers", "draughts", "gomoku", "jungle", "nogo", "othello", "oware"]
    );
    assert!(checked >= 40, "{checked}");
}
