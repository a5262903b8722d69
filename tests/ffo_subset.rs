//! FFO endgame positions solved exactly: the score must be the best score listed in the file.
//! CI affords only the quicker ones (in release mode); the full 40-59 run is `scripts/speed/ffo.sh`
//! (results/ffo.md). The positions are in `tests/data/othello/` (the FFO suite, see its README).

use std::path::PathBuf;

use boardlab::game::Game;
use boardlab::games::othello::solve::Solver;
use boardlab::games::othello::Othello;

fn suite(name: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/othello")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {} (tests/data/othello): {e}", path.display()));
    text.lines().map(str::to_string).collect()
}

/// The first listed move's score, e.g. `A2:+38` gives 38.
fn expected_score(line: &str) -> i32 {
    let first = line
        .split(';')
        .nth(1)
        .expect("a best move after the position");
    let (_, score) = first.trim().split_once(':').expect("move:score");
    score.trim_start_matches('+').parse().expect("a score")
}

fn check(name: &str, number_of_first: usize, numbers: &[usize]) {
    let lines = suite(name);
    for &n in numbers {
        let line = &lines[n - number_of_first];
        let pos = Othello::parse_position(&Default::default(), line).expect("an FFO position");
        let sol = Solver::new(64).solve(&pos);
        assert_eq!(sol.score, expected_score(line), "FFO #{n}: {line}");
        // The move played must be one of those listed with the best score.
        let best = pos.format_move(sol.best.unwrap()).to_ascii_uppercase();
        let listed: Vec<&str> = line
            .split(';')
            .skip(1)
            .filter_map(|m| m.trim().split_once(':'))
            .filter(|(_, s)| s.trim_start_matches('+').parse::<i32>().ok() == Some(sol.score))
            .map(|(m, _)| m)
            .collect();
        assert!(
            listed.contains(&best.as_str()),
            "FFO #{n}: {best} not among {listed:?}"
        );
    }
}

#[test]
fn ffo_easy_endgames_1_to_19() {
    // 14-20 empties, fractions of a second each in release.
    check("fforum-1-19.obf", 1, &[1, 2, 3, 4, 5]);
}

#[test]
fn ffo_40_to_44() {
    // 20-23 empties, where the ordering searches run 1-2 plies deep: about 12 s in release.
    check("fforum-40-59.obf", 40, &[40, 41, 42, 43, 44]);
}
