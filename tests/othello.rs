//! Othello: perft against the published tables (Aart Bik; OEIS A124004), the shared conformance checks,
//! text round trips on random positions, and refusal of malformed input.

use boardlab::game::conformance::check_random_games;
use boardlab::game::{perft_bulk, Game, PerftConvention, RuleSet};
use boardlab::games::othello::{Othello, OthelloRules};
use proptest::prelude::*;

fn start() -> Othello {
    Othello::new(&OthelloRules::default())
}

const COMMON: [u64; 8] = [4, 12, 56, 244, 1396, 8200, 55092, 390216];

fn check_table(convention: PerftConvention, tail: [u64; 2]) {
    let s = start();
    for (i, &expected) in COMMON.iter().chain(tail.iter()).enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(
            perft_bulk(&s, depth, convention),
            expected,
            "depth {depth} convention {convention:?}"
        );
    }
}

#[test]
fn perft_convention_a_aart_bik_to_depth_10() {
    check_table(PerftConvention::TerminalIsLeaf, [3005288, 24571284]);
}

#[test]
fn perft_convention_b_oeis_a124004_to_depth_10() {
    check_table(PerftConvention::DropTerminal, [3005288, 24571056]);
}

#[test]
fn perft_convention_c_free_pass_to_depth_10() {
    check_table(PerftConvention::PassIsFree, [3005320, 24571420]);
}

#[test]
fn bulk_and_plain_perft_agree() {
    let s = start();
    for c in [
        PerftConvention::TerminalIsLeaf,
        PerftConvention::DropTerminal,
    ] {
        assert_eq!(boardlab::game::perft(&s, 7, c), perft_bulk(&s, 7, c));
    }
}

#[test]
fn parallel_start_differs_and_is_symmetric() {
    let rules = OthelloRules::parse("start=parallel").unwrap();
    let s = Othello::new(&rules);
    assert_eq!(
        s.format_position(),
        "---------------------------OO------XX--------------------------- X"
    );
    // The parallel setup has 4 first moves too, but a different tree below.
    assert_eq!(perft_bulk(&s, 1, PerftConvention::TerminalIsLeaf), 4);
    assert_ne!(perft_bulk(&s, 6, PerftConvention::TerminalIsLeaf), 8200);
}

#[test]
fn conformance_on_random_games() {
    for setup in ["start=crossed", "start=parallel"] {
        let s = Othello::new(&OthelloRules::parse(setup).unwrap());
        let cov = check_random_games(&s, 300, 200, 11).unwrap();
        assert_eq!(cov.terminals, 300, "every random game reaches its end");
        assert!(cov.positions > 300 * 55);
    }
}

#[test]
fn ffo_positions_read_and_round_trip() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/othello");
    let mut n = 0;
    for name in [
        "fforum-1-19.obf",
        "fforum-20-39.obf",
        "fforum-40-59.obf",
        "fforum-60-79.obf",
    ] {
        let text =
            std::fs::read_to_string(dir.join(name)).expect("the FFO files in tests/data/othello");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let pos = Othello::parse_position(&OthelloRules::default(), line).unwrap();
            assert_eq!(
                pos.format_position(),
                line.split(';').next().unwrap().trim()
            );
            n += 1;
        }
    }
    assert_eq!(n, 79, "FFO positions 1-79");
}

#[test]
fn malformed_positions_are_refused_with_the_text() {
    let rules = OthelloRules::default();
    let board = "---------------------------OX------XO---------------------------";
    let cases = [
        ("".to_string(), "empty"),
        (board.to_string(), "missing side"),
        (format!("{board} Z"), "bad side"),
        (format!("{} X", &board[1..]), "expected 64 squares"),
        (format!("{board}- X"), "expected 64 squares"),
        (format!("{}Q X", &board[1..]), "bad square"),
        (format!("{board} X extra"), "unexpected text"),
    ];
    for (text, why) in cases {
        let err = Othello::parse_position(&rules, &text).unwrap_err();
        assert!(err.reason.contains(why), "{text:?}: {err}");
        assert_eq!(err.text, text);
    }
}

#[test]
fn illegal_and_malformed_moves_are_refused() {
    let mut s = start();
    assert!(s.play_text("a1").is_err(), "a1 flips nothing at the start");
    assert!(s.play_text("pass").is_err(), "no pass while moves exist");
    assert!(s.play_text("i9").is_err());
    assert!(s.play_text("d3").is_ok());
    assert!(OthelloRules::parse("start=diagonal").is_err());
    assert!(OthelloRules::parse("colour=red").is_err());
}

#[test]
fn forced_pass_and_game_end() {
    // Only black discs: neither side can move, the game is over and black has won.
    let s = Othello::parse_position(&OthelloRules::default(), &format!("XX{} O", "-".repeat(62)))
        .unwrap();
    assert_eq!(s.count_legal_moves(), 0);
    assert!(s.is_terminal());
    assert_eq!(s.returns().as_slice(), &[1.0, -1.0]);
    assert_eq!(
        s.final_disc_difference(),
        -64,
        "white to move has lost everything, empties to the winner"
    );
    let s = Othello::parse_position(
        &OthelloRules::default(),
        &format!("OX-{} X", "-".repeat(61)),
    )
    .unwrap();
    // Black (X on b1) cannot move; white (O on a1) can play c1 flipping b1.
    let mut moves = boardlab::game::MoveList::new();
    s.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!(s.format_move(moves[0]), "pass");
}

fn arb_position() -> impl Strategy<Value = Othello> {
    (any::<u64>(), any::<u64>(), any::<bool>()).prop_map(|(a, b, white)| {
        let black = a;
        let white_discs = b & !a;
        Othello::from_discs(OthelloRules::default(), black, white_discs, white as usize)
    })
}

proptest! {
    #[test]
    fn text_round_trips_on_random_positions(pos in arb_position()) {
        let text = pos.format_position();
        let back = Othello::parse_position(&OthelloRules::default(), &text).unwrap();
        prop_assert_eq!(back, pos);
        prop_assert_eq!(back.hash(), pos.hash_from_scratch());
    }

    #[test]
    fn random_positions_pass_conformance(pos in arb_position()) {
        boardlab::game::conformance::check_position(&pos).map_err(TestCaseError::fail)?;
    }
}
