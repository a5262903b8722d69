//! Tic-tac-toe against the numbers everyone knows (255,168 games: 131,184 won by x, 77,904 by
//! o, 46,080 drawn; 5,478 reachable positions) and against a second, plain implementation
//! written from the rules on a bare array.

use std::collections::HashSet;

use crate::game::perft::perft;
use crate::game::{Game, MoveList, PerftConvention, RuleSet, Turn};

use super::{TicTacToe, TicTacToeRules};

fn start() -> TicTacToe {
    TicTacToe::new(&TicTacToeRules::default())
}

/// Every finished game's result from x's side: (x wins, o wins, draws), walking the contract.
fn results(state: &TicTacToe, acc: &mut (u64, u64, u64)) {
    match state.turn() {
        Turn::Terminal => match state.returns().get(0) {
            v if v > 0.0 => acc.0 += 1,
            v if v < 0.0 => acc.1 += 1,
            _ => acc.2 += 1,
        },
        _ => {
            let mut moves = MoveList::new();
            state.legal_moves(&mut moves);
            for &mv in moves.iter() {
                let mut child = state.clone();
                child.play(mv);
                results(&child, acc);
            }
        }
    }
}

#[test]
fn game_counts_are_the_published_ones() {
    let mut acc = (0, 0, 0);
    results(&start(), &mut acc);
    assert_eq!(acc, (131_184, 77_904, 46_080));
    // A finished game is a leaf, so perft at the full depth counts every game once.
    assert_eq!(perft(&start(), 9, PerftConvention::TerminalIsLeaf), 255_168);
}

#[test]
fn reachable_positions_are_5478() {
    let mut seen = HashSet::new();
    let mut stack = vec![start()];
    while let Some(s) = stack.pop() {
        if !seen.insert(s.format_position()) {
            continue;
        }
        let mut moves = MoveList::new();
        s.legal_moves(&mut moves);
        for &mv in moves.iter() {
            let mut child = s.clone();
            child.play(mv);
            stack.push(child);
        }
    }
    assert_eq!(seen.len(), 5_478);
}

/// The second implementation: a bare array, its own win test, its own leaf count.
fn slow_perft(cells: &mut [u8; 9], to_move: u8, depth: u32) -> u64 {
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    let won = LINES
        .iter()
        .any(|l| cells[l[0]] != 0 && cells[l[0]] == cells[l[1]] && cells[l[1]] == cells[l[2]]);
    let full = cells.iter().all(|&c| c != 0);
    if depth == 0 || won || full {
        return 1;
    }
    let mut n = 0;
    for i in 0..9 {
        if cells[i] == 0 {
            cells[i] = to_move;
            n += slow_perft(cells, 3 - to_move, depth - 1);
            cells[i] = 0;
        }
    }
    n
}

#[test]
fn perft_equals_the_second_implementation_at_every_depth() {
    for depth in 0..=9 {
        let fast = perft(&start(), depth, PerftConvention::TerminalIsLeaf);
        assert_eq!(fast, slow_perft(&mut [0; 9], 1, depth), "depth {depth}");
    }
    assert_eq!(perft(&start(), 4, PerftConvention::TerminalIsLeaf), 3_024);
}

#[test]
fn misere_turns_the_winner_around() {
    let rules = TicTacToeRules::parse("misere=true").unwrap();
    let s = TicTacToe::parse_position(&rules, "xxx/oo./... o").unwrap();
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.returns().get(0), -1.0, "x made the line, so x loses");
    let normal = TicTacToe::parse_position(&TicTacToeRules::default(), "xxx/oo./... o").unwrap();
    assert_eq!(normal.returns().get(0), 1.0);
}

#[test]
fn impossible_positions_and_bad_text_are_errors_naming_the_text() {
    let r = TicTacToeRules::default();
    for (text, needle) in [
        ("xxx/.../... o", "3 x and 0 o"),
        ("xx./o../... x", "it is o to move"),
        ("xxx/ooo/x.. o", "both x and o"),
        ("xx/.../... x", "rank 3 is 2 cells"),
        ("x../.../..é o", "rank 1"),
        ("x../.../... z", "side to move"),
        ("x../... o", "2 rows"),
    ] {
        let err = TicTacToe::parse_position(&r, text).unwrap_err().to_string();
        assert!(err.contains(needle), "{text:?}: {err}");
    }
    let s = TicTacToe::parse_position(&r, "x../.../... o").unwrap();
    assert!(s.parse_move("a3").is_err(), "a3 is taken");
    assert!(s.parse_move("d1").is_err());
    assert!(s.parse_move("").is_err());
    assert_eq!(s.format_move(s.parse_move("c1").unwrap()), "c1");
}
