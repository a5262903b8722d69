//! Gomoku and renju: perft from the empty board, the contract's conformance checks under every
//! rule, position text round trips and refusals, the opening steps (RIF's swap and fifth-move
//! offers, Swap2), black's forbidden moves under both `forbidden` options, the replacement game,
//! the engine's search hooks, and SGF export.

use boardlab::agent::Limits;
use boardlab::engine_file::EngineSpec;
use boardlab::eval::SearchHints;
use boardlab::game::conformance::check_random_games;
use boardlab::game::{perft_bulk, Game, MoveList, PerftConvention, RuleSet, Turn};
use boardlab::games::gomoku::{Gomoku, GomokuRules};

fn rules(text: &str) -> GomokuRules {
    GomokuRules::parse(text).unwrap()
}

fn at(rules_text: &str, position: &str) -> Gomoku {
    Gomoku::parse_position(&rules(rules_text), position).unwrap()
}

fn play(s: &mut Gomoku, moves: &str) {
    for m in moves.split_whitespace() {
        s.play_text(m)
            .unwrap_or_else(|e| panic!("{m}: {e} at {}", s.format_position()));
    }
}

#[test]
fn perft_freestyle_from_the_empty_board() {
    let s = Gomoku::new(&rules("rule=freestyle,opening=free"));
    for (depth, expected) in [(1, 225u64), (2, 50_400), (3, 11_239_200)] {
        assert_eq!(
            perft_bulk(&s, depth, PerftConvention::TerminalIsLeaf),
            expected
        );
    }
}

#[test]
fn conformance_on_random_games() {
    for r in [
        "rule=freestyle,opening=free",
        "rule=standard,opening=centre",
        "rule=renju",
        "rule=renju,forbidden=refused",
        "rule=renju,opening=swap2",
        "rule=freestyle,size=3,opening=free",
        "rule=renju,size=19",
        "rule=replace,size=6",
        "rule=replace,size=5,replaced=captured,opening=free",
    ] {
        let s = Gomoku::new(&rules(r));
        let cov = check_random_games(&s, 40, 500, 3).unwrap_or_else(|e| panic!("{r}: {e}"));
        assert!(cov.terminals >= 30, "{r}: {cov:?}");
    }
}

#[test]
fn position_text_reads_back_and_bad_text_is_refused() {
    let r = "rule=renju,opening=free";
    let s = at(r, "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 o");
    assert_eq!(
        s.format_position(),
        "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 o"
    );
    let dotted = at(
        r,
        "15/15/15/15/15/15/15/.......x......./15/15/15/15/15/15/15 o",
    );
    assert_eq!(dotted.format_position(), s.format_position());
    for bad in [
        "",
        "15/15 x",
        "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15",
        "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 z",
        "15/15/15/15/15/15/15/7q7/15/15/15/15/15/15/15 x",
        "15/15/15/15/15/15/15/7x8/15/15/15/15/15/15/15 x",
        "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 o frobnicate",
        "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 o swap",
        "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 o foul=a1",
        "xxxxx10/ooooo10/15/15/15/15/15/15/15/15/15/15/15/15/15 x",
    ] {
        assert!(Gomoku::parse_position(&rules(r), bad).is_err(), "{bad:?}");
    }
    for bad in ["", "z9", "h16", "h0", "swapp", "p1", "\u{0}"] {
        assert!(s.parse_move(bad).is_err(), "{bad:?}");
    }
    for bad in [
        "size=2",
        "size=20",
        "rule=caro",
        "opening=pro",
        "forbidden=maybe",
        "nosuch=1",
    ] {
        assert!(GomokuRules::parse(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn rif_opening_is_played_as_moves() {
    let mut s = Gomoku::new(&rules(""));
    let legal = |s: &Gomoku| {
        let mut m = MoveList::new();
        s.legal_moves(&mut m);
        m.iter().map(|&x| s.format_move(x)).collect::<Vec<_>>()
    };
    // The opener puts black on the centre, white next to it, black within the 5x5.
    assert_eq!(legal(&s), ["h8"]);
    assert_eq!(s.turn(), Turn::Player(0));
    play(&mut s, "h8");
    assert_eq!(legal(&s).len(), 8);
    assert_eq!(
        s.turn(),
        Turn::Player(0),
        "the opener puts the white stone too"
    );
    play(&mut s, "h9");
    assert_eq!(legal(&s).len(), 23);
    assert!(s.play_text("a1").is_err());
    play(&mut s, "h10");
    // Tentative white swaps.
    assert_eq!(s.turn(), Turn::Player(1));
    assert_eq!(legal(&s), ["swap", "keep"]);
    let text = s.format_position();
    assert!(text.ends_with(" o swap"), "{text}");
    assert_eq!(
        Gomoku::parse_position(s.rules(), &text)
            .unwrap()
            .format_position(),
        text
    );
    play(&mut s, "swap");
    // Seat 0 now holds white and plays move 4.
    assert_eq!(s.turn(), Turn::Player(0));
    assert!(s.format_position().contains("swapped"));
    play(&mut s, "i8");
    // Black (seat 1) offers two fifth moves; symmetric ones are refused.
    assert_eq!(s.turn(), Turn::Player(1));
    assert!(s.format_position().ends_with(" offer"));
    play(&mut s, "f6");
    assert!(
        s.format_position().ends_with(" offer=f6"),
        "{}",
        s.format_position()
    );
    let text = s.format_position();
    assert_eq!(
        Gomoku::parse_position(s.rules(), &text)
            .unwrap()
            .format_position(),
        text
    );
    assert!(s.play_text("f6").is_err());
    play(&mut s, "j5");
    assert!(
        s.format_position().ends_with(" pick=j5,f6"),
        "{}",
        s.format_position()
    );
    // White (seat 0) keeps one; it stands as black's fifth stone, and white plays move 6.
    assert_eq!(s.turn(), Turn::Player(0));
    let mut picks = legal(&s);
    picks.sort();
    assert_eq!(picks, ["f6", "j5"]);
    play(&mut s, "j5");
    assert_eq!(s.turn(), Turn::Player(0));
    assert_eq!(s.board().total_stones(), 5);
    assert!(
        s.format_position().ends_with(" o swapped"),
        "{}",
        s.format_position()
    );
}

#[test]
fn offers_symmetric_to_the_first_are_refused() {
    // h8 h9 h10 i8: no symmetry left, every point may be offered; h8 h9 h10 g... keep a mirror.
    let mut s = Gomoku::new(&rules(""));
    play(&mut s, "h8 h9 h10 keep h6");
    // The position is symmetric about the h file: g5's mirror i5 is refused after g5.
    play(&mut s, "g5");
    assert!(s.play_text("i5").is_err());
    play(&mut s, "i4");
}

#[test]
fn swap2_offers_three_choices_and_the_colour_choice() {
    let mut s = Gomoku::new(&rules("opening=swap2"));
    play(&mut s, "a1 o15 h8");
    assert_eq!(s.turn(), Turn::Player(1));
    let mut m = MoveList::new();
    s.legal_moves(&mut m);
    assert_eq!(m.len(), 3);
    play(&mut s, "place2");
    assert_eq!(s.turn(), Turn::Player(1));
    play(&mut s, "b2 c3");
    assert_eq!(s.turn(), Turn::Player(0));
    assert!(
        s.format_position().ends_with(" x choose"),
        "{}",
        s.format_position()
    );
    play(&mut s, "swap");
    // The opener took white: seat 0 plays move 6 as white.
    assert_eq!(s.turn(), Turn::Player(0));
    assert_eq!(s.side(), 1);
}

/// A black stone on h8 would make two open threes: f8 g8 h8 and h8 h9 h10.
const DOUBLE_THREE: &str = "15/15/15/15/15/7x7/7x7/5xx8/15/15/15/15/15/15/o1o1o1o8 x";

#[test]
fn a_forbidden_move_loses_or_is_refused() {
    let mut s = at("rule=renju,opening=free", DOUBLE_THREE);
    assert_eq!(s.extras()[0].1, ["h8"]);
    play(&mut s, "h8");
    assert!(s.is_terminal());
    assert_eq!(s.returns().get(0), -1.0, "black lost by the foul");
    let text = s.format_position();
    assert!(text.ends_with("foul=h8"), "{text}");
    assert!(Gomoku::parse_position(s.rules(), &text)
        .unwrap()
        .is_terminal());
    let s = at("rule=renju,opening=free,forbidden=refused", DOUBLE_THREE);
    assert!(!s.is_legal(s.parse_move("h8").unwrap()));
    // Freestyle has no forbidden points.
    let mut s = at("rule=freestyle,opening=free", DOUBLE_THREE);
    play(&mut s, "h8");
    assert!(!s.is_terminal());
}

#[test]
fn fives_overlines_and_the_rules() {
    // Black x x x x . x on row 1: a1 makes six. Renju: forbidden; standard: no win; freestyle: win.
    let pos = "15/15/15/15/15/15/15/15/15/15/15/15/o14/oo13/1xxxx1x8 x";
    let mut s = at("rule=renju,opening=free", pos);
    play(&mut s, "f1");
    assert!(
        s.is_terminal() && s.returns().get(0) < 0.0,
        "overline is a foul"
    );
    let mut s = at("rule=standard,opening=free", pos);
    play(&mut s, "f1");
    assert!(!s.is_terminal(), "overline wins nothing");
    let mut s = at("rule=freestyle,opening=free", pos);
    play(&mut s, "f1");
    assert!(s.is_terminal() && s.returns().get(0) > 0.0);
    // White's overline wins under renju.
    let pos = "15/15/15/15/15/15/15/15/15/15/15/15/x14/xxx12/1oooo1o8 o";
    let mut s = at("rule=renju,opening=free", pos);
    play(&mut s, "f1");
    assert!(s.is_terminal() && s.returns().get(1) > 0.0);
}

#[test]
fn the_replacement_game_replaces_and_ends_when_the_stones_run_out() {
    // Black makes five on row 1 and replaces white's a15; supplies are counted down.
    let pos = "o14/15/15/15/15/15/15/15/15/15/15/15/15/ooo12/xxxx11 x";
    let mut s = at("rule=replace,opening=free", pos);
    assert!(
        s.format_position().ends_with("supply=109,108"),
        "{}",
        s.format_position()
    );
    play(&mut s, "e1");
    assert!(!s.is_terminal());
    assert!(
        s.format_position().contains(" replace"),
        "{}",
        s.format_position()
    );
    play(&mut s, "a15");
    assert!(
        s.format_position().ends_with(" o supply=107,109"),
        "{}",
        s.format_position()
    );
    // A tiny board: the first to use up its stones wins.
    let mut s = Gomoku::new(&rules("rule=replace,size=3,opening=free"));
    while !s.is_terminal() {
        let mut m = MoveList::new();
        s.legal_moves(&mut m);
        s.play(m[0]);
    }
    // No five fits on 3x3: white's 4th stone (ply 8) runs out before black's 5th (ply 9).
    assert_eq!(s.returns().get(1), 1.0, "white's stones run out first");
}

/// A 15x15 position text from (rank, row text) pairs, every other rank empty.
fn board(ranks: &[(usize, &str)], side: &str) -> String {
    let rows: Vec<String> = (1..=15)
        .rev()
        .map(|rank| {
            ranks
                .iter()
                .find(|(r, _)| *r == rank)
                .map(|(_, t)| t.to_string())
                .unwrap_or_else(|| "15".to_string())
        })
        .collect();
    format!("{} {side}", rows.join("/"))
}

#[test]
fn the_replacement_game_keeps_blacks_forbidden_moves_and_needs_a_new_five() {
    // "整个游戏过程中，黑方有禁手": black's overline (d1 joins a1-c1 and e1-f1) is a foul under
    // rule=replace (the default replace_fouls=true), as in renju.
    let pos = board(&[(1, "xxx1xx9"), (3, "o1o1o1o1o6")], "x");
    let mut s = at("rule=replace,opening=free", &pos);
    play(&mut s, "d1");
    assert!(
        s.is_terminal() && s.returns().get(1) > 0.0,
        "{}",
        s.format_position()
    );
    // Without them (replace_fouls=false, the reading before issue 42) the six is a five that
    // earns a replacement.
    let mut s = at("rule=replace,opening=free,replace_fouls=false", &pos);
    play(&mut s, "d1");
    assert!(!s.is_terminal());
    assert!(
        s.format_position().contains(" replace"),
        "{}",
        s.format_position()
    );
    // "自己形成五子连线": extending a five to six forms no new five, so no replacement...
    let pos = board(&[(2, "ooooo10"), (14, "x1x1x1x1x1x4")], "o");
    for rules_text in [
        "rule=replace,opening=free",
        "rule=replace,opening=free,replace_fouls=false",
    ] {
        let mut s = at(rules_text, &pos);
        play(&mut s, "f2");
        let text = s.format_position();
        assert!(
            !text.contains(" replace") && text.contains(" x supply="),
            "{text}"
        );
    }
    // ... while a new five earns one (white: five or more).
    let pos = board(&[(2, "oooo11"), (14, "x1x1x1x1x6")], "o");
    let mut s = at("rule=replace,opening=free", &pos);
    play(&mut s, "e2");
    assert!(
        s.format_position().contains(" replace"),
        "{}",
        s.format_position()
    );
}

#[test]
fn the_engine_takes_a_five_and_blocks_a_four() {
    let spec = EngineSpec::from_toml(
        "name = \"ab\"\ngame = \"gomoku\"\nbackend = \"alphabeta\"\n[limits]\ndepth = 3\n",
    )
    .unwrap();
    let mut agent = boardlab::search::build_agent::<Gomoku>(&spec, 0).unwrap();
    // Black to move with four in a row: wins at once.
    let s = at(
        "rule=freestyle,opening=free",
        "15/15/15/15/15/15/15/4xxxx7/15/15/15/15/15/oooo11/15 x",
    );
    let r = agent.choose(&s, &Limits::default()).unwrap();
    assert!(
        ["d8", "i8"].contains(&s.format_move(r.best).as_str()),
        "{r:?}"
    );
    // White to move must block black's four.
    let s = at(
        "rule=freestyle,opening=free",
        "15/15/15/15/15/15/15/3oxxxx7/15/15/15/15/15/ooo12/15 o",
    );
    let r = agent.choose(&s, &Limits::default()).unwrap();
    assert_eq!(s.format_move(r.best), "i8");
    // The narrowed moves are legal.
    let mut m = MoveList::new();
    s.search_moves(&mut m);
    assert!(m.iter().all(|&x| s.is_legal(x)));
}

#[test]
fn sgf_export_replays_the_stones() {
    use boardlab::game::GameRecord;
    let mut s = Gomoku::new(&rules(""));
    let mut rec = GameRecord::start(&s);
    for m in ["h8", "h9", "h10", "swap", "i8", "f6", "j5", "j5", "a1"] {
        rec.moves.push(m.to_string());
        s.play_text(m).unwrap();
    }
    let sgf = boardlab::games::gomoku::sgf::to_sgf(&rec, &["a".into(), "b".into()]).unwrap();
    assert!(sgf.starts_with("(;FF[4]GM[4]"), "{sgf}");
    assert!(
        sgf.contains(";B[hh]") && sgf.contains(";W[hg]") && sgf.contains(";B[jk]"),
        "{sgf}"
    );
    assert!(sgf.contains("swap"), "{sgf}");
    assert!(sgf.contains("PB[b]PW[a]"), "{sgf}");
}

#[test]
fn export_writes_sgf_from_a_games_file() {
    use boardlab::game::GameRecord;
    let mut s = Gomoku::new(&rules("rule=freestyle,opening=free"));
    let mut rec = GameRecord::start(&s);
    for m in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"] {
        rec.moves.push(m.into());
        s.play_text(m).unwrap();
    }
    rec.returns = s.returns().as_slice().to_vec();
    let dir = std::env::temp_dir().join(format!("gomoku-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.jsonl");
    std::fs::write(&file, serde_json::to_string(&rec).unwrap() + "\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["export", "--format", "sgf", "--file"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sgf = String::from_utf8(out.stdout).unwrap();
    assert!(sgf.contains("RE[B+]") && sgf.contains(";B[lh]"), "{sgf}");
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["export", "--format", "pdn", "--file"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(!bad.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}
