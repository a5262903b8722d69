//! Draughts and checkers through the public API: the shared conformance checks on random games
//! under every preset, PDN output, and the CLI perft/serve entry points.

use boardlab::game::conformance::check_random_games;
use boardlab::game::{Game, GameRecord, MoveList, RuleSet};
use boardlab::games::draughts::pdn::write_pdn;
use boardlab::games::draughts::{Checkers, Draughts, Eight, Rules, Ten};

#[test]
fn conformance_international_and_seed_naming() {
    for rules in ["", "first=black"] {
        let s = Draughts::new(&Rules::<Ten>::parse(rules).unwrap());
        let cov = check_random_games(&s, 60, 300, 5).unwrap();
        assert!(cov.terminals > 0, "{cov:?}");
    }
}

#[test]
fn conformance_checkers_presets_and_switches() {
    for rules in [
        "",
        "preset=russian",
        "preset=brazilian",
        "preset=pool",
        "complete_capture=false",
        "men_capture_back=true,flying_kings=true",
        "king_count=true",
    ] {
        let s = Checkers::new(&Rules::<Eight>::parse(rules).unwrap());
        let cov = check_random_games(&s, 60, 300, 9).unwrap();
        assert!(cov.terminals > 0, "{rules}: {cov:?}");
    }
}

#[test]
fn stopping_a_capture_early_adds_the_prefixes() {
    // Black (first, English numbering) man on 1 can jump 6 to 10, then 15 to 19.
    let full = Rules::<Eight>::default();
    let partial = Rules::<Eight>::parse("complete_capture=false").unwrap();
    let fen = "B:W6,15:B1";
    let texts = |rules: &Rules<Eight>| -> Vec<String> {
        let p = Checkers::parse_position(rules, fen).unwrap();
        let mut m = MoveList::new();
        p.legal_moves(&mut m);
        let mut v: Vec<String> = m.iter().map(|&x| p.format_move(x)).collect();
        v.sort();
        v
    };
    assert_eq!(texts(&full), vec!["1x19"]);
    assert_eq!(texts(&partial), vec!["1x10", "1x19"]);
}

#[test]
fn pdn_writer_numbers_moves_and_reads_back() {
    let rules = Rules::<Ten>::default();
    let mut state = Draughts::new(&rules);
    let mut record = GameRecord::start(&state);
    for mv in ["32-28", "19-23", "28x19", "14x23"] {
        state.play_text(mv).unwrap();
        record.moves.push(mv.to_string());
    }
    record.returns = vec![0.0, 0.0];
    let pdn = write_pdn::<Ten>(&record, "test").unwrap();
    assert!(pdn.contains("[GameType \"20\"]"), "{pdn}");
    assert!(pdn.contains("1. 32-28 19-23 2. 28x19 14x23 1-1"), "{pdn}");
    assert!(!pdn.contains("[FEN"));
    // A record from a position writes its FEN and starts with black's move number.
    let start = Draughts::parse_position(&rules, "B:W28:B19,K3").unwrap();
    let mut record = GameRecord::start(&start);
    record.moves.push("19-23".into());
    let pdn = write_pdn::<Ten>(&record, "x").unwrap();
    assert!(pdn.contains("[FEN \"B:W28:BK3,19\"]"), "{pdn}");
    assert!(pdn.contains("1... 19-23 *"), "{pdn}");
    // An illegal move in a record is an error, not a panic.
    record.moves.push("1-2".into());
    assert!(write_pdn::<Ten>(&record, "x").is_err());
}

/// The 8x8 GameType tag names the variant the rules are, and none when they are no PDN variant:
/// the seed's base game is not English checkers (issue 42).
#[test]
fn pdn_game_type_on_eight_names_only_variants_played() {
    let game_type = |rules: &str| {
        let rules = Rules::<Eight>::parse(rules).unwrap();
        let record = GameRecord::start(&Checkers::new(&rules));
        let pdn = write_pdn::<Eight>(&record, "x").unwrap();
        pdn.lines()
            .find(|l| l.starts_with("[GameType"))
            .map(str::to_string)
    };
    assert_eq!(game_type("").as_deref(), Some("[GameType \"21\"]"));
    assert_eq!(
        game_type("preset=russian").as_deref(),
        Some("[GameType \"25\"]")
    );
    assert_eq!(
        game_type("preset=brazilian").as_deref(),
        Some("[GameType \"26\"]")
    );
    assert_eq!(
        game_type("preset=pool").as_deref(),
        Some("[GameType \"23\"]")
    );
    assert_eq!(game_type("preset=seed"), None);
    assert_eq!(game_type("preset=english,flying_kings=true"), None);
}

#[test]
fn cli_perft_and_hub() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let bin = env!("CARGO_BIN_EXE_boardlab");
    let out = Command::new(bin)
        .args(["perft", "--game", "checkers", "--depth", "4", "--json"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("[7,49,302,1469]"), "{text}");
    let mut child = Command::new(bin)
        .args(["serve", "--protocol", "hub", "--game", "draughts"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .as_mut()
        .unwrap()
        .write_all(b"hub\ninit\npos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww\ngo think\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l.starts_with("done move=3")), "{text}");
    let out = Command::new(bin)
        .args(["serve", "--protocol", "hub", "--game", "checkers"])
        .output()
        .unwrap();
    assert!(!out.status.success());
}
