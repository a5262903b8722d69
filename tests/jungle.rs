//! Jungle against a second, slow implementation written from the rules text (docs/rules/jungle.md)
//! in this file: it shares nothing with `src/games/jungle` but the notation. Perft from the start
//! to depth 5 and the legal moves and perft on random positions must agree, in the standard game
//! and in the drop variant; and the shared conformance checks hold.
//!
//! `JUNGLE_RANDOM_POSITIONS=n` sets the number of random positions per variant (default 1000).

use boardlab::game::conformance::check_random_games;
use boardlab::game::{perft_bulk, Game, MoveList, PerftConvention, RuleSet};
use boardlab::games::jungle::{Animal, Jungle, JungleRules, Piece};
use rand::{Rng, SeedableRng};

/// The slow implementation: squares as (column, row), terrain looked up by name, moves as text.
mod reference {
    use super::*;

    pub const COLS: i32 = 7;
    pub const ROWS: i32 = 9;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Ground {
        Land,
        Water,
        /// A trap beside the den of this side.
        Trap(usize),
        /// The den of this side.
        Den(usize),
    }

    pub fn ground(c: i32, r: i32) -> Ground {
        let name = format!("{}{}", (b'a' + c as u8) as char, r + 1);
        match name.as_str() {
            "d1" => Ground::Den(0),
            "d9" => Ground::Den(1),
            "c1" | "e1" | "d2" => Ground::Trap(0),
            "c9" | "e9" | "d8" => Ground::Trap(1),
            _ if (3..=5).contains(&r) && matches!(c, 1 | 2 | 4 | 5) => Ground::Water,
            _ => Ground::Land,
        }
    }

    /// Strength of the animal kinds, rat 1 .. elephant 8, by the letters of the notation.
    const KINDS: &str = "RCDWPTLE";

    fn strength_of(kind: char) -> i32 {
        KINDS.find(kind).unwrap() as i32 + 1
    }

    #[derive(Clone, PartialEq, Debug)]
    pub struct Pos {
        /// (side, kind letter) by [column][row].
        pub cells: Vec<Vec<Option<(usize, char)>>>,
        /// Hand pieces of each side, by kind letter (with repeats).
        pub hands: [Vec<char>; 2],
        pub to_move: usize,
        pub last: Option<(i32, i32)>,
        pub quiet: u32,
        pub rules: JungleRules,
    }

    fn name(c: i32, r: i32) -> String {
        format!("{}{}", (b'a' + c as u8) as char, r + 1)
    }

    impl Pos {
        pub fn from_game(g: &Jungle) -> Pos {
            let mut cells = vec![vec![None; ROWS as usize]; COLS as usize];
            for c in 0..COLS {
                for r in 0..ROWS {
                    if let Some(p) = g.piece_at((r * COLS + c) as usize) {
                        cells[c as usize][r as usize] = Some((p.owner, p.animal.letter()));
                    }
                }
            }
            let mut hands = [Vec::new(), Vec::new()];
            for (side, hand) in hands.iter_mut().enumerate() {
                for (i, &n) in g.hand(side).iter().enumerate() {
                    for _ in 0..n {
                        hand.push(KINDS.as_bytes()[i] as char);
                    }
                }
            }
            Pos {
                cells,
                hands,
                to_move: g.side(),
                last: g.last_to().map(|sq| ((sq % 7) as i32, (sq / 7) as i32)),
                quiet: g.quiet_plies() as u32,
                rules: *g.rules(),
            }
        }

        fn at(&self, c: i32, r: i32) -> Option<(usize, char)> {
            self.cells[c as usize][r as usize]
        }

        fn on_board(c: i32, r: i32) -> bool {
            (0..COLS).contains(&c) && (0..ROWS).contains(&r)
        }

        /// The strength a piece of `side` has on (c, r): 0 in the other side's trap.
        fn strength(&self, side: usize, kind: char, c: i32, r: i32) -> i32 {
            match ground(c, r) {
                Ground::Trap(owner) if owner != side => 0,
                _ => strength_of(kind),
            }
        }

        fn may_take(&self, from: (i32, i32), to: (i32, i32)) -> bool {
            let (side, kind) = self.at(from.0, from.1).unwrap();
            let (_, target) = self.at(to.0, to.1).unwrap();
            let from_water = ground(from.0, from.1) == Ground::Water;
            let to_water = ground(to.0, to.1) == Ground::Water;
            // Only a rat in the water takes a rat in the water.
            if to_water {
                return from_water;
            }
            if from_water {
                if target == 'E' || !self.rules.rat_water_capture {
                    return false;
                }
            }
            let mine = self.strength(side, kind, from.0, from.1);
            let theirs = self.strength(1 - side, target, to.0, to.1);
            if theirs == 0 {
                return true;
            }
            if mine == 0 {
                return false;
            }
            if kind == 'R' && target == 'E' {
                return true;
            }
            if kind == 'E' && target == 'R' {
                return self.rules.elephant_takes_rat;
            }
            mine >= theirs
        }

        /// Every legal move as text (none once the game is over).
        pub fn moves(&self) -> Vec<String> {
            if self.result().is_some() {
                return Vec::new();
            }
            self.candidate_moves()
        }

        /// The moves the movement rules allow, before asking whether the game is over.
        fn candidate_moves(&self) -> Vec<String> {
            let me = self.to_move;
            let mut out = Vec::new();
            for c in 0..COLS {
                for r in 0..ROWS {
                    let Some((side, kind)) = self.at(c, r) else {
                        continue;
                    };
                    if side != me {
                        continue;
                    }
                    for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                        let (mut tc, mut tr) = (c + dc, r + dr);
                        if !Self::on_board(tc, tr) || ground(tc, tr) == Ground::Den(me) {
                            continue;
                        }
                        if ground(tc, tr) == Ground::Water && kind != 'R' {
                            let may_jump = kind == 'L'
                                || (kind == 'T' && (dc == 0 || self.rules.tiger_sideways));
                            if !may_jump {
                                continue;
                            }
                            let mut clear = true;
                            while ground(tc, tr) == Ground::Water {
                                if self.at(tc, tr).is_some() {
                                    clear = false;
                                }
                                tc += dc;
                                tr += dr;
                            }
                            if !clear {
                                continue;
                            }
                        }
                        match self.at(tc, tr) {
                            Some((s, _)) if s == me => continue,
                            Some(_) if !self.may_take((c, r), (tc, tr)) => continue,
                            _ => {}
                        }
                        out.push(format!("{}{}", name(c, r), name(tc, tr)));
                    }
                }
            }
            if self.rules.drops {
                let mut kinds: Vec<char> = self.hands[me].clone();
                kinds.sort();
                kinds.dedup();
                for kind in kinds {
                    for c in 0..COLS {
                        for r in 0..ROWS {
                            if self.at(c, r).is_some() {
                                continue;
                            }
                            let ok = match ground(c, r) {
                                Ground::Den(_) => false,
                                Ground::Water => kind == 'R',
                                Ground::Trap(owner) => owner == me || self.rules.drop_enemy_traps,
                                Ground::Land => true,
                            };
                            if ok {
                                out.push(format!("{kind}@{}", name(c, r)));
                            }
                        }
                    }
                }
                // Exchanges: own piece next to the same enemy animal.
                for c in 0..COLS {
                    for r in 0..ROWS {
                        let Some((side, kind)) = self.at(c, r) else {
                            continue;
                        };
                        if side != me {
                            continue;
                        }
                        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                            let (oc, or) = (c + dc, r + dr);
                            if !Self::on_board(oc, or) || self.at(oc, or) != Some((1 - me, kind)) {
                                continue;
                            }
                            let fresh = self.last == Some((oc, or));
                            let allowed = match self.rules.exchange {
                                boardlab::games::jungle::Exchange::Fresh => fresh,
                                boardlab::games::jungle::Exchange::Adjacent => true,
                            };
                            if allowed {
                                out.push(format!("{}={}", name(c, r), name(oc, or)));
                            }
                        }
                    }
                }
            }
            out.sort();
            out
        }

        fn cell_of(text: &str) -> (i32, i32) {
            let b = text.as_bytes();
            ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
        }

        /// The position after a legal move text.
        pub fn play(&self, mv: &str) -> Pos {
            let mut p = self.clone();
            let me = self.to_move;
            let mut reset = false;
            if let Some((kind, sq)) = mv.split_once('@') {
                let kind = kind.chars().next().unwrap();
                let (c, r) = Self::cell_of(sq);
                let i = p.hands[me].iter().position(|&k| k == kind).unwrap();
                p.hands[me].remove(i);
                p.cells[c as usize][r as usize] = Some((me, kind));
                p.last = Some((c, r));
                reset = true;
            } else if let Some((a, b)) = mv.split_once('=') {
                let (ac, ar) = Self::cell_of(a);
                let (bc, br) = Self::cell_of(b);
                let (_, kind) = p.at(ac, ar).unwrap();
                p.cells[ac as usize][ar as usize] = None;
                p.cells[bc as usize][br as usize] = None;
                p.hands[me].push(kind);
                p.hands[me].push(kind);
                p.last = None;
                reset = true;
            } else {
                let (fc, fr) = Self::cell_of(&mv[..2]);
                let (tc, tr) = Self::cell_of(&mv[2..]);
                if let Some((_, victim)) = p.at(tc, tr) {
                    reset = true;
                    if p.rules.drops {
                        p.hands[me].push(victim);
                    }
                }
                p.cells[tc as usize][tr as usize] = p.cells[fc as usize][fr as usize].take();
                p.last = Some((tc, tr));
            }
            p.hands[me].sort_by_key(|&k| KINDS.find(k));
            if !(p.rules.drops && p.rules.exchange == boardlab::games::jungle::Exchange::Fresh) {
                p.last = None;
            }
            if p.rules.draw_plies > 0 {
                p.quiet = if reset { 0 } else { p.quiet + 1 };
            }
            p.to_move = 1 - me;
            p
        }

        /// Some(winner) or Some(2) for a draw once the game is over.
        pub fn result(&self) -> Option<usize> {
            let me = self.to_move;
            let den = |side: usize| if side == 0 { (3, 0) } else { (3, 8) };
            let (mc, mr) = den(me);
            if self.at(mc, mr).is_some() {
                return Some(1 - me);
            }
            let has_pieces = (0..COLS)
                .any(|c| (0..ROWS).any(|r| matches!(self.at(c, r), Some((s, _)) if s == me)));
            if !has_pieces && self.hands[me].is_empty() {
                return Some(1 - me);
            }
            if self.candidate_moves().is_empty() {
                return Some(1 - me);
            }
            if self.rules.draw_plies > 0 && self.quiet >= self.rules.draw_plies as u32 {
                return Some(2);
            }
            None
        }
    }
}

use reference::Pos;

fn fast_moves(g: &Jungle) -> Vec<String> {
    let mut m = MoveList::new();
    g.legal_moves(&mut m);
    let mut t: Vec<String> = m.iter().map(|&mv| g.format_move(mv)).collect();
    t.sort();
    t
}

/// Perft of the slow implementation (a finished game is a leaf, as `PerftConvention::TerminalIsLeaf`).
fn reference_perft(p: &Pos, depth: u32) -> u64 {
    if depth == 0 || p.result().is_some() {
        return 1;
    }
    let moves = p.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| reference_perft(&p.play(m), depth - 1))
        .sum()
}

/// Walks both implementations `depth` plies deep, comparing the moves, the outcome and the
/// position at every node.
fn compare_tree(g: &Jungle, p: &Pos, depth: u32, nodes: &mut u64) {
    *nodes += 1;
    assert_eq!(
        Pos::from_game(g),
        *p,
        "positions differ at {}",
        g.format_position()
    );
    let ours = fast_moves(g);
    assert_eq!(ours, p.moves(), "moves differ at {}", g.format_position());
    let result = p.result();
    assert_eq!(g.is_terminal(), result.is_some(), "{}", g.format_position());
    if let Some(r) = result {
        let expected = match r {
            0 => [1.0, -1.0],
            1 => [-1.0, 1.0],
            _ => [0.0, 0.0],
        };
        assert_eq!(g.returns().as_slice(), &expected, "{}", g.format_position());
    }
    if depth == 0 {
        return;
    }
    for m in &ours {
        let mut child = *g;
        child.play_text(m).unwrap();
        compare_tree(&child, &p.play(m), depth - 1, nodes);
    }
}

fn rules(text: &str) -> JungleRules {
    JungleRules::parse(text).unwrap()
}

#[test]
fn perft_from_the_start_equals_the_reference_to_depth_5() {
    for text in [
        "",
        "drops=true",
        "drops=true,exchange=adjacent,tiger_sideways=false",
    ] {
        let g = Jungle::new(&rules(text));
        let p = Pos::from_game(&g);
        let fast: Vec<u64> = (1..=5)
            .map(|d| perft_bulk(&g, d, PerftConvention::TerminalIsLeaf))
            .collect();
        let slow: Vec<u64> = (1..=5).map(|d| reference_perft(&p, d)).collect();
        assert_eq!(fast, slow, "rules {text:?}");
        eprintln!("jungle perft {text:?}: {fast:?}");
    }
}

const OPTION_SETS: [&str; 4] = [
    "",
    "tiger_sideways=false,rat_water_capture=false",
    "elephant_takes_rat=true,draw_plies=30",
    "rat_water_capture=false,tiger_sideways=false,elephant_takes_rat=true",
];

const DROP_OPTION_SETS: [&str; 4] = [
    "drops=true",
    "drops=true,exchange=adjacent",
    "drops=true,drop_enemy_traps=false,draw_plies=40",
    "drops=true,exchange=adjacent,tiger_sideways=false,rat_water_capture=false,elephant_takes_rat=true",
];

fn positions_wanted() -> usize {
    std::env::var("JUNGLE_RANDOM_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
}

/// A position after a random number of random moves (both implementations compared on the way).
fn random_walk(rules: JungleRules, rng: &mut impl Rng) -> Jungle {
    let mut g = Jungle::new(&rules);
    let plies = rng.gen_range(0..160);
    for _ in 0..plies {
        let p = Pos::from_game(&g);
        let moves = fast_moves(&g);
        assert_eq!(moves, p.moves(), "moves differ at {}", g.format_position());
        if moves.is_empty() {
            break;
        }
        let m = &moves[rng.gen_range(0..moves.len())];
        g.play_text(m).unwrap();
    }
    g
}

/// A random legal placement: some of the sixteen animals anywhere they may stand, hands and the
/// last-moved square at random where the variant has them.
fn random_placement(rules: JungleRules, rng: &mut impl Rng) -> Option<Jungle> {
    use boardlab::games::jungle::board::{is_water, DEN, SQUARES};
    let mut board = [0u8; SQUARES];
    let mut hands = [[0u8; 8]; 2];
    for a in 0..8 {
        for owner in 0..2 {
            let animal = Animal::from_index(a);
            match rng.gen_range(0..10) {
                0..=5 => {
                    let sq = rng.gen_range(0..SQUARES);
                    if board[sq] == 0
                        && sq != DEN[owner]
                        && (!is_water(sq) || animal == Animal::Rat)
                    {
                        // A drop-variant board may hold a captured animal on the other side.
                        let side = if rules.drops && rng.gen_bool(0.2) {
                            1 - owner
                        } else {
                            owner
                        };
                        if sq != DEN[side] {
                            board[sq] = Piece {
                                animal,
                                owner: side,
                            }
                            .code();
                        }
                    }
                }
                6 | 7 if rules.drops => hands[rng.gen_range(0..2)][a] += 1,
                _ => {}
            }
        }
    }
    // Pieces on the dens end the game at once; keep them rare.
    for den in DEN {
        if board[den] != 0 && rng.gen_bool(0.7) {
            board[den] = 0;
        }
    }
    let side = rng.gen_range(0..2);
    let last = if rules.drops && rules.exchange == boardlab::games::jungle::Exchange::Fresh {
        let theirs: Vec<usize> = (0..SQUARES)
            .filter(|&sq| Piece::from_code(board[sq]).is_some_and(|p| p.owner != side))
            .collect();
        (!theirs.is_empty() && rng.gen_bool(0.7)).then(|| theirs[rng.gen_range(0..theirs.len())])
    } else {
        None
    };
    let quiet = if rules.draw_plies > 0 {
        rng.gen_range(0..=rules.draw_plies)
    } else {
        0
    };
    Jungle::from_parts(rules, board, hands, side, last, quiet).ok()
}

fn check_random_positions(option_sets: &[&str], seed: u64) {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let wanted = positions_wanted();
    let (mut positions, mut nodes, mut with_hands, mut terminal) = (0, 0u64, 0, 0);
    while positions < wanted {
        let r = rules(option_sets[positions % option_sets.len()]);
        let g = if positions % 2 == 0 {
            random_walk(r, &mut rng)
        } else {
            match random_placement(r, &mut rng) {
                Some(g) => g,
                None => continue,
            }
        };
        let back = Jungle::parse_position(&r, &g.format_position()).unwrap();
        assert_eq!(back.format_position(), g.format_position());
        let p = Pos::from_game(&g);
        // Two plies below every position (one where drops make the tree wide).
        let depth = if g.hand(0).iter().chain(g.hand(1)).any(|&n| n > 0) {
            1
        } else {
            2
        };
        compare_tree(&g, &p, depth, &mut nodes);
        assert_eq!(
            perft_bulk(&g, depth + 1, PerftConvention::TerminalIsLeaf),
            reference_perft(&p, depth + 1),
            "{}",
            g.format_position()
        );
        with_hands += g.hand(0).iter().chain(g.hand(1)).any(|&n| n > 0) as usize;
        terminal += g.is_terminal() as usize;
        positions += 1;
    }
    eprintln!("{positions} positions, {nodes} nodes compared, {with_hands} with hands, {terminal} finished");
    assert!(nodes > wanted as u64 * 10);
}

#[test]
fn random_positions_equal_the_reference_standard() {
    check_random_positions(&OPTION_SETS, 1);
}

#[test]
fn random_positions_equal_the_reference_drops() {
    check_random_positions(&DROP_OPTION_SETS, 2);
}

#[test]
fn conformance_on_random_games() {
    for text in [
        "",
        "drops=true",
        "drops=true,exchange=adjacent,draw_plies=50",
        "draw_plies=20",
    ] {
        let g = Jungle::new(&rules(text));
        let cov = check_random_games(&g, 60, 3000, 8).unwrap();
        assert!(cov.terminals >= 55, "{text}: {cov:?}");
    }
}
