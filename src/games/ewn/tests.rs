//! Tests of the EWN rules, text forms, hashing, and matches in the seed's format. The perft counts are
//! boardlab's own; scripts/crosscheck/ewn_openspiel.py recomputes them with OpenSpiel (`--perft`).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::game::{closest_of, selectable_cubes};
use super::rules::Nearest;
use super::*;
use crate::eval::Evaluate;
use crate::game::playout::random_step;
use crate::game::{perft, Game, MoveList, PerftConvention, RuleSet, Turn};

fn rules(text: &str) -> EwnRules {
    EwnRules::parse(text).unwrap()
}

#[test]
fn arrangement_index_and_text_round_trip() {
    let mut seen = std::collections::HashSet::new();
    for i in 0..setup::ARRANGEMENTS {
        let a = Arrangement::from_index(i);
        assert_eq!(a.index(), i);
        assert_eq!(Arrangement::parse(&a.to_text()).unwrap(), a);
        assert!(seen.insert(a.0));
    }
    assert_eq!(Arrangement::from_index(0).to_text(), "123/45/6");
    assert_eq!(Arrangement::from_index(719).to_text(), "654/32/1");
    for bad in [
        "12345", "1234567", "123/45/7", "113/45/6", "12/345/6", "abc/de/f",
    ] {
        assert!(Arrangement::parse(bad).is_err(), "{bad} accepted");
    }
}

#[test]
fn die_selects_the_cube_or_its_nearest_neighbours() {
    let alive = |cubes: &[u8]| cubes.iter().fold(0u8, |m, &c| m | 1 << c);
    // The seed's example (and the 3-Hirn rules): cubes 1, 4, 6 and a roll of 3: 1 or 4.
    assert_eq!(selectable_cubes(alive(&[1, 4, 6]), 3), alive(&[1, 4]));
    assert_eq!(selectable_cubes(alive(&[1, 4, 6]), 4), alive(&[4]));
    assert_eq!(selectable_cubes(alive(&[1, 4, 6]), 5), alive(&[4, 6]));
    assert_eq!(selectable_cubes(alive(&[2, 3]), 1), alive(&[2]));
    assert_eq!(selectable_cubes(alive(&[2, 3]), 6), alive(&[3]));
    assert_eq!(selectable_cubes(alive(&[5]), 1), alive(&[5]));
}

#[test]
fn nearest_closest_selects_the_single_nearest_cube() {
    // The text: "大于或小于此数字的并与此数字最接近的棋子". The usual reading (default) offers the
    // nearest higher and the nearest lower; `nearest=closest` only the closer one, both on a tie.
    let alive = |cubes: &[u8]| cubes.iter().fold(0u8, |m, &c| m | 1 << c);
    let closest = |cubes: &[u8], die: u8| closest_of(selectable_cubes(alive(cubes), die), die);
    assert_eq!(closest(&[1, 4, 6], 3), alive(&[4]));
    assert_eq!(closest(&[1, 4, 6], 5), alive(&[4, 6]));
    assert_eq!(closest(&[1, 5], 2), alive(&[1]));
    assert_eq!(closest(&[2, 3], 6), alive(&[3]));
    assert_eq!(rules("").nearest, Nearest::Both);
    let r = rules("nearest=closest");
    assert_eq!(r.nearest, Nearest::Closest);
    assert_eq!(EwnRules::parse(&r.to_text()).unwrap(), r);
    assert!(EwnRules::parse("nearest=far").is_err());
    // In a game: red's cubes 1, 4 and 6 left, a roll of 3.
    let text = "r1r4r6../...../...../...../....b1 r 3";
    let s = Ewn::parse_position(&rules("nearest=closest"), text).unwrap();
    let both = Ewn::parse_position(&rules(""), text).unwrap();
    assert_eq!(s.selectable(RED, 3), alive(&[4]));
    assert_eq!(both.selectable(RED, 3), alive(&[1, 4]));
}

#[test]
fn start_positions_of_each_setup_mode() {
    let choose = Ewn::new(&rules(""));
    assert_eq!(choose.turn(), Turn::Player(RED));
    assert_eq!(choose.count_legal_moves(), 720);
    let random = Ewn::new(&rules("setup=random"));
    assert_eq!(random.turn(), Turn::Chance);
    let mut out = Vec::new();
    random.chance_outcomes(&mut out);
    assert_eq!(out.len(), 720);
    assert!((out.iter().map(|o| o.1).sum::<f64>() - 1.0).abs() < 1e-9);
    let fixed = Ewn::new(&rules("setup=fixed,first=blue"));
    assert_eq!(
        fixed.format_position(),
        "r1r2r3../r4r5.../r6...b6/...b5b4/..b3b2b1 b -"
    );
    // Setting up by moves reaches the same position as the fixed rule.
    let mut s = Ewn::new(&rules("first=blue"));
    s.play_text("setup 123/45/6").unwrap();
    assert_eq!(s.turn(), Turn::Player(BLUE));
    s.play_text("setup 123456").unwrap();
    assert_eq!(s.format_position(), fixed.format_position());
    assert_eq!(s.hash(), fixed.hash());
}

/// Perft from the fixed start (setups 123/45/6 each); chance outcomes are plies. The start is
/// point-symmetric, so red-first and blue-first (OpenSpiel's order) count the same.
#[test]
fn perft_fixed_start() {
    for first in ["red", "blue"] {
        let s = Ewn::new(&rules(&format!("setup=fixed,first={first}")));
        let counts: Vec<u64> = (1..=8)
            .map(|d| perft(&s, d, PerftConvention::TerminalIsLeaf))
            .collect();
        assert_eq!(counts, PERFT_FIXED[..8].to_vec(), "first={first}");
    }
}

/// OpenSpiel's counts (`scripts/crosscheck/ewn_openspiel.py --perft 10`, see results/ewn.md).
const PERFT_FIXED: [u64; 10] = [6, 18, 108, 324, 1944, 6162, 36972, 117369, 704214, 2328378];

/// A start that is not symmetric: red 312/56/4, blue 542/31/6, blue first (OpenSpiel's counts).
#[test]
fn perft_asymmetric_start() {
    let s = Ewn::new(&rules(
        "setup=fixed,first=blue,red_setup=312/56/4,blue_setup=542/31/6",
    ));
    let counts: Vec<u64> = (1..=9)
        .map(|d| perft(&s, d, PerftConvention::TerminalIsLeaf))
        .collect();
    assert_eq!(counts, [6, 18, 108, 324, 1944, 5997, 35982, 111207, 667242]);
}

#[test]
#[ignore = "slow in debug builds; run with --release --ignored"]
fn perft_fixed_start_deep() {
    let s = Ewn::new(&rules("setup=fixed,first=blue"));
    assert_eq!(
        perft(&s, 10, PerftConvention::TerminalIsLeaf),
        PERFT_FIXED[9]
    );
}

#[test]
fn perft_choose_start() {
    let s = Ewn::new(&rules(""));
    assert_eq!(perft(&s, 1, PerftConvention::TerminalIsLeaf), 720);
    assert_eq!(perft(&s, 2, PerftConvention::TerminalIsLeaf), 720 * 720);
}

fn random_games(rules_text: &str, games: usize, seed: u64, mut check: impl FnMut(&Ewn)) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..games {
        let mut s = Ewn::new(&rules(rules_text));
        // In `choose` mode pick setups at random; steps and rolls at random too.
        let mut plies = 0;
        loop {
            check(&s);
            if !random_step(&mut s, &mut rng) {
                break;
            }
            plies += 1;
            assert!(plies < 200, "game too long: {}", s.format_position());
        }
        assert!(s.winner().is_some());
        let r = s.returns();
        assert_eq!(r.get(0) + r.get(1), 0.0);
    }
}

#[test]
fn incremental_hash_matches_from_scratch() {
    for r in ["", "setup=random,first=blue", "setup=fixed"] {
        random_games(r, 300, 11, |s| assert_eq!(s.hash(), s.hash_from_scratch()));
    }
}

#[test]
fn positions_and_moves_round_trip() {
    random_games("first=blue", 300, 12, |s| {
        let text = s.format_position();
        let back = Ewn::parse_position(s.rules(), &text).unwrap();
        assert_eq!(&back, s, "{text}");
        let mut moves = MoveList::new();
        s.legal_moves(&mut moves);
        let mut outcomes = Vec::new();
        s.chance_outcomes(&mut outcomes);
        moves.extend(outcomes.into_iter().map(|o| o.0));
        for mv in moves {
            let t = s.format_move(mv);
            assert!(!t.contains(char::is_whitespace), "{t}: moves are one token");
            assert_eq!(s.parse_move(&t).unwrap(), mv, "{t} in {text}");
            assert!(s.is_legal(mv));
        }
    });
}

#[test]
fn different_positions_hash_differently_in_games() {
    let mut seen = std::collections::HashMap::new();
    random_games("setup=random", 200, 13, |s| {
        if let Some(other) = seen.insert(s.hash(), s.format_position()) {
            assert_eq!(other, s.format_position(), "hash collision");
        }
    });
}

#[test]
fn wins_by_corner_and_by_removing_every_enemy_cube() {
    let r = rules("");
    // Red cube 3 one diagonal step from e5 with a 3 rolled: stepping there wins.
    let mut s = Ewn::parse_position(&r, "...../...../...../...r3b1/....b2 r 3").unwrap();
    s.play_text("3:d4xe5").unwrap();
    assert_eq!(s.winner(), Some(RED));
    assert_eq!(s.format_position(), "...../...../...../....b1/....r3 b -");
    // Blue removes red's last cube.
    let mut s = Ewn::parse_position(&r, "...../.r6.../..b4../...../..... b 1").unwrap();
    s.play_text("4:c3xb2").unwrap();
    assert_eq!(s.winner(), Some(BLUE));
    assert_eq!(s.turn(), Turn::Terminal);
    // Removing one's own cube is legal and does not end the game.
    let mut s = Ewn::parse_position(&r, "r1r2.../...../...../...../....b1 r 1").unwrap();
    s.play_text("1:a1xb1").unwrap();
    assert_eq!(s.winner(), None);
    assert_eq!(s.cube_count(RED), 1);
}

#[test]
fn missing_cube_offers_both_neighbours() {
    let s = Ewn::parse_position(&rules(""), "r1..../...r4./....r6/b2..../....b5 r 3").unwrap();
    let mut moves = MoveList::new();
    s.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&m| s.format_move(m)).collect();
    texts.sort();
    // Cube 1 on a1 (three steps), cube 4 on d2 (three steps).
    assert_eq!(
        texts,
        ["1:a1-a2", "1:a1-b1", "1:a1-b2", "4:d2-d3", "4:d2-e2", "4:d2xe3"]
    );
    // At the edge only the steps that stay on the board.
    let s = Ewn::parse_position(&rules(""), "....r1/...../...../...../b1.... r 1").unwrap();
    let mut moves = MoveList::new();
    s.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!(s.format_move(moves[0]), "1:e1-e2");
}

#[test]
fn malformed_positions_are_errors() {
    let r = rules("");
    let bad = [
        "",
        "r1r2r3../r4r5.../r6...b6/...b5b4/..b3b2b1 r", // no die field
        "r1r2r3../r4r5.../r6...b6/...b5b4 r -",        // four rows
        "r1r2r3.../r4r5.../r6...b6/...b5b4/..b3b2b1 r -", // six squares in a row
        "r1r2r3./r4r5.../r6...b6/...b5b4/..b3b2b1 r -", // four squares
        "r1r2r3../r4r5.../r6...b6/...b5b4/..b3b2b7 r -", // cube 7
        "r1r1r3../r4r5.../r6...b6/...b5b4/..b3b2b1 r -", // red cube 1 twice
        "r1r2r3../r4r5.../r6...b6/...b5b4/..b3b2b1 x -", // bad side
        "r1r2r3../r4r5.../r6...b6/...b5b4/..b3b2b1 r 7", // bad die
        "r1r2r3../r4r5.../r6...b6/...b5b4/..b3b2q1 r -", // bad piece letter
        "r1r2r3../r4r5.../r6...b6/...b5b4/..b3b2r ? -", // truncated cube
        "b1..../...../...../...../....r1 r -",         // both reached the corner
        "...../...../...../...../....r1 r -",          // red won: side must be blue
        "...../...../...../...../....r1 b 3",          // game over with a die
        "...../...../...../...../..... r -",           // nobody has cubes
        "r1r2r3../r4r5.../r6..../...../..... r setup", // red set up but red to set up
        "r1r2r3../r4r5.../r6..../...../..... b 3",     // red has won: no die
        "r1r2r3../r4r5..../r6..../...../..... b setup", // row too long
        "r1r2../r4r5r3.../r6..../...../..... b setup", // red not in its triangle
    ];
    for text in bad {
        assert!(Ewn::parse_position(&r, text).is_err(), "accepted {text:?}");
    }
    let good = [
        "...../...../...../...../..... r setup",
        "r1r2r3../r4r5.../r6..../...../..... b setup",
        "r1r2r3../r4r5.../r6...b6/...b5b4/..b3b2b1 b 6",
        "r1r2r3../r4r5.../r6..../...../..... b -", // blue lost every cube: red has won
    ];
    for text in good {
        let s = Ewn::parse_position(&r, text).unwrap();
        assert_eq!(s.format_position(), text);
    }
}

#[test]
fn bad_moves_are_errors() {
    let s =
        Ewn::parse_position(&rules(""), "r1r2r3../r4r5.../r6...b6/...b5b4/..b3b2b1 r 2").unwrap();
    for bad in [
        "roll 7",
        "roll",
        "setup 12345",
        "2:b1-b9",
        "3:b1-c1",
        "b3-b4",
        "f1-f2",
        "2:b1",
    ] {
        assert!(s.parse_move(bad).is_err(), "parsed {bad}");
    }
    let mut t = s;
    assert!(
        t.play_text("1:a1-a2").is_err(),
        "moved cube 1 on a roll of 2"
    );
    assert!(t.play_text("2:b1-a1").is_err(), "moved backwards");
    assert!(t.play_text("roll 3").is_err(), "rolled twice");
    assert!(t.play_text("2:b1-b2").is_ok());
}

#[test]
fn rules_text_round_trips() {
    let r = rules("setup=fixed,first=blue,red_setup=654/32/1,blue_setup=615/24/3");
    assert_eq!(EwnRules::parse(&r.to_text()).unwrap(), r);
    for bad in [
        "setup=maybe",
        "first=green",
        "red_setup=111/11/1",
        "colour=red",
    ] {
        assert!(EwnRules::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn features_are_antisymmetric() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    random_games("setup=random", 50, 14, |s| {
        if rng.gen_bool(0.5) {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            s.features(RED, &mut a);
            s.features(BLUE, &mut b);
            assert_eq!(a.len(), Ewn::feature_names().len());
            for (x, y) in a.iter().zip(&b) {
                assert!((x + y).abs() < 1e-12, "{a:?} {b:?}");
            }
        }
    });
}

#[test]
fn selection_probabilities_cover_every_roll() {
    let p = eval::selection_probabilities(0b111_1110);
    assert!(p[1..].iter().all(|&x| (x - 1.0 / 6.0).abs() < 1e-12));
    // Cubes 1, 4, 6: 1 stands for 1,2,3; 4 for 2,3,4,5; 6 for 5,6.
    let p = eval::selection_probabilities(1 << 1 | 1 << 4 | 1 << 6);
    assert_eq!(
        [p[1], p[4], p[6]].map(|x| (x * 6.0).round()),
        [3.0, 4.0, 2.0]
    );
}

#[test]
fn the_first_move_is_the_first_roll_not_the_first_setup() {
    // Red sets up first in the tree either way; the seed's first move is the first roll.
    for (text, first) in [
        ("", RED),
        ("first=blue", BLUE),
        ("setup=random,first=blue", BLUE),
    ] {
        let s = Ewn::new(&rules(text));
        assert_eq!(s.first_mover(), Some(first), "{text}");
    }
    let s = Ewn::new(&rules("setup=fixed,first=blue"));
    assert_eq!(s.first_mover(), Some(BLUE));
}

/// Seven-game matches (arena preset `ewn7`) between random agents, with blue rolling first: the
/// match ends at four wins, and the first roller of game n is A's engine exactly in games 1, 4, 5.
#[test]
fn random_agents_play_seven_game_matches_through_the_referee() {
    use crate::agent::Agent;
    use crate::arena::manifest::Manifest;
    use crate::arena::match_format::{MatchFormat, MatchState};
    use crate::arena::matches::{match_schedule, play_match_with};
    use crate::arena::openings::random_openings;
    use crate::arena::record::ArenaRecord;
    use crate::engine_file::EngineSpec;
    use crate::search::baselines::RandomAgent;
    let spec = |name: &str| crate::arena::manifest::random_engine_for_tests(name, "ewn");
    let mut f = MatchFormat::ewn7();
    f.clock = None;
    let m = Manifest {
        games_per_encounter: 6,
        opening_source: "random 0 plies".into(),
        match_format: Some(f.clone()),
        ..Manifest::for_tests(
            "ewn",
            "first=blue",
            vec![spec("x"), spec("y")],
            random_openings::<Ewn>(&rules("first=blue"), 0, 3, 1),
            8,
        )
    };
    let make = |_: &EngineSpec, seed: u64| -> Result<Box<dyn Agent<Ewn>>, String> {
        Ok(Box::new(RandomAgent::new("r", seed)))
    };
    let schedule = match_schedule(&m);
    assert_eq!(schedule.len(), 6);
    for ms in &schedule {
        let mut games: Vec<ArenaRecord> = Vec::new();
        assert!(play_match_with::<Ewn>(&m, ms, &[], &make, &mut |r| {
            games.push(r);
            true
        }));
        let score = ms.score(&games);
        assert!(matches!(f.state(&score), MatchState::Won(_)));
        assert_eq!(score.a.max(score.b), 4);
        assert_eq!(games.len() as u32, score.a + score.b);
        for (i, g) in games.iter().enumerate() {
            let n = i as u32 + 1;
            assert_eq!((g.match_index, g.match_game), (Some(ms.index), Some(n)));
            // The first roll (the first decision after both setups) is blue's.
            let end: Ewn = g.game.replay().unwrap();
            assert!(end.is_terminal(), "{}", g.game.reason);
            let a_first = [1, 4, 5].contains(&n);
            assert_eq!(g.seats[BLUE] == ms.a, a_first, "game {n}");
            let mut s = Ewn::new(&rules("first=blue"));
            for mv in &g.game.moves {
                if !s.in_setup() && s.turn() != Turn::Chance {
                    break;
                }
                s.play_text(mv).unwrap();
            }
            assert_eq!(s.turn(), Turn::Player(BLUE));
        }
    }
}

#[test]
fn setup_chooser_puts_a_middle_cube_in_front_and_an_end_cube_in_the_corner() {
    let best = eval::best_arrangement();
    // Arrangement order: a1 b1 c1 a2 b2 a3.
    assert!([3, 4].contains(&best.0[4]), "{}", best.to_text());
    assert!([1, 6].contains(&best.0[0]), "{}", best.to_text());
    // Searching the setup node with the evaluator picks an arrangement of the same value.
    let s = Ewn::new(&rules(""));
    let w = Ewn::default_weights();
    let mut moves = MoveList::new();
    s.legal_moves(&mut moves);
    let value = |mv: EwnMove| {
        let mut c = s;
        c.play(mv);
        let mut f = Vec::new();
        c.features(RED, &mut f);
        f.iter().zip(&w).map(|(x, y)| x * y).sum::<f64>()
    };
    let chosen = moves
        .iter()
        .copied()
        .max_by(|&a, &b| value(a).total_cmp(&value(b)))
        .unwrap();
    let EwnMove::Setup(i) = chosen else {
        panic!("not a setup")
    };
    let v = eval::arrangement_value(Arrangement::from_index(i));
    assert!((v - eval::arrangement_value(best)).abs() < 1e-12);
}
