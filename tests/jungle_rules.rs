//! Jungle: one test a rule (docs/rules/jungle.md), on small hand-made positions.

use boardlab::game::rules::Presets;
use boardlab::game::{Game, MoveList, RuleSet};
use boardlab::games::jungle::{Jungle, JungleRules};

/// A position from pieces like `("c3", 'D')` (upper case Red, lower case Green), the side to
/// move, hands text and last-moved square.
fn position(rules: &str, pieces: &[(&str, char)], side: char, hands: &str, last: &str) -> Jungle {
    let mut rows = vec![vec!['.'; 7]; 9];
    for (sq, p) in pieces {
        let b = sq.as_bytes();
        rows[(b[1] - b'1') as usize][(b[0] - b'a') as usize] = *p;
    }
    let text: Vec<String> = rows.iter().rev().map(|r| r.iter().collect()).collect();
    let text = format!("{} {side} {hands} {last} 0", text.join("/"));
    Jungle::parse_position(&JungleRules::parse(rules).unwrap(), &text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn pos(pieces: &[(&str, char)], side: char) -> Jungle {
    position("", pieces, side, "-", "-")
}

fn moves(g: &Jungle) -> Vec<String> {
    let mut m = MoveList::new();
    g.legal_moves(&mut m);
    let mut t: Vec<String> = m.iter().map(|&mv| g.format_move(mv)).collect();
    t.sort();
    t
}

fn has(g: &Jungle, mv: &str) -> bool {
    moves(g).iter().any(|m| m == mv)
}

/// Both sides keep a piece far away so that no side runs out of pieces or moves.
const KEEP: [(&str, char); 2] = [("a1", 'C'), ("g9", 'c')];

fn with_keep(pieces: &[(&str, char)]) -> Vec<(&'static str, char)> {
    let mut v: Vec<(&'static str, char)> = KEEP.to_vec();
    for &(sq, p) in pieces {
        v.push((Box::leak(sq.to_string().into_boxed_str()), p));
    }
    v
}

#[test]
fn the_board_and_the_start() {
    let g = Jungle::new(&JungleRules::default());
    assert_eq!(
        g.format_position(),
        "l5t/1w3c1/r1p1d1e/7/7/7/E1D1P1R/1C3W1/T5L r - - 0"
    );
    let text = g.render();
    assert!(
        text.contains("6  . ~ ~ . ~ ~ ."),
        "rivers b4-c6 and e4-f6:\n{text}"
    );
    assert!(
        text.contains("9  l . # @ # . t"),
        "Green's den d9 and traps c9 e9:\n{text}"
    );
    assert!(text.contains("2  . C . # . W ."), "Red's trap d2:\n{text}");
    // Red moves first; 24 moves at the start (each side's lion and tiger have three or two).
    assert_eq!(g.side(), 0);
    assert_eq!(moves(&g).len(), 24);
}

#[test]
fn higher_ranks_capture_lower_and_equal_ranks_each_other() {
    let g = pos(
        &with_keep(&[("a5", 'W'), ("a6", 'd'), ("b7", 'P'), ("c7", 'l')]),
        'r',
    );
    assert!(has(&g, "a5a6"), "wolf takes dog");
    assert!(!has(&g, "b7c7"), "leopard does not take lion");
    let g = pos(&with_keep(&[("a5", 'W'), ("a6", 'w')]), 'g');
    assert!(has(&g, "a6a5"), "wolf takes wolf");
}

#[test]
fn the_rat_takes_the_elephant_and_not_the_other_way() {
    let g = pos(&with_keep(&[("a5", 'R'), ("a6", 'e')]), 'r');
    assert!(has(&g, "a5a6"));
    let g = pos(&with_keep(&[("a5", 'R'), ("a6", 'e')]), 'g');
    assert!(!has(&g, "a6a5"), "the elephant does not take the rat");
    let g = position(
        "elephant_takes_rat=true",
        &with_keep(&[("a5", 'R'), ("a6", 'e')]),
        'g',
        "-",
        "-",
    );
    assert!(has(&g, "a6a5"), "unless elephant_takes_rat");
}

#[test]
fn only_the_rat_swims() {
    let g = pos(&with_keep(&[("a4", 'D'), ("d4", 'R'), ("b3", 'E')]), 'r');
    assert!(!has(&g, "a4b4"));
    assert!(!has(&g, "b3b4"));
    assert!(has(&g, "d4e4") && has(&g, "d4c4"));
    let g = pos(&with_keep(&[("b5", 'R')]), 'r');
    assert_eq!(
        moves(&g).iter().filter(|m| m.starts_with("b5")).count(),
        4,
        "a rat in the water moves in it and out of it"
    );
}

#[test]
fn a_rat_in_the_water_is_safe_from_land_and_does_not_take_the_elephant() {
    // Green's rat on b5 (water) beside Red's lion on a5 and elephant on ... a rat in water.
    let g = pos(&with_keep(&[("a5", 'L'), ("b5", 'r')]), 'r');
    assert!(!has(&g, "a5b5"), "no land piece takes a rat in the water");
    let g = pos(&with_keep(&[("a5", 'E'), ("b5", 'r')]), 'g');
    assert!(
        !has(&g, "b5a5"),
        "a rat in the water does not take the elephant on land"
    );
    let g = pos(&with_keep(&[("a5", 'R'), ("b5", 'r')]), 'r');
    assert!(
        !has(&g, "a5b5"),
        "a rat on land does not take a rat in the water"
    );
    let g = pos(&with_keep(&[("c5", 'R'), ("b5", 'r')]), 'r');
    assert!(has(&g, "c5b5"), "two rats in the water take each other");
}

#[test]
fn a_rat_leaving_the_water_may_capture_unless_the_option_forbids() {
    let pieces = with_keep(&[("b6", 'R'), ("b7", 'r')]);
    assert!(has(&pos(&pieces, 'r'), "b6b7"));
    let g = position("rat_water_capture=false", &pieces, 'r', "-", "-");
    assert!(!has(&g, "b6b7"));
    assert!(has(&g, "b6a6"), "it still leaves the water");
}

#[test]
fn lion_and_tiger_jump_the_river_unless_a_rat_is_in_the_way() {
    let g = pos(&with_keep(&[("b3", 'L'), ("d5", 'T')]), 'r');
    assert!(has(&g, "b3b7"), "lion jumps straight across");
    assert!(has(&g, "d5a5") && has(&g, "d5g5"), "tiger jumps sideways");
    assert!(!has(&g, "b3b4"));
    // A rat of either side in the river blocks.
    let g = pos(
        &with_keep(&[("b3", 'L'), ("b4", 'r'), ("d5", 'T'), ("e5", 'R')]),
        'r',
    );
    assert!(!has(&g, "b3b7"), "Green's rat on b4");
    assert!(!has(&g, "d5g5"), "Red's own rat on e5");
    assert!(has(&g, "d5a5"), "c5 and b5 are clear");
    // Landing captures by rank, never an own piece or a stronger one.
    let g = pos(
        &with_keep(&[("b3", 'L'), ("b7", 'e'), ("c3", 'T'), ("c7", 'w')]),
        'r',
    );
    assert!(!has(&g, "b3b7"), "the elephant outranks the lion");
    assert!(has(&g, "c3c7"), "the tiger lands on the wolf");
    let g = pos(&with_keep(&[("c3", 'T'), ("c7", 'W')]), 'r');
    assert!(!has(&g, "c3c7"));
}

#[test]
fn the_seed_preset_jumps_onto_smaller_animals_only() {
    // The text: "在跳得方格内，也能把敌方较小的兽类吃掉" (the jump takes smaller animals).
    let pieces = with_keep(&[("b3", 'L'), ("b7", 'l'), ("c3", 'T'), ("c7", 't')]);
    let standard = position("", &pieces, 'r', "-", "-");
    assert!(has(&standard, "b3b7") && has(&standard, "c3c7"));
    let seed = position("preset=seed", &pieces, 'r', "-", "-");
    assert!(!has(&seed, "b3b7") && !has(&seed, "c3c7"));
    let empty = position("preset=seed", &with_keep(&[("d5", 'T')]), 'r', "-", "-");
    assert!(
        has(&empty, "d5a5"),
        "a jump onto an empty square is the same"
    );
    // A smaller animal is still taken, and a step still takes an equal one.
    let seed = position(
        "preset=seed",
        &with_keep(&[("b3", 'L'), ("b7", 't'), ("g6", 'W'), ("g7", 'w')]),
        'r',
        "-",
        "-",
    );
    assert!(has(&seed, "b3b7") && has(&seed, "g6g7"));
    assert_eq!(JungleRules::default().preset_name(), "standard");
    let r = JungleRules::parse("preset=seed,drops=true").unwrap();
    assert_eq!(r.preset_name(), "seed");
    assert_eq!(JungleRules::parse(&r.to_text()).unwrap(), r);
}

#[test]
fn drops_equal_animals_may_be_exchanged_only_under_equal_meet_exchange() {
    // Green's wolf just moved beside Red's: the drop variant lets Red capture it or exchange.
    let pieces = with_keep(&[("d5", 'W'), ("d6", 'w')]);
    let both = position("drops=true", &pieces, 'r', "-", "d6");
    assert!(has(&both, "d5d6") && has(&both, "d5=d6"));
    let only = position("drops=true,equal_meet=exchange", &pieces, 'r', "-", "d6");
    assert!(!has(&only, "d5d6") && has(&only, "d5=d6"));
    // Two rats in the water still take each other ("当两鼠在河内相遇，可以互吃").
    let rats = with_keep(&[("b4", 'R'), ("b5", 'r')]);
    let only = position("drops=true,equal_meet=exchange", &rats, 'r', "-", "-");
    assert!(has(&only, "b4b5"));
}

#[test]
fn the_tiger_sideways_option() {
    let rules = "tiger_sideways=false";
    let g = position(
        rules,
        &with_keep(&[("d5", 'T'), ("d4", 'L')]),
        'r',
        "-",
        "-",
    );
    assert!(!has(&g, "d5a5") && !has(&g, "d5g5"));
    assert!(
        has(&g, "d4a4") && has(&g, "d4g4"),
        "the lion still jumps sideways"
    );
    // Only one tiger a side without drops: use Green's tiger for the straight jump.
    let g = position(
        rules,
        &with_keep(&[("b7", 't'), ("d4", 'L')]),
        'g',
        "-",
        "-",
    );
    assert!(has(&g, "b7b3"));
}

#[test]
fn a_piece_in_an_enemy_trap_has_rank_zero() {
    // Green's lion on c1, Red's trap: Red's rat takes it.
    let g = pos(&with_keep(&[("b1", 'R'), ("c1", 'l')]), 'r');
    assert!(has(&g, "b1c1"));
    // The trapped lion takes nothing of rank 1 or more.
    let g = pos(&with_keep(&[("b1", 'R'), ("c1", 'l')]), 'g');
    assert!(!has(&g, "c1b1"));
    // A piece in its own trap keeps its rank.
    let g = pos(&with_keep(&[("b1", 'r'), ("c1", 'L')]), 'g');
    assert!(!has(&g, "b1c1"));
}

#[test]
fn no_piece_enters_its_own_den() {
    let g = pos(&with_keep(&[("d2", 'W')]), 'r');
    assert!(!has(&g, "d2d1"));
    assert!(has(&g, "d2c2"));
}

#[test]
fn entering_the_enemy_den_wins() {
    let mut g = pos(&with_keep(&[("d8", 'W')]), 'r');
    g.play_text("d8d9").unwrap();
    assert!(g.is_terminal());
    assert_eq!(g.returns().as_slice(), &[1.0, -1.0]);
    assert_eq!(g.winner(), Some(0));
}

#[test]
fn taking_all_enemy_pieces_wins() {
    let mut g = pos(&[("a5", 'L'), ("a6", 'd')], 'r');
    g.play_text("a5a6").unwrap();
    assert!(g.is_terminal());
    assert_eq!(g.winner(), Some(0));
}

#[test]
fn a_side_without_a_move_loses() {
    // Green's only piece, the rat in the corner a9, is boxed in by Red's cat and dog (both
    // outrank it): Green cannot move and has lost.
    let g = pos(&[("a9", 'r'), ("a8", 'C'), ("b9", 'D')], 'g');
    assert!(g.is_terminal());
    assert_eq!(g.winner(), Some(0));
}

#[test]
fn the_draw_rule_counts_plies_without_captures() {
    let mut g = position(
        "draw_plies=4",
        &with_keep(&[("d5", 'W'), ("g5", 'w')]),
        'r',
        "-",
        "-",
    );
    for m in ["d5d6", "g5g6", "d6d5", "g6g5"] {
        assert!(!g.is_terminal());
        g.play_text(m).unwrap();
    }
    assert!(g.is_terminal());
    assert_eq!(g.returns().as_slice(), &[0.0, 0.0]);
    assert_eq!(g.quiet_plies(), 4);
    // A capture starts the count again.
    let mut g = position(
        "draw_plies=2",
        &with_keep(&[("d5", 'W'), ("d6", 'd'), ("g5", 'w')]),
        'r',
        "-",
        "-",
    );
    g.play_text("d5d6").unwrap();
    assert_eq!(g.quiet_plies(), 0);
}

#[test]
fn drops_captured_pieces_go_to_hand_and_come_back() {
    let mut g = position(
        "drops=true",
        &with_keep(&[("d5", 'W'), ("d6", 'd')]),
        'r',
        "-",
        "-",
    );
    g.play_text("d5d6").unwrap();
    assert_eq!(
        g.format_position().split(' ').nth(2),
        Some("D"),
        "{}",
        g.format_position()
    );
    g.play_text("g9g8").unwrap();
    assert!(has(&g, "D@d5"), "onto land the capture left empty");
    assert!(
        !has(&g, "D@b5") && !has(&g, "D@e5"),
        "only the rat may be dropped into the water"
    );
    assert!(!has(&g, "D@d1") && !has(&g, "D@d9"), "never into a den");
    assert!(has(&g, "D@c9"), "into an enemy trap by default");
    g.play_text("D@d5").unwrap();
    assert_eq!(g.format_position().split(' ').nth(2), Some("-"));
    let g = position("drops=true,drop_enemy_traps=false", &KEEP, 'r', "D", "-");
    assert!(!has(&g, "D@c9") && !has(&g, "D@d8") && has(&g, "D@c1"));
    let g = position("drops=true", &KEEP, 'r', "R", "-");
    assert!(has(&g, "R@b5"), "a rat may be dropped into the water");
}

#[test]
fn drops_equal_animals_that_meet_are_exchanged_by_the_next_player() {
    // Green's wolf just moved to d6 beside Red's wolf on d5: Red may exchange, getting both.
    let mut g = position(
        "drops=true",
        &with_keep(&[("d5", 'W'), ("d6", 'w')]),
        'r',
        "-",
        "d6",
    );
    assert!(has(&g, "d5=d6"));
    g.play_text("d5=d6").unwrap();
    let f = g.format_position();
    assert_eq!(f.split(' ').nth(2), Some("2W"), "{f}");
    // Fresh exchanges: a pair that did not just meet is not exchanged...
    let g = position(
        "drops=true",
        &with_keep(&[("d5", 'W'), ("d6", 'w')]),
        'r',
        "-",
        "-",
    );
    assert!(!has(&g, "d5=d6"));
    // ...unless exchange=adjacent.
    let g = position(
        "drops=true,exchange=adjacent",
        &with_keep(&[("d5", 'W'), ("d6", 'w')]),
        'r',
        "-",
        "-",
    );
    assert!(has(&g, "d5=d6"));
    // Not in the standard game.
    let g = position("", &with_keep(&[("d5", 'W'), ("d6", 'w')]), 'r', "-", "-");
    assert!(!moves(&g).iter().any(|m| m.contains('=')));
}

#[test]
fn drops_a_side_with_pieces_in_hand_is_not_yet_beaten() {
    let mut g = position("drops=true", &[("a5", 'L'), ("a6", 'd')], 'r', "w", "-");
    g.play_text("a5a6").unwrap();
    assert!(!g.is_terminal(), "Green can still drop its wolf");
    assert!(has(&g, "W@d5"));
}

#[test]
fn the_seeds_fox_is_not_an_animal_here() {
    let r = JungleRules::default();
    assert!(
        Jungle::parse_position(&r, "l5t/1w3c1/r1p1d1e/7/7/7/E1D1F1R/1C3W1/T5L r - - 0").is_err()
    );
}

#[test]
fn malformed_positions_and_moves_are_refused() {
    let r = JungleRules::default();
    let start = "l5t/1w3c1/r1p1d1e/7/7/7/E1D1P1R/1C3W1/T5L r - - 0";
    for bad in [
        "",
        "l5t/1w3c1/r1p1d1e/7/7/7/E1D1P1R/1C3W1 r - - 0",
        "l5t/1w3c1/r1p1d1e/7/7/7/E1D1P1R/1C3W1/T5L x - - 0",
        "l5t/1w3c1/r1p1d1e/7/7/7/E1D1P1R/1C3W1/T5L r E - 0",
        "l5t/1w3c1/r1p1d1e/7/7/7/E1D1P1R/1C3W1/T5L r - - 7",
        "l5t/1w3c1/r1p1d1e/7/7/7/E1D1P1R/1C3W1/T5L r - c3 0",
        "l5t/1w3c1/r1p1d1e/7/7/7/E1D1P1R/1C3W1/T4LL r - - 0",
        "l5t/1w3c1/r1p1d1e/7/7/1D5/E1D1P1R/1C3W1/T5L r - - 0",
        "l5t/1w3c1/r1p1d1e/7/7/7/E1D1P1R/1C3W1/T2W2L r - - 0",
        "l5t/1w3c1/r1p1d1e/7/7/7/E1D1P1R/1C3W1/T5L r - - 0 extra",
    ] {
        assert!(Jungle::parse_position(&r, bad).is_err(), "{bad:?}");
    }
    let d = JungleRules::parse("drops=true").unwrap();
    assert!(
        Jungle::parse_position(&d, "l5t/1w3c1/r1p1d1e/7/7/7/E1D1P1R/1C3W1/T5L r 3E - 0").is_err()
    );
    assert!(
        Jungle::parse_position(&d, "l5t/1w3c1/r1p1d1e/7/7/7/E1D1P1R/1C3W1/T5L r E - 0").is_err(),
        "a third elephant"
    );
    assert!(Jungle::parse_position(&d, "l5t/1w3c1/r1p1d2/7/7/7/E1D1P1R/1C3W1/T5L r E - 0").is_ok());
    let mut g = Jungle::parse_position(&r, start).unwrap();
    for bad in [
        "", "a1", "a1a9", "z1a1", "a1a2a3", "E@", "@c5", "c3=", "X@c5", "a0a1", "é@c5",
    ] {
        assert!(g.play_text(bad).is_err(), "{bad:?}");
    }
    assert!(g.play_text("a3a4").is_ok());
}
