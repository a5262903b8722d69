//! Oware: the rules on hand-made positions, the shared conformance checks, and the endgame
//! database against plain exhaustive search of the game itself (history and all).

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::board::{self, Houses, HOUSES};
use super::database::{rotate, Database};
use super::game::{Oware, NORTH, SOUTH};
use super::rules::{Cycle, End, GrandSlam, Leftover, OwareRules};
use crate::game::conformance::check_random_games;
use crate::game::{Game, MoveList, RuleSet};

fn pos(rules: &str, text: &str) -> Oware {
    Oware::parse_position(&OwareRules::parse(rules).unwrap(), text).unwrap()
}

#[test]
fn start_and_text_round_trip() {
    let s = Oware::new(&OwareRules::default());
    assert_eq!(s.format_position(), "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S");
    assert_eq!(s.count_legal_moves(), 6);
    let three = Oware::new(&OwareRules::parse("seeds=3").unwrap());
    assert_eq!(three.board_seeds(), 36);
    let mut s = s;
    s.play_text("C").unwrap();
    assert_eq!(s.format_position(), "4,4,0,5,5,5/5,4,4,4,4,4 0 0 N");
    assert!(s.play_text("A").is_err(), "South's house while North moves");
    s.play_text("a").unwrap();
    assert_eq!(s.format_position(), "4,4,0,5,5,5/0,5,5,5,5,5 0 0 S");
}

#[test]
fn malformed_positions_and_moves_are_refused() {
    let r = OwareRules::default();
    for bad in [
        "",
        "4,4,4,4,4,4/4,4,4,4,4,4 0 0",
        "4,4,4,4,4,4/4,4,4,4,4 0 0 S",
        "4,4,4,4,4,4,4/4,4,4,4,4,4 0 0 S",
        "4,4,4,4,4,4|4,4,4,4,4,4 0 0 S",
        "4,4,4,4,4,x/4,4,4,4,4,4 0 0 S",
        "4,4,4,4,4,-1/4,4,4,4,4,4 0 0 S",
        "4,4,4,4,4,4/4,4,4,4,4,4 0 0 W",
        "90,4,4,4,4,4/4,4,4,4,4,4 0 0 S",
        "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S extra",
    ] {
        assert!(Oware::parse_position(&r, bad).is_err(), "{bad:?}");
    }
    let mut s = Oware::new(&r);
    for bad in ["", "G", "AB", "1", "é", "c"] {
        assert!(s.play_text(bad).is_err(), "{bad:?}");
    }
    let mut e = pos("", "0,4,4,4,4,4/4,4,4,4,4,4 0 0 S");
    assert!(e.play_text("A").unwrap_err().to_string().contains("empty"));
}

/// Captures take the last house and the ones before it in the opponent's row while they hold
/// 2 or 3; the chain stops at the row's end.
#[test]
fn capture_chain_and_scores() {
    let mut s = pos("", "1,0,0,0,0,3/1,2,1,4,1,1 0 0 S");
    s.play_text("F").unwrap();
    assert_eq!(s.format_position(), "1,0,0,0,0,0/0,0,0,4,1,1 7 0 N");
    // A chain broken by a 4 takes only the houses after it.
    let mut s = pos("", "1,0,0,0,0,4/1,3,1,1,1,1 0 0 S");
    s.play_text("F").unwrap();
    assert_eq!(s.format_position(), "1,0,0,0,0,0/2,4,0,0,1,1 4 0 N");
}

/// The seed: the game ends as soon as a row is empty; each side keeps its own seeds. A grand
/// slam captures (and so ends the game).
#[test]
fn seed_rules_end_on_an_empty_row() {
    let mut s = pos("", "1,0,0,0,0,2/1,2,0,0,0,0 0 0 S");
    s.play_text("F").unwrap();
    assert!(s.is_terminal());
    assert_eq!(s.scores(), [6, 0], "5 captured and South's own seed");
    assert_eq!(s.returns().as_slice(), &[1.0, -1.0]);
    // Emptying one's own row ends the game too; the opponent keeps its seeds.
    let mut s = pos("", "0,0,0,0,0,1/0,0,0,5,0,0 0 0 S");
    s.play_text("F").unwrap();
    assert!(s.is_terminal());
    assert_eq!(s.scores(), [0, 6]);
    let mut s = pos("leftover=nobody", "0,0,0,0,0,1/0,0,0,5,0,0 2 1 S");
    s.play_text("F").unwrap();
    assert_eq!(s.scores(), [2, 1]);
    assert_eq!(s.returns().as_slice(), &[1.0, -1.0]);
}

/// Abapa: must feed, a grand slam captures nothing, an unfeedable opponent ends the game with
/// the mover taking its seeds, more than half wins at once (the board then goes to its owners).
#[test]
fn abapa_rules() {
    let mut s = pos("preset=abapa", "1,0,0,0,0,2/1,2,0,0,0,0 10 10 S");
    s.play_text("F").unwrap();
    assert_eq!(s.format_position(), "1,0,0,0,0,0/2,3,0,0,0,0 10 10 N");
    // North's row empty: South must feed it (A cannot, E can).
    let s = pos("preset=abapa", "3,0,0,0,2,0/0,0,0,0,0,0 20 23 S");
    let mut m = MoveList::new();
    s.legal_moves(&mut m);
    assert_eq!(m.as_slice(), &[4]);
    // Nothing can feed: the game is over at once and South takes its seeds.
    let s = pos("preset=abapa", "1,1,0,0,0,0/0,0,0,0,0,0 23 23 S");
    assert!(s.is_terminal());
    assert_eq!(s.scores(), [25, 23]);
    let s = pos(
        "preset=abapa,unfed=nobody",
        "1,1,0,0,0,0/0,0,0,0,0,0 23 23 S",
    );
    assert_eq!(s.scores(), [23, 23]);
    assert_eq!(s.returns().as_slice(), &[0.0, 0.0]);
    // More than half: over, the board collected by the owners of the rows.
    let mut s = pos("preset=abapa", "0,0,0,0,0,1/2,0,0,0,0,4 22 19 S");
    s.play_text("F").unwrap();
    assert_eq!(s.format_position(), "0,0,0,0,0,0/0,0,0,0,0,0 25 23 -");
}

#[test]
fn grand_slam_forbidden_and_origin_skipping() {
    let s = pos("grand_slam=forbidden", "1,0,0,0,0,2/1,1,0,0,0,0 0 0 S");
    let mut m = MoveList::new();
    s.legal_moves(&mut m);
    assert_eq!(m.as_slice(), &[0], "F would take North's whole row");
    let mut s = pos("", "12,1,0,0,0,0/1,1,1,1,1,1 0 0 S");
    s.play_text("A").unwrap();
    assert_eq!(s.format_position(), "0,3,1,1,1,1/2,2,2,2,2,2 0 0 N");
    let mut s = pos("skip_origin=false", "12,1,0,0,0,0/1,1,1,1,1,1 0 0 S");
    s.play_text("A").unwrap();
    assert_eq!(s.format_position(), "1,2,1,1,1,1/2,2,2,2,2,2 0 0 N");
}

/// A position repeated since the last capture ends the game: `collect` gives each side its own
/// seeds (OpenSpiel), `split` shares them (no change of the lead).
#[test]
fn repetition_ends_the_game() {
    // One seed each on F and f: F-a, then North must feed (f-A), then both seeds step along
    // until E-F, e-f bring back the start (ply 12), without a capture.
    for (rules, expect_scores) in [("preset=abapa", true), ("preset=abapa,cycle=split", false)] {
        let mut s = pos(rules, "0,0,0,0,0,1/0,0,0,0,0,1 0 0 S");
        let mut plies = 0;
        while !s.is_terminal() {
            let mut m = MoveList::new();
            s.legal_moves(&mut m);
            s.play(m[0]);
            plies += 1;
            assert!(plies < 100, "{}", s.format_position());
        }
        assert_eq!(plies, 12, "{rules}");
        let total: u32 = s.scores().iter().map(|&x| x as u32).sum();
        assert_eq!(
            total == 2,
            expect_scores,
            "{rules}: {}",
            s.format_position()
        );
        assert_eq!(s.returns().as_slice(), &[0.0, 0.0], "{rules}");
    }
}

#[test]
fn conformance_on_random_games() {
    for rules in [
        "",
        "preset=abapa",
        "seeds=3",
        "grand_slam=forbidden,must_feed=true,cycle=collect",
        "skip_origin=false,leftover=nobody",
    ] {
        let s = Oware::new(&OwareRules::parse(rules).unwrap());
        let cov = check_random_games(&s, 150, 2000, 5).unwrap();
        assert_eq!(cov.terminals, 150, "{rules}: every game ends");
    }
}

/// Negamax with alpha-beta over the real game (its repetition history included): the final score
/// difference for the side to move, exact inside (alpha, beta), a bound outside.
fn exhaustive(s: &Oware, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    if *nodes > NODE_BUDGET {
        // Abandoned: the caller sees the budget spent and ignores the result.
        return 0;
    }
    if s.is_terminal() {
        let sc = s.scores();
        let me = s.side();
        return sc[me] as i32 - sc[1 - me] as i32;
    }
    let mut m = MoveList::new();
    s.legal_moves(&mut m);
    // Captures first: the same tree, searched in an order that cuts off sooner.
    m.sort_by_key(|&mv| {
        let mut b = *s.houses();
        std::cmp::Reverse(board::play(&mut b, s.side(), mv as usize, s.rules()).captured)
    });
    let mut best = i32::MIN;
    for &mv in &m {
        let mut c = s.clone();
        c.play(mv);
        // The side to move changes at every move.
        let v = -exhaustive(&c, -beta, -alpha, nodes);
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

fn random_board(rng: &mut impl Rng, seeds: u32) -> Houses {
    let mut b = [0u8; HOUSES];
    for _ in 0..seeds {
        b[rng.gen_range(0..HOUSES)] += 1;
    }
    b
}

fn split_rules() -> Vec<OwareRules> {
    vec![
        OwareRules::SEED,
        OwareRules {
            cycle: Cycle::Split,
            end: End::Exhaust,
            ..OwareRules::ABAPA
        },
        OwareRules {
            must_feed: true,
            grand_slam: GrandSlam::Forbidden,
            unfed: Leftover::Nobody,
            ..OwareRules::SEED
        },
        OwareRules {
            leftover: Leftover::Nobody,
            grand_slam: GrandSlam::Nothing,
            ..OwareRules::SEED
        },
    ]
}

/// A search larger than this is abandoned (and counted): with the repetition history every
/// path is a new node, so boards whose play can cycle long (must-feed rules) grow beyond any
/// budget even with 4 seeds.
const NODE_BUDGET: u64 = 60_000;

/// Nodes a rule set may spend in all; `OWARE_EXHAUSTIVE=k` multiplies it (and adds boards).
fn total_budget() -> u64 {
    let k: u64 = std::env::var("OWARE_EXHAUSTIVE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    30_000_000 * k
}

/// The database equals exhaustive search of the game from fresh positions (no history, so the
/// repetition rule starts afresh): every board up to 4 seeds (in random order) and random boards
/// of 5 and 6, with random captured seeds and side, under four rule sets, until the rule set's
/// node budget is spent. Two null-window searches prove each value exactly.
#[test]
fn database_equals_exhaustive_search() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(14);
    let k = (total_budget() / 30_000_000) as usize;
    for rules in split_rules() {
        let (db, _) = Database::build(&rules, 6, &|_, _, _| {}).unwrap();
        let (mut checked, mut nonzero, mut abandoned, mut spent) = (0, 0, 0, 0u64);
        let mut boards: Vec<Houses> = Vec::new();
        for n in 0..=4u8 {
            let mut level = Vec::new();
            let mut b = super::index::first_board(n);
            loop {
                level.push(b);
                if !super::index::next_board(&mut b) {
                    break;
                }
            }
            level.shuffle(&mut rng);
            boards.extend(level);
        }
        boards.extend((0..40 * k).map(|_| random_board(&mut rng, 5)));
        boards.extend((0..4 * k).map(|_| random_board(&mut rng, 6)));
        for b in boards {
            if spent > total_budget() {
                break;
            }
            let side = rng.gen_range(0..2);
            let houses = if side == SOUTH { b } else { rotate(&b) };
            let scores = [rng.gen_range(0..5), rng.gen_range(0..5)];
            let s = Oware::from_parts(rules, houses, scores, side, false).unwrap();
            if s.is_terminal() {
                continue;
            }
            let lead = scores[side] as i32 - scores[1 - side] as i32;
            let v = db.value(&b).unwrap() as i32;
            let expected = lead + v;
            let mut nodes = 0;
            let low = exhaustive(&s, expected - 1, expected, &mut nodes);
            let high = exhaustive(&s, expected, expected + 1, &mut nodes);
            spent += nodes;
            if nodes > NODE_BUDGET {
                abandoned += 1;
                continue;
            }
            assert!(
                low >= expected && high <= expected,
                "{} under {}: database {expected}, search bounds {low} {high}",
                s.format_position(),
                rules.to_text()
            );
            checked += 1;
            nonzero += (v != 0) as usize;
        }
        eprintln!(
            "{}: {checked} positions equal to exhaustive search ({nonzero} with a nonzero board value), {abandoned} searches over {NODE_BUDGET} nodes abandoned, {spent} nodes",
            rules.to_text()
        );
        // Must-feed boards cycle long, so about half their searches are abandoned, and with
        // unfed=nobody most values are 0: 400 exact values, 50 of them nonzero, is what every
        // rule set reaches within its budget.
        assert!(
            checked >= 400 && nonzero >= 50,
            "{checked} checked, {nonzero} nonzero, {abandoned} abandoned"
        );
    }
}

/// Every value is the best move's value (terminal boards: their end credit), up to 13 seeds so
/// that sowings of 12 (with and without skipping the origin) are in.
#[test]
fn database_values_are_consistent_with_their_moves() {
    for rules in [
        OwareRules::SEED,
        OwareRules {
            skip_origin: false,
            ..OwareRules::SEED
        },
        OwareRules {
            cycle: Cycle::Split,
            ..OwareRules::ABAPA
        },
    ] {
        let (db, stats) = Database::build(&rules, 12, &|_, _, _| {}).unwrap();
        assert_eq!(stats.positions, Database::positions(12));
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        for _ in 0..20_000 {
            let n = rng.gen_range(1..=12);
            let b = random_board(&mut rng, n);
            let v = db.value(&b).unwrap();
            if let Some(reason) = board::board_end(&b, 0, &rules) {
                let c = board::end_credit(&b, 0, reason, &rules);
                assert_eq!(v as i32, c[0] as i32 - c[1] as i32);
                continue;
            }
            let mask = board::legal_mask(&b, 0, &rules);
            let best = (0..6)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| {
                    let mut c = b;
                    let s = board::play(&mut c, 0, i, &rules);
                    s.captured as i32 - db.value(&rotate(&c)).unwrap() as i32
                })
                .max()
                .unwrap();
            assert_eq!(v as i32, best, "{b:?} {}", rules.to_text());
        }
    }
}

#[test]
fn database_files_round_trip_and_refuse_damage() {
    let (db, _) = Database::build(&OwareRules::SEED, 6, &|_, _, _| {}).unwrap();
    let dir = std::env::temp_dir().join(format!("oware-db-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.owdb");
    db.save(&path).unwrap();
    let back = Database::load(&path).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    for _ in 0..1000 {
        let n = rng.gen_range(0..=6);
        let b = random_board(&mut rng, n);
        assert_eq!(back.value(&b), db.value(&b));
    }
    assert_eq!(back.rules, OwareRules::SEED);
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert!(Database::load(&path).err().unwrap().contains("checksum"));
    std::fs::write(&path, b"not a database").unwrap();
    assert!(Database::load(&path).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
    let _ = NORTH;
}
