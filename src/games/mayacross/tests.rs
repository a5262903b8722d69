//! Maya cross tests: the board's counts (68 = 48 + 4 + 4 + 8 + 4) and the routes' shape
//! against the seed's words; each rule on a position; and the move generator against a second,
//! slow generator written here from the rules (every way of handing out the values, pieces by
//! identity, results compared as positions) over thousands of random positions.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};

use super::board::{arm_of, geometry, lower_route, Kind, OFF};
use super::game::{Maya, MayaMove};
use super::rules::{Attack, MayaRules};
use crate::game::dice::blanks;
use crate::game::playout::random_step;
use crate::game::{Game, MoveList, RuleSet, Turn};

fn rules(text: &str) -> MayaRules {
    MayaRules::parse(text).expect("rules")
}

fn pos(r: &MayaRules, text: &str) -> Maya {
    Maya::parse_position(r, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(m: &Maya) -> Vec<String> {
    let mut v = MoveList::new();
    m.legal_moves(&mut v);
    v.iter().map(|&mv| m.format_move(mv)).collect()
}

fn after(m: &Maya, mv: &str) -> String {
    let mut c = *m;
    c.play_text(mv)
        .unwrap_or_else(|e| panic!("{mv} at {}: {e}", m.format_position()));
    c.format_position()
}

// ---------------------------------------------------------------- board and routes

#[test]
fn the_board_has_the_seeds_68_squares() {
    for island in 1..=7 {
        let g = geometry(island);
        assert_eq!(g.board.len(), 68, "由68個方格組成");
        let count = |f: &dyn Fn(Kind) -> bool| g.kinds.iter().filter(|&&k| f(k)).count();
        assert_eq!(
            count(&|k| matches!(k, Kind::Start(_))),
            4,
            "4 start squares"
        );
        assert_eq!(
            count(&|k| matches!(k, Kind::Triumph(_))),
            4,
            "4 triumph squares"
        );
        assert_eq!(count(&|k| k == Kind::Island), 8, "8 safe islands");
        assert_eq!(count(&|k| k == Kind::Turntable), 4, "4 turntable squares");
        assert_eq!(count(&|k| k == Kind::Ordinary), 48, "48 ordinary squares");
    }
}

#[test]
fn each_route_is_the_seeds_t_with_two_counter_clockwise_laps() {
    let g = geometry(4);
    let lower = lower_route();
    assert_eq!(lower.len(), 60, "route squares 0..59, then off");
    for w in lower.windows(2) {
        let (dx, dy) = (w[1].0 - w[0].0, w[1].1 - w[0].1);
        assert_eq!(
            dx.abs() + dy.abs(),
            1,
            "{:?} -> {:?}: one square a step",
            w[0],
            w[1]
        );
    }
    // Start and triumph: the outer ends of the lower arm's two lines, side by side.
    assert_eq!(lower[0], (1, -8));
    assert_eq!(lower[59], (0, -8));
    // The T: the own arm (0) and the two across it (1, 3), never the opposite arm (2).
    assert!(lower.iter().all(|&p| arm_of(p).is_none_or(|(a, _)| a != 2)));
    // The laps: route squares 8..=12 and 47..=51 go round the turntable counter-clockwise.
    let ccw = |a: (i32, i32), b: (i32, i32)| {
        // Counter-clockwise about (0.5, 0.5): the cross product of the radii is positive.
        let (ax, ay) = (2 * a.0 - 1, 2 * a.1 - 1);
        let (bx, by) = (2 * b.0 - 1, 2 * b.1 - 1);
        ax * by - ay * bx > 0
    };
    for lap in [8..=12usize, 47..=51] {
        let squares: Vec<_> = lap.map(|i| lower[i]).collect();
        assert!(
            squares.iter().all(|&p| arm_of(p).is_none()),
            "{squares:?} on the turntable"
        );
        assert_eq!(squares[0], squares[4], "one full lap");
        assert!(
            squares.windows(2).all(|w| ccw(w[0], w[1])),
            "counter-clockwise {squares:?}"
        );
    }
    // Every square of the route on the board, every other arm's route its quarter turn.
    for arm in 0..4 {
        assert_eq!(g.routes[arm].len(), 60);
        assert_eq!(g.kinds[g.routes[arm][0] as usize], Kind::Start(arm as u8));
        assert_eq!(
            g.kinds[g.routes[arm][59] as usize],
            Kind::Triumph(arm as u8)
        );
    }
    // Two players on opposite arms use all 68 squares between them.
    let used: BTreeSet<u8> = g.routes[0]
        .iter()
        .chain(g.routes[2].iter())
        .copied()
        .collect();
    assert_eq!(used.len(), 68);
}

// ---------------------------------------------------------------- rules

#[test]
fn each_value_moves_one_piece_once() {
    let r = rules("");
    // 1 and 3 shown, 2 and 4 blank: two values for four pieces on the start: one way (alike).
    let m = pos(&r, "a:0,0,0,0 b:0,0,0,0 a1-3-");
    assert_eq!(legal(&m), vec!["0+3,0+1"]);
    assert_eq!(after(&m, "0+3,0+1"), "a:0,0,1,3 b:0,0,0,0 b?");
    // Pieces apart: which value goes to which piece is the decision.
    let m = pos(&r, "a:0,5,20,30 b:0,0,0,0 a-2-4");
    let moves = legal(&m);
    assert_eq!(moves.len(), 12, "4 x 3 ways: {moves:?}");
    assert!(moves.contains(&"5+4,30+2".to_string()));
    // All four values, four pieces: 4! ways when all apart.
    let m = pos(&r, "a:1,5,20,30 b:0,0,0,0 a1234");
    assert_eq!(legal(&m).len(), 24);
    // A piece off takes no value; with fewer pieces than values the player picks the values.
    let m = pos(&r, "a:5,60,60,60 b:0,0,0,0 a1234");
    assert_eq!(legal(&m), vec!["5+1", "5+2", "5+3", "5+4"]);
}

#[test]
fn three_blanks_throw_again_four_blanks_add_two_fours() {
    let r = rules("");
    // 三同: the one value moves, then the same player throws again.
    let m = pos(&r, "a:0,0,0,0 b:0,0,0,0 a--3-");
    assert_eq!(legal(&m), vec!["0+3"]);
    assert_eq!(after(&m, "0+3"), "a:0,0,0,3 b:0,0,0,0 a?");
    // 四同: two pieces of the player's choice move 4 each, then another throw.
    let m = pos(&r, "a:0,0,9,14 b:0,0,0,0 a----");
    let moves = legal(&m);
    assert_eq!(moves, vec!["9+4,14+4", "0+4,14+4", "0+4,9+4", "0+4,0+4"]);
    assert_eq!(after(&m, "0+4,9+4"), "a:0,4,13,14 b:0,0,0,0 a?");
    // Two blanks: no bonus.
    let m = pos(&r, "a:0,0,0,0 b:0,0,0,0 a-2-4");
    assert_eq!(after(&m, "0+4,0+2"), "a:0,0,2,4 b:0,0,0,0 b?");
}

#[test]
fn four_players_use_three_dice_and_two_values() {
    let r = rules("players=4");
    let m = Maya::new(&r);
    let mut out = Vec::new();
    m.chance_outcomes(&mut out);
    assert_eq!(out.len(), 8, "three two-sided dice, the 4 die left out");
    let m = pos(&r, "a:0,5 b:0,0 c:0,0 d:0,0 a123");
    let moves = legal(&m);
    // Two of the three values, one to each piece: 3 pairs x 2 ways.
    assert_eq!(moves.len(), 6, "{moves:?}");
    assert!(moves.contains(&"0+3,5+1".to_string()));
    // Three blanks: nothing to move, another throw.
    let m = pos(&r, "a:0,5 b:0,0 c:0,0 d:0,0 a---");
    assert_eq!(legal(&m), vec!["pass"]);
    assert_eq!(after(&m, "pass"), "a:0,5 b:0,0 c:0,0 d:0,0 a?");
    // One value: it moves one piece; the turn passes to b (counter-clockwise).
    let m = pos(&r, "a:0,5 b:0,0 c:0,0 d:0,0 a-2-");
    assert_eq!(legal(&m), vec!["5+2", "0+2"]);
    assert_eq!(after(&m, "0+2"), "a:2,5 b:0,0 c:0,0 d:0,0 b?");
    // Other reading: both values on one piece.
    let r = rules("players=4,same_piece=true");
    let m = pos(&r, "a:0,5 b:0,0 c:0,0 d:0,0 a12-");
    assert!(legal(&m).contains(&"5+3".to_string()));
}

#[test]
fn landing_on_an_opponent_sends_it_to_its_start_except_on_islands() {
    let r = rules("");
    let g = geometry(r.island);
    // Seat a's route square 20 is the right arm's outer lower square; seat b (the upper arm)
    // passes it too. Find b's route square for it.
    let sq = g.routes[0][20];
    let b_at = g.routes[2].iter().position(|&s| s == sq).unwrap() as u8;
    let text = format!("a:0,0,0,17 b:0,0,0,{b_at} a--3-");
    let m = pos(&r, &text);
    assert_eq!(legal(&m), vec!["17+3x", "0+3"]);
    assert_eq!(after(&m, "17+3x"), "a:0,0,0,20 b:0,0,0,0 a?");
    // On a safe island both stay. Seat a's route square 16 is the island 4 squares out on the
    // right arm's lower line.
    assert_eq!(g.kinds[g.routes[0][16] as usize], Kind::Island);
    let isl = g.routes[0][16];
    let b_isl = g.routes[2].iter().position(|&s| s == isl).unwrap() as u8;
    let m = pos(&r, &format!("a:0,0,0,13 b:0,0,0,{b_isl} a--3-"));
    assert_eq!(legal(&m), vec!["13+3", "0+3"]);
    assert_eq!(after(&m, "13+3"), format!("a:0,0,0,16 b:0,0,0,{b_isl} a?"));
    // Pieces waiting on their own start square are at home: four players, b's start square is
    // a's route square 21.
    let r4 = rules("players=4");
    let m = pos(&r4, "a:18,60 b:0,0 c:0,0 d:0,0 a--3");
    assert_eq!(legal(&m), vec!["18+3"]);
    assert_eq!(after(&m, "18+3"), "a:21,60 b:0,0 c:0,0 d:0,0 b?");
    // attack=may: the lander chooses.
    let rm = rules("attack=may");
    let m = pos(&rm, &text);
    assert_eq!(legal(&m), vec!["17+3x", "17+3", "0+3"]);
    assert_eq!(after(&m, "17+3"), format!("a:0,0,0,20 b:0,0,0,{b_at} a?"));
    // In the default rules the x may be left out (the hit happens anyway), but an x where
    // nothing is hit is refused.
    let m = pos(&r, &text);
    assert_eq!(after(&m, "17+3"), "a:0,0,0,20 b:0,0,0,0 a?");
    assert!(m.parse_move("0+3x").is_err());
}

#[test]
fn leaving_needs_no_exact_throw_and_the_first_out_wins() {
    let r = rules("");
    let m = pos(&r, "a:58,60,60,60 b:0,0,0,0 a---4");
    assert_eq!(legal(&m), vec!["58+4"]);
    let mut t = m;
    t.play_text("58+4").unwrap();
    assert_eq!(t.turn(), Turn::Terminal);
    assert_eq!(t.format_position(), "a:60,60,60,60 b:0,0,0,0 a#");
    assert_eq!(t.returns().as_slice(), &[1.0, -1.0]);
    assert_eq!(pos(&r, "a:60,60,60,60 b:0,0,0,0 a#"), t);
}

#[test]
fn malformed_positions_and_moves_are_refused() {
    let r = rules("");
    for bad in [
        "",
        "a:0,0,0,0 a?",
        "a:0,0,0 b:0,0,0,0 a?",
        "a:0,0,0,61 b:0,0,0,0 a?",
        "a:0,0,0,0 b:0,0,0,0 c?",
        "a:0,0,0,0 b:0,0,0,0 a12345",
        "a:0,0,0,0 b:0,0,0,0 a2134",
        "a:0,0,0,0 b:0,0,0,0 a#",
        "a:60,60,60,60 b:0,0,0,0 a?",
        "x:0,0,0,0 b:0,0,0,0 a?",
    ] {
        assert!(Maya::parse_position(&r, bad).is_err(), "{bad:?}");
    }
    let m = pos(&r, "a:0,5,20,30 b:0,0,0,0 a-2-4");
    for bad in [
        "5+3",
        "5+2",
        "1+2,0+4",
        "5+4,5+2",
        "pass",
        "r1234",
        "0+0",
        "5+4,30+2x",
        "+",
    ] {
        assert!(m.parse_move(bad).is_err(), "{bad:?}");
    }
    assert!(MayaRules::parse("players=3").is_err());
    assert!(MayaRules::parse("island=8").is_err());
}

// ---------------------------------------------------------------- against a slow generator

/// Every position one move can reach, from the rules written plainly: each thrown value to one
/// piece by identity (or unused), as many values used as the rules allow, the landings that
/// land on an opponent's piece off the islands hit it (all of them, or any choice with
/// attack=may), the seat that moves next.
fn slow_results(m: &Maya) -> BTreeSet<String> {
    let r = *m.rules();
    let seat = m.to_move();
    let throw = m.roll().unwrap();
    let dice = r.dice();
    let own: Vec<u8> = m.pieces(seat).to_vec();
    let live: Vec<usize> = (0..own.len()).filter(|&i| own[i] < OFF).collect();
    let players = r.players as usize;
    let mut assignments: Vec<Vec<u8>> = Vec::new(); // steps per piece
    let b = blanks(throw, dice);
    if b == dice as u32 {
        if players == 4 {
            assignments.push(vec![0; own.len()]);
        } else if live.len() == 1 {
            let mut s = vec![0; own.len()];
            s[live[0]] = 4;
            assignments.push(s);
        } else {
            for &i in &live {
                for &j in &live {
                    if i < j {
                        let mut s = vec![0; own.len()];
                        s[i] = 4;
                        s[j] = 4;
                        assignments.push(s);
                    }
                }
            }
        }
    } else {
        let values: Vec<u8> = (0..dice)
            .filter(|&i| throw >> i & 1 == 1)
            .map(|i| i + 1)
            .collect();
        let cap = if r.same_piece {
            values.len()
        } else {
            live.len()
        };
        let need = values.len().min(r.values_used()).min(cap);
        // Each value: a piece index or none (base live.len() + 1 counting).
        let base = live.len() + 1;
        for code in 0..base.pow(values.len() as u32) {
            let mut c = code;
            let mut s = vec![0u8; own.len()];
            let mut used = Vec::new();
            for &v in &values {
                let t = c % base;
                c /= base;
                if t < live.len() {
                    used.push(live[t]);
                    s[live[t]] += v;
                }
            }
            let mut distinct = used.clone();
            distinct.sort();
            distinct.dedup();
            if used.len() == need && (r.same_piece || distinct.len() == used.len()) {
                assignments.push(s);
            }
        }
    }
    let square = |who: usize, x: u8| m.square_of(who, x);
    let g = m.geometry();
    let again = if players == 4 { b == 3 } else { b >= 3 };
    let mut out = BTreeSet::new();
    for s in assignments {
        let mut mine = own.clone();
        let mut landings: Vec<u8> = Vec::new();
        for k in 0..mine.len() {
            if s[k] > 0 {
                mine[k] = (mine[k] + s[k]).min(OFF);
                if let Some(sq) = square(seat, mine[k]) {
                    let hits = !g.is_island(sq)
                        && (0..players).any(|q| {
                            q != seat
                                && m.pieces(q)
                                    .iter()
                                    .any(|&y| y > 0 && y < OFF && square(q, y) == Some(sq))
                        });
                    if hits && !landings.contains(&sq) {
                        landings.push(sq);
                    }
                }
            }
        }
        let choices: Vec<Vec<u8>> = match r.attack {
            Attack::Must => vec![landings.clone()],
            Attack::May => (0..1u32 << landings.len())
                .map(|bits| {
                    (0..landings.len())
                        .filter(|&i| bits >> i & 1 == 1)
                        .map(|i| landings[i])
                        .collect()
                })
                .collect(),
        };
        for hit in choices {
            let mut all = [[0u8; 4]; 4];
            for q in 0..players {
                for (k, &y) in m.pieces(q).iter().enumerate() {
                    all[q][k] = if q == seat {
                        mine[k]
                    } else if y > 0 && y < OFF && square(q, y).is_some_and(|sq| hit.contains(&sq)) {
                        0
                    } else {
                        y
                    };
                }
            }
            let won = mine.iter().all(|&x| x == OFF);
            let next = if won || again {
                seat
            } else {
                (seat + 1) % players
            };
            let state = Maya::from_parts(r, all, next, None);
            out.insert(state.format_position());
        }
    }
    out
}

#[test]
fn moves_equal_a_slow_generator_on_random_positions() {
    for (text, games) in [
        ("", 120),
        ("players=4", 120),
        ("attack=may", 60),
        ("same_piece=true", 40),
        ("players=4,same_piece=true,attack=may", 40),
    ] {
        let r = rules(text);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut checked = 0;
        for _ in 0..games {
            let mut m = Maya::new(&r);
            while !m.is_terminal() {
                if m.current_player().is_some() {
                    let mut moves = MoveList::new();
                    m.legal_moves(&mut moves);
                    let fast: BTreeSet<String> = moves
                        .iter()
                        .map(|&mv| {
                            let mut c = m;
                            c.play(mv);
                            c.format_position()
                        })
                        .collect();
                    assert_eq!(
                        fast.len(),
                        moves.len(),
                        "two moves with one result at {}",
                        m.format_position()
                    );
                    assert_eq!(fast, slow_results(&m), "{text}: at {}", m.format_position());
                    checked += 1;
                }
                // Mostly random, sometimes greedy on hits, so that hits happen.
                if rng.gen_bool(0.5) || m.current_player().is_none() {
                    random_step(&mut m, &mut rng);
                } else {
                    let mut moves = MoveList::new();
                    m.legal_moves(&mut moves);
                    let mv = *moves
                        .iter()
                        .max_by_key(
                            |mv| matches!(mv, MayaMove::Play { attack, .. } if *attack != 0),
                        )
                        .unwrap();
                    m.play(mv);
                }
            }
        }
        assert!(checked > games * 20, "{text}: {checked} positions");
    }
}

#[test]
fn conformance_on_random_games() {
    for text in ["", "players=4", "attack=may,same_piece=true", "island=1"] {
        let s = Maya::new(&rules(text));
        let cov = crate::game::conformance::check_random_games(&s, 50, 20_000, 13).unwrap();
        assert_eq!(cov.terminals, 50, "every game ends ({text})");
    }
}
