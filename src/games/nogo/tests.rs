//! Unit tests of the NoGo board and rules. The independent slow reference (flood fill from
//! scratch), perft and the big cross-checks are in tests/nogo.rs.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::bits::{Bits, Wide};
use super::*;
use crate::eval::{Evaluate, PlayoutPolicy};
use crate::game::{Game, MoveList, RuleSet, Turn};

fn rules(text: &str) -> NoGoRules {
    NoGoRules::parse(text).unwrap()
}

fn pos(text: &str) -> NoGo {
    NoGo::parse_position(&NoGoRules::default(), text).unwrap()
}

fn play(s: &mut NoGo, moves: &str) {
    for m in moves.split_whitespace() {
        s.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn empty_board_and_first_moves() {
    let s = NoGo::new(&NoGoRules::default());
    assert_eq!(s.count_legal_moves(), 81);
    assert_eq!(s.turn(), Turn::Player(BLACK));
    assert_eq!(
        s.format_position(),
        "........./........./........./........./........./........./........./........./......... x"
    );
    let f = NoGo::new(&rules("centre_first=forbidden"));
    assert_eq!(f.count_legal_moves(), 80);
    let err = f.parse_move("e5").unwrap_err();
    assert!(err.reason.contains("centre"), "{err}");
    // Only the first move: white may take the centre, and black later.
    let mut g = f.clone();
    play(&mut g, "a1 e5");
    let mut g = f.clone();
    play(&mut g, "a1 b1 e5");
    // Even sizes have no centre point to forbid.
    assert_eq!(
        NoGo::new(&rules("size=8,centre_first=forbidden")).count_legal_moves(),
        64
    );
}

#[test]
fn capture_and_suicide_are_illegal_with_reasons() {
    // Black a1, white a2: white's b1 would take a1's last liberty.
    let mut s = NoGo::new(&NoGoRules::default());
    play(&mut s, "a1 a2 e5");
    let err = s.parse_move("b1").unwrap_err();
    assert!(err.reason.contains("capture"), "{err}");
    // Black may play b1 itself (connecting keeps a liberty at c1).
    let mut t = s.clone();
    play(&mut t, "j9 b1");
    // White a2, b1 around the empty corner: black a1 is suicide; white a1 is fine.
    let s = pos("xx7/9/9/9/9/9/9/o8/1o7 x");
    assert_eq!(
        s.parse_move("a1").unwrap_err().reason,
        Illegal::Suicide.reason()
    );
    let mut w = s.clone();
    play(&mut w, "e5 a1");
    // Black a2 and b1 each have a1 as their last liberty: black a1 would leave the three stones
    // without a liberty (suicide), white a1 would capture both.
    let s = pos("x8/9/9/9/9/9/o8/xo7/.xo6 x");
    assert_eq!(
        s.parse_move("a1").unwrap_err().reason,
        Illegal::Suicide.reason()
    );
    assert_eq!(
        s.parse_move("b2").unwrap_err().reason,
        Illegal::Occupied.reason()
    );
    let mut w = s.clone();
    play(&mut w, "j8");
    assert_eq!(
        w.parse_move("a1").unwrap_err().reason,
        Illegal::Captures.reason()
    );
    assert!(s.parse_move("pass").unwrap_err().reason.contains("pass"));
    assert!(
        s.parse_move("i5").is_err() && s.parse_move("k1").is_err() && s.parse_move("a10").is_err()
    );
}

#[test]
fn the_side_without_a_legal_move_loses() {
    let r = rules("size=5");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..200 {
        let mut s = NoGo::new(&r);
        let mut plies = 0;
        while let Turn::Player(_) = s.turn() {
            let mut moves = MoveList::new();
            s.legal_moves(&mut moves);
            s.play(moves[rng.gen_range(0..moves.len())]);
            plies += 1;
        }
        let loser = s.side();
        assert_eq!(s.returns().get(loser), -1.0);
        assert_eq!(s.returns().get(1 - loser), 1.0);
        assert_eq!(
            plies % 2 == 0,
            loser == BLACK,
            "the side to move after {plies} plies"
        );
        assert!(s.render().contains("no legal move"));
    }
}

/// The same random games on a `u128` board and a `Wide` board of the same size agree at every
/// position (legal points of both colours, groups, hashes).
#[test]
fn both_widths_play_the_same_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for size in 5..=11 {
        for _ in 0..30 {
            let mut a = Board::<u128>::empty(size, size == 9);
            let mut b = Board::<Wide>::empty(size, size == 9);
            loop {
                let la = a.legal(a.side());
                let wide = |x: u128| Wide([x as u64, (x >> 64) as u64, 0, 0, 0, 0]);
                assert_eq!(wide(la), b.legal(b.side()));
                assert_eq!(wide(a.legal(1 - a.side())), b.legal(1 - b.side()));
                assert_eq!(a.hash(), b.hash());
                if la.is_empty() {
                    break;
                }
                let p = la.select(rng.gen_range(0..la.count()));
                a.play(p);
                b.play(p);
            }
            a.check_groups().unwrap();
            b.check_groups().unwrap();
        }
    }
}

#[test]
fn incremental_groups_match_flood_fill_on_every_size() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for size in [5usize, 7, 9, 11, 12, 13, 19] {
        let r = rules(&format!("size={size}"));
        for _ in 0..20 {
            let mut s = NoGo::new(&r);
            while let Turn::Player(_) = s.turn() {
                s.check_groups().unwrap();
                assert_eq!(s.hash(), s.hash_from_scratch());
                let mut moves = MoveList::new();
                s.legal_moves(&mut moves);
                s.play(moves[rng.gen_range(0..moves.len())]);
            }
            s.check_groups().unwrap();
        }
    }
}

#[test]
fn positions_are_validated() {
    let r = NoGoRules::default();
    let e =
        "........./........./........./........./........./........./........./........./.........";
    for (text, why) in [
        ("", "two fields"),
        (e, "two fields"),
        (&format!("{e} z") as &str, "side"),
        (&format!("{e} o") as &str, "black to move"),
        (&format!("x{} x", &e[1..]) as &str, "white to move"),
        (&format!("xx{} o", &e[2..]) as &str, "one more"),
        ("8/9/9/9/9/9/9/9/9 x", "8 squares"),
        ("9/9/9/9/9/9/9/9 x", "9 rows"),
        ("q8/9/9/9/9/9/9/9/9 x", "unknown point"),
        // A black stone in the corner with no liberty.
        ("xx7/9/9/9/9/9/9/o8/xo7 o", "no liberty"),
    ] {
        let err = NoGo::parse_position(&r, text).unwrap_err();
        assert!(err.reason.contains(why), "{text:?}: {err}");
        assert_eq!(err.text, text);
    }
    // A lone black stone on a forbidden centre cannot have been played first.
    let centre = "9/9/9/9/4x4/9/9/9/9 o";
    assert!(NoGo::parse_position(&r, centre).is_ok());
    assert!(NoGo::parse_position(&rules("centre_first=forbidden"), centre).is_err());
    // Number runs read like dots.
    assert_eq!(
        pos("9/9/9/9/4x4/9/9/9/9 o").format_position(),
        pos("9/9/9/9/....x..../9/9/9/9 o").format_position()
    );
}

#[test]
fn rules_options_round_trip_and_refuse_bad_values() {
    let r = rules("size=13,centre_first=forbidden");
    assert_eq!(NoGoRules::parse(&r.to_text()).unwrap(), r);
    assert_eq!(NoGo::new(&r).count_legal_moves(), 168);
    for bad in [
        "size=4",
        "size=20",
        "size=x",
        "centre_first=maybe",
        "komi=7",
    ] {
        assert!(NoGoRules::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn replay_order_rebuilds_the_position() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for rules_text in ["", "centre_first=forbidden", "size=13", "size=6"] {
        let r = rules(rules_text);
        for _ in 0..50 {
            let mut s = NoGo::new(&r);
            let plies = rng.gen_range(0..60);
            for _ in 0..plies {
                if s.is_terminal() {
                    break;
                }
                let mut moves = MoveList::new();
                s.legal_moves(&mut moves);
                s.play(moves[rng.gen_range(0..moves.len())]);
            }
            let mut t = NoGo::new(&r);
            for mv in s.replay_order() {
                assert!(
                    t.is_legal(mv),
                    "{} in {}",
                    t.format_move(mv),
                    t.format_position()
                );
                t.play(mv);
            }
            assert_eq!(t.format_position(), s.format_position());
            assert_eq!(t.hash(), s.hash());
        }
    }
}

#[test]
fn features_and_playout_policy() {
    // Black eye at a1 (black a2, b1); it is safe for black.
    let s = pos("9/9/9/9/9/9/9/x8/1x5oo x");
    let mut f = Vec::new();
    s.features(BLACK, &mut f);
    assert_eq!(f.len(), 3);
    assert_eq!(f[2], 1.0, "one black eye");
    let mut g = Vec::new();
    s.features(WHITE, &mut g);
    assert_eq!(g.iter().zip(&f).map(|(a, b)| a + b).sum::<f64>(), 0.0);
    // The policy only plays legal moves and, with eye weight 0, never the eye.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..2000 {
        let mv = s.playout_move(&[1.0, 0.0], &mut rng).unwrap();
        assert!(s.is_legal(mv));
        assert_ne!(s.format_move(mv), "a1");
    }
    // Shared points weigh 1: with the eye weighted 1e12 against 78 shared points, the eye.
    for _ in 0..50 {
        let mv = s.playout_move(&[0.0, 1e12], &mut rng).unwrap();
        assert_eq!(s.format_move(mv), "a1");
    }
}
