//! Wa shogi: perft from the start, the fast generator against the slow one written from the
//! rules text (tests/washogi_slow) on random positions with and without drops, the rules the
//! random games rarely reach (pawn-drop mate, one pawn a file, forced promotion, repetition and
//! perpetual check, stalemate), text round trips and refusal of malformed input.
//!
//! CI sizes; `scripts/ci/washogi.sh --full` runs the big counts (perft 4 with the slow generator,
//! 1,000 random positions a rule set at depth 2).

use std::collections::BTreeSet;

use crate::washogi_slow::Slow;
use boardlab::game::conformance::check_random_games;
use boardlab::game::{perft_bulk, Game, MoveList, PerftConvention, RuleSet};
use boardlab::games::washogi::{Ending, WaRules, WaShogi};
use rand::{Rng, SeedableRng};

fn rules(text: &str) -> WaRules {
    WaRules::parse(text).unwrap()
}

fn start(r: &str) -> WaShogi {
    WaShogi::new(&rules(r))
}

fn pos(r: &str, text: &str) -> WaShogi {
    WaShogi::parse_position(&rules(r), text).unwrap_or_else(|e| panic!("{e}"))
}

fn legal(p: &WaShogi) -> BTreeSet<String> {
    let mut m = MoveList::new();
    p.legal_moves(&mut m);
    m.iter().map(|&mv| p.format_move(mv)).collect()
}

fn env_usize(key: &str, default: usize) -> usize {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Perft from the start with the fast generator. Depths 1-4 are equal with and without drops:
/// no capture is possible in the first three plies.
const START_PERFT: [u64; 4] = [51, 2601, 126574, 6158810];
/// The same under `royal=capture` (moves that leave the king attacked count).
const START_PERFT_CAPTURE: [u64; 4] = [51, 2601, 126574, 6159010];

#[test]
fn perft_from_the_start() {
    for (r, counts) in [
        ("drops=false", START_PERFT),
        ("drops=true", START_PERFT),
        ("drops=false,royal=capture", START_PERFT_CAPTURE),
        ("drops=true,royal=capture", START_PERFT_CAPTURE),
    ] {
        let s = start(r);
        for (i, &n) in counts.iter().enumerate() {
            assert_eq!(
                perft_bulk(&s, i as u32 + 1, PerftConvention::DropTerminal),
                n,
                "{r} depth {}",
                i + 1
            );
        }
    }
}

/// Compares the two generators at `p` and below it to `depth` plies (set equality at every
/// node, which implies equal perft). Returns the leaves.
fn compare_tree(p: &WaShogi, slow: &Slow, depth: u32) -> u64 {
    let ours = legal(p);
    let theirs = slow.legal_texts();
    if ours != theirs {
        let only_ours: Vec<_> = ours.difference(&theirs).collect();
        let only_slow: Vec<_> = theirs.difference(&ours).collect();
        panic!(
            "legal moves differ at {}: only fast {only_ours:?}, only slow {only_slow:?}",
            p.format_position()
        );
    }
    if depth <= 1 {
        return ours.len() as u64;
    }
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let slow_children = slow.legal();
    let mut leaves = 0;
    for &mv in &moves {
        let text = p.format_move(mv);
        let (_, slow_child) = slow_children.iter().find(|(t, _)| *t == text).unwrap();
        let mut child = p.clone();
        child.play(mv);
        leaves += compare_tree(&child, slow_child, depth - 1);
    }
    leaves
}

fn slow_of(p: &WaShogi) -> Slow {
    let mut s = Slow::parse(&p.format_position(), p.rules().drops);
    s.king_capture = p.rules().king_capture();
    s
}

#[test]
fn slow_generator_agrees_from_the_start() {
    let depth = env_usize("WASHOGI_START_DEPTH", 3) as u32;
    for drops in ["drops=false", "drops=true"] {
        let s = start(drops);
        let leaves = compare_tree(&s, &slow_of(&s), depth);
        assert_eq!(leaves, START_PERFT[depth as usize - 1], "{drops}");
    }
    // royal=capture: no check can arise in three plies, so the counts are the same to depth 3;
    // at depth 4 the moves that leave the king attacked count too.
    for r in ["drops=false,royal=capture", "drops=true,royal=capture"] {
        let s = start(r);
        let leaves = compare_tree(&s, &slow_of(&s), depth);
        assert_eq!(leaves, START_PERFT_CAPTURE[depth as usize - 1], "{r}");
    }
}

/// A random position: a random game of 0..max plies from the start (no repetition rule, so
/// only the position matters), read back from its text (no history).
fn random_position(r: &str, rng: &mut impl Rng, max_plies: usize) -> WaShogi {
    let mut s = start(r);
    let plies = rng.gen_range(0..max_plies);
    for _ in 0..plies {
        let mut m = MoveList::new();
        s.legal_moves(&mut m);
        if m.is_empty() {
            break;
        }
        s.play(m[rng.gen_range(0..m.len())]);
    }
    WaShogi::parse_position(s.rules(), &s.format_position()).unwrap()
}

#[test]
fn slow_generator_agrees_on_random_positions() {
    let n = env_usize("WASHOGI_POSITIONS", 150);
    let depth = env_usize("WASHOGI_POSITION_DEPTH", 2) as u32;
    for (seed, r) in [
        (1u64, "drops=false,repetition=off"),
        (2, "drops=true,repetition=off"),
        (3, "drops=false,repetition=off,royal=capture"),
        (4, "drops=true,repetition=off,royal=capture"),
    ] {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let (mut checks, mut in_hand, mut leaves) = (0, 0, 0u64);
        for _ in 0..n {
            let p = random_position(r, &mut rng, 300);
            checks += p.in_check() as usize;
            in_hand += p.format_position().contains(|c: char| c.is_alphabetic()) as usize
                * (p.format_position()
                    .split('[')
                    .nth(1)
                    .is_some_and(|h| !h.starts_with('-'))) as usize;
            leaves += compare_tree(&p, &slow_of(&p), depth);
        }
        eprintln!("{r}: {n} positions, {checks} in check, {in_hand} with pieces in hand, {leaves} leaves at depth {depth}");
        assert!(leaves > n as u64);
    }
}

#[test]
fn conformance_on_random_games() {
    for r in [
        "drops=false",
        "drops=true",
        "drops=false,royal=capture",
        "drops=true,royal=capture",
    ] {
        let cov = check_random_games(&start(r), 30, 400, 7).unwrap();
        assert!(cov.positions > 30 * 50, "{r}: {cov:?}");
    }
}

fn has(p: &WaShogi, mv: &str) -> bool {
    legal(p).contains(mv)
}

/// Plays move texts, panicking on an illegal one.
fn play(p: &mut WaShogi, moves: &str) {
    for mv in moves.split_whitespace() {
        p.play_text(mv)
            .unwrap_or_else(|e| panic!("{mv}: {e} in {}", p.format_position()));
    }
}

// The second player's king in the corner, cornered by a Violent Wolf on c10 (covering b10 and
// b11) and a Climbing Monkey on b9 (covering a10).
const CORNER: &str = "k10/2W8/1M9/11/11/11/11/11/11/11/10K";

#[test]
fn a_sparrow_pawn_drop_may_not_mate_but_other_drops_may() {
    let p = pos("drops=true", &format!("{CORNER}[PG] w"));
    assert!(!has(&p, "P@a10"), "pawn-drop mate is illegal");
    assert!(has(&p, "P@e5"), "other pawn drops are fine");
    assert!(has(&p, "G@a10"), "a Flying Goose may mate by a drop");
    let mut q = p.clone();
    play(&mut q, "G@a10");
    assert!(q.is_terminal() && q.in_check());
    assert_eq!(q.returns().get(0), 1.0);
    // A pawn drop that checks but can be answered is legal: without the Monkey the king takes it.
    let p = pos("drops=true", "k10/2W8/11/11/11/11/11/11/11/11/10K[P] w");
    assert!(has(&p, "P@a10"));
}

#[test]
fn one_unpromoted_sparrow_pawn_a_file() {
    let p = pos("drops=true", "5k5/11/11/11/11/11/11/11/4P+P5/11/5K5[P] w");
    assert!(!has(&p, "P@e5"), "e3 holds a Sparrow Pawn");
    assert!(has(&p, "P@f5"), "a promoted pawn does not count");
    assert!(!has(&p, "P@a11"), "no pawn drop where it could never move");
    let p = pos("drops=true", "5k5/11/11/11/11/11/11/11/11/11/5K5[O] w");
    assert!(
        !has(&p, "O@a11") && has(&p, "O@a10"),
        "nor an Oxcart on the last rank"
    );
    let p = pos("drops=true", "5k5/11/11/11/11/11/11/11/11/11/5K5[o] b");
    assert!(
        !has(&p, "O@a1") && has(&p, "O@a2"),
        "the same for the second player, mirrored"
    );
}

#[test]
fn promotion_zone_forced_and_optional_promotion() {
    // Pawn a10, Oxcart b5, Liberated Horse c5, Flying Cock d10, Swallow's Wings e9; the
    // second player's pawn on h2.
    let p = pos("", "5k5/P2C7/4S6/11/11/11/1OH8/11/11/7p3/5K5 w");
    let m = legal(&p);
    assert!(
        m.contains("a10a11+") && !m.contains("a10a11"),
        "pawn must promote on the last rank"
    );
    assert!(
        m.contains("b5b11+") && !m.contains("b5b11"),
        "so must the Oxcart"
    );
    assert!(
        m.contains("b5b9+") && m.contains("b5b9"),
        "elsewhere in the zone it may choose"
    );
    assert!(
        m.contains("b5b8") && !m.contains("b5b8+"),
        "outside the zone it may not promote"
    );
    assert!(
        m.contains("c5c11+") && m.contains("c5c11"),
        "the horse can still move back"
    );
    assert!(
        m.contains("d10c11+") && m.contains("d10c11"),
        "the cock can still move sideways"
    );
    assert!(
        m.contains("e9e8+") && m.contains("e9e8"),
        "promotion on leaving the zone"
    );
    assert!(
        m.contains("e9a9+") && m.contains("e9a9"),
        "and on moving inside it"
    );
    let q = pos("", "5k5/11/11/11/11/11/11/11/11/7p3/5K5 b");
    let m = legal(&q);
    assert!(
        m.contains("h2h1+") && !m.contains("h2h1"),
        "mirrored for the second player"
    );
}

#[test]
fn fox_jumps_eagle_slides_three_heavenly_horse_leaps() {
    // A Treacherous Fox on f5 boxed in by its own pawns on e4-g4 and e6-g6 and pieces beside it.
    let p = pos("", "k10/11/11/11/11/4PPP4/4CXC4/4PPP4/11/11/10K w");
    let fox: BTreeSet<_> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with("f5"))
        .collect();
    let expected: BTreeSet<String> = ["f5f7", "f5d7", "f5h7", "f5f3", "f5d3", "f5h3"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(fox, expected, "jumps over anything, never sideways");
    // A Cloud Eagle on a1 slides up to three squares along the forward diagonal.
    let p = pos("", "5k5/11/11/11/11/11/11/11/11/11/E9K w");
    let m = legal(&p);
    assert!(m.contains("a1d4") && !m.contains("a1e5"));
    assert!(m.contains("a1a11") && m.contains("a1b1") && !m.contains("a1c1"));
    // A Heavenly Horse on f5: (±1, ±2) only.
    let p = pos("", "k10/11/11/11/11/11/5+H5/11/11/11/10K w");
    let horse: BTreeSet<_> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with("f5"))
        .collect();
    assert_eq!(horse.len(), 4, "{horse:?}");
    assert!(horse.contains("f5e7") && horse.contains("f5g3"));
}

#[test]
fn fourfold_repetition_draws() {
    // Bare kings would draw at once: play on, to reach the repetition.
    let mut p = pos("bare_kings=play", "10k/11/11/11/11/11/11/11/11/11/K10 w");
    for i in 0..3 {
        assert!(!p.is_terminal(), "cycle {i}");
        play(&mut p, "a1a2 k11k10 a2a1 k10k11");
        assert_eq!(p.earlier_occurrences(), i + 1);
    }
    assert!(p.is_terminal());
    assert_eq!(p.ending(), Some(Ending::Repetition));
    assert_eq!(p.returns().get(0), 0.0);
    let mut m = MoveList::new();
    p.legal_moves(&mut m);
    assert!(m.is_empty());
    // Without the rule the game goes on.
    let mut q = pos(
        "repetition=off,bare_kings=play",
        "10k/11/11/11/11/11/11/11/11/11/K10 w",
    );
    play(&mut q, &"a1a2 k11k10 a2a1 k10k11 ".repeat(5));
    assert!(!q.is_terminal());
}

#[test]
fn perpetual_check_loses() {
    // The first player's Gliding Swallow checks from k1 and j1 in turn.
    let text = "10k/11/11/11/11/11/11/11/11/11/K9+S b";
    let mut p = pos("", text);
    assert!(p.in_check());
    play(&mut p, &"k11j11 k1j1 j11k11 j1k1 ".repeat(3));
    assert_eq!(p.ending(), Some(Ending::PerpetualCheck(0)));
    assert_eq!(p.returns().get(0), -1.0, "the checking side loses");
    let mut q = pos("repetition=draw", text);
    play(&mut q, &"k11j11 k1j1 j11k11 j1k1 ".repeat(3));
    assert_eq!(q.ending(), Some(Ending::Repetition));
    assert_eq!(q.returns().get(0), 0.0);
}

#[test]
fn under_royal_capture_checks_may_be_ignored_and_taking_the_king_wins() {
    // The first player's Sparrow Pawn on f9 covers f10; the second player's king is on f11.
    let text = "5k5/11/5P5/11/11/11/11/11/11/11/K10 b";
    let p = pos("", text);
    assert!(!has(&p, "f11f10"), "royal=checkmate: no move into check");
    let mut q = pos("royal=capture", text);
    assert!(has(&q, "f11f10"), "royal=capture: any move is legal");
    play(&mut q, "f11f10");
    assert!(!q.in_check() && !q.is_terminal());
    // The first player need not take at once: a move that leaves the king en prise is legal too.
    assert!(has(&q, "a1a2") && has(&q, "f9f10"));
    play(&mut q, "f9f10");
    assert!(q.is_terminal());
    assert_eq!(q.ending(), Some(Ending::KingCaptured(1)));
    assert_eq!(q.returns().get(0), 1.0, "taking the Crane King wins");
    // The finished position reads back (one king) as the same finished game under capture only.
    let after = q.format_position();
    let r = pos("royal=capture", &after);
    assert!(r.is_terminal() && r.returns().get(0) == 1.0);
    assert!(WaShogi::parse_position(&rules(""), &after).is_err());
    // A position with the side that has just moved in check is refused under checkmate only.
    let en_prise = "5k5/5P5/11/11/11/11/11/11/11/11/K10 w";
    assert!(WaShogi::parse_position(&rules(""), en_prise).is_err());
    let mut t = pos("royal=capture", en_prise);
    assert!(has(&t, "f10f11+"), "the pawn must promote on the last rank");
    play(&mut t, "f10f11+");
    assert_eq!(t.ending(), Some(Ending::KingCaptured(1)));
}

#[test]
fn no_legal_move_loses_unless_stalemate_draws() {
    let text = format!("{CORNER} b");
    let p = pos("", &text);
    assert!(!p.in_check() && p.is_terminal());
    assert_eq!(p.returns().get(1), -1.0, "stalemate loses, as in shogi");
    let p = pos("stalemate=draw", &text);
    assert!(p.is_terminal());
    assert_eq!(p.returns().get(1), 0.0);
}

#[test]
fn captured_pieces_go_to_the_hand_unpromoted() {
    // The first player's Eagle takes a promoted Running Rabbit (moving as a Fox).
    let mut p = pos("drops=true", "k10/11/11/11/11/11/4+r6/11/11/11/4E5K[-] w");
    play(&mut p, "e1e5");
    assert!(
        p.format_position().ends_with("[R] b"),
        "{}",
        p.format_position()
    );
    let mut q = pos("drops=false", "k10/11/11/11/11/11/4+r6/11/11/11/4E5K w");
    play(&mut q, "e1e5");
    assert!(q.format_position().ends_with(" b"));
}

#[test]
fn the_history_replays_to_the_same_position() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    for r in ["drops=false", "drops=true"] {
        let mut p = start(r);
        for _ in 0..120 {
            let mut m = MoveList::new();
            p.legal_moves(&mut m);
            if m.is_empty() {
                break;
            }
            p.play(m[rng.gen_range(0..m.len())]);
        }
        let (root, moves) = p.history().unwrap();
        assert_eq!(root.format_position(), start(r).format_position());
        let mut q = root;
        for mv in moves {
            q.play(mv);
        }
        assert_eq!(q.format_position(), p.format_position());
        assert_eq!(q.hash(), p.hash());
    }
}

#[test]
fn malformed_positions_and_moves_are_errors() {
    let r = rules("drops=true");
    for bad in [
        "",
        "11/11",
        "k10/11/11/11/11/11/11/11/11/11/10K", // no side to move
        "k10/11/11/11/11/11/11/11/11/11/10K x", // bad side
        "k10/11/11/11/11/11/11/11/11/11/11 w", // a king missing
        "kk9/11/11/11/11/11/11/11/11/11/10K w", // two kings
        "k10/11/11/11/11/11/11/11/11/11/9QK w", // unknown letter
        "k10/11/11/11/11/11/11/11/11/11/9+XK w", // a fox does not promote
        "kP9/11/11/11/11/11/11/11/11/11/10K w", // a pawn that can never move
        "k10/11/11/11/11/11/11/11/11/11/10K[K] w", // a king in hand
        "k10/11/11/11/11/11/11/11/11/11/10K[P w", // unclosed hands
        "k10/11/11/11/11/11/11/11/11/11/10K[99P] w", // absurd count
        "k10/K10/11/11/11/11/11/11/11/11/11 w", // the side not to move in check
        "k10/11/11/11/11/11/11/11/11/11/10K w x", // junk after the side
        "k10/11/11/11/11/11/11/11/11/11/100K w", // row too long
        "k10/11/11/11/11/11/11/11/11/11/10K w \u{ff}", // not ASCII
    ] {
        assert!(WaShogi::parse_position(&r, bad).is_err(), "{bad:?}");
    }
    let no_drops = rules("drops=false");
    assert!(
        WaShogi::parse_position(&no_drops, "k10/11/11/11/11/11/11/11/11/11/10K[P] w").is_err(),
        "hands without drops"
    );
    let s = start("drops=true");
    for bad in [
        "", "a1", "a1a1", "z1a2", "a0a1", "a12a1", "h3g4x", "h3g4++", "K@f6", "Q@f6", "P@f6",
        "@f6", "PP@f6", "h3", "é", "a3a4+", "d3d5+",
    ] {
        assert!(s.parse_move(bad).is_err(), "{bad:?}");
    }
    assert!(s.parse_move("h3g4").is_ok() && s.parse_move("h3g4=").is_ok());
}

mod text_properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Arbitrary text never panics the position or move readers.
        #[test]
        fn garbage_is_refused_without_panicking(text in ".{0,200}") {
            let r = rules("drops=true");
            let _ = WaShogi::parse_position(&r, &text);
            let _ = start("drops=true").parse_move(&text);
        }

        /// Positions of random games read back to themselves.
        #[test]
        fn random_positions_round_trip(seed in 0u64..10_000, drops in any::<bool>()) {
            let r = if drops { "drops=true" } else { "drops=false" };
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            let p = random_position(r, &mut rng, 250);
            let text = p.format_position();
            let q = WaShogi::parse_position(p.rules(), &text).unwrap();
            prop_assert_eq!(q.format_position(), text);
            prop_assert_eq!(q.hash(), p.hash());
        }
    }
}

#[test]
fn quiescence_moves_are_the_legal_captures() {
    use boardlab::eval::SearchHints;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    for r in ["drops=false", "drops=true"] {
        for _ in 0..200 {
            let p = random_position(r, &mut rng, 250);
            let mut all = MoveList::new();
            p.legal_moves(&mut all);
            all.retain(|m| p.is_noisy(*m));
            let mut noisy = MoveList::new();
            p.noisy_moves(&mut noisy);
            assert_eq!(noisy, all, "{}", p.format_position());
        }
    }
}

/// Issue 41: random games ran past 3,000 plies, most with bare kings. Bare kings now draw at
/// once (`bare_kings=draw`, the default) and `max_plies` (default 500) ends the rest.
#[test]
fn bare_kings_draw_and_the_ply_limit_ends_every_game() {
    // A lone pair of kings is a draw at once; with a piece in hand (drops) play goes on.
    let p = pos("", "10k/11/11/11/11/11/11/11/11/11/K10 w");
    assert_eq!(p.ending(), Some(Ending::BareKings));
    assert!(p.is_terminal());
    assert_eq!(p.returns().get(0), 0.0);
    assert!(!pos("drops=true", "10k/11/11/11/11/11/11/11/11/11/K10[P] w").is_terminal());
    assert!(!pos("bare_kings=play", "10k/11/11/11/11/11/11/11/11/11/K10 w").is_terminal());
    // The capture of the last other piece ends the game.
    let mut q = pos("", "10k/11/11/11/11/11/11/11/11/11/Kd9 w");
    assert!(!q.is_terminal());
    play(&mut q, "a1b1");
    assert_eq!(q.ending(), Some(Ending::BareKings));

    // The ply limit: a draw on the max_plies-th ply, not before.
    let text = "10k/11/11/11/11/p10/11/11/11/11/K9P w";
    let mut r = pos("max_plies=10", text);
    play(
        &mut r,
        "a1a2 k11k10 a2a1 k10k11 a1a2 k11k10 a2a1 k10k11 a1a2",
    );
    assert!(!r.is_terminal(), "9 plies");
    play(&mut r, "k11k10");
    assert_eq!((r.plies(), r.ending()), (10, Some(Ending::MoveLimit)));
    assert_eq!(r.returns().get(0), 0.0);
    let mut r = pos("max_plies=0", text);
    play(
        &mut r,
        "a1a2 k11k10 a2a1 k10k11 a1a2 k11k10 a2a1 k10k11 a1a2 k11k10",
    );
    assert!(!r.is_terminal(), "max_plies=0 has no limit");

    // Random games from the start all end, by the default rules, within the limit.
    let limit = boardlab::games::washogi::DEFAULT_MAX_PLIES as usize;
    for (rules_text, seed) in [("", 1u64), ("drops=true", 2), ("royal=capture", 3)] {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        for game in 0..40 {
            let end = boardlab::game::playout::random_walk(start(rules_text), &mut rng, |s| {
                s.plies() > limit
            });
            assert!(
                end.is_terminal() && end.plies() <= limit,
                "{rules_text:?} game {game}: {} plies, not over",
                end.plies()
            );
        }
    }
}
