//! Junqi against a second, slow implementation written from the rules text: the board read from
//! the ASCII drawing below (the one in docs/rules/junqi.md), moves found by walking its lines,
//! combat from the rules sentence, and the end of the game. Random games from random setups
//! compare the legal moves, the board after every move and the result at every position. Then
//! the hidden-information promises along random games: every observation reads back from its
//! text, equals what the state knows, gives the same legal moves, and every sampled state is
//! consistent with it (the same observation, counts, setup rules, revealed facts, moved pieces
//! no mine or flag). `JUNQI_GAMES` sets the number of games (CI: the default; the report's
//! 10,000 games: `JUNQI_GAMES=10000 cargo test --release --test integration junqi::`).

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use boardlab::game::conformance::check_random_games;
use boardlab::game::{Game, ImperfectInformation, MoveList, PlayerId, RuleSet, Turn};
use boardlab::games::junqi::board::{parse_point, point_name, POINTS};
use boardlab::games::junqi::game::{JunqiMove, Status, OFF};
use boardlab::games::junqi::observation::Event;
use boardlab::games::junqi::piece::{bit, Kind, START_COUNTS};
use boardlab::games::junqi::{Junqi, JunqiRules, Outcome};

/// The board, row 12 on top: P post, C camp, H headquarters; `---` road, `===` railway, `|` road,
/// `#` railway, `\` `/` diagonal roads of the camps; nothing across the mountains.
const DRAWING: &str = "\
P---H---P---H---P
|   |   |   |   |
P===P===P===P===P
# \\ | / | \\ | / #
P---C---P---C---P
# / | \\ | / | \\ #
P---P---C---P---P
# \\ | / | \\ | / #
P---C---P---C---P
# / | \\ | / | \\ #
P===P===P===P===P
#       #       #
P===P===P===P===P
# \\ | / | \\ | / #
P---C---P---C---P
# / | \\ | / | \\ #
P---P---C---P---P
# \\ | / | \\ | / #
P---C---P---C---P
# / | \\ | / | \\ #
P===P===P===P===P
|   |   |   |   |
P---H---P---H---P";

/// The drawing read into points and connections. Points are (row, col) with row 0 at the
/// bottom, so that `row * 5 + col` is the library's point index.
struct Drawn {
    kind: [char; POINTS],
    /// (a, b, railway) for every connection.
    links: Vec<(usize, usize, bool)>,
}

fn idx(row: usize, col: usize) -> usize {
    row * 5 + col
}

fn read_drawing(middle_rail: bool) -> Drawn {
    let lines: Vec<Vec<char>> = DRAWING.lines().map(|l| l.chars().collect()).collect();
    assert_eq!(lines.len(), 23);
    let mut kind = [' '; POINTS];
    let mut links = Vec::new();
    for (y, line) in lines.iter().enumerate() {
        let at = |x: usize| line.get(x).copied().unwrap_or(' ');
        if y % 2 == 0 {
            let row = 11 - y / 2;
            for col in 0..5 {
                kind[idx(row, col)] = at(4 * col);
                if col < 4 {
                    match at(4 * col + 2) {
                        '=' => links.push((idx(row, col), idx(row, col + 1), true)),
                        '-' => links.push((idx(row, col), idx(row, col + 1), false)),
                        _ => {}
                    }
                }
            }
        } else {
            let (upper, lower) = (11 - y / 2, 10 - y / 2);
            for col in 0..5 {
                let c = at(4 * col);
                let c = if upper == 6 && col == 2 && !middle_rail && c == '#' {
                    '|'
                } else {
                    c
                };
                match c {
                    '#' => links.push((idx(upper, col), idx(lower, col), true)),
                    '|' => links.push((idx(upper, col), idx(lower, col), false)),
                    _ => {}
                }
                if col < 4 {
                    let d = at(4 * col + 2);
                    if d == '\\' || d == 'X' {
                        links.push((idx(upper, col), idx(lower, col + 1), false));
                    }
                    if d == '/' || d == 'X' {
                        links.push((idx(upper, col + 1), idx(lower, col), false));
                    }
                }
            }
        }
    }
    Drawn { kind, links }
}

impl Drawn {
    fn neighbours(&self, p: usize) -> Vec<(usize, bool)> {
        self.links
            .iter()
            .filter_map(|&(a, b, r)| {
                if a == p {
                    Some((b, r))
                } else if b == p {
                    Some((a, r))
                } else {
                    None
                }
            })
            .collect()
    }
    /// The railway neighbour of `p` in direction (dr, dc), if the railway goes that way.
    fn rail_towards(&self, p: usize, dr: i32, dc: i32) -> Option<usize> {
        let (r, c) = ((p / 5) as i32 + dr, (p % 5) as i32 + dc);
        if !(0..12).contains(&r) || !(0..5).contains(&c) {
            return None;
        }
        let q = idx(r as usize, c as usize);
        self.neighbours(p)
            .iter()
            .any(|&(n, rail)| n == q && rail)
            .then_some(q)
    }
}

/// What stands on a point: (owner, kind).
type Board = [Option<(PlayerId, Kind)>; POINTS];

fn board_of(s: &Junqi) -> Board {
    let mut b = [None; POINTS];
    for (p, sq) in b.iter_mut().enumerate() {
        *sq = s.piece_on(p as u8);
    }
    b
}

/// The moves of `side` by the rules text, walking the drawing.
fn reference_moves(d: &Drawn, b: &Board, side: PlayerId) -> BTreeSet<(usize, usize)> {
    let mut out = BTreeSet::new();
    let enterable = |q: usize| match b[q] {
        None => true,
        Some((o, _)) => o != side && d.kind[q] != 'C',
    };
    for p in 0..POINTS {
        let Some((o, k)) = b[p] else { continue };
        if o != side || matches!(k, Kind::Mine | Kind::Flag) || d.kind[p] == 'H' {
            continue;
        }
        for (q, _) in d.neighbours(p) {
            if enterable(q) {
                out.insert((p, q));
            }
        }
        if k == Kind::Engineer {
            // Any path along railways through empty points.
            let mut seen = vec![p];
            let mut stack = vec![p];
            while let Some(x) = stack.pop() {
                for (q, rail) in d.neighbours(x) {
                    if !rail || seen.contains(&q) {
                        continue;
                    }
                    seen.push(q);
                    if b[q].is_none() {
                        out.insert((p, q));
                        stack.push(q);
                    } else if enterable(q) {
                        out.insert((p, q));
                    }
                }
            }
        } else {
            for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let mut x = p;
                while let Some(q) = d.rail_towards(x, dr, dc) {
                    if b[q].is_none() {
                        out.insert((p, q));
                        x = q;
                    } else {
                        if enterable(q) {
                            out.insert((p, q));
                        }
                        break;
                    }
                }
            }
        }
    }
    out
}

/// Combat by the rules sentence.
fn reference_combat(a: Kind, d: Kind, mine_dies: bool) -> Outcome {
    let rank = |k: Kind| 9 - k as i32;
    if d == Kind::Flag && a != Kind::Bomb {
        Outcome::AttackerWins
    } else if a == Kind::Bomb || d == Kind::Bomb || d == Kind::Flag {
        Outcome::BothDie
    } else if d == Kind::Mine {
        if a == Kind::Engineer {
            Outcome::AttackerWins
        } else if mine_dies {
            Outcome::BothDie
        } else {
            Outcome::DefenderWins
        }
    } else if rank(a) > rank(d) {
        Outcome::AttackerWins
    } else if rank(a) < rank(d) {
        Outcome::DefenderWins
    } else {
        Outcome::BothDie
    }
}

fn games() -> usize {
    std::env::var("JUNQI_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(150)
}

/// Plays random setups and random moves; `each` sees every position (after the move that led to
/// it, with that move).
fn random_games(
    rules: &JunqiRules,
    n: usize,
    seed: u64,
    mut each: impl FnMut(&Junqi, Option<JunqiMove>, &Junqi),
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..n {
        let mut s = Junqi::new(rules);
        let mut prev = s.clone();
        let mut last = None;
        loop {
            each(&prev, last, &s);
            if s.is_terminal() {
                break;
            }
            let mut moves = MoveList::new();
            s.legal_moves(&mut moves);
            let mv = moves[rng.gen_range(0..moves.len())];
            prev = s.clone();
            s.play(mv);
            last = Some(mv);
        }
    }
}

#[test]
fn moves_boards_and_results_equal_the_reference_along_random_games() {
    for rules_text in ["", "mine=dies,middle=road,no_capture_limit=31,first=black"] {
        let rules = JunqiRules::parse(rules_text).unwrap();
        let d = read_drawing(rules.middle_rail);
        let mine_dies = rules_text.contains("mine=dies");
        let mut positions = 0usize;
        let mut attacks = 0usize;
        random_games(&rules, games() / 3 + 1, 7, |prev, last, s| {
            positions += 1;
            // The legal moves.
            if !s.in_setup() && !s.is_terminal() {
                let mut moves = MoveList::new();
                s.legal_moves(&mut moves);
                let got: BTreeSet<(usize, usize)> = moves
                    .iter()
                    .map(|m| match *m {
                        JunqiMove::Step { from, to } => (from as usize, to as usize),
                        JunqiMove::Place { .. } => panic!("a placement in play"),
                    })
                    .collect();
                assert_eq!(got.len(), moves.len(), "duplicate moves");
                let want = reference_moves(&d, &board_of(s), s.side());
                assert_eq!(got, want, "legal moves at {}", s.format_position());
            }
            // The board after the move, and the result.
            let Some(JunqiMove::Step { from, to }) = last else {
                return;
            };
            let (from, to) = (from as usize, to as usize);
            let mut want = board_of(prev);
            let (mover, ak) = want[from].unwrap();
            let mut flag_taken = false;
            match want[to] {
                None => {
                    want[to] = want[from].take();
                }
                Some((_, dk)) => {
                    attacks += 1;
                    flag_taken = dk == Kind::Flag;
                    match reference_combat(ak, dk, mine_dies) {
                        Outcome::AttackerWins => want[to] = want[from].take(),
                        Outcome::DefenderWins => want[from] = None,
                        Outcome::BothDie => {
                            want[from] = None;
                            want[to] = None;
                        }
                    }
                }
            }
            assert_eq!(
                board_of(s),
                want,
                "board after {} at {}",
                point_name(from as u8),
                prev.format_position()
            );
            let next = 1 - mover;
            let status = if flag_taken || reference_moves(&d, &want, next).is_empty() {
                Status::Won(mover)
            } else if rules.no_capture_limit > 0 && s.quiet() >= rules.no_capture_limit {
                Status::Drawn
            } else {
                Status::Ongoing
            };
            assert_eq!(s.status(), status, "result at {}", s.format_position());
            let quiet = if want_attack(prev, to) {
                0
            } else {
                prev.quiet() + 1
            };
            assert_eq!(s.quiet(), quiet);
        });
        assert!(
            positions > 1000 && attacks > 100,
            "{positions} positions, {attacks} attacks"
        );
    }
}

fn want_attack(prev: &Junqi, to: usize) -> bool {
    prev.piece_on(to as u8).is_some()
}

#[test]
fn conformance_on_random_games() {
    for rules in ["", "no_capture_limit=0,flag_reveal=false"] {
        let s = Junqi::new(&JunqiRules::parse(rules).unwrap());
        let cov = check_random_games(&s, 20, 3000, 5).unwrap();
        assert!(cov.terminals >= 19, "{cov:?} ({rules})");
    }
    // From a given board too.
    let s = Junqi::parse_position(
        &JunqiRules::default(),
        "1fm2/4p/2c2/5/5/5/5/5/5/2C2/G4/1F3 r 0",
    )
    .unwrap();
    check_random_games(&s, 50, 500, 6).unwrap();
}

/// What a sampled state must satisfy besides observing the same (checked without the
/// library's own replay): its kinds are the enemy's set, every enemy piece that moved is no
/// mine or flag, every shown flag is a flag, and its own half is exactly the observer's.
fn check_sample(truth: &Junqi, observer: PlayerId, sample: &Junqi) {
    let enemy = 1 - observer;
    let placed = |s: &Junqi, o: PlayerId| -> Vec<(Kind, u8)> {
        s.pieces(o).iter().map(|p| (p.kind, p.at)).collect()
    };
    assert_eq!(
        placed(sample, observer),
        placed(truth, observer),
        "own pieces"
    );
    let mut counts = [0u8; 12];
    for p in sample.pieces(enemy) {
        counts[p.kind as usize] += 1;
    }
    if !truth.in_setup() && matches!(truth.start(), boardlab::games::junqi::game::Start::Setup) {
        assert_eq!(counts, START_COUNTS, "the enemy's 25 pieces");
    }
    // Pieces that moved (tracked by point through the history) are no mine or flag.
    let mut on: [Option<(PlayerId, usize)>; POINTS] = [None; POINTS];
    let mut placed = [0usize; 2];
    if let boardlab::games::junqi::game::Start::Board(_) = sample.start() {
        // Ids of a given board follow the point order.
        let mut next = [0usize; 2];
        for (p, slot) in on.iter_mut().enumerate() {
            if let Some((o, _)) = start_piece(sample, p) {
                *slot = Some((o, next[o]));
                next[o] += 1;
            }
        }
    }
    for played in sample.history() {
        match played.mv {
            JunqiMove::Place { point, .. } => {
                let owner = if placed[0] < 25 { 0 } else { 1 };
                on[point as usize] = Some((owner, placed[owner]));
                placed[owner] += 1;
            }
            JunqiMove::Step { from, to } => {
                let (o, id) = on[from as usize].expect("a piece moved");
                let k = sample.pieces(o)[id].kind;
                assert!(k.can_move(), "a {k:?} moved in a sample");
                match played.outcome {
                    None | Some(Outcome::AttackerWins) => on[to as usize] = Some((o, id)),
                    Some(Outcome::DefenderWins) => {}
                    Some(Outcome::BothDie) => on[to as usize] = None,
                }
                on[from as usize] = None;
                for (q, &f) in played.flags_shown.iter().enumerate() {
                    if f != OFF {
                        let (fo, fid) = on[f as usize].expect("a shown flag stands");
                        assert_eq!((fo, sample.pieces(fo)[fid].kind), (q, Kind::Flag));
                    }
                }
            }
        }
    }
}

fn start_piece(s: &Junqi, p: usize) -> Option<(PlayerId, Kind)> {
    match s.start() {
        boardlab::games::junqi::game::Start::Board(b) => b.squares[p],
        _ => None,
    }
}

#[test]
fn observations_and_samples_are_consistent_along_random_games() {
    let rules = JunqiRules::default();
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let (mut positions, mut samples) = (0usize, 0usize);
    // The full replay of a sample's text costs a pass over the history; it is done on every
    // 8th position and the last (the rest are checked directly).
    random_games(&rules, games(), 11, |_, _, s| {
        positions += 1;
        for p in 0..2 {
            let obs = s.observe(p);
            // The knowledge the state keeps equals the observer's replay.
            for (id, e) in obs.enemy_pieces().iter().enumerate() {
                let truth = s.pieces(1 - p)[id];
                assert_eq!(
                    (e.at, e.known),
                    (truth.at, truth.known),
                    "enemy piece {id} at {}",
                    s.format_position()
                );
                assert!(e.known & bit(truth.kind) != 0, "the truth stays possible");
            }
            assert!(s.is_consistent_with(&obs));
            if positions % 8 == 0 || s.is_terminal() {
                let text = Junqi::format_observation(&obs);
                assert_eq!(
                    Junqi::parse_observation(&rules, &text).unwrap(),
                    obs,
                    "{text}"
                );
            }
            if s.current_player() == Some(p) {
                let mut a = MoveList::new();
                let mut b = MoveList::new();
                s.legal_moves(&mut a);
                Junqi::observed_legal_moves(&obs, &mut b);
                assert_eq!(a, b);
                for &m in &a {
                    assert_eq!(Junqi::format_observed_move(&obs, m), s.format_move(m));
                }
            }
            let sample = Junqi::sample(&obs, &mut rng);
            samples += 1;
            assert!(
                sample.is_consistent_with(&obs),
                "sample at {}",
                s.format_position()
            );
            assert_eq!(sample.hash(), sample.hash_from_scratch());
            check_sample(s, p, &sample);
            if positions % 8 == 0 || s.is_terminal() {
                let replayed = Junqi::parse_position(&rules, &sample.format_position())
                    .expect("a sample replays under the rules");
                if replayed != sample {
                    for o in 0..2 {
                        for (i, (a, b)) in
                            replayed.pieces(o).iter().zip(sample.pieces(o)).enumerate()
                        {
                            assert_eq!(a, b, "side {o} piece {i}: replay vs sample, observer {p}");
                        }
                    }
                    let diffs: Vec<&str> = [
                        ("hash", replayed.hash() != sample.hash()),
                        ("quiet", replayed.quiet() != sample.quiet()),
                        ("status", replayed.status() != sample.status()),
                        ("shown", replayed.flags_shown() != sample.flags_shown()),
                        ("side", replayed.side() != sample.side()),
                        ("start", replayed.start() != sample.start()),
                        ("history", replayed.history() != sample.history()),
                        ("board", board_of(&replayed) != board_of(&sample)),
                        ("ending", replayed.ending() != sample.ending()),
                    ]
                    .into_iter()
                    .filter(|d| d.1)
                    .map(|d| d.0)
                    .collect();
                    panic!("a sample differs from its replay in {diffs:?}");
                }
            }
        }
    });
    eprintln!("{positions} positions, {samples} samples");
    assert!(samples > 2 * positions - 1);
}

#[test]
fn samples_spread_over_the_hidden_kinds() {
    // After red's setup, black's sample of red's HQ b1 is the flag about half the time.
    let rules = JunqiRules::default();
    let mut s = Junqi::new(&rules);
    for t in "a1=M b1=F c1=J d1=S e1=D a2=D b2=L c2=L d2=M e2=M a3=T c3=T e3=Y a4=Y b4=C d4=C e4=C a5=Z c5=Z e5=P a6=P b6=P c6=G d6=G e6=G".split(' ') {
        s.play_text(t).unwrap();
    }
    let obs = s.observe(1);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let b1 = parse_point("b1").unwrap();
    let mut flags = 0;
    let n = 2000;
    for _ in 0..n {
        let t = Junqi::sample(&obs, &mut rng);
        if t.piece_on(b1) == Some((0, Kind::Flag)) {
            flags += 1;
        }
        assert_eq!(t.turn(), Turn::Player(1));
    }
    assert!(
        (800..1200).contains(&flags),
        "b1 was the flag in {flags} of {n} samples"
    );
    // The event list shows red's placements without kinds.
    assert!(obs
        .events()
        .iter()
        .all(|e| matches!(e, Event::Place { kind: None, .. })));
}

/// Random playouts per second (results/BENCHMARKS.md): whole games from the start (random
/// setups, then uniform random moves) with the default rules. Not a test: run it with
/// `cargo test --release --test integration -- --ignored --nocapture junqi::playouts_per_second`.
#[test]
#[ignore]
fn playouts_per_second() {
    use boardlab::game::playout::random_playout;
    let rules = JunqiRules::default();
    let start = Junqi::new(&rules);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for round in 0..3 {
        let t = std::time::Instant::now();
        let (mut games, mut plies) = (0u64, 0u64);
        while t.elapsed().as_secs_f64() < 3.0 {
            let mut s = start.clone();
            let (_, n) = random_playout(&mut s, &mut rng, 100_000);
            games += 1;
            plies += n as u64;
        }
        let secs = t.elapsed().as_secs_f64();
        eprintln!(
            "round {round}: {games} playouts in {secs:.2} s: {:.0} playouts/s, {:.2} M plies/s, {:.1} plies a game",
            games as f64 / secs,
            plies as f64 / secs / 1e6,
            plies as f64 / games as f64
        );
    }
}
