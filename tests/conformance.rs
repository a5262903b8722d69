//! One conformance test over every registered game, as OpenSpiel runs one playthrough test over
//! all of its games: a game added to the registry (`games::for_each_game!`) is checked here
//! without a line of test code of its own. Per game:
//!
//! - the registry: ids unique, `boardlab list` shows each, the default rules' text reads back;
//! - random games from the start through `game::conformance` (hashes, text round trips of
//!   positions and moves, turn and move-list agreement, returns at the end);
//! - perft: the plain walk, the bulk count and the parallel split agree at every depth up to a
//!   node budget, from the start and from a random middle position;
//! - an in-process engine of each shared back end the game can take answers a legal move.
//!
//! Then the example game (`tictactoe`, the one docs/adding-a-game.md builds) through the binary:
//! perft, the line protocol, a tournament of an in-process engine against the same engine served
//! over the line protocol, and bench, none of which names the game in its code.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use boardlab::agent::Limits;
use boardlab::engine_file::EngineSpec;
use boardlab::eval::GameKnowledge;
use boardlab::game::conformance::check_random_games;
use boardlab::game::perft::{perft, perft_bulk, perft_parallel};
use boardlab::game::playout::random_walk;
use boardlab::game::{Game, RuleSet};
use boardlab::games::GAME_IDS;
use boardlab::with_game;
use rand::SeedableRng;

use crate::common::boardlab;

/// Random games per game and their length cap: enough to reach the end of the short games and
/// the middle of the long ones, in seconds for all of them together.
const GAMES: usize = 12;
const MAX_PLIES: usize = 400;
/// Perft depths are raised until a depth counts more leaves than this.
const PERFT_BUDGET: u64 = 60_000;

#[test]
fn registry_ids_are_unique_and_listed() {
    let mut ids: Vec<&str> = GAME_IDS.to_vec();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), GAME_IDS.len(), "a game id is registered twice");
    let (code, listed, err) = boardlab(&["list"]);
    assert_eq!(code, 0, "{err}");
    for id in GAME_IDS {
        assert!(
            listed
                .lines()
                .any(|l| l.split_whitespace().next() == Some(id)),
            "`boardlab list` does not show {id}:\n{listed}"
        );
        let found = with_game!(*id, |G| G::ID).unwrap();
        assert_eq!(found, *id, "with_game!({id}) dispatches to {found}");
    }
    assert!(with_game!("no-such-game", |G| G::ID).is_err());
}

#[test]
fn every_registered_game_passes_the_contract_checks() {
    let mut failures = Vec::new();
    for (i, id) in GAME_IDS.iter().enumerate() {
        let checked = with_game!(*id, |G| conform::<G>(i as u64)).unwrap();
        if let Err(e) = checked {
            failures.push(format!("{id}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn conform<G: GameKnowledge>(seed: u64) -> Result<(), String> {
    let rules = G::Rules::default();
    let text = rules.to_text();
    let back = G::Rules::parse(&text).map_err(|e| format!("default rules {text:?}: {e}"))?;
    if back != rules {
        return Err(format!("default rules {text:?} read back as {back:?}"));
    }
    let start = G::new(&rules);
    let cov = check_random_games(&start, GAMES, MAX_PLIES, seed)?;
    if cov.positions < GAMES {
        return Err(format!(
            "random games covered only {} positions",
            cov.positions
        ));
    }
    perft_agrees(&start)?;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut steps = 0;
    let middle = random_walk(start.clone(), &mut rng, |_| {
        steps += 1;
        steps > 12
    });
    perft_agrees(&middle)?;
    engines_answer_legally(&start)
}

fn perft_agrees<G: Game>(state: &G) -> Result<(), String> {
    for depth in 1..=6 {
        let slow = perft(state, depth, G::PERFT_CONVENTION);
        let bulk = perft_bulk(state, depth, G::PERFT_CONVENTION);
        let parallel = perft_parallel(state, depth, G::PERFT_CONVENTION);
        if bulk != slow || parallel != slow {
            return Err(format!(
                "perft {depth} from {:?}: walk {slow}, bulk {bulk}, parallel {parallel}",
                state.format_position()
            ));
        }
        if slow > PERFT_BUDGET {
            break;
        }
    }
    Ok(())
}

/// The shared back ends each answer a legal move at the first decision node: random always;
/// greedy, alpha-beta and MCTS where the game takes them (a hidden-information game refuses
/// the back ends that would read the true state, which is an answer too, an error).
fn engines_answer_legally<G: GameKnowledge>(start: &G) -> Result<(), String> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let state = random_walk(start.clone(), &mut rng, |s: &G| {
        s.current_player().is_some()
    });
    if state.current_player().is_none() {
        return Ok(());
    }
    for (backend, limits) in [
        ("random", Limits::default()),
        ("greedy", Limits::default()),
        // Depth 1: EinStein's first decision is a setup (720 of them), and depth 2 there is
        // 720 x 720 setups, minutes of search for a test that asks only for a legal answer.
        ("alphabeta", Limits::depth(1)),
        ("mcts", Limits::playouts(50)),
    ] {
        let toml = format!(
            "name = \"{backend}\"\ngame = \"{}\"\nbackend = \"{backend}\"\n",
            G::ID
        );
        let spec = EngineSpec::from_toml(&toml).map_err(|e| e.to_string())?;
        let mut agent = match boardlab::search::build_agent::<G>(&spec, 1) {
            Ok(agent) => agent,
            Err(_) if backend != "random" => continue,
            Err(e) => return Err(format!("{backend}: {e}")),
        };
        let report = agent
            .choose(&state, &limits)
            .map_err(|e| format!("{backend} at {:?}: {e:?}", state.format_position()))?;
        if !state.is_legal(report.best) {
            return Err(format!(
                "{backend} chose an illegal move at {:?}",
                state.format_position()
            ));
        }
    }
    Ok(())
}

fn tempdir(tag: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("boardlab-conformance-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_example_game_gets_perft_and_the_line_protocol_for_free() {
    let (code, out, err) = boardlab(&["perft", "--game", "tictactoe", "--depth", "9"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("255168"),
        "every game of tic-tac-toe is a leaf at depth 9: {out}"
    );

    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["serve", "--protocol", "line", "--game", "tictactoe"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"position startpos moves b2 a1 c3\nlegal\nprint\nmoves a3 a2\nturn\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("legal b1 c1 a2 c2 a3 b3"), "{text}");
    assert!(text.contains("position ..x/.x./o.. o"), "{text}");
    // a3 then a2 is o's move first: o gets a3, x a2, and it is o's turn.
    assert!(text.contains("turn 1"), "{text}");
}

#[test]
fn the_example_game_gets_the_arena_and_bench_for_free() {
    let dir = tempdir("example");
    let ab = dir.join("ab.toml");
    std::fs::write(
        &ab,
        "name = \"ab\"\ngame = \"tictactoe\"\nbackend = \"alphabeta\"\n[limits]\ndepth = 9\n",
    )
    .unwrap();
    let served = dir.join("served.toml");
    std::fs::write(
        &served,
        format!(
            "name = \"served\"\ngame = \"tictactoe\"\nbackend = \"external\"\nprotocol = \"line\"\n\
             command = [{:?}, \"serve\", \"--protocol\", \"line\", \"--game\", \"tictactoe\", \"--engine\", {:?}]\n",
            env!("CARGO_BIN_EXE_boardlab"),
            ab.display().to_string()
        ),
    )
    .unwrap();
    let out = dir.join("out");
    let (code, _, err) = boardlab(&[
        "tournament",
        "--engines",
        ab.to_str().unwrap(),
        served.to_str().unwrap(),
        "--games",
        "4",
        "--seed",
        "5",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let games = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    assert_eq!(games.lines().count(), 4);
    // Perfect play on both sides from any opening that is not already lost: draws, mostly.
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(summary["played_games"], 4, "{summary}");

    let (code, out, err) = boardlab(&[
        "bench",
        "--game",
        "tictactoe",
        "--engine",
        ab.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let bench: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert!(bench["nodes"].as_u64().unwrap() > 0, "{bench}");
    let _ = std::fs::remove_dir_all(&dir);
}
