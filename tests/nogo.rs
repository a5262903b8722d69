//! NoGo rules proven against a second, slow implementation written here from the rules text
//! (docs/rules/nogo.md): a plain array board, and for every empty point "place the stone, flood
//! fill every group on the board from scratch, the move is legal when no group is left without a
//! liberty" (a group without liberty is either a capture or a suicide, and both lose). It shares
//! nothing with the library's bitboards, incremental groups or text parser.
//!
//! - legal points of both colours agree on every point of random-game positions (100,000+ with
//!   `NOGO_XCHECK_POSITIONS=100000`; CI runs the default, see `xcheck_positions`);
//! - perft from the empty 9x9 board to depth 4 (depth 3 also by the reference; depth 4 by the
//!   reference behind `--ignored`);
//! - the shared conformance checks, and text round trips.

use boardlab::game::conformance::check_random_games;
use boardlab::game::{perft, perft_bulk, Game, MoveList, PerftConvention, RuleSet, Turn};
use boardlab::games::nogo::{NoGo, NoGoRules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

// ---------------------------------------------------------------------------------------------
// The slow reference
// ---------------------------------------------------------------------------------------------

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

/// A board as the rules describe it: `size` x `size` points, each empty, black or white, and
/// whose turn it is.
#[derive(Clone, Debug, PartialEq)]
struct RefBoard {
    size: usize,
    points: Vec<u8>,
    to_move: u8,
    centre_forbidden: bool,
}

impl RefBoard {
    fn empty(size: usize, centre_forbidden: bool) -> Self {
        RefBoard {
            size,
            points: vec![EMPTY; size * size],
            to_move: BLACK,
            centre_forbidden,
        }
    }

    /// Reads the position text by hand: rows from the top separated by '/', `x` `o` `.` or
    /// digit runs, then the side.
    fn from_text(size: usize, centre_forbidden: bool, text: &str) -> Self {
        let (rows, side) = text.split_once(' ').expect("board and side");
        let mut b = RefBoard::empty(size, centre_forbidden);
        for (i, row) in rows.split('/').enumerate() {
            let rank = size - 1 - i;
            let mut file = 0;
            let mut run = 0;
            for c in row.chars().chain(std::iter::once(';')) {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    continue;
                }
                file += run;
                run = 0;
                match c {
                    'x' => b.points[rank * size + file] = BLACK,
                    'o' => b.points[rank * size + file] = WHITE,
                    '.' | ';' => {}
                    other => panic!("unexpected {other:?} in {text:?}"),
                }
                if c != ';' {
                    file += 1;
                }
            }
            assert_eq!(file, size, "row {i} of {text:?}");
        }
        b.to_move = if side == "x" { BLACK } else { WHITE };
        b
    }

    fn neighbours(&self, p: usize) -> Vec<usize> {
        let (f, r, n) = (p % self.size, p / self.size, self.size);
        let mut v = Vec::new();
        if f > 0 {
            v.push(p - 1);
        }
        if f + 1 < n {
            v.push(p + 1);
        }
        if r > 0 {
            v.push(p - n);
        }
        if r + 1 < n {
            v.push(p + n);
        }
        v
    }

    /// True when some group on the board has no liberty (found by flood fill from scratch).
    fn some_group_without_liberty(&self) -> bool {
        let mut seen = vec![false; self.points.len()];
        for start in 0..self.points.len() {
            if self.points[start] == EMPTY || seen[start] {
                continue;
            }
            let colour = self.points[start];
            let mut stack = vec![start];
            seen[start] = true;
            let mut has_liberty = false;
            while let Some(p) = stack.pop() {
                for q in self.neighbours(p) {
                    if self.points[q] == EMPTY {
                        has_liberty = true;
                    } else if self.points[q] == colour && !seen[q] {
                        seen[q] = true;
                        stack.push(q);
                    }
                }
            }
            if !has_liberty {
                return true;
            }
        }
        false
    }

    /// The rules: a point is legal for `colour` when it is empty, it is not black's first move
    /// on a forbidden centre, and after the stone is placed no group on the board is without a
    /// liberty (none captured, no suicide).
    fn is_legal(&self, colour: u8, p: usize) -> bool {
        if self.points[p] != EMPTY {
            return false;
        }
        let first_move = self.points.iter().all(|&c| c == EMPTY);
        let centre = (self.size % 2 == 1).then(|| self.size / 2 * (self.size + 1));
        if colour == BLACK && first_move && self.centre_forbidden && Some(p) == centre {
            return false;
        }
        let mut after = self.clone();
        after.points[p] = colour;
        !after.some_group_without_liberty()
    }

    fn legal_points(&self, colour: u8) -> Vec<usize> {
        (0..self.points.len())
            .filter(|&p| self.is_legal(colour, p))
            .collect()
    }

    fn play(&mut self, p: usize) {
        self.points[p] = self.to_move;
        self.to_move = BLACK + WHITE - self.to_move;
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.legal_points(self.to_move);
        if depth == 0 || moves.is_empty() {
            return 1;
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&p| {
                let mut c = self.clone();
                c.play(p);
                c.perft(depth - 1)
            })
            .sum()
    }
}

fn point_of(s: &NoGo, text: &str) -> usize {
    let size = s.size();
    let (f, r) = boardlab::game::grid::parse_square(
        boardlab::game::grid::Files::LettersWithoutI,
        size,
        size,
        text,
    )
    .unwrap();
    r * size + f
}

/// The library's legal points for both colours against the reference's, at one position.
fn compare(s: &NoGo) -> Result<(), String> {
    let rules = s.rules();
    let reference = RefBoard::from_text(
        s.size(),
        rules.centre_first == boardlab::games::nogo::CentreFirst::Forbidden,
        &s.format_position(),
    );
    let me = s.side();
    if (reference.to_move == BLACK) != (me == 0) {
        return Err("side to move differs".into());
    }
    let mut moves = MoveList::new();
    s.legal_moves(&mut moves);
    let mut fast: Vec<usize> = moves
        .iter()
        .map(|&m| point_of(s, &s.format_move(m)))
        .collect();
    fast.sort();
    let slow = reference.legal_points(reference.to_move);
    if fast != slow {
        return Err(format!(
            "side to move: library {fast:?}, reference {slow:?} at {}",
            s.format_position()
        ));
    }
    // The other colour's points (the evaluator and the playout policy use them).
    let other = BLACK + WHITE - reference.to_move;
    for p in 0..s.size() * s.size() {
        if s.is_legal_for(1 - me, p) != reference.is_legal(other, p) {
            return Err(format!(
                "other colour at point {p}: library {} at {}",
                s.is_legal_for(1 - me, p),
                s.format_position()
            ));
        }
    }
    if s.is_terminal() != slow.is_empty() {
        return Err(format!(
            "terminal status differs at {}",
            s.format_position()
        ));
    }
    Ok(())
}

/// Positions of random games under `rules`, compared until `positions` have been checked.
fn cross_check(rules: &str, positions: usize, seed: u64) -> (usize, usize) {
    let rules = NoGoRules::parse(rules).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut checked, mut games) = (0, 0);
    while checked < positions {
        let mut s = NoGo::new(&rules);
        games += 1;
        loop {
            compare(&s).unwrap();
            checked += 1;
            if s.is_terminal() {
                break;
            }
            let mut moves = MoveList::new();
            s.legal_moves(&mut moves);
            s.play(moves[rng.gen_range(0..moves.len())]);
        }
    }
    (checked, games)
}

/// Positions for the 9x9 cross-check: `NOGO_XCHECK_POSITIONS`, default 100,000 (about 10 s in
/// a release build on the 2-core CI machine; a debug build checks 5,000).
fn xcheck_positions() -> usize {
    std::env::var("NOGO_XCHECK_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) {
            5_000
        } else {
            100_000
        })
}

#[test]
fn legal_points_agree_with_the_slow_reference_on_random_games() {
    let n = xcheck_positions();
    let (checked, games) = cross_check("", n, 2026);
    eprintln!("nogo 9x9 cross-check: {checked} positions of {games} random games, all agree");
    assert!(checked >= n);
}

#[test]
fn legal_points_agree_under_other_rules_and_sizes() {
    let n = xcheck_positions() / 20;
    for (i, rules) in [
        "centre_first=forbidden",
        "size=5",
        "size=6",
        "size=11",
        "size=12",
        "size=19",
    ]
    .iter()
    .enumerate()
    {
        let (checked, _) = cross_check(rules, n.max(200), 7 + i as u64);
        assert!(checked >= n.max(200));
    }
}

/// The reference really says no where it should (a cross-check against a reference that allows
/// everything would pass nothing).
#[test]
fn the_reference_refuses_captures_and_suicides() {
    // Black a2 and b1 with the last liberty a1 shared; white around them.
    let b = RefBoard::from_text(9, false, "x8/9/9/9/9/9/o8/xo7/.xo6 x");
    assert!(!b.is_legal(BLACK, 0), "suicide");
    assert!(!b.is_legal(WHITE, 0), "capture");
    assert!(b.is_legal(BLACK, 40) && !b.is_legal(BLACK, 1));
    let f = RefBoard::empty(9, true);
    assert!(!f.is_legal(BLACK, 40) && f.is_legal(WHITE, 40));
}

// ---------------------------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------------------------

/// Perft from the empty 9x9 board. Depths 1-3 are also the reference's (next test); depth 4 the
/// reference recomputes behind `--ignored` (`reference_perft_depth_4`). Deeper counts and speed:
/// results/nogo.md.
const PERFT_9X9: [u64; 4] = [81, 6_480, 511_912, 39_927_264];

#[test]
fn perft_from_the_empty_board_to_depth_4() {
    let s = NoGo::new(&NoGoRules::default());
    for (i, &expected) in PERFT_9X9.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(
            perft_bulk(&s, depth, PerftConvention::TerminalIsLeaf),
            expected,
            "depth {depth}"
        );
    }
    assert_eq!(
        perft(&s, 3, PerftConvention::TerminalIsLeaf),
        PERFT_9X9[2],
        "plain and bulk perft agree"
    );
}

#[test]
fn perft_depth_3_equals_the_reference() {
    let reference = RefBoard::empty(9, false);
    assert_eq!(reference.perft(1), 81);
    assert_eq!(reference.perft(2), 6_480);
    assert_eq!(reference.perft(3), PERFT_9X9[2]);
    // Botzone's rule and a small board, against the library.
    let forbidden = NoGo::new(&NoGoRules::parse("centre_first=forbidden").unwrap());
    assert_eq!(
        perft_bulk(&forbidden, 3, PerftConvention::TerminalIsLeaf),
        RefBoard::empty(9, true).perft(3)
    );
    let five = NoGo::new(&NoGoRules::parse("size=5").unwrap());
    for depth in 1..=4 {
        assert_eq!(
            perft_bulk(&five, depth, PerftConvention::TerminalIsLeaf),
            RefBoard::empty(5, false).perft(depth),
            "5x5 depth {depth}"
        );
    }
}

#[test]
#[ignore = "about a minute in release: cargo test --release --test integration nogo:: -- --ignored"]
fn reference_perft_depth_4() {
    assert_eq!(RefBoard::empty(9, false).perft(4), PERFT_9X9[3]);
}

// ---------------------------------------------------------------------------------------------
// Contract and text
// ---------------------------------------------------------------------------------------------

#[test]
fn conformance_on_random_games() {
    for rules in ["", "centre_first=forbidden", "size=5", "size=13", "size=19"] {
        let s = NoGo::new(&NoGoRules::parse(rules).unwrap());
        let games = if rules.contains("19") { 10 } else { 100 };
        let cov = check_random_games(&s, games, 400, 31).unwrap();
        assert_eq!(cov.terminals, games, "every game ends ({rules})");
    }
}

#[test]
fn random_games_end_with_the_side_to_move_losing() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut black_wins = 0;
    for _ in 0..2000 {
        let mut s = NoGo::new(&NoGoRules::default());
        let mut plies = 0;
        while let Turn::Player(_) = s.turn() {
            let mut moves = MoveList::new();
            s.legal_moves(&mut moves);
            s.play(moves[rng.gen_range(0..moves.len())]);
            plies += 1;
        }
        let r = s.returns();
        assert_eq!(r.as_slice().iter().sum::<f64>(), 0.0);
        assert_eq!(r.get(s.side()), -1.0);
        // Black moves on even plies: after an odd number of plies white is to move and lost.
        if plies % 2 == 1 {
            black_wins += 1;
            assert_eq!(r.get(0), 1.0);
        }
        assert!(plies < 81);
    }
    // Neither colour wins every random game.
    assert!((200..1800).contains(&black_wins), "{black_wins}");
}

#[test]
fn text_round_trips_and_malformed_text_names_itself() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for size in [5, 9, 13, 19] {
        let rules = NoGoRules::parse(&format!("size={size}")).unwrap();
        for _ in 0..50 {
            let mut s = NoGo::new(&rules);
            for _ in 0..rng.gen_range(0..size * size) {
                if s.is_terminal() {
                    break;
                }
                let mut moves = MoveList::new();
                s.legal_moves(&mut moves);
                s.play(moves[rng.gen_range(0..moves.len())]);
            }
            let text = s.format_position();
            let back = NoGo::parse_position(&rules, &text).unwrap();
            assert_eq!(back, s);
            assert_eq!(back.hash(), s.hash());
            assert_eq!(back.format_position(), text);
        }
    }
    let rules = NoGoRules::default();
    for bad in [
        "x",
        "9/9/9/9/9/9/9/9/9",
        "9/9/9/9/9/9/9/9/9 x extra",
        "9/9/9/9/9/9/9/9/10 x",
        "9/9/9/9/9/9/9/9/9/9 x",
        "9/9/9/9/9/9/9/9/8z x",
        "9/9/9/9/9/9/9/9/9 q",
        "9/9/9/9/9/9/9/9/xx7 x",
        "\u{0}\u{ff} x",
    ] {
        let err = NoGo::parse_position(&rules, bad).unwrap_err();
        assert_eq!(err.text, bad);
    }
}
