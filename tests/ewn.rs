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

use crate::common::{boardlab, games_without_times};

/// The seed's match format is `--match-format ewn7` of the arena (tests/arena_match_format.rs
/// tests it in depth); here: the documented command runs and replays from its seed.
#[test]
fn seven_game_matches_replay_from_their_seed() {
    let dir = std::env::temp_dir().join(format!("ewn-matches-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = |out: &str| {
        let out = dir.join(out);
        let out = out.to_str().unwrap();
        let (code, text, err) = boardlab(&[
            "match",
            "engines/ewn/expectimax.toml",
            "engines/ewn/random.toml",
            "--match-format",
            "ewn7,clock=none",
            "--games",
            "2",
            "--random-openings",
            "0",
            "--seed",
            "4",
            "--quiet",
            "--out",
            out,
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(text.contains("(2 of 2 matches played"), "{text}");
        std::fs::read_to_string(dir.join(out).join("games.jsonl")).unwrap()
    };
    let games = run("a");
    assert!((8..=14).contains(&games.lines().count()), "{games}");
    assert_eq!(
        games_without_times(&run("b")),
        games_without_times(&games),
        "same seed, same matches (move times aside)"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn matches_refuse_an_engine_for_another_game() {
    let (code, _, err) = boardlab(&[
        "match",
        "engines/othello/random.toml",
        "engines/ewn/random.toml",
        "--match-format",
        "ewn7",
        "--out",
        "/nonexistent/never-written",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("othello"), "{err}");
}
