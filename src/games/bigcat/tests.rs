//! Big Cat tests: the board's counts (73 = 9 + 4 x 9 + 4 x 7) and the route's shape against
//! the seed's words; each rule on a position; the exact solver against a plain expectation
//! recursion over the game contract (a second, slow implementation) and against simulation.

use std::collections::HashMap;

use super::board::{geometry, Zone};
use super::game::{BigCat, Roll};
use super::rules::{BigCatRules, Zigzag};
use super::solve::{solve, solve_route};
use crate::game::track::is_line_step;
use crate::game::{Game, RuleSet, Turn};

fn rules(text: &str) -> BigCatRules {
    BigCatRules::parse(text).expect("rules")
}

fn pos(r: &BigCatRules, text: &str) -> BigCat {
    BigCat::parse_position(r, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

// ---------------------------------------------------------------- board and route

#[test]
fn the_board_has_73_points_in_the_seeds_zones() {
    for z in [Zigzag::Both, Zigzag::Inward] {
        let g = geometry(z);
        assert_eq!(g.board.len(), 73, "全盤共有73個交叉點式棋位");
        let count = |zone: Zone| g.zones.iter().filter(|&&x| x == zone).count();
        assert_eq!(count(Zone::Tian), 9, "田: 3 x 3 points");
        for arm in 0..4 {
            assert_eq!(count(Zone::Feng(arm)), 9, "丰 of arm {arm}");
            assert_eq!(count(Zone::Triangle(arm)), 7, "triangle of arm {arm}");
        }
    }
}

#[test]
fn the_route_walks_board_lines_and_visits_every_point() {
    for z in [Zigzag::Both, Zigzag::Inward] {
        let g = geometry(z);
        let start = g.board.index_of((0, -7)).unwrap();
        assert_eq!(
            g.route[0] as usize, start,
            "start: the lower triangle's base middle"
        );
        assert_eq!(
            *g.route.last().unwrap() as usize,
            start,
            "返回終點處: the end is the start"
        );
        for w in g.route.windows(2) {
            let (a, b) = (g.board.point(w[0] as usize), g.board.point(w[1] as usize));
            assert!(is_line_step(a, b, 2), "{a:?} -> {b:?} is not a board line");
        }
        let mut seen = vec![false; 73];
        for &p in &g.route {
            seen[p as usize] = true;
        }
        assert!(seen.iter().all(|&s| s), "every point is on the route");
    }
    // Lengths: 8 + 15 + 10 + 3 x 52 + 25 = 214 steps with the zigzag on every pass; 12 fewer on
    // each of the 4 outward passes without it.
    assert_eq!(geometry(Zigzag::Both).finish(), 214);
    assert_eq!(geometry(Zigzag::Inward).finish(), 214 - 4 * 12);
}

#[test]
fn the_route_follows_the_seeds_order() {
    let g = geometry(Zigzag::Both);
    let pts: Vec<(i32, i32)> = g.route.iter().map(|&i| g.board.point(i as usize)).collect();
    // 下三角形區: from the base middle clockwise round the triangle, then straight up.
    assert_eq!(
        &pts[..9],
        &[
            (0, -7),
            (-2, -7),
            (-1, -6),
            (0, -5),
            (1, -6),
            (2, -7),
            (0, -7),
            (0, -6),
            (0, -5)
        ]
    );
    // 丰 upward: at each crossing left, right, right, left, forward.
    assert_eq!(
        &pts[9..15],
        &[(0, -4), (-1, -4), (0, -4), (1, -4), (0, -4), (0, -3)]
    );
    // 田 from the lower middle clockwise, then the centre.
    assert_eq!(pts[24], (0, -1));
    assert_eq!(&pts[25..27], &[(-1, -1), (-1, 0)]);
    assert_eq!(pts[33], (0, 0));
    // Then left: out through the left 丰 (walker's left is south when heading west).
    assert_eq!(&pts[34..38], &[(-1, 0), (-2, 0), (-2, -1), (-2, 0)]);
    // The far triangles: apex, straight to the outer middle, clockwise round, back.
    let left_tri = pts.iter().position(|&p| p == (-5, 0)).unwrap();
    assert_eq!(
        &pts[left_tri..left_tri + 11],
        &[
            (-5, 0),
            (-6, 0),
            (-7, 0),
            (-7, 2),
            (-6, 1),
            (-5, 0),
            (-6, -1),
            (-7, -2),
            (-7, 0),
            (-6, 0),
            (-5, 0)
        ]
    );
    // The order of the far ends: left, right, up, then down to the end.
    let first = |p: (i32, i32)| pts.iter().position(|&q| q == p).unwrap();
    assert!(first((-7, 0)) < first((7, 0)) && first((7, 0)) < first((0, 7)));
    assert_eq!(pts[pts.len() - 7], (0, -7));
}

// ---------------------------------------------------------------- rules

#[test]
fn landing_on_a_taken_point_rolls_again() {
    let r = rules("players=2");
    // Square 6 is the start point again: b still stands there.
    let mut s = pos(&r, "0,0 a");
    s.play(Roll(6));
    assert_eq!(
        s.format_position(),
        "6,0 a",
        "a lands on b's point: a rolls again"
    );
    s.play(Roll(1));
    assert_eq!(s.format_position(), "7,0 b", "square 7 is free: b to roll");
    // A point reached by another route square: squares 9, 11 and 13 are the same crossing.
    let mut s = pos(&r, "5,9 a");
    s.play(Roll(6));
    assert_eq!(s.format_position(), "11,9 a");
    let mut s = pos(&r, "5,9 a");
    s.play(Roll(5));
    assert_eq!(s.format_position(), "10,9 b");
    // Landing bonuses chain.
    let mut s = pos(&rules("players=3"), "5,9,13 a");
    s.play(Roll(4));
    assert_eq!(s.format_position(), "9,9,13 a");
    s.play(Roll(2));
    assert_eq!(s.format_position(), "11,9,13 a");
}

#[test]
fn no_exact_roll_to_finish_and_the_first_home_wins() {
    let r = rules("players=3");
    let mut s = pos(&r, "100,212,5 b");
    s.play(Roll(6));
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.winner(), Some(1));
    assert_eq!(s.returns().as_slice(), &[-1.0, 1.0, -1.0]);
    assert_eq!(s.format_position(), "100,214,5 -");
    let back = pos(&r, "100,214,5 -");
    assert_eq!(back, s);
    // Turn order wraps round the seats.
    let mut s = pos(&r, "0,1,2 c");
    s.play(Roll(1));
    assert_eq!(s.format_position(), "0,1,3 a");
}

#[test]
fn malformed_positions_are_refused() {
    let r = rules("players=2");
    for bad in [
        "",
        "0 a",
        "0,0,0 a",
        "0,0",
        "0,0 c",
        "0,x a",
        "0,215 a",
        "214,214 -",
        "0,0 -",
        "214,0 a",
        "0,0 ab",
        "-1,0 a",
    ] {
        assert!(
            BigCat::parse_position(&r, bad).is_err(),
            "{bad:?} was accepted"
        );
    }
    assert!(BigCatRules::parse("players=1").is_err());
    assert!(BigCatRules::parse("players=5").is_err());
    assert!(BigCatRules::parse("zigzag=sometimes").is_err());
}

// ---------------------------------------------------------------- exact values

/// Winning chances by plain recursion over the contract (memo by position text).
fn by_contract(state: &BigCat, memo: &mut HashMap<String, Vec<f64>>) -> Vec<f64> {
    if state.is_terminal() {
        return state
            .returns()
            .as_slice()
            .iter()
            .map(|&r| (r > 0.0) as u8 as f64)
            .collect();
    }
    let key = state.format_position();
    if let Some(v) = memo.get(&key) {
        return v.clone();
    }
    let mut out = Vec::new();
    state.chance_outcomes(&mut out);
    let mut acc = vec![0.0; state.num_players()];
    for (mv, p) in out {
        let mut c = *state;
        c.play(mv);
        for (a, v) in acc.iter_mut().zip(by_contract(&c, memo)) {
            *a += p * v;
        }
    }
    memo.insert(key, acc.clone());
    acc
}

#[test]
fn two_players_solved_equals_the_contract_recursion() {
    let r = rules("players=2");
    let solution = solve(&r);
    let mut memo = HashMap::new();
    let want = by_contract(&BigCat::new(&r), &mut memo);
    assert_eq!(solution.relative_states, 214 * 214);
    for seat in 0..2 {
        assert!(
            (solution.seat_values[seat] - want[seat]).abs() < 1e-12,
            "{:?} vs {want:?}",
            solution.seat_values
        );
    }
    assert!((solution.seat_values.iter().sum::<f64>() - 1.0).abs() < 1e-12);
}

#[test]
fn three_and_four_players_solved_equal_the_contract_from_late_starts() {
    // Solving the route from square k on equals the game with every piece on square k.
    for (players, k) in [(3u8, 178usize), (4, 196)] {
        let r = rules(&format!("players={players}"));
        let g = geometry(r.zigzag);
        let solution = solve_route(&g.route[k..], players as usize);
        let text = format!("{} a", vec![k.to_string(); players as usize].join(","));
        let mut memo = HashMap::new();
        let want = by_contract(&pos(&r, &text), &mut memo);
        for seat in 0..players as usize {
            assert!(
                (solution.seat_values[seat] - want[seat]).abs() < 1e-12,
                "{players} players from {k}: {:?} vs {want:?}",
                solution.seat_values
            );
        }
    }
}

#[test]
fn the_inward_reading_solves_too() {
    let r = rules("players=2,zigzag=inward");
    let solution = solve(&r);
    let mut memo = HashMap::new();
    let want = by_contract(&BigCat::new(&r), &mut memo);
    assert!((solution.seat_values[0] - want[0]).abs() < 1e-12);
}

#[test]
fn simulation_agrees_with_the_exact_values() {
    use crate::game::simulate::tally_wins;
    for players in [2u8, 3] {
        let r = rules(&format!("players={players}"));
        let exact = solve(&r).seat_values;
        let t = tally_wins(&BigCat::new(&r), 40_000, 7, 100_000, |_, _| unreachable!());
        assert_eq!(t.undecided, 0);
        for seat in 0..players as usize {
            let z = t.z_score(seat, exact[seat]);
            assert!(z.abs() < 4.5, "{players} players, seat {seat}: z = {z}");
        }
    }
}

#[test]
fn conformance_on_random_games() {
    for text in [
        "players=2",
        "players=3",
        "players=4",
        "players=4,zigzag=inward",
    ] {
        let s = BigCat::new(&rules(text));
        let cov = crate::game::conformance::check_random_games(&s, 60, 10_000, 5).unwrap();
        assert_eq!(cov.terminals, 60, "every game ends ({text})");
    }
}
