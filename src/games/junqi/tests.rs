//! Rules tests: movement (railways with and without engineers, corners, blocked lines, the
//! middle crossing, camps, headquarters), combat (the seed's table cell by cell, mines, bombs,
//! engineers, the flag), the flag shown when a marshal dies, the loss of a side that cannot
//! move, the no-capture limit, setup placements as decisions, and the knowledge the state keeps.
//! The slow second move generator and the long random-game checks are in tests/junqi.rs.

use super::board::{parse_point, point_name, points_in, SETUP_ORDER};
use super::game::{BoardStart, Junqi, JunqiMove, Status, BLACK, RED};
use super::piece::{bit, combat, Kind, Outcome, ALL_KINDS, ANY_KIND, MOVABLE};
use super::rules::JunqiRules;
use crate::game::{Game, ImperfectInformation, MoveList, RuleSet, Turn};

fn rules(text: &str) -> JunqiRules {
    JunqiRules::parse(text).unwrap()
}

fn pt(name: &str) -> u8 {
    parse_point(name).unwrap()
}

/// A play-phase position: `pieces` as (point, letter) with red upper case, black lower case.
/// Both flags are added in their left headquarters unless given.
fn board(rules_text: &str, pieces: &[(&str, char)], side: usize) -> Junqi {
    let mut squares = [None; super::board::POINTS];
    for &(p, c) in pieces {
        let owner = if c.is_ascii_uppercase() { RED } else { BLACK };
        squares[pt(p) as usize] = Some((owner, Kind::from_letter(c).unwrap()));
    }
    for (owner, hq) in [(RED, "b1"), (BLACK, "b12")] {
        let has_flag = squares.iter().any(|s| *s == Some((owner, Kind::Flag)));
        if !has_flag {
            squares[pt(hq) as usize] = Some((owner, Kind::Flag));
        }
    }
    Junqi::from_board(
        &rules(rules_text),
        BoardStart {
            squares,
            side,
            quiet: 0,
        },
    )
    .unwrap()
}

fn dests(s: &Junqi, from: &str) -> Vec<String> {
    let mut moves = MoveList::new();
    s.legal_moves(&mut moves);
    let f = pt(from);
    let mut out: Vec<String> = moves
        .iter()
        .filter_map(|m| match *m {
            JunqiMove::Step { from, to } if from == f => Some(point_name(to)),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

fn names(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

fn play(s: &mut Junqi, text: &str) {
    s.play_text(text)
        .unwrap_or_else(|e| panic!("{text}: {e} at {}", s.format_position()));
}

#[test]
fn board_has_the_reference_shape() {
    use super::board::{geometry, is_camp, is_hq, point, POINTS};
    let camps: Vec<String> = (0..POINTS as u8)
        .filter(|&p| is_camp(p))
        .map(point_name)
        .collect();
    assert_eq!(
        camps,
        vec!["b3", "d3", "c4", "b5", "d5", "b8", "d8", "c9", "b10", "d10"]
    );
    assert_eq!(camps.len(), 10);
    let hqs: Vec<String> = (0..POINTS as u8)
        .filter(|&p| is_hq(p))
        .map(point_name)
        .collect();
    assert_eq!(hqs, vec!["b1", "d1", "b12", "d12"]);
    // Per side: 23 posts, 5 camps, 2 headquarters.
    for half in [0..30u8, 30..60u8] {
        let c = half.clone().filter(|&p| is_camp(p)).count();
        let h = half.clone().filter(|&p| is_hq(p)).count();
        assert_eq!((30 - c - h, c, h), (23, 5, 2));
    }
    let g = geometry(true);
    // Railway points: rows 2, 6, 7, 11 (1-based) and columns a, e from row 2 to 11.
    let rail: Vec<u8> = (0..POINTS as u8).filter(|&p| g.on_railway(p)).collect();
    assert_eq!(rail.len(), 32);
    // Only columns a, c, e cross the middle.
    for c in 0..5 {
        let crosses = g.step[point(5, c) as usize] & (1 << point(6, c)) != 0;
        assert_eq!(crosses, c % 2 == 0, "column {c}");
    }
    // A camp has eight neighbours (four diagonal), a corner post two.
    assert_eq!(g.step[pt("c4") as usize].count_ones(), 8);
    assert_eq!(g.step[pt("a1") as usize].count_ones(), 2);
    // b2 is on the railway and next to the camp b3, but not diagonally to c3.
    assert!(g.step[pt("a2") as usize] & (1 << pt("b3")) != 0);
    assert!(g.step[pt("b2") as usize] & (1 << pt("c3")) == 0);
}

#[test]
fn railway_moves_with_and_without_engineers() {
    // A platoon leader on a2: one step on roads (a1, the camp b3), straight along row 2 and
    // column a, no turning at the corner.
    let s = board("", &[("a2", 'P')], RED);
    assert_eq!(
        dests(&s, "a2"),
        names("a1 b3 b2 c2 d2 e2 a3 a4 a5 a6 a7 a8 a9 a10 a11")
    );
    // An engineer turns corners: every railway point (32, less its own) plus a1 and b3.
    let s = board("", &[("a2", 'G')], RED);
    let d = dests(&s, "a2");
    assert_eq!(d.len(), 31 + 2, "{d:?}");
    for far in ["e11", "c6", "c7", "e6", "b11"] {
        assert!(d.contains(&far.to_string()), "{far} in {d:?}");
    }
    // The platoon leader cannot reach e3 or b6 (they need a turn); the engineer can.
    let p = board("", &[("a2", 'P')], RED);
    assert!(!dests(&p, "a2").contains(&"e3".to_string()));
    assert!(!dests(&p, "a2").contains(&"b6".to_string()));
    assert!(d.contains(&"e3".to_string()) && d.contains(&"b6".to_string()));
}

#[test]
fn blocked_railways() {
    // An own piece on a5 stops the column run at a4; an enemy piece on a5 can be attacked but
    // not passed.
    let s = board("", &[("a2", 'P'), ("a5", 'C')], RED);
    assert_eq!(dests(&s, "a2"), names("a1 b3 b2 c2 d2 e2 a3 a4"));
    let s = board("", &[("a2", 'P'), ("a5", 'c')], RED);
    assert_eq!(dests(&s, "a2"), names("a1 b3 b2 c2 d2 e2 a3 a4 a5"));
    // Blocked at c2, an engineer still goes round by column a and row 6 ... but not past c2
    // along row 2.
    let s = board("", &[("a2", 'G'), ("c2", 'C')], RED);
    let d = dests(&s, "a2");
    assert!(d.contains(&"b2".to_string()));
    assert!(!d.contains(&"c2".to_string()));
    // d2 and e2 are reached the long way: a6 -> e6 -> down column e -> e2 -> d2.
    for p in ["e2", "d2", "e5", "a6"] {
        assert!(d.contains(&p.to_string()), "{p} in {d:?}");
    }
    // Walled in on the railway (own pieces on a3, b2), the engineer has its road steps only.
    let s = board("", &[("a2", 'G'), ("a3", 'C'), ("b2", 'C')], RED);
    assert_eq!(dests(&s, "a2"), names("a1 b3"));
    // An enemy piece ends an engineer's path too (it may be attacked, not passed).
    let s = board("", &[("a2", 'G'), ("a3", 'c'), ("b2", 'C')], RED);
    assert_eq!(dests(&s, "a2"), names("a1 b3 a3"));
}

#[test]
fn the_middle_crossing_at_column_c() {
    // Engineer on a6; own pieces block a7 and e6, so the only way into row 7 is c6 -> c7.
    let pieces = [("a6", 'G'), ("a7", 'C'), ("e6", 'C'), ("a5", 'C')];
    let rail = board("", &pieces, RED);
    let d = dests(&rail, "a6");
    assert!(
        d.contains(&"c7".to_string()) && d.contains(&"e7".to_string()),
        "{d:?}"
    );
    let road = board("middle=road", &pieces, RED);
    let d = dests(&road, "a6");
    assert!(
        !d.contains(&"c7".to_string()) && !d.contains(&"d7".to_string()),
        "{d:?}"
    );
    // A single step across is a road step either way.
    let s = board("middle=road", &[("c6", 'P')], RED);
    assert!(dests(&s, "c6").contains(&"c7".to_string()));
    // Nothing crosses at b or d.
    let s = board("", &[("b6", 'P'), ("d6", 'P')], RED);
    assert!(!dests(&s, "b6").contains(&"b7".to_string()));
    assert!(!dests(&s, "d6").contains(&"d7".to_string()));
}

#[test]
fn camps_shelter_their_pieces_and_move_one_step() {
    // The black piece in the camp c9 cannot be attacked from c8 ... but the one on c10 can.
    let s = board("", &[("c8", 'S'), ("c9", 'p'), ("b8", 'p')], RED);
    let d = dests(&s, "c8");
    assert!(!d.contains(&"c9".to_string()), "{d:?}");
    assert!(!d.contains(&"b8".to_string()), "b8 is a camp too: {d:?}");
    // A piece in a camp steps to its eight neighbours, never further.
    let s = board("", &[("c4", 'S')], RED);
    assert_eq!(dests(&s, "c4"), names("b3 c3 d3 b4 d4 b5 c5 d5"));
    // Empty camps may be entered (also diagonally).
    let s = board("", &[("a2", 'P')], RED);
    assert!(dests(&s, "a2").contains(&"b3".to_string()));
}

#[test]
fn headquarters_mines_and_the_flag_never_move() {
    let s = board("", &[("d1", 'S'), ("a1", 'M'), ("c3", 'P')], RED);
    assert!(
        dests(&s, "d1").is_empty(),
        "a piece in a headquarters stays"
    );
    assert!(dests(&s, "a1").is_empty(), "a mine stays");
    assert!(dests(&s, "b1").is_empty(), "the flag stays");
    // A piece may move into a headquarters (and is stuck there).
    let mut s = board("", &[("c12", 'S'), ("e11", 'p')], RED);
    assert!(dests(&s, "c12").contains(&"d12".to_string()));
    play(&mut s, "c12-d12");
    play(&mut s, "e11-e10");
    let mut moves = MoveList::new();
    s.legal_moves(&mut moves);
    assert!(moves
        .iter()
        .all(|m| !matches!(m, JunqiMove::Step { from, .. } if *from == pt("d12"))));
}

/// The seed's table: row = attacker, column = defender, cell = who loses or 同尽 (both).
#[test]
fn the_seeds_combat_table_cell_by_cell() {
    let text = include_str!("../../../tests/data/junqi/seed_combat_table.txt");
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], "攻守");
    let defenders: Vec<Kind> = words[1..11]
        .iter()
        .map(|w| Kind::from_chinese(w).unwrap())
        .collect();
    assert_eq!(defenders.len(), 10);
    let r = JunqiRules::default();
    let mut cells = 0;
    for row in words[11..].chunks(11) {
        let attacker = Kind::from_chinese(row[0]).unwrap();
        for (i, cell) in row[1..].iter().enumerate() {
            let defender = defenders[i];
            let expected = if *cell == "同尽" {
                Outcome::BothDie
            } else {
                let loser = Kind::from_chinese(cell.strip_suffix('败').unwrap()).unwrap();
                if loser == attacker {
                    Outcome::DefenderWins
                } else {
                    assert_eq!(loser, defender, "{cell}: the loser is one of the two");
                    Outcome::AttackerWins
                }
            };
            assert_eq!(
                combat(attacker, defender, &r),
                expected,
                "{} attacks {}",
                attacker.chinese(),
                defender.chinese()
            );
            cells += 1;
        }
    }
    // Five full rows and the 营长 row up to 排长, where the seed's text stops.
    assert_eq!(cells, 5 * 10 + 8);
}

/// Every pair, against the rules text: higher rank wins, equal ranks both die, a bomb dies
/// with what it hits, an engineer removes a mine, other attackers die on a mine, anything takes
/// the flag.
#[test]
fn combat_follows_the_rules_text_for_every_pair() {
    for mine_dies in [false, true] {
        let r = rules(if mine_dies { "mine=dies" } else { "" });
        for a in ALL_KINDS.into_iter().filter(|k| k.can_move()) {
            for d in ALL_KINDS {
                let rank = |k: Kind| 9 - k.index() as i32; // marshal 9 .. engineer 1
                let expected = match (a, d) {
                    (Kind::Bomb, _) | (_, Kind::Bomb) => Outcome::BothDie,
                    (_, Kind::Flag) => Outcome::AttackerWins,
                    (Kind::Engineer, Kind::Mine) => Outcome::AttackerWins,
                    (_, Kind::Mine) if mine_dies => Outcome::BothDie,
                    (_, Kind::Mine) => Outcome::DefenderWins,
                    _ if rank(a) > rank(d) => Outcome::AttackerWins,
                    _ if rank(a) < rank(d) => Outcome::DefenderWins,
                    _ => Outcome::BothDie,
                };
                // The bomb takes the flag with it: the flag is gone either way.
                let expected = if a == Kind::Bomb && d == Kind::Flag {
                    Outcome::BothDie
                } else {
                    expected
                };
                assert_eq!(
                    combat(a, d, &r),
                    expected,
                    "{a:?} on {d:?} (mine_dies {mine_dies})"
                );
            }
        }
    }
}

#[test]
fn mines_bombs_and_engineers_on_the_board() {
    // An engineer removes a mine and takes its point.
    let mut s = board("", &[("a11", 'G'), ("a12", 'm')], RED);
    play(&mut s, "a11xa12");
    assert_eq!(s.piece_on(pt("a12")), Some((RED, Kind::Engineer)));
    assert_eq!(
        s.history().last().unwrap().outcome,
        Some(Outcome::AttackerWins)
    );
    // Anything else dies on it, and the mine stays ...
    let mut s = board("", &[("a11", 'S'), ("a12", 'm')], RED);
    play(&mut s, "a11xa12");
    assert_eq!(s.piece_on(pt("a12")), Some((BLACK, Kind::Mine)));
    assert_eq!(s.piece_on(pt("a11")), None);
    // ... unless mine=dies.
    let mut s = board("mine=dies", &[("a11", 'S'), ("a12", 'm')], RED);
    play(&mut s, "a11xa12");
    assert_eq!(s.piece_on(pt("a12")), None);
    // A bomb dies with what it hits, a mine too.
    let mut s = board("", &[("a11", 'Z'), ("a12", 'm')], RED);
    play(&mut s, "a11xa12");
    assert_eq!((s.piece_on(pt("a11")), s.piece_on(pt("a12"))), (None, None));
    let mut s = board("", &[("a6", 'Z'), ("a7", 's')], RED);
    play(&mut s, "a6xa7");
    assert_eq!((s.piece_on(pt("a6")), s.piece_on(pt("a7"))), (None, None));
    assert_eq!(s.history().last().unwrap().outcome, Some(Outcome::BothDie));
    // Equal ranks both die; the higher rank takes the point.
    let mut s = board(
        "",
        &[("a6", 'D'), ("a7", 'd'), ("c6", 'D'), ("c7", 'l')],
        RED,
    );
    play(&mut s, "a6xa7");
    assert_eq!((s.piece_on(pt("a6")), s.piece_on(pt("a7"))), (None, None));
    play(&mut s, "c7xc6");
    assert_eq!(s.piece_on(pt("c6")), Some((RED, Kind::Division)));
    assert_eq!(s.piece_on(pt("c7")), None);
}

#[test]
fn taking_the_flag_wins() {
    for attacker in ['P', 'G', 'Z', 'S'] {
        let mut s = board("", &[("b11", attacker), ("c6", 'C'), ("c7", 'c')], RED);
        play(&mut s, "b11xb12");
        assert_eq!(s.status(), Status::Won(RED), "{attacker}");
        assert_eq!(s.turn(), Turn::Terminal);
        assert_eq!(s.returns().values[..2], [1.0, -1.0]);
    }
}

#[test]
fn the_flag_is_shown_when_the_marshal_dies() {
    // Red's marshal hits black's bomb: both die, red's flag (d1) is shown to black.
    let mut s = board(
        "",
        &[
            ("a6", 'S'),
            ("a7", 'z'),
            ("d1", 'F'),
            ("c6", 'C'),
            ("c8", 'c'),
        ],
        RED,
    );
    let flag_id = s.at(pt("d1")).unwrap().1;
    assert_eq!(
        s.pieces(RED)[flag_id].known & bit(Kind::Flag),
        bit(Kind::Flag)
    );
    assert_ne!(
        s.pieces(RED)[flag_id].known,
        bit(Kind::Flag),
        "not known before"
    );
    play(&mut s, "a6xa7");
    assert_eq!(s.flags_shown(), 1 << RED);
    assert_eq!(s.pieces(RED)[flag_id].known, bit(Kind::Flag));
    assert_eq!(
        s.history().last().unwrap().flags_shown,
        [pt("d1"), super::game::OFF]
    );
    // Black's observation names red's flag; red learns only that the attacker was met by a
    // bomb or a marshal.
    let black = s.observe(BLACK);
    let red_flag = black.enemy_pieces()[flag_id];
    assert_eq!(red_flag.known, bit(Kind::Flag));
    let text = Junqi::format_observation(&black);
    assert!(text.contains("a6xa7=!d1"), "{text}");
    let red = s.observe(RED);
    // Black's first piece by point order is a7. It was a marshal or a bomb; black has no
    // marshal on this board, so a bomb.
    assert_eq!(red.enemy_pieces()[0].known, bit(Kind::Bomb));
    // With flag_reveal=false nothing is shown.
    let mut s = board(
        "flag_reveal=false",
        &[
            ("a6", 'S'),
            ("a7", 'z'),
            ("d1", 'F'),
            ("c6", 'C'),
            ("c8", 'c'),
        ],
        RED,
    );
    play(&mut s, "a6xa7");
    assert_eq!(s.flags_shown(), 0);
}

#[test]
fn a_side_that_cannot_move_loses() {
    // Black has only its flag and a mine: after red's move black cannot move.
    let mut s = board("", &[("a2", 'P'), ("a12", 'm')], RED);
    assert_eq!(s.turn(), Turn::Player(RED));
    play(&mut s, "a2-a3");
    assert_eq!(s.status(), Status::Won(RED));
    // A board where the side to move is stuck is already over.
    let s = board("", &[("a2", 'P'), ("a12", 'm')], BLACK);
    assert_eq!(s.status(), Status::Won(RED));
    // Walled in: black's only movable piece sits in a headquarters.
    let mut s = board("", &[("a2", 'P'), ("d12", 's')], RED);
    play(&mut s, "a2-a3");
    assert_eq!(s.status(), Status::Won(RED));
}

#[test]
fn the_no_capture_limit_draws() {
    let pieces = [("a2", 'P'), ("e11", 'p')];
    let mut s = board("no_capture_limit=4", &pieces, RED);
    for mv in ["a2-a3", "e11-e10", "a3-a2", "e10-e11"] {
        assert_eq!(s.turn(), Turn::Player(s.side()));
        play(&mut s, mv);
    }
    assert_eq!(s.status(), Status::Drawn);
    assert_eq!(s.returns().values[..2], [0.0, 0.0]);
    // A combat resets the count; 0 turns the rule off.
    let mut s = board("no_capture_limit=0", &pieces, RED);
    for _ in 0..50 {
        for mv in ["a2-a3", "e11-e10", "a3-a2", "e10-e11"] {
            play(&mut s, mv);
        }
    }
    assert_eq!(s.status(), Status::Ongoing);
    assert_eq!(s.quiet(), 200);
    let mut s = board(
        "no_capture_limit=3",
        &[("a2", 'P'), ("a11", 'p'), ("e11", 'p')],
        RED,
    );
    play(&mut s, "a2-a3");
    play(&mut s, "e11-e10");
    play(&mut s, "a3xa11");
    assert_eq!(s.quiet(), 0);
    assert_eq!(s.status(), Status::Ongoing);
    assert!(JunqiRules::parse("no_capture_limit=x").is_err());
    assert!(JunqiRules::parse("no_capture_limit=99999").is_err());
}

#[test]
fn setup_placements_are_decisions_under_the_rules() {
    let mut s = Junqi::new(&JunqiRules::default());
    let options = |s: &Junqi| -> String {
        let mut moves = MoveList::new();
        s.legal_moves(&mut moves);
        moves
            .iter()
            .map(|m| match m {
                JunqiMove::Place { kind, .. } => kind.letter(),
                _ => panic!("a step during setup"),
            })
            .collect()
    };
    assert_eq!(s.turn(), Turn::Player(RED));
    // a1: back row, not a headquarters: anything but the flag.
    assert_eq!(options(&s), "SJDLTYCPGZM");
    play(&mut s, "a1=M");
    // b1 is a headquarters: the flag too.
    assert_eq!(options(&s), "SJDLTYCPGZMF");
    play(&mut s, "b1=S");
    // c1: the flag must go to d1 now, so not here.
    assert_eq!(options(&s), "JDLTYCPGZM");
    play(&mut s, "c1=J");
    // d1 is the last headquarters: only the flag.
    assert_eq!(options(&s), "F");
    assert!(s.play_text("d1=M").is_err());
    play(&mut s, "d1=F");
    play(&mut s, "e1=D");
    // Row 2 holds the last back-row points: after 3 non-mines the other two must be mines.
    for t in ["a2=D", "b2=L", "c2=L"] {
        play(&mut s, t);
    }
    assert_eq!(options(&s), "M");
    play(&mut s, "d2=M");
    play(&mut s, "e2=M");
    // Rows 3-5: no mine, no flag.
    assert_eq!(options(&s), "TYCPGZ");
    // Placing out of order, or on a camp, is refused with an error.
    assert!(s.play_text("c3=T").is_err());
    assert!(s.play_text("b3=T").is_err());
    assert!(s.play_text("a3=Q").is_err());
    for t in [
        "a3=T", "c3=T", "e3=Y", "a4=Y", "b4=C", "d4=C", "e4=C", "a5=Z", "c5=Z", "e5=P",
    ] {
        play(&mut s, t);
    }
    // The front row: no bomb (none left anyway), no mine, no flag.
    assert_eq!(options(&s), "PG");
    for t in ["a6=P", "b6=P", "c6=G", "d6=G", "e6=G"] {
        play(&mut s, t);
    }
    // Black sets up next, from its own back row (e12 is its left corner).
    assert_eq!(s.turn(), Turn::Player(BLACK));
    assert_eq!(point_name(SETUP_ORDER[BLACK][0]), "e12");
    assert!(s.play_text("a12=M").is_err());
    // Black does not see red's kinds.
    let obs = s.observe(BLACK);
    assert!(obs
        .enemy_pieces()
        .iter()
        .all(|p| p.known.count_ones() > 1 || p.known == ANY_KIND));
    let text = Junqi::format_observation(&obs);
    assert!(text.contains("a1=? b1=?"), "{text}");
    assert!(!text.contains("b1=S"), "{text}");
    // A whole random setup reaches the play phase with red to move (rules.first).
    let mut rng = rand::rngs::mock::StepRng::new(3, 7);
    let setup = super::setups::Setup::random(&mut rng);
    for (i, k) in setup.0.iter().enumerate() {
        s.play(JunqiMove::Place {
            point: SETUP_ORDER[BLACK][i],
            kind: *k,
        });
    }
    assert!(!s.in_setup());
    assert_eq!(s.turn(), Turn::Player(RED));
}

#[test]
fn moving_shows_a_piece_is_no_mine_or_flag_and_turning_shows_an_engineer() {
    let mut s = board(
        "",
        &[("a2", 'G'), ("c2", 'P'), ("a1", 'M'), ("e11", 'p')],
        RED,
    );
    let g = s.at(pt("a2")).unwrap().1;
    let p = s.at(pt("c2")).unwrap().1;
    assert!(s.pieces(RED)[g].known & bit(Kind::Mine) != 0);
    // a2 -> b2: any piece could (a road step): no mine, no flag, nothing more.
    play(&mut s, "a2-b2");
    assert_eq!(s.pieces(RED)[g].known & !MOVABLE, 0);
    assert!(s.pieces(RED)[g].known.count_ones() > 1);
    play(&mut s, "e11-e10");
    // b2 -> a3 needs a turn at a2: only an engineer.
    play(&mut s, "b2-a3");
    assert_eq!(s.pieces(RED)[g].known, bit(Kind::Engineer));
    play(&mut s, "e10-e11");
    // c2 -> e2 is straight: no inference beyond movable.
    play(&mut s, "c2-e2");
    assert_eq!(
        s.pieces(RED)[p].known & bit(Kind::Engineer),
        bit(Kind::Engineer)
    );
    assert!(s.pieces(RED)[p].known.count_ones() > 1);
}

#[test]
fn combat_outcomes_narrow_the_enemys_knowledge() {
    // Black's division commander beats red's platoon leader: red learns the attacker outranks a
    // platoon leader, black learns red's piece ranks below a division commander.
    let mut s = board(
        "",
        &[("a6", 'P'), ("a7", 'd'), ("c6", 'C'), ("c8", 'c')],
        BLACK,
    );
    play(&mut s, "a7xa6");
    let red = s.observe(RED);
    let attacker = red.enemy_pieces()[s.at(pt("a6")).unwrap().1];
    // Black's kinds on this board are D, C and F; of those only D and C move, and both beat a
    // platoon leader.
    assert_eq!(attacker.known, bit(Kind::Division) | bit(Kind::Company));
    let black = s.observe(BLACK);
    let dead = black
        .enemy_pieces()
        .iter()
        .find(|p| p.at == super::game::OFF)
        .unwrap();
    // Red has P, C, F here; a division commander beats P and C, and a6 holds no flag.
    assert_eq!(dead.known, bit(Kind::Company) | bit(Kind::Platoon));
}

#[test]
fn text_forms_round_trip_and_refuse_garbage() {
    let s = board("", &[("a2", 'G'), ("c12", 'm'), ("e11", 'p')], RED);
    let t = s.format_position();
    assert_eq!(t, "1fm2/4p/5/5/5/5/5/5/5/5/G4/1F3 r 0");
    let back = Junqi::parse_position(&JunqiRules::default(), &t).unwrap();
    assert_eq!(back, s);
    for bad in [
        "",
        "setup extra",
        "5/5 r 0",
        "1fm2/4p/5/5/5/5/5/5/5/5/G4/1F3 w 0",
        "1fm2/4p/5/5/5/5/5/5/5/5/G4/1F3 r x",
        "1fm2/4p/5/5/5/5/5/5/5/5/G4/1F3 r 0 | a2-a1 zz",
        // A mine that left the back rows, a flag outside its headquarters, two flags.
        "1f3/5/5/5/5/5/5/5/5/M4/5/1F3 r 0",
        "f4/5/5/5/5/5/5/5/5/5/5/1F3 r 0",
        "1f1f1/5/5/5/5/5/5/5/5/5/5/1F3 r 0",
        "1f3/5/5/5/5/5/5/5/5/5/5/1F1F1 r 0",
        "setup | a1=F",
        "setup | b1=S b1=S",
    ] {
        assert!(
            Junqi::parse_position(&JunqiRules::default(), bad).is_err(),
            "{bad:?} was accepted"
        );
    }
    let mut s = Junqi::new(&JunqiRules::default());
    for bad in [
        "",
        "a1",
        "a1=",
        "a1=X",
        "a1=FF",
        "a0-a1",
        "f1-a1",
        "a1-a13",
        "a1=F extra",
    ] {
        assert!(s.play_text(bad).is_err(), "{bad:?}");
    }
    play(&mut s, "a1=地雷");
    assert_eq!(s.format_position(), "setup | a1=M");
}

#[test]
fn the_observation_of_a_given_board() {
    let s = board("", &[("a2", 'G'), ("c12", 'm'), ("e11", 'p')], RED);
    let obs = s.observe(RED);
    let text = Junqi::format_observation(&obs);
    assert_eq!(text, "r 1xx2/4x/5/5/5/5/5/5/5/5/G4/1F3 r 0 PMF");
    let back = Junqi::parse_observation(s.rules(), &text).unwrap();
    assert_eq!(back, obs);
    // The mine on c12 can only be the mine or the ... (kinds black has: P, M, F); not the
    // flag (not a headquarters).
    let mine = obs.enemy_pieces()[s.at(pt("c12")).unwrap().1];
    assert_eq!(mine.known, bit(Kind::Platoon) | bit(Kind::Mine));
    // The flag in b12 could be anything black has.
    let flag = obs.enemy_pieces()[s.at(pt("b12")).unwrap().1];
    assert_eq!(
        flag.known,
        bit(Kind::Platoon) | bit(Kind::Mine) | bit(Kind::Flag)
    );
    // Inconsistent observation texts are refused.
    for bad in [
        "r 1xx2/4x/5/5/5/5/5/5/5/5/G4/1F3 r 0 PM",
        "r 1xx2/4x/5/5/5/5/5/5/5/5/G4/1F3 r 0 PMFF",
        "r 1xx2/4x/5/5/5/5/5/5/5/5/G4/1F3 r 0 PPM",
        "r 1xx2/4x/5/5/5/5/5/5/5/5/G4/1F3 r 0 PMF | a2-a3 a3-a4",
        "r 1xx2/4x/5/5/5/5/5/5/5/5/G4/1F3 r 0 PMF | a2xa3>",
        "r 1xx2/4x/5/5/5/5/5/5/5/5/G4/1F3 r 0 PMF | b1-b2",
        "r 1xx2/4x/5/5/5/5/5/5/5/5/G4/1F3 r 0 PMF # draw",
        "x setup",
        "r setup | a1=?",
        "b setup | a1=M",
    ] {
        assert!(
            Junqi::parse_observation(s.rules(), bad).is_err(),
            "{bad:?} was accepted"
        );
    }
}

#[test]
fn rule_options_round_trip() {
    let r = rules("first=black,no_capture_limit=31,mine=dies,flag_reveal=false,middle=road");
    assert_eq!(JunqiRules::parse(&r.to_text()).unwrap(), r);
    assert_eq!(r.first, BLACK);
    assert!(JunqiRules::parse("first=green").is_err());
    assert!(JunqiRules::parse("colour=red").is_err());
    let _ = points_in(0);
}
