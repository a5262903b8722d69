//! The race games (Aeroplane chess, Maya cross, Big Cat, Three-way) through the shared checks
//! and the command line: random games under every rule option set through the contract's
//! conformance checks (`RACE_GAMES` games a set, CI-sized by default; `RACE_GAMES=100000` is
//! the full count, run once and reported in results/race.md), the drawings, the solvers, and a
//! four-player tournament with its seat tables. The rules' own tests live in each game folder.

use boardlab::game::conformance::{check_random_games, Coverage};
use boardlab::game::{Game, RuleSet};
use boardlab::games::aeroplane::Aero;
use boardlab::games::bigcat::BigCat;
use boardlab::games::mayacross::Maya;
use boardlab::games::threeway::ThreeWay;
use rayon::prelude::*;

use crate::common::boardlab;

fn games_per_set(ci: usize) -> usize {
    std::env::var("RACE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(ci)
}

/// `games` random games of `G` under `rules`, in parallel blocks of 1,000 seeded by block;
/// every game must end within `max_plies`.
fn conformance<G: Game>(rules: &str, games: usize, max_plies: usize) -> Coverage {
    let start = G::new(&G::Rules::parse(rules).expect("rules"));
    let blocks = games.div_ceil(1000);
    let parts: Vec<Result<Coverage, String>> = (0..blocks)
        .into_par_iter()
        .map(|b| {
            let n = 1000.min(games - b * 1000);
            check_random_games(&start, n, max_plies, 1000 + b as u64)
        })
        .collect();
    let mut total = Coverage::default();
    for p in parts {
        let c = p.unwrap_or_else(|e| panic!("{} {rules}: {e}", G::ID));
        total.games += c.games;
        total.positions += c.positions;
        total.chance_nodes += c.chance_nodes;
        total.terminals += c.terminals;
    }
    assert_eq!(
        total.terminals,
        games,
        "{} {rules}: every game ends within {max_plies} plies",
        G::ID
    );
    if std::env::var("RACE_GAMES").is_ok() {
        eprintln!(
            "{} {rules:?}: {} games, {} positions ({} chance nodes), all ended",
            G::ID,
            total.games,
            total.positions,
            total.chance_nodes
        );
    }
    total
}

#[test]
fn aeroplane_random_games_keep_every_promise() {
    let n = games_per_set(40);
    conformance::<Aero>("", n, 200_000);
    for rules in [
        "preset=common",
        "players=2",
        "players=3,launch=5,three_sixes=true",
        "teams=true",
        "teams=true,team_end=first,launch=even",
        "exact=false,crossing=1,crossing_hits=false,scoring=win",
        "weather=true,items=true",
    ] {
        conformance::<Aero>(rules, n.div_ceil(10).max(10), 200_000);
    }
}

#[test]
fn maya_cross_random_games_keep_every_promise() {
    let n = games_per_set(100);
    conformance::<Maya>("", n, 100_000);
    conformance::<Maya>("players=4", n, 100_000);
    for rules in [
        "attack=may,same_piece=true",
        "players=4,island=7,attack=may",
    ] {
        conformance::<Maya>(rules, n.div_ceil(10).max(10), 100_000);
    }
}

#[test]
fn big_cat_random_games_keep_every_promise() {
    let n = games_per_set(200);
    for rules in ["players=2", "players=3", "players=4"] {
        conformance::<BigCat>(rules, n, 100_000);
    }
    conformance::<BigCat>("players=4,zigzag=inward", n.div_ceil(10).max(10), 100_000);
}

#[test]
fn three_way_random_games_keep_every_promise() {
    let n = games_per_set(200);
    conformance::<ThreeWay>("", n, 1_000_000);
    conformance::<ThreeWay>("move=walk", n.div_ceil(10).max(10), 1_000_000);
}

#[test]
fn every_race_game_is_listed_and_drawn() {
    let (code, list, err) = boardlab(&["list"]);
    assert_eq!(code, 0, "{err}");
    for id in ["aeroplane", "mayacross", "bigcat", "threeway"] {
        assert!(list.contains(id), "{id} missing from boardlab list");
        let (code, text, err) = boardlab(&["show", "--game", id]);
        assert_eq!(code, 0, "{id}: {err}");
        assert!(text.lines().count() > 12, "{id} drawing:\n{text}");
    }
    // The drawings mark what the seeds name.
    let (_, big, _) = boardlab(&["show", "--game", "bigcat"]);
    assert_eq!(
        big.matches('+').count(),
        72,
        "72 points, and the start with the pieces:\n{big}"
    );
    let (_, maya, _) = boardlab(&["show", "--game", "mayacross"]);
    assert_eq!(maya.matches('^').count(), 8, "{maya}");
    assert_eq!(maya.matches('@').count(), 4, "{maya}");
    let (code, _, err) = boardlab(&["show", "--game", "aeroplane", "--rules", "players=5"]);
    assert_ne!(code, 0);
    assert!(err.contains("players=5"), "{err}");
}

#[test]
fn the_solvers_report_seat_values_and_agree_with_simulation() {
    let (code, text, err) = boardlab(&[
        "solve",
        "--game",
        "bigcat",
        "--rules",
        "players=2",
        "--simulate",
        "20000",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("states           45,796"), "{text}");
    assert!(text.contains("seat a") && text.contains("z = "), "{text}");
    let (code, text, err) = boardlab(&["solve", "--game", "threeway", "--simulate", "20000"]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("optimal pairs    a 25, b 34, c 16"), "{text}");
    // Every z-score printed is small.
    for line in text.lines().filter(|l| l.contains("z = ")) {
        let z: f64 = line.rsplit("z = ").next().unwrap().trim().parse().unwrap();
        assert!(z.abs() < 4.5, "{line}");
    }
    // The walk reading has no stationary solution: the residual is reported, no values.
    let (code, text, err) = boardlab(&["solve", "--game", "threeway", "--rules", "move=walk"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("not converged") && !text.contains("seat a"),
        "{text}"
    );
    let (code, _, err) = boardlab(&["solve", "--game", "mayacross"]);
    assert_ne!(code, 0);
    assert!(err.contains("no solver"), "{err}");
}

#[test]
fn four_player_tournaments_rotate_seats_and_report_them() {
    let dir = std::env::temp_dir().join(format!("race-tournament-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().unwrap();
    let (code, text, err) = boardlab(&[
        "tournament",
        "--engines",
        "engines/mayacross/random.toml",
        "engines/mayacross/random-b.toml",
        "engines/mayacross/greedy.toml",
        "engines/mayacross/mcts.toml",
        "--rules",
        "players=4",
        "--games",
        "4",
        "--random-openings",
        "0",
        "--playouts",
        "20",
        "--quiet",
        "--out",
        out,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("(4 of 4 games played)"), "{text}");
    assert!(text.contains("| seat | games | won (95%)"), "{text}");
    for seat in ["a", "b", "c", "d"] {
        assert!(
            text.contains(&format!("| {seat} | 4 |")),
            "seat {seat}: {text}"
        );
    }
    assert!(
        text.contains("| mcts | d | 1 |"),
        "every engine at every seat once: {text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
