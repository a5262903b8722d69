//! The forbidden-point cases of AlphaGomoku's `tests/test_renju.cpp` (MaciejKozarzewski/
//! AlphaGomoku: double fours in one line, fake threes, threes whose straight-four point is itself
//! forbidden, fours that make a five), transcribed as data in
//! tests/data/gomoku/alphagomoku_test_renju.txt and replayed here step by step. The differential
//! test against PyPI `renju` is scripts/crosscheck/gomoku_forbidden.py.

use boardlab::game::{Game, RuleSet};
use boardlab::games::gomoku::board::{Board, BLACK, WHITE};
use boardlab::games::gomoku::forbidden::foul;
use boardlab::games::gomoku::{Gomoku, GomokuRules};

const DATA: &str = include_str!("data/gomoku/alphagomoku_test_renju.txt");

/// AlphaGomoku's move `Xk5`: colour, then (file, rank) with the test's row 5 = rank 15 - 5.
fn mv(board: &Board, text: &str) -> (usize, usize) {
    let colour = match &text[..1] {
        "X" => BLACK,
        "O" => WHITE,
        other => panic!("bad colour {other}"),
    };
    let file = (text.as_bytes()[1] - b'a') as usize;
    let row: usize = text[2..].parse().unwrap();
    (colour, board.point(file, 14 - row))
}

#[test]
fn alphagomoku_test_renju_cases() {
    let mut cases = 0;
    let mut checks = 0;
    let mut lines = DATA.lines().filter(|l| !l.starts_with('#')).peekable();
    while let Some(line) = lines.next() {
        let Some(name) = line.strip_prefix("case ") else {
            assert!(line.trim().is_empty(), "unexpected line {line:?}");
            continue;
        };
        let mut board = Board::new(15);
        for row in 0..15 {
            let cells: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
            assert_eq!(cells.len(), 15, "{name} row {row}");
            for (file, c) in cells.iter().enumerate() {
                let p = board.point(file, 14 - row);
                match *c {
                    "X" => board.put(BLACK, p),
                    "O" => board.put(WHITE, p),
                    "_" | "!" => {}
                    other => panic!("{name}: bad cell {other}"),
                }
            }
        }
        cases += 1;
        while let Some(step) = lines.peek().copied() {
            if step.trim().is_empty() || step.starts_with("case ") {
                break;
            }
            lines.next();
            let words: Vec<&str> = step.split_whitespace().collect();
            let (colour, p) = mv(&board, words[1]);
            match words[0] {
                "forbidden" | "allowed" => {
                    // White is never restricted.
                    let got = colour == BLACK && foul(&board, p).is_some();
                    assert_eq!(got, words[0] == "forbidden", "{name}: {step}");
                    checks += 1;
                }
                "play" => board.put(colour, p),
                "undo" => board.remove(colour, p),
                "wins" => {
                    // The game's own verdict after the move: a five wins even inside a shape
                    // that would otherwise be forbidden; a foul loses.
                    let rules = GomokuRules::parse("rule=renju,opening=free").unwrap();
                    let text = position_text(&board, colour);
                    let mut s = Gomoku::parse_position(&rules, &text).unwrap();
                    s.play(p as u16);
                    let winner = if words[2] == "black" { 0 } else { 1 };
                    assert!(s.is_terminal(), "{name}: {step}");
                    assert_eq!(s.returns().get(winner), 1.0, "{name}: {step}");
                    checks += 1;
                }
                other => panic!("{name}: bad step {other}"),
            }
        }
    }
    assert_eq!(cases, 19);
    assert!(checks >= 60, "{checks}");
}

fn position_text(board: &Board, to_move: usize) -> String {
    let mut rows = Vec::new();
    for rank in (0..15).rev() {
        let row: String = (0..15)
            .map(|f| match board.at(board.point(f, rank)) {
                Some(BLACK) => 'x',
                Some(_) => 'o',
                None => '.',
            })
            .collect();
        rows.push(row);
    }
    format!(
        "{} {}",
        rows.join("/"),
        if to_move == BLACK { 'x' } else { 'o' }
    )
}

/// Speed of the exact checker (not a test of speed: it prints, for results/BENCHMARKS.md):
/// `cargo test --release --test integration gomoku_forbidden:: -- --ignored --nocapture`.
#[test]
#[ignore]
fn forbidden_checks_per_second() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let mut boards = Vec::new();
    while boards.len() < 2000 {
        let mut b = Board::new(15);
        let mut black = Vec::new();
        for ply in 0..rng.gen_range(20..90) {
            let colour = ply % 2;
            let p = if colour == BLACK && !black.is_empty() && rng.gen_bool(0.85) {
                let q: usize = black[rng.gen_range(0..black.len())];
                let f = ((q % 15) as i32 + rng.gen_range(-2..=2)).clamp(0, 14) as usize;
                let r = ((q / 15) as i32 + rng.gen_range(-2..=2)).clamp(0, 14) as usize;
                r * 15 + f
            } else {
                rng.gen_range(0..225)
            };
            if b.is_empty(p) {
                b.put(colour, p);
                if colour == BLACK {
                    black.push(p);
                }
            }
        }
        boards.push(b);
    }
    let t = std::time::Instant::now();
    let (mut checks, mut fouls) = (0u64, 0u64);
    for b in &boards {
        for p in 0..225 {
            if b.is_empty(p) {
                checks += 1;
                fouls += foul(b, p).is_some() as u64;
            }
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{checks} points checked ({fouls} forbidden) in {s:.3} s: {:.0} checks/s",
        checks as f64 / s
    );
}
