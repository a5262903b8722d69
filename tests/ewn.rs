//! EinStein würfelt nicht: the shared conformance checks in every setup mode (the rules' own
//! tests live in src/games/ewn/tests.rs).

use boardlab::game::conformance::check_random_games;
use boardlab::game::{Game, RuleSet};
use boardlab::games::ewn::{Ewn, EwnRules};

#[test]
fn conformance_on_random_games() {
    for rules in [
        "",
        "setup=random,first=blue",
        "setup=fixed,red_setup=615/24/3",
    ] {
        let s = Ewn::new(&EwnRules::parse(rules).unwrap());
        let cov = check_random_games(&s, 200, 300, 21).unwrap();
        assert_eq!(
            cov.terminals, 200,
            "every game ends within 300 plies ({rules})"
        );
        assert!(cov.chance_nodes > 200 * 10);
    }
}

fn boardlab(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run boardlab");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn ewn_match_plays_seven_game_matches_and_replays_from_its_seed() {
    let args = [
        "ewn-match",
        "--a",
        "engines/ewn/random.toml",
        "--b",
        "engines/ewn/random.toml",
        "--matches",
        "5",
        "--clock-s",
        "0",
        "--seed",
        "4",
    ];
    let (code, out, err) = boardlab(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("matches: A "), "{out}");
    let games: usize = out
        .lines()
        .find_map(|l| l.strip_prefix("games:   A "))
        .and_then(|l| l.split(['/', ' ']).nth(1))
        .and_then(|n| n.parse().ok())
        .expect("a games line");
    assert!((20..=35).contains(&games), "{out}");
    assert_eq!(boardlab(&args).1, out, "same seed, same matches");
}

#[test]
fn ewn_match_refuses_an_engine_for_another_game() {
    let (code, _, err) = boardlab(&[
        "ewn-match",
        "--a",
        "engines/othello/random.toml",
        "--b",
        "engines/ewn/random.toml",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("othello"), "{err}");
}
