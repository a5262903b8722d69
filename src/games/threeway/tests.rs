//! Three-way tests: the triangle's counts, the two movement rules against plain re-statements
//! (walks of exactly n single steps; straight lines), each rule on a position, position text,
//! and the exact solution: every seat's value a fixed point of one expectation step taken
//! through the game contract, values summing to one, and simulation.

use std::collections::BTreeSet;

use super::board::{along, distance, index, name, parse_name, row_place, BASES, CENTRE, POINTS};
use super::game::{ThreeWay, TwMove};
use super::rules::{Movement, ThreeWayRules};
use super::solve::{Solution, TieRule, ASSIGNMENTS};
use crate::game::{Game, MoveList, RuleSet, Turn};

fn rules(text: &str) -> ThreeWayRules {
    ThreeWayRules::parse(text).expect("rules")
}

fn pos(r: &ThreeWayRules, text: &str) -> ThreeWay {
    ThreeWay::parse_position(r, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(s: &ThreeWay) -> Vec<String> {
    let mut m = MoveList::new();
    s.legal_moves(&mut m);
    m.iter().map(|&mv| s.format_move(mv)).collect()
}

/// The neighbours of a point by the grid's three line directions.
fn neighbours(i: usize) -> Vec<usize> {
    let (r, k) = row_place(i);
    let (r, k) = (r as i32, k as i32);
    [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)]
        .iter()
        .filter_map(|&(dr, dk)| {
            let (r2, k2) = (r + dr, k + dk);
            (r2 >= 0 && r2 < 13 && k2 >= 0 && k2 <= r2).then(|| index(r2 as usize, k2 as usize))
        })
        .collect()
}

#[test]
fn the_triangle_has_91_points_in_13_rows() {
    assert_eq!(POINTS, 91);
    assert_eq!(row_place(90), (12, 12));
    assert_eq!(name(CENTRE), "i5");
    assert_eq!(
        BASES.map(name),
        ["a1".to_string(), "m13".to_string(), "m1".to_string()]
    );
    for b in BASES {
        assert_eq!(
            distance(CENTRE, b),
            8,
            "the centre is 8 steps from every corner"
        );
    }
    // Corners have 2 neighbours, other edge points 4, inner points 6.
    let mut by_degree = [0; 7];
    for i in 0..POINTS {
        by_degree[neighbours(i).len()] += 1;
        assert_eq!(parse_name(&name(i)), Some(i));
    }
    assert_eq!((by_degree[2], by_degree[4], by_degree[6]), (3, 33, 55));
    for bad in ["", "a2", "n1", "m14", "i0", "i", "5i", "m013"] {
        assert_eq!(parse_name(bad), None, "{bad}");
    }
}

#[test]
fn walk_destinations_are_the_ends_of_walks_of_exactly_n_steps() {
    for from in 0..POINTS {
        // Every point reached by a walk of exactly n single steps.
        let mut frontier: BTreeSet<usize> = BTreeSet::from([from]);
        for n in 1..=6u8 {
            frontier = frontier.iter().flat_map(|&p| neighbours(p)).collect();
            let mut want: Vec<usize> = frontier.iter().copied().filter(|&p| p != from).collect();
            want.sort_unstable();
            let mut got = Vec::new();
            super::game::destinations(Movement::Walk, from, n, &mut got);
            assert_eq!(got, want, "from {} rolling {n}", name(from));
        }
    }
}

#[test]
fn line_destinations_are_straight_runs() {
    let r = rules("move=line");
    // From the centre i5 a 4 reaches the edges in all six directions, a 5 none: pass.
    let mut s = pos(&r, "16,25,34 i5 4");
    assert_eq!(legal(&s), vec!["e1", "e5", "i1", "i9", "m5", "m9"]);
    s = pos(&r, "16,25,34 i5 5");
    assert_eq!(legal(&s), vec!["pass"]);
    s.play_text("pass").unwrap();
    assert_eq!(s.format_position(), "16,25,34 i5 ?");
    assert_eq!(along(CENTRE, (1, 1), 4), Some(index(12, 8)));
}

#[test]
fn pairs_are_chosen_in_turn_and_the_owner_of_the_number_moves() {
    let r = rules("move=walk");
    let mut s = ThreeWay::new(&r);
    assert_eq!(s.format_position(), "-,-,- i5 ?");
    assert_eq!(s.turn(), Turn::Player(0));
    assert_eq!(legal(&s), vec!["16", "25", "34"]);
    s.play_text("25").unwrap();
    assert_eq!(s.turn(), Turn::Player(1));
    assert_eq!(legal(&s), vec!["16", "34"]);
    s.play_text("34").unwrap();
    assert_eq!(s.format_position(), "25,34,16 i5 ?", "c gets the last pair");
    assert_eq!(s.turn(), Turn::Chance);
    // A 6 is c's, a 2 a's, a 4 b's.
    for (roll, seat) in [(6, 2), (1, 2), (2, 0), (5, 0), (3, 1), (4, 1)] {
        let mut t = s;
        t.play(TwMove::Roll(roll));
        assert_eq!(t.turn(), Turn::Player(seat), "roll {roll}");
        let moves = legal(&t);
        let reach = (0..POINTS)
            .filter(|&y| y != CENTRE && distance(CENTRE, y) <= roll as u32)
            .count();
        assert_eq!(moves.len(), reach, "one step a pip, any turns");
    }
}

#[test]
fn only_the_owner_wins_on_its_base() {
    let r = rules("move=walk");
    // b (pair 25) rolls 2 next to a's base: moving there does not end the game.
    let mut s = pos(&r, "16,25,34 c1 2");
    assert_eq!(s.turn(), Turn::Player(1));
    s.play_text("a1").unwrap();
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.format_position(), "16,25,34 a1 ?");
    // From a's base, a's 1 cannot stay: a must step off and cannot win this roll.
    let mut t = s;
    t.play(TwMove::Roll(1));
    assert_eq!(legal(&t), vec!["b1", "b2"]);
    // a with a 6 from i5 reaches c1 but not a1 (8 steps).
    let mut u = pos(&r, "16,25,34 i5 6");
    assert!(!legal(&u).contains(&"a1".to_string()));
    u.play_text("c1").unwrap();
    u.play(TwMove::Roll(6));
    assert!(legal(&u).contains(&"a1".to_string()));
    u.play_text("a1").unwrap();
    assert_eq!(u.turn(), Turn::Terminal);
    assert_eq!(u.returns().as_slice(), &[1.0, -1.0, -1.0]);
    assert_eq!(u.format_position(), "16,25,34 a1 =a");
    assert_eq!(pos(&r, "16,25,34 a1 =a"), u);
}

#[test]
fn malformed_positions_and_moves_are_refused() {
    let r = rules("");
    for bad in [
        "",
        "16,25,34 i5",
        "16,16,34 i5 ?",
        "-,25,34 i5 ?",
        "16,25,- i5 ?",
        "16,25,34 z9 ?",
        "16,25,34 i5 7",
        "16,25,34 i5 =a",
        "-,-,- i5 3",
        "-,-,- a1 ?",
        "15,25,34 i5 ?",
        "16,25,34 i5 ? x",
    ] {
        assert!(ThreeWay::parse_position(&r, bad).is_err(), "{bad:?}");
    }
    let s = pos(&r, "16,25,34 i5 1");
    for bad in ["a1", "16", "r7", "pass", "i5", "zz"] {
        assert!(s.parse_move(bad).is_err(), "{bad:?}");
    }
    assert!(ThreeWayRules::parse("move=jump").is_err());
}

// ---------------------------------------------------------------- the exact solution

/// One expectation step through the contract: the position before the roll, each roll's best
/// move by the solution's own policy, played with `Game::play`.
fn backup(sol: &Solution, state: &ThreeWay) -> [f64; 3] {
    let mut out = Vec::new();
    state.chance_outcomes(&mut out);
    let mut acc = [0.0; 3];
    for (roll, p) in out {
        let mut t = *state;
        t.play(roll);
        let mv = sol.best_move(&t).unwrap();
        assert!(t.is_legal(mv));
        t.play(mv);
        let v = sol.value(&t).unwrap();
        for k in 0..3 {
            acc[k] += p * v[k];
        }
    }
    acc
}

#[test]
fn the_solution_is_a_fixed_point_of_the_game_and_sums_to_one() {
    for text in [""] {
        let r = rules(text);
        let sol = Solution::solve(&r, TieRule::LeastForLeader, 100_000);
        assert!(sol.residual <= 1e-15, "{text}: residual {}", sol.residual);
        for (s, assign) in ASSIGNMENTS.iter().enumerate() {
            let pairs: Vec<String> = assign.iter().map(|&p| super::game::pair_text(p)).collect();
            for x in 0..POINTS {
                let v = sol.values[s][x];
                assert!(
                    (v.iter().sum::<f64>() - 1.0).abs() < 1e-9,
                    "{text}: every game ends"
                );
                let state = pos(&r, &format!("{} {} ?", pairs.join(","), name(x)));
                let b = backup(&sol, &state);
                for k in 0..3 {
                    assert!((b[k] - v[k]).abs() < 1e-12, "{text} {pairs:?} {}", name(x));
                }
            }
        }
        // The pairs: b's reply to a's pair is best for b, and a's pair is best for a given the
        // replies.
        let (chosen, value) = sol.optimal_start();
        let start =
            |a: u8, b: u8| sol.start_value(super::solve::assignment_index([a, b, 3 - a - b]));
        let reply = |a: u8| {
            (0..3u8).filter(|&b| b != a).map(|b| start(a, b)).fold(
                [0.0, f64::MIN, 0.0],
                |best, v| if v[1] > best[1] { v } else { best },
            )
        };
        for b in (0..3u8).filter(|&b| b != chosen[0]) {
            assert!(start(chosen[0], b)[1] <= value[1] + 1e-12);
        }
        for a in 0..3u8 {
            assert!(
                reply(a)[0] <= value[0] + 1e-12,
                "{text}: pair {a} would be better for a"
            );
        }
        assert_eq!(start(chosen[0], chosen[1]), value);
    }
}

#[test]
fn simulation_agrees_with_the_solution() {
    use crate::game::simulate::tally_wins;
    let r = rules("");
    let sol = Solution::solve(&r, TieRule::LeastForLeader, 100_000);
    let (_, value) = sol.optimal_start();
    let t = tally_wins(&ThreeWay::new(&r), 40_000, 3, 1_000_000, |s, _| {
        sol.best_move(s).unwrap()
    });
    assert_eq!(t.undecided, 0);
    for seat in 0..3 {
        let z = t.z_score(seat, value[seat]);
        assert!(z.abs() < 4.5, "seat {seat}: z = {z} ({:?})", t.wins);
    }
}

#[test]
fn conformance_on_random_games() {
    for text in ["", "move=walk"] {
        let s = ThreeWay::new(&rules(text));
        let cov = crate::game::conformance::check_random_games(&s, 100, 100_000, 9).unwrap();
        assert_eq!(cov.terminals, 100, "every game ends ({text})");
    }
}
