//! Perft against published counts (the international and 8x8 tables draughts programmers
//! publish; they drop games that end before the depth: convention B), text round trips, draw rules.

use crate::game::{perft_bulk, Game, MoveList, PerftConvention, RuleSet};

use super::rules::DrawOffer;
use super::*;

/// Positions along random games (men and kings of both sides, either side to move), for the
/// evaluation's tests.
pub(super) fn random_positions<G: Geometry>(n: usize, seed: u64) -> Vec<Position<G>> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut s = Position::<G>::new(&Rules::<G>::default());
        for _ in 0..rng.gen_range(0..160) {
            let mut m = MoveList::new();
            s.legal_moves(&mut m);
            if m.is_empty() || s.is_terminal() {
                break;
            }
            s.play(m[rng.gen_range(0..m.len())]);
        }
        out.push(s);
    }
    out
}

fn perft_from<G: Geometry>(rules: &str, fen: Option<&str>, expected: &[u64]) {
    let rules = Rules::<G>::parse(rules).unwrap();
    let pos = match fen {
        Some(f) => Position::<G>::parse_position(&rules, f).unwrap(),
        None => Position::<G>::new(&rules),
    };
    for (i, &n) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(
            perft_bulk(&pos, depth, PerftConvention::DropTerminal),
            n,
            "depth {depth} from {}",
            pos.format_position()
        );
    }
}

#[test]
fn perft_international_start() {
    perft_from::<Ten>("", None, &[9, 81, 658, 4265, 27117, 167140, 1049442]);
}

#[test]
fn perft_international_kings_position() {
    perft_from::<Ten>(
        "",
        Some("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46"),
        &[14, 55, 1168, 5432, 87195],
    );
}

#[test]
fn perft_international_woldouby() {
    perft_from::<Ten>(
        "",
        Some("W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"),
        &[6, 12, 30, 73, 215, 590, 1944, 6269, 22369],
    );
}

#[test]
fn perft_english_start() {
    perft_from::<Eight>("", None, &[7, 49, 302, 1469, 7361, 36768, 179740, 845931]);
}

#[test]
fn perft_brazilian_start() {
    perft_from::<Eight>(
        "preset=brazilian",
        None,
        &[7, 49, 302, 1469, 7473, 37628, 187302, 907830],
    );
}

#[test]
#[ignore = "slow: the full published tables (run with --ignored in release)"]
fn perft_deep() {
    perft_from::<Ten>(
        "",
        None,
        &[9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423],
    );
    perft_from::<Ten>(
        "",
        Some("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46"),
        &[14, 55, 1168, 5432, 87195, 629010, 9041010, 86724219],
    );
    perft_from::<Ten>(
        "",
        Some("W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"),
        &[
            6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989,
        ],
    );
    perft_from::<Eight>(
        "",
        None,
        &[
            7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128,
        ],
    );
    perft_from::<Eight>(
        "preset=brazilian",
        None,
        &[
            7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022,
        ],
    );
}

#[test]
fn fen_round_trips_and_errors() {
    let rules = Rules::<Ten>::default();
    let start = Draughts::new(&rules);
    assert_eq!(start.format_position(), "W:W31-50:B1-20");
    for fen in [
        "B:BK17,K24:W6,9-11,20-23,30,K31,33,37,41-44,46",
        "W:W25,27,28,30,32-35,37,38:B12-14,16,18,19,21,23,24,26",
    ] {
        let p = Draughts::parse_position(&rules, fen).unwrap();
        let again = Draughts::parse_position(&rules, &p.format_position()).unwrap();
        assert_eq!(p, again);
        assert_eq!(p.hash(), p.hash_from_scratch());
    }
    for bad in [
        "",
        "X:W1:B2",
        "W:W51:B1",
        "W:W1,1:B2",
        "W:W12",
        "W:W3:B7-x",
        "W:W3:B47",
    ] {
        assert!(
            Draughts::parse_position(&rules, bad).is_err(),
            "{bad:?} should fail"
        );
    }
    // The seed's naming: the first player is black.
    let seed = Rules::<Ten>::parse("first=black").unwrap();
    assert_eq!(Draughts::new(&seed).format_position(), "B:W1-20:B31-50");
    // English checkers: black on 1-12 moves first.
    let english = Checkers::new(&Rules::<Eight>::default());
    assert_eq!(english.format_position(), "B:W21-32:B1-12");
}

#[test]
fn moves_parse_back_and_illegal_moves_are_errors() {
    let rules = Rules::<Ten>::default();
    let mut pos = Draughts::new(&rules);
    assert!(pos.parse_move("32-26").is_err()); // not adjacent
    assert!(pos.parse_move("hello").is_err());
    assert!(pos.parse_move("31-26").is_ok());
    for mv in ["32-28", "19-23", "28x19", "14x23"] {
        pos.play_text(mv).unwrap();
    }
    let mut moves = MoveList::new();
    for _ in 0..200 {
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        for &m in &moves {
            let text = pos.format_move(m);
            assert_eq!(pos.parse_move(&text).unwrap(), m, "{text}");
            assert_eq!(pos.parse_move(&text::hub_move::<Ten>(m)).unwrap(), m);
        }
        let m = moves[(pos.hash() % moves.len() as u64) as usize];
        pos.play(m);
        assert_eq!(pos.hash(), pos.hash_from_scratch());
    }
}

#[test]
fn majority_capture_and_no_double_jump() {
    // White man 28 can take 23 (one piece) or 22 then 13 (two): only the two-piece capture.
    let rules = Rules::<Ten>::default();
    let pos = Draughts::parse_position(&rules, "W:W32:B27,17,22").unwrap();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let texts: Vec<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
    assert_eq!(texts, vec!["32x12"]);
}

#[test]
fn draw_rules() {
    // 25 king moves each: two kings shuffle; the 50th ply ends the game in a draw.
    let rules = Rules::<Ten>::parse("repetition=false,endgame_rule=false").unwrap();
    let mut pos = Draughts::parse_position(&rules, "W:WK47,48:BK5,K4,3").unwrap();
    let (a, b) = (["47-42", "42-47"], ["4-9", "9-4"]);
    for i in 0..50 {
        assert!(!pos.is_terminal(), "ply {i}");
        let mv = if i % 2 == 0 {
            a[(i / 2) % 2]
        } else {
            b[(i / 2) % 2]
        };
        pos.play_text(mv).unwrap();
    }
    assert!(pos.is_terminal());
    assert_eq!(pos.returns().get(0), 0.0);
    // Threefold repetition.
    let rules = Rules::<Ten>::default();
    let mut pos = Draughts::parse_position(&rules, "W:WK47,48:BK5,K4,3").unwrap();
    let mut plies = 0;
    while !pos.is_terminal() {
        let mv = if plies % 2 == 0 {
            a[(plies / 2) % 2]
        } else {
            b[(plies / 2) % 2]
        };
        pos.play_text(mv).unwrap();
        plies += 1;
    }
    assert_eq!(plies, 8);
    // King count (seed 003 switch 4): three kings against one win when a draw rule ends it.
    let rules = Rules::<Eight>::parse("king_count=true,king_moves=2,repetition=false").unwrap();
    let mut pos = Checkers::parse_position(&rules, "B:WK29:BK1,K2,K3").unwrap();
    let mut moves = MoveList::new();
    for _ in 0..4 {
        moves.clear();
        pos.legal_moves(&mut moves);
        pos.play(moves[0]);
    }
    assert!(pos.is_terminal());
    assert_eq!(pos.returns().get(0), 1.0);
}

#[test]
fn english_crowning_ends_the_move_and_russian_continues() {
    // English numbering: black (first) on 1-12 moves towards 32. Black man 22 jumps 26 to 31?
    // No: 31 is not on its king row. Use a man on 23 jumping 27 to 32 (king row), where it could
    // go on jumping backwards as a king over 28 (it may not in English rules).
    let english = Rules::<Eight>::default();
    let pos = Checkers::parse_position(&english, "B:W27,28:B23").unwrap();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let texts: Vec<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
    assert_eq!(texts, vec!["23x32"]);
    let russian = Rules::<Eight>::parse("preset=russian,first=black").unwrap();
    let pos = Checkers::parse_position(&russian, "B:W27,19:B23").unwrap();
    moves.clear();
    pos.legal_moves(&mut moves);
    let texts: Vec<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
    // 23x32 over 27, then as a king back up the long diagonal over 19... 32-27-23-18-14-9-5-1?
    // 32's diagonals: 27, 23 (already passed) - the king takes 19 only if on its line.
    assert!(!texts.is_empty());
}

#[test]
fn endgame_count_readings() {
    // King and man against a lone king: 5 moves each. FMJD counts from when the material
    // arises; `endgame_count=king_moves` restarts the count on the man move (pydraughts).
    let plies = [
        "47-42", "5-10", "42-47", "10-5", "38-33", "5-10", "47-42", "10-5", "42-47", "5-10",
    ];
    for (rules, terminal) in [("", true), ("endgame_count=king_moves", false)] {
        let rules = Rules::<Ten>::parse(rules).unwrap();
        let mut pos = Draughts::parse_position(&rules, "W:WK47,38:BK5").unwrap();
        for mv in plies {
            assert!(!pos.is_terminal());
            pos.play_text(mv).unwrap();
        }
        assert_eq!(pos.is_terminal(), terminal);
    }
}

/// Algebraic PDN FEN (pydraughts' Russian and Brazilian form) reads as the numeric one, on every
/// 8x8 preset; light squares, squares off the board and algebraic ranges are refused.
#[test]
fn algebraic_fen_reads_on_every_8x8_preset() {
    use super::Checkers;
    use crate::game::{Game, RuleSet};
    for preset in ["english", "russian", "brazilian", "pool"] {
        let rules = super::Rules::parse(&format!("preset={preset}")).unwrap();
        // The first player's letter: black in English and pool, white in Russian and Brazilian.
        let first = Checkers::new(&rules).format_position();
        let (f, o) = if first.starts_with('B') {
            ("B", "W")
        } else {
            ("W", "B")
        };
        let read = |t: String| {
            Checkers::parse_position(&rules, &t)
                .unwrap()
                .format_position()
        };
        let numeric = read(format!("{f}:{f}1-12:{o}21-32"));
        assert_eq!(numeric, Checkers::new(&rules).format_position(), "{preset}");
        let algebraic = read(format!(
            "{f}:{f}a1,c3,e3,g3,c1,e1,g1,b2,d2,f2,h2,a3:{o}b6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
        ));
        assert_eq!(algebraic, numeric, "{preset}");
        // g1 is square 1, a1 square 4, b8 square 32; kings keep their K.
        assert_eq!(
            read(format!("{f}:{f}Kg1,a1:{o}b8")),
            read(format!("{f}:{f}K1,4:{o}32")),
            "{preset}"
        );
        for bad in ["a2", "i1", "a9", "a1-c3", "a", "Ka0"] {
            let t = format!("{f}:{f}{bad}:{o}b8");
            assert!(
                Checkers::parse_position(&rules, &t).is_err(),
                "{preset}: {t}"
            );
        }
    }
}

#[test]
fn seed_presets_pin_the_source_texts() {
    let moves_of = |rules: &Rules<Eight>, fen: &str| -> Vec<String> {
        let p = Checkers::parse_position(rules, fen).unwrap();
        let mut m = MoveList::new();
        p.legal_moves(&mut m);
        let mut v: Vec<String> = m.iter().map(|&x| p.format_move(x)).collect();
        v.sort();
        v
    };
    // Seed 003's base game: the king moves any distance ("向斜向任意一格移动"); English: one step.
    let seed = Rules::<Eight>::parse("preset=seed").unwrap();
    let english = Rules::<Eight>::parse("preset=english").unwrap();
    assert_eq!(moves_of(&seed, "B:W32:BK14").len(), 10);
    assert_eq!(moves_of(&english, "B:W32:BK14").len(), 4);
    assert_eq!(Rules::<Eight>::default(), english);
    assert_eq!(seed.preset_name(), "seed");
    assert!(!seed.men_capture_backward && seed.flying_kings && !seed.majority);
    assert_eq!(seed.promotion, Promotion::Continue);
    assert_eq!(Rules::<Eight>::parse(&seed.to_text()).unwrap(), seed);
    assert!(
        seed.to_text().starts_with("preset=seed,"),
        "{}",
        seed.to_text()
    );
    // One switch off the base game is custom, and reads back.
    let custom = Rules::<Eight>::parse("preset=seed,flying_kings=false").unwrap();
    assert_eq!(custom.preset_name(), "custom");
    assert_eq!(Rules::<Eight>::parse(&custom.to_text()).unwrap(), custom);

    // Seed 001's 10x10 game: black first, draws only by agreement with the refusal rule.
    let seed = Rules::<Ten>::parse("preset=seed").unwrap();
    assert_eq!(seed.first, FirstName::Black);
    assert_eq!(seed.draw_offer, DrawOffer::Seed);
    assert_eq!(
        (seed.king_moves, seed.endgame_rule, seed.repetition),
        (0, false, false)
    );
    assert_eq!(seed.preset_name(), "seed");
    assert_eq!(Rules::<Ten>::parse(&seed.to_text()).unwrap(), seed);
    let fmjd = Rules::<Ten>::default();
    assert_eq!(fmjd.preset_name(), "international");
    assert_eq!(
        (fmjd.first, fmjd.draw_offer),
        (FirstName::White, DrawOffer::Off)
    );
    // Two kings shuffling: FMJD draws by repetition after 8 plies; the seed plays on.
    let (a, b) = (["47-42", "42-47"], ["4-9", "9-4"]);
    // The first player is white under FMJD, black under the seed: the same position.
    for (rules, fen, plies) in [
        (fmjd, "W:WK47,48:BK5,K4,3", Some(8)),
        (seed, "B:BK47,48:WK5,K4,3", None),
    ] {
        let mut pos = Draughts::parse_position(&rules, fen).unwrap();
        let mut played = 0;
        while !pos.is_terminal() && played < 100 {
            let mv = if played % 2 == 0 {
                a[(played / 2) % 2]
            } else {
                b[(played / 2) % 2]
            };
            pos.play_text(mv).unwrap();
            played += 1;
        }
        match plies {
            Some(n) => assert_eq!(played, n),
            None => assert!(!pos.is_terminal() && played == 100),
        }
    }
    // The 8x8 seed preset is no preset on 10x10.
    assert_eq!(
        Rules::<Ten>::new(VariantRules::SEED_EIGHT).preset_name(),
        "custom"
    );
}
