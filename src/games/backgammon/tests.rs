//! The rules' own tests: a second, slow move generator written from the rules text, the opening
//! counts, text and id round trips, and the cube and match rules.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};

use super::board::{self, Side, BAR, OFF, START};
use super::game::{Backgammon, BgMove, Phase, CENTRE};
use super::rules::BgRules;
use crate::game::conformance::check_random_games;
use crate::game::{Game, MoveList, RuleSet, Turn};

// ---- the reference move generator ----

/// The board as one signed array from the mover's view: index 1..=24 the mover's points (> 0 the
/// mover's checkers, < 0 the opponent's), 25 the mover's bar, 0 the mover's checkers off, and the
/// opponent's bar kept apart. Written from the rules text, without the fast generator's tricks
/// (every die order, every checker, no pruning of duplicate orders).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Flat {
    cells: [i8; 26],
    opp_bar: i8,
}

fn flat(me: &Side, opp: &Side) -> Flat {
    let mut cells = [0i8; 26];
    cells[0] = me[OFF] as i8;
    cells[25] = me[BAR] as i8;
    for p in 1..=24 {
        cells[p] = me[p] as i8 - opp[25 - p] as i8;
    }
    Flat {
        cells,
        opp_bar: opp[BAR] as i8,
    }
}

/// One checker moved `die` pips from `from`, if the rules allow it.
fn slow_step(b: &Flat, from: usize, die: usize) -> Option<Flat> {
    if b.cells[from] <= 0 {
        return None;
    }
    // "If you have a checker on the bar, you must enter it before moving any other."
    if b.cells[25] > 0 && from != 25 {
        return None;
    }
    let mut n = b.clone();
    let target = from as i32 - die as i32;
    if target >= 1 {
        let t = target as usize;
        if n.cells[t] <= -2 {
            return None; // a point made by the opponent
        }
        n.cells[from] -= 1;
        if n.cells[t] == -1 {
            n.cells[t] = 0;
            n.opp_bar += 1; // hit
        }
        n.cells[t] += 1;
        return Some(n);
    }
    // Bearing off: every checker in the home board.
    let outside: i32 = (7..=25).map(|p| b.cells[p].max(0) as i32).sum();
    if outside > 0 {
        return None;
    }
    if target < 0 {
        // A larger number only from the highest point holding a checker.
        let higher: i32 = (from + 1..=6).map(|p| b.cells[p].max(0) as i32).sum();
        if higher > 0 {
            return None;
        }
    }
    n.cells[from] -= 1;
    n.cells[0] += 1;
    Some(n)
}

/// Every end position with the number of dice used and whether the high die was used.
fn slow_all(
    b: &Flat,
    dice: &[usize],
    used_high: bool,
    high: usize,
    out: &mut Vec<(Flat, usize, bool)>,
    depth: usize,
) {
    let mut any = false;
    for i in 0..dice.len() {
        for from in 1..=25 {
            if let Some(n) = slow_step(b, from, dice[i]) {
                any = true;
                let mut rest = dice.to_vec();
                rest.remove(i);
                slow_all(
                    &n,
                    &rest,
                    used_high || dice[i] == high,
                    high,
                    out,
                    depth + 1,
                );
            }
        }
    }
    if !any {
        out.push((b.clone(), depth, used_high));
    }
}

fn slow_plays(me: &Side, opp: &Side, d1: u8, d2: u8) -> BTreeSet<Flat> {
    let (d1, d2) = (d1 as usize, d2 as usize);
    let dice: Vec<usize> = if d1 == d2 { vec![d1; 4] } else { vec![d1, d2] };
    let mut ends = Vec::new();
    slow_all(&flat(me, opp), &dice, false, d1.max(d2), &mut ends, 0);
    let most = ends.iter().map(|e| e.1).max().unwrap_or(0);
    let mut kept: Vec<&(Flat, usize, bool)> = ends.iter().filter(|e| e.1 == most).collect();
    // "If either number can be played but not both, the larger one must be played."
    if most == 1 && d1 != d2 && kept.iter().any(|e| e.2) {
        kept.retain(|e| e.2);
    }
    kept.into_iter().map(|e| e.0.clone()).collect()
}

fn fast_plays(s: &Backgammon) -> BTreeSet<Flat> {
    let mut out = Vec::new();
    s.plays(&mut out);
    let set: BTreeSet<Flat> = out.iter().map(|g| flat(&g.me, &g.opp)).collect();
    assert_eq!(
        set.len(),
        out.len(),
        "the fast generator lists a position twice"
    );
    set
}

/// Random positions from random games (money, no cube), each side's checkers as they fall.
fn random_positions(n: usize, seed: u64) -> Vec<Backgammon> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let rules = BgRules::cubeless();
    let mut out = Vec::new();
    while out.len() < n {
        let mut s = Backgammon::new(&rules);
        while !s.is_terminal() && out.len() < n {
            match s.turn() {
                Turn::Chance => {
                    let mut o = Vec::new();
                    s.chance_outcomes(&mut o);
                    let (mv, _) = o[rng.gen_range(0..o.len())];
                    s.play(mv);
                }
                _ => {
                    if s.phase() == Phase::Moving {
                        out.push(s);
                    }
                    let mut m = MoveList::new();
                    s.legal_moves(&mut m);
                    s.play(m[rng.gen_range(0..m.len())]);
                }
            }
        }
    }
    out
}

#[test]
fn the_generator_equals_the_slow_reference_on_random_positions_and_every_roll() {
    let positions = random_positions(1500, 7);
    let mut compared = 0;
    for s in &positions {
        let me = s.roller();
        for (h, l, _) in super::game::rolls() {
            let mut t = *s;
            t.dice = [h, l];
            let fast = fast_plays(&t);
            let slow = slow_plays(&t.sides[me], &t.sides[me ^ 1], h, l);
            let slow = if slow.is_empty() {
                std::iter::once(flat(&t.sides[me], &t.sides[me ^ 1])).collect()
            } else {
                slow
            };
            assert_eq!(fast, slow, "roll {h}{l} at {}", t.format_position());
            compared += 1;
        }
    }
    assert_eq!(compared, 1500 * 21);
}

/// The generator on hand-made positions where the dice rules bite.
#[test]
fn dice_rules_on_constructed_positions() {
    let pos = |text: &str| Backgammon::parse_position(&BgRules::cubeless(), text).unwrap();
    let legal = |s: &Backgammon| -> Vec<String> {
        let mut m = MoveList::new();
        s.legal_moves(&mut m);
        let mut v: Vec<String> = m.iter().map(|&mv| s.format_move(mv)).collect();
        v.sort();
        v
    };
    // O on the bar against a closed board: no play.
    let s = pos("O:barx1,6x14 X:1x2,2x2,3x2,4x2,5x2,6x2,24x3 O:64 cube=1 money");
    assert_eq!(legal(&s), vec!["pass"]);
    // Either die alone but not both (13/7 and 13/8 both end before O's 2, which X holds): the
    // larger die must be played.
    let s = pos("O:13x1,1x14 X:23x2,13x13 O:65 cube=1 money");
    assert_eq!(legal(&s), vec!["13/7"]);
    // Bearing off: a 6 from the highest point when no checker is on the 6.
    let s = pos("O:4x1,2x1 X:24x15 O:65 cube=1 money");
    assert_eq!(legal(&s), vec!["4/off,2/off"]);
    // Doubles partly blocked: one 2 only (O's 9 is X's 16), and nothing may bear off while a
    // checker is outside the home board.
    let s = pos("O:13x1,1x14 X:16x2,20x2,1x11 O:22 cube=1 money");
    assert_eq!(legal(&s), vec!["13/11"]);
}

#[test]
fn opening_rolls_give_the_published_distinct_play_counts() {
    // gnubg and OpenSpiel agree on these; scripts/crosscheck/backgammon_gnubg.py asks gnubg.
    let want = [
        ((2, 1), 15),
        ((3, 1), 16),
        ((4, 1), 14),
        ((5, 1), 8),
        ((6, 1), 10),
        ((3, 2), 17),
        ((4, 2), 18),
        ((5, 2), 8),
        ((6, 2), 14),
        ((4, 3), 17),
        ((5, 3), 9),
        ((6, 3), 14),
        ((5, 4), 9),
        ((6, 4), 14),
        ((6, 5), 7),
    ];
    let start = Backgammon::new(&BgRules::default());
    for ((h, l), n) in want {
        let mut s = start;
        s.play(BgMove::Opening(h, l));
        assert_eq!(s.count_legal_moves(), n, "opening {h}{l}");
    }
}

// ---- the contract ----

#[test]
fn conformance_under_every_rule_set() {
    for rules in [
        "",
        "cube=false",
        "match=7",
        "match=3,crawford=false",
        "match=1",
        "beavers=2,auto_doubles=2,jacoby=true,max_cube=16",
        "opening_reroll=true,gammons=false",
    ] {
        let s = Backgammon::new(&BgRules::parse(rules).unwrap());
        let cov = check_random_games(&s, 40, 3000, 5).unwrap_or_else(|e| panic!("{rules}: {e}"));
        assert!(cov.terminals >= 38, "{rules}: {cov:?}");
    }
}

#[test]
fn position_text_examples() {
    let s = Backgammon::new(&BgRules::default());
    assert_eq!(
        s.format_position(),
        "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 opening cube=1 money"
    );
    let r = BgRules::parse("match=7").unwrap();
    for bad in [
        "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 opening cube=1 money extra",
        "O:24x2,13x5,8x3,6x6 X:24x2,13x5,8x3,6x5 O:roll cube=1 money",
        "O:24x2,13x5,8x3,6x5 X:1x2,13x5,8x3,6x5 O:roll cube=1 money",
        "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 O:77 cube=1 money",
        "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 O:roll cube=3 money",
        "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 O:roll cube=2 money",
        "O:- X:24x2,13x5,8x3,6x5 X:roll cube=1 money",
        "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 O:roll cube=1 match=7:0-0",
        "gnubg:4HPwATDgc/ABMA",
        "gnubg:4HPwATDgc/AB!A:cAkAAAAAAAAA",
    ] {
        assert!(
            Backgammon::parse_position(&BgRules::default(), bad).is_err(),
            "{bad} was accepted"
        );
    }
    // A match position round-trips with its Crawford flag.
    let t = "O:6x2,5x3 X:24x1,1x3 X:cube cube=2:X match=7:6-3:post";
    let s = Backgammon::parse_position(&r, t).unwrap();
    assert_eq!(s.format_position(), t);
    assert!(
        Backgammon::parse_position(&r, "O:6x2,5x3 X:24x1,1x3 X:roll cube=1 match=7:6-3").is_err()
    );
}

#[test]
fn gnubg_ids_of_known_positions() {
    let s = Backgammon::new(&BgRules::default());
    let mut t = s;
    t.play(BgMove::Opening(2, 1));
    let (pos, _) = super::gnubg_id::ids(&t).unwrap();
    assert_eq!(
        pos, "4HPwATDgc/ABMA",
        "the starting position's id (gnubg manual)"
    );
    // Round trips of ids through random states.
    let rules = BgRules::parse("match=9").unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    let mut n = 0;
    for _ in 0..60 {
        let mut s = Backgammon::new(&rules);
        while !s.is_terminal() {
            if let Some((p, m)) = super::gnubg_id::ids(&s) {
                let back = Backgammon::parse_position(&rules, &format!("gnubg:{p}:{m}")).unwrap();
                if s.phase() != Phase::Rolling {
                    assert_eq!(back.format_position(), s.format_position());
                } else {
                    assert_eq!(back.sides, s.sides);
                }
                n += 1;
            }
            match s.turn() {
                Turn::Chance => {
                    let mut o = Vec::new();
                    s.chance_outcomes(&mut o);
                    s.play(o[rng.gen_range(0..o.len())].0);
                }
                _ => {
                    let mut m = MoveList::new();
                    s.legal_moves(&mut m);
                    s.play(m[rng.gen_range(0..m.len())]);
                }
            }
        }
    }
    assert!(n > 1000);
}

#[test]
fn move_text_reads_gnubg_notation_in_any_order() {
    let s = Backgammon::parse_position(
        &BgRules::default(),
        "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 O:61 cube=1 money",
    )
    .unwrap();
    for text in ["13/7,8/7", "8/7 13/7", "13-7 8-7", "8/7,13/7"] {
        assert_eq!(
            s.format_move(s.parse_move(text).unwrap()),
            "13/7,8/7",
            "{text}"
        );
    }
    assert!(s.parse_move("13/5").is_err(), "13/5 is not a 6-1");
    assert_eq!(
        s.format_move(s.parse_move("13/6").unwrap()),
        "13/6",
        "one checker, both dice"
    );
    assert!(s.parse_move("24/18,24/23").is_ok());
    assert!(s.parse_move("pass").is_err());
    assert!(s.parse_move("double").is_err());
    // Hits: a checker hitting on the way keeps its intermediate point.
    let s = Backgammon::parse_position(
        &BgRules::default(),
        "O:24x2,13x5,8x3,6x5 X:24x2,13x4,8x3,6x5,18x1 O:61 cube=1 money",
    )
    .unwrap();
    // X's 18 is O's 7: 13/7* hits.
    let mv = s.parse_move("13/7*,8/7").unwrap();
    assert_eq!(s.format_move(mv), "13/7*,8/7");
    let mv = s.parse_move("13/7/6").unwrap();
    assert_eq!(s.format_move(mv), "13/7*/6", "landing on the blot hits it");
}

// ---- the cube and the match ----

fn play(s: &mut Backgammon, texts: &[&str]) {
    for t in texts {
        s.play_text(t)
            .unwrap_or_else(|e| panic!("{t}: {e} at {}", s.format_position()));
    }
}

fn legal_texts(s: &Backgammon) -> Vec<String> {
    let mut m = MoveList::new();
    s.legal_moves(&mut m);
    m.iter().map(|&mv| s.format_move(mv)).collect()
}

#[test]
fn take_drop_and_cube_ownership() {
    let mut s = Backgammon::new(&BgRules::default());
    play(&mut s, &["opening:3-1", "8/5,6/5"]);
    assert_eq!(s.phase(), Phase::CubeDecision);
    assert_eq!(s.roller(), 1);
    assert_eq!(legal_texts(&s), vec!["roll", "double"]);
    play(&mut s, &["double"]);
    assert_eq!(s.turn(), Turn::Player(0));
    assert_eq!(
        legal_texts(&s),
        vec!["take", "drop"],
        "no beaver without the rule"
    );
    play(&mut s, &["take"]);
    assert_eq!((s.cube_value(), s.cube_owner()), (2, Some(0)));
    assert_eq!(s.phase(), Phase::Rolling, "the doubler rolls");
    play(&mut s, &["roll:21", "13/11,6/5"]);
    // O owns the cube: O may redouble.
    assert_eq!(s.phase(), Phase::CubeDecision);
    play(&mut s, &["double"]);
    assert_eq!(s.offered_value(), Some(4));
    play(&mut s, &["drop"]);
    assert!(s.is_terminal());
    assert_eq!(
        s.returns().as_slice(),
        &[2.0, -2.0],
        "O wins the cube before the redouble"
    );
    // X, who does not own the cube, had no cube decision.
    let mut s = Backgammon::new(&BgRules::default());
    play(&mut s, &["opening:3-1", "8/5,6/5", "double", "take"]);
    play(
        &mut s,
        &["roll:21", "13/11,6/5", "roll", "roll:21", "13/11,6/5"],
    );
    assert_eq!(
        s.phase(),
        Phase::Rolling,
        "X doubled away the cube; O owns it"
    );
}

#[test]
fn beavers_and_raccoons() {
    let r = BgRules::parse("beavers=1").unwrap();
    let mut s = Backgammon::new(&r);
    play(&mut s, &["opening:3-1", "8/5,6/5", "double"]);
    assert_eq!(legal_texts(&s), vec!["take", "drop", "beaver"]);
    play(&mut s, &["beaver"]);
    assert_eq!(s.turn(), Turn::Player(1), "the doubler answers the beaver");
    assert_eq!(legal_texts(&s), vec!["take", "drop"], "one beaver only");
    let mut t = s;
    play(&mut t, &["drop"]);
    assert_eq!(
        t.returns().as_slice(),
        &[2.0, -2.0],
        "refusing a beaver pays the doubled stake"
    );
    play(&mut s, &["take"]);
    assert_eq!(
        (s.cube_value(), s.cube_owner()),
        (4, Some(0)),
        "the beaverer keeps the cube"
    );
    assert_eq!(s.roller(), 1);
    let r = BgRules::parse("beavers=2,max_cube=16").unwrap();
    let mut s = Backgammon::new(&r);
    play(&mut s, &["opening:3-1", "8/5,6/5", "double", "beaver"]);
    assert_eq!(legal_texts(&s), vec!["take", "drop", "beaver"], "a raccoon");
    play(&mut s, &["beaver"]);
    assert_eq!(s.offered_value(), Some(8));
    assert_eq!(
        legal_texts(&s),
        vec!["take", "drop"],
        "8 -> 16 would be a third redouble"
    );
    play(&mut s, &["take"]);
    assert_eq!(
        (s.cube_value(), s.cube_owner()),
        (8, Some(1)),
        "the raccooner keeps it"
    );
    // The cube's ceiling stops beavers too.
    let r = BgRules::parse("beavers=1,max_cube=2").unwrap();
    let mut s = Backgammon::new(&r);
    play(&mut s, &["opening:3-1", "8/5,6/5", "double"]);
    assert_eq!(legal_texts(&s), vec!["take", "drop"]);
}

#[test]
fn automatic_doubles_stop_at_their_maximum() {
    let r = BgRules::parse("auto_doubles=2").unwrap();
    let mut s = Backgammon::new(&r);
    let mut o = Vec::new();
    s.chance_outcomes(&mut o);
    assert_eq!(
        o.len(),
        36,
        "ties are outcomes while automatic doubles remain"
    );
    play(&mut s, &["opening:4-4"]);
    assert_eq!(
        (s.cube_value(), s.cube_owner(), s.phase()),
        (2, None, Phase::Opening)
    );
    play(&mut s, &["opening:2-2"]);
    assert_eq!(s.cube_value(), 4);
    o.clear();
    s.chance_outcomes(&mut o);
    assert_eq!(o.len(), 30, "no third automatic double");
    assert!(o.iter().all(|(_, p)| (*p - 1.0 / 30.0).abs() < 1e-12));
    assert!(s.parse_move("opening:3-3").is_err());
    play(&mut s, &["opening:5-2"]);
    assert_eq!(s.roller(), 0);
    assert_eq!(
        s.format_position(),
        "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 O:52 cube=4,auto=2 money"
    );
    // A centred cube after automatic doubles: either side may double (to 8).
    play(&mut s, &["13/11,13/8"]);
    assert_eq!(legal_texts(&s), vec!["roll", "double"]);
    play(&mut s, &["double", "drop"]);
    assert_eq!(s.returns().as_slice(), &[-4.0, 4.0]);
    // Without the rule ties are not outcomes.
    let mut o = Vec::new();
    Backgammon::new(&BgRules::default()).chance_outcomes(&mut o);
    assert_eq!(o.len(), 30);
}

/// A position where O is about to bear off its last checker (6-5 from its 2-point).
fn gammon_position(rules: &BgRules, x: &str, cube: &str, m: &str) -> Backgammon {
    Backgammon::parse_position(rules, &format!("O:2x1 X:{x} O:65 {cube} {m}")).unwrap()
}

#[test]
fn gammons_backgammons_and_the_jacoby_rule() {
    let money = BgRules::default();
    let finish = |mut s: Backgammon| {
        play(&mut s, &["2/off"]);
        s.returns().get(0)
    };
    assert_eq!(
        finish(gammon_position(&money, "6x15", "cube=1", "money")),
        2.0
    );
    assert_eq!(
        finish(gammon_position(&money, "24x1,6x14", "cube=1", "money")),
        3.0
    );
    assert_eq!(
        finish(gammon_position(&money, "barx1,6x14", "cube=2:X", "money")),
        6.0
    );
    assert_eq!(
        finish(gammon_position(&money, "6x14", "cube=1", "money")),
        1.0
    );
    let single = BgRules::parse("gammons=false").unwrap();
    assert_eq!(
        finish(gammon_position(&single, "24x1,6x14", "cube=2:X", "money")),
        2.0
    );
    let jacoby = BgRules::parse("jacoby=true").unwrap();
    assert_eq!(
        finish(gammon_position(&jacoby, "24x1,6x14", "cube=1", "money")),
        1.0,
        "centred: no gammons"
    );
    assert_eq!(
        finish(gammon_position(&jacoby, "24x1,6x14", "cube=2:X", "money")),
        6.0,
        "turned: they count"
    );
    let ja = BgRules::parse("jacoby=true,auto_doubles=1").unwrap();
    assert_eq!(
        finish(gammon_position(&ja, "6x15", "cube=2,auto=1", "money")),
        2.0,
        "an automatic double leaves the cube centred"
    );
}

#[test]
fn match_scoring_crawford_and_post_crawford() {
    let r = BgRules::parse("match=7").unwrap();
    // A gammon with the cube at 2 scores 4: 2-0 -> 6-0, and the next game is the Crawford game.
    let mut s = gammon_position(&r, "6x15", "cube=2:X", "match=7:2-0");
    play(&mut s, &["2/off"]);
    assert_eq!(s.phase(), Phase::Opening);
    assert_eq!(s.score(), [6, 0]);
    assert!(s.is_crawford_game());
    assert_eq!(s.sides, [START, START]);
    assert_eq!((s.cube_value(), s.cube_owner()), (1, None));
    // No doubling in the Crawford game, by either side.
    play(&mut s, &["opening:3-1", "8/5,6/5"]);
    assert_eq!(
        s.phase(),
        Phase::Rolling,
        "X may not double in the Crawford game"
    );
    play(&mut s, &["roll:21", "13/11,6/5"]);
    assert_eq!(s.phase(), Phase::Rolling, "nor O");
    // X wins the Crawford game: post-Crawford, X (trailer) may double, O (at 6) may not.
    let mut t =
        Backgammon::parse_position(&r, "O:6x15 X:1x1 X:21 cube=1 match=7:6-0:crawford").unwrap();
    play(&mut t, &["1/off"]);
    assert_eq!(t.score(), [6, 2], "a gammon in the Crawford game");
    assert!(t.is_post_crawford() && !t.is_crawford_game());
    play(&mut t, &["opening:1-3", "8/5,6/5"]);
    assert_eq!(t.roller(), 0);
    assert_eq!(
        t.phase(),
        Phase::Rolling,
        "the leader does not double post-Crawford"
    );
    play(&mut t, &["roll:21", "13/11,6/5"]);
    assert_eq!(t.phase(), Phase::CubeDecision, "the trailer does");
    // A dead cube: X at 5 of 7 owning a 2-cube may not redouble.
    let u = Backgammon::parse_position(&r, "O:6x5 X:6x5 X:roll cube=2:X match=7:0-5").unwrap();
    assert!(!u.may_double());
    let v = Backgammon::parse_position(&r, "O:6x5 X:6x5 X:roll cube=1 match=7:0-5").unwrap();
    assert!(v.may_double());
    // Winning the match ends the state with +1 / -1; a backgammon counts 3 x cube.
    let mut w = gammon_position(&r, "24x1,6x14", "cube=1", "match=7:4-5");
    play(&mut w, &["2/off"]);
    assert!(w.is_terminal());
    assert_eq!(w.score(), [7, 5]);
    assert_eq!(w.returns().as_slice(), &[1.0, -1.0]);
    // A drop in a match scores the cube before the double.
    let mut d = Backgammon::parse_position(&r, "O:6x5 X:6x5 X:cube cube=2:X match=7:1-1").unwrap();
    play(&mut d, &["double", "drop"]);
    assert_eq!(d.score(), [1, 3]);
    // Without the Crawford rule nobody is ever barred from doubling at 6-x.
    let nc = BgRules::parse("match=7,crawford=false").unwrap();
    let mut e = gammon_position(&nc, "6x15", "cube=2:X", "match=7:2-0");
    play(&mut e, &["2/off", "opening:3-1", "8/5,6/5"]);
    assert!(!e.is_crawford_game());
    assert_eq!(e.phase(), Phase::CubeDecision);
    assert_eq!(e.owner, CENTRE);
}

#[test]
fn opening_reroll_is_a_decision() {
    let r = BgRules::parse("opening_reroll=true").unwrap();
    let mut s = Backgammon::new(&r);
    play(&mut s, &["opening:6-5"]);
    assert_eq!(legal_texts(&s), vec!["keep", "reroll"]);
    let mut k = s;
    play(&mut k, &["keep", "24/13"]);
    play(&mut s, &["reroll"]);
    assert_eq!(s.turn(), Turn::Chance);
    play(&mut s, &["roll:66"]);
    assert_eq!(s.roller(), 0);
    assert_eq!(s.dice(), Some((6, 6)));
}

#[test]
fn pip_counts_and_races() {
    assert_eq!(board::pip_count(&START), 167);
    assert!(!board::is_race(&START, &START));
    let mut home = [0u8; 26];
    home[6] = 15;
    assert!(board::is_race(&home, &home));
    assert!(
        !board::is_race(&home, &START),
        "the 24-point checkers have not passed"
    );
}

// ---- the source text's readings (preset=seed) against the standard game ----

fn bg(rules: &str, position: &str) -> Backgammon {
    Backgammon::parse_position(&BgRules::parse(rules).unwrap(), position).unwrap()
}

fn play_texts(s: &mut Backgammon, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = s.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        s.play(mv);
    }
}

/// The boards every legal play leaves, as position text.
fn boards_after(s: &Backgammon) -> BTreeSet<String> {
    let mut moves = MoveList::new();
    s.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut t = *s;
            t.play(m);
            t.format_position()
                .split_whitespace()
                .take(2)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn seed_preset_follows_the_text_and_standard_the_common_game() {
    let start = "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 opening cube=1 money";
    // (a) The opening winner may reroll (如果对开局点数不满意 ... 重新一次抛出).
    let mut s = bg("preset=seed", start);
    play_texts(&mut s, "opening:5-2");
    assert_eq!(s.phase(), Phase::OpeningChoice);
    let mut s = bg("", start);
    play_texts(&mut s, "opening:5-2");
    assert_eq!(s.phase(), Phase::Moving);

    // (b) A refused beaver: the standard ends the game; the text's refuser pays 2 and play
    // goes on at 2 (拒绝则付出2分的代价后按2倍率继续游戏), the doubler rolling next.
    let line = "opening:5-2 13/11,13/8 double beaver drop";
    let mut s = bg("beavers=1", start);
    play_texts(&mut s, line);
    assert!(
        s.format_position().contains(" over:O+2 "),
        "{}",
        s.format_position()
    );
    assert_eq!(s.returns().get(0), 2.0);
    let mut s = bg("preset=seed,beavers=1", start);
    play_texts(&mut s, "opening:5-2 keep");
    play_texts(&mut s, &line["opening:5-2 ".len()..]);
    assert_eq!(s.phase(), Phase::Rolling);
    assert_eq!(
        (s.roller(), s.cube_value(), s.cube_owner()),
        (1, 2, Some(0))
    );
    assert_eq!(s.paid(), 2);
    let text = s.format_position();
    assert!(text.ends_with("X:roll cube=2:O money:O+2"), "{text}");
    let back = Backgammon::parse_position(s.rules(), &text).unwrap();
    assert_eq!((back.format_position(), back.hash()), (text, s.hash()));
    // The paid points count in the game's return: O now loses a single game, 2 - 2 = 0.
    let mut end = bg(
        "preset=seed,beavers=1",
        "O:23x2 X:1x1 X:61 cube=2:O money:O+2",
    );
    play_texts(&mut end, "1/off");
    assert_eq!(end.returns().get(0), 0.0);
    assert!(BgRules::parse("beavers=1")
        .ok()
        .and_then(|r| Backgammon::parse_position(&r, "O:6x1 X:6x1 O:roll cube=2:O money:O+2").ok())
        .is_none());

    // (c) Bearing off: with 4-1 from the 5 and the 2, the text lets the 4 bear off the 2
    // (点数大于棋子剩下的步数); the standard only from the highest point.
    let pos = "O:5x1,2x1 X:1x1 O:41 cube=1 money";
    assert!(boards_after(&bg("preset=seed", pos)).contains("O:4x1 X:1x1"));
    assert!(!boards_after(&bg("", pos)).contains("O:4x1 X:1x1"));

    // (d) Only one die can be played: the standard plays the larger; the text ("some rules")
    // lets either be played.
    let pos = "O:13x1 X:23x2 O:65 cube=1 money";
    assert_eq!(boards_after(&bg("", pos)).len(), 1);
    assert_eq!(boards_after(&bg("preset=seed", pos)).len(), 2);

    // (e) The cube stops at 32 (倍数以2,4,8,16,32渐增) in the text, at 64 in the standard game.
    let at32 = "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 O:roll cube=32:O money";
    assert!(bg("", at32).may_double());
    assert!(!bg("preset=seed", at32).may_double());
    // ... and may be turned in every match game but the Crawford game, dead or not.
    let dead = "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 O:roll cube=2:O match=5:3-0";
    assert!(!bg("match=5", dead).may_double());
    assert!(bg("preset=seed,match=5", dead).may_double());
    let crawford = "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 O:roll cube=1 match=5:4-0:crawford";
    assert!(!bg("preset=seed,match=5", crawford).may_double());
}

#[test]
fn seed_readings_pass_the_conformance_checks() {
    for rules in [
        "preset=seed",
        "preset=seed,beavers=2",
        "preset=seed,match=5",
    ] {
        let s = Backgammon::new(&BgRules::parse(rules).unwrap());
        check_random_games(&s, 30, 2000, 3).unwrap_or_else(|e| panic!("{rules}: {e}"));
    }
}
