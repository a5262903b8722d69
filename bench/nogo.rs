//! NoGo speed (criterion): random playouts a second, MCTS simulations a second (plain UCT,
//! RAVE, RAVE + proof backup), perft, and the two ways of keeping groups compared on the same
//! work: the library's liberty bitboards (`games::nogo::Board`) against a union-find board with
//! pseudo-liberty counts (the classic Go layout, written below and checked against the library
//! before anything is timed). `cargo bench --bench nogo`; figures in results/BENCHMARKS.md.

use boardlab::agent::Limits;
use boardlab::eval::PlayoutPolicy;
use boardlab::game::playout::random_playout;
use boardlab::game::{perft_bulk, Game, MoveList, PerftConvention};
use boardlab::games::nogo::bits::Bits;
use boardlab::games::nogo::{Board, NoGo, NoGoRules};
use boardlab::search::mcts::{Mcts, MctsConfig};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

// ---------------------------------------------------------------------------------------------
// A union-find NoGo board (9x9), for the comparison only
// ---------------------------------------------------------------------------------------------

const N: usize = 9;
const P: usize = N * N;

/// Groups as union-find trees over the points (union by size, no path compression so that
/// `&self` queries stay cheap to copy), each root holding its pseudo-liberties: the count of
/// (stone, empty neighbour) pairs, their sum and sum of squares. A group is in atari exactly when
/// all its pseudo-liberties are one point: count * sum_sq == sum^2.
#[derive(Clone, Copy)]
struct UfBoard {
    colour: [u8; P],
    parent: [u8; P],
    size: [u8; P],
    libs: [u16; P],
    lib_sum: [u32; P],
    lib_sq: [u32; P],
    side: u8,
}

fn neighbours(p: usize) -> impl Iterator<Item = usize> {
    let (f, r) = (p % N, p / N);
    [
        (f > 0).then(|| p - 1),
        (f + 1 < N).then(|| p + 1),
        (r > 0).then(|| p - N),
        (r + 1 < N).then(|| p + N),
    ]
    .into_iter()
    .flatten()
}

impl UfBoard {
    fn new() -> Self {
        UfBoard {
            colour: [0; P],
            parent: [0; P],
            size: [0; P],
            libs: [0; P],
            lib_sum: [0; P],
            lib_sq: [0; P],
            side: 1,
        }
    }
    #[inline]
    fn find(&self, mut p: usize) -> usize {
        while self.parent[p] as usize != p {
            p = self.parent[p] as usize;
        }
        p
    }
    #[inline]
    fn in_atari(&self, root: usize) -> bool {
        let n = self.libs[root] as u64;
        let s = self.lib_sum[root] as u64;
        n * self.lib_sq[root] as u64 == s * s
    }
    #[inline]
    fn is_legal(&self, p: usize) -> bool {
        if self.colour[p] != 0 {
            return false;
        }
        let me = self.side;
        let mut ok = false;
        for q in neighbours(p) {
            match self.colour[q] {
                0 => ok = true,
                c if c == me => ok |= !self.in_atari(self.find(q)),
                _ => {
                    if self.in_atari(self.find(q)) {
                        return false; // its last liberty is p: a capture
                    }
                }
            }
        }
        ok
    }
    fn legal(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend((0..P).filter(|&p| self.is_legal(p)));
    }
    fn count_legal(&self) -> usize {
        (0..P).filter(|&p| self.is_legal(p)).count()
    }
    fn play(&mut self, p: usize) {
        let me = self.side;
        self.colour[p] = me;
        self.parent[p] = p as u8;
        self.size[p] = 1;
        let (mut n, mut s, mut sq) = (0u16, 0u32, 0u32);
        for q in neighbours(p) {
            if self.colour[q] == 0 {
                n += 1;
                s += q as u32;
                sq += (q * q) as u32;
            } else {
                let r = self.find(q);
                self.libs[r] -= 1;
                self.lib_sum[r] -= p as u32;
                self.lib_sq[r] -= (p * p) as u32;
            }
        }
        self.libs[p] = n;
        self.lib_sum[p] = s;
        self.lib_sq[p] = sq;
        for q in neighbours(p) {
            if self.colour[q] == me {
                let (a, b) = (self.find(p), self.find(q));
                if a != b {
                    let (big, small) = if self.size[a] >= self.size[b] {
                        (a, b)
                    } else {
                        (b, a)
                    };
                    self.parent[small] = big as u8;
                    self.size[big] = self.size[big].saturating_add(self.size[small]);
                    self.libs[big] += self.libs[small];
                    self.lib_sum[big] += self.lib_sum[small];
                    self.lib_sq[big] += self.lib_sq[small];
                }
            }
        }
        self.side = 3 - me;
    }
}

fn uf_perft(b: &UfBoard, depth: u32) -> u64 {
    if depth == 1 {
        return b.count_legal() as u64;
    }
    let mut moves = Vec::with_capacity(P);
    b.legal(&mut moves);
    if moves.is_empty() {
        return 1;
    }
    moves
        .iter()
        .map(|&p| {
            let mut c = *b;
            c.play(p);
            uf_perft(&c, depth - 1)
        })
        .sum()
}

/// Uniform random playouts to the end on the union-find board; returns the plies played.
fn uf_playouts(n: usize, rng: &mut ChaCha8Rng) -> usize {
    let mut plies = 0;
    let mut moves = Vec::with_capacity(P);
    for _ in 0..n {
        let mut b = UfBoard::new();
        loop {
            b.legal(&mut moves);
            if moves.is_empty() {
                break;
            }
            b.play(moves[rng.gen_range(0..moves.len())]);
            plies += 1;
        }
    }
    plies
}

/// The same on the library's board (its cached legal set, a random member drawn from it).
fn bitboard_playouts(n: usize, rng: &mut ChaCha8Rng) -> usize {
    let mut plies = 0;
    for _ in 0..n {
        let mut b = Board::<u128>::empty(9, false);
        loop {
            let legal = b.legal(b.side());
            if legal.is_empty() {
                break;
            }
            b.play(legal.select(rng.gen_range(0..legal.count())));
            plies += 1;
        }
    }
    plies
}

/// The union-find board agrees with the library on random games and on perft.
fn check_union_find() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..300 {
        let mut a = Board::<u128>::empty(9, false);
        let mut b = UfBoard::new();
        loop {
            let mut moves = Vec::new();
            b.legal(&mut moves);
            let lib: Vec<usize> = a.legal(a.side()).points().collect();
            assert_eq!(moves, lib, "union-find and bitboards disagree");
            if moves.is_empty() {
                break;
            }
            let p = moves[rng.gen_range(0..moves.len())];
            a.play(p);
            b.play(p);
        }
    }
    assert_eq!(uf_perft(&UfBoard::new(), 4), 39_927_264);
}

// ---------------------------------------------------------------------------------------------
// Benches
// ---------------------------------------------------------------------------------------------

fn bench_groups(c: &mut Criterion) {
    check_union_find();
    let mut g = c.benchmark_group("nogo groups");
    g.sample_size(10);
    g.throughput(Throughput::Elements(39_927_264));
    let start = NoGo::new(&NoGoRules::default());
    g.bench_function("perft 4, liberty bitboards", |b| {
        b.iter(|| perft_bulk(black_box(&start), 4, PerftConvention::TerminalIsLeaf))
    });
    g.bench_function("perft 4, union-find", |b| {
        b.iter(|| uf_perft(black_box(&UfBoard::new()), 4))
    });
    g.throughput(Throughput::Elements(1000));
    g.bench_function("1000 uniform playouts, liberty bitboards", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        b.iter(|| bitboard_playouts(1000, &mut rng))
    });
    g.bench_function("1000 uniform playouts, union-find", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        b.iter(|| uf_playouts(1000, &mut rng))
    });
    g.finish();
}

fn bench_playouts(c: &mut Criterion) {
    let start = NoGo::new(&NoGoRules::default());
    let mut g = c.benchmark_group("nogo playouts");
    g.sample_size(10);
    g.throughput(Throughput::Elements(1000));
    g.bench_function("1000 random playouts (game::playout, uniform)", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        b.iter(|| {
            let mut plies = 0;
            for _ in 0..1000 {
                let mut s = start.clone();
                plies += random_playout(&mut s, &mut rng, 1000).1;
            }
            plies
        })
    });
    let knobs: Vec<f64> = NoGo::playout_knobs().iter().map(|k| k.1).collect();
    g.bench_function("1000 policy playouts (Evaluate::playout_move)", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        b.iter(|| {
            let mut plies = 0;
            for _ in 0..1000 {
                let mut s = start.clone();
                while let Some(mv) = s.playout_move(&knobs, &mut rng) {
                    s.play(mv);
                    plies += 1;
                }
            }
            plies
        })
    });
    g.finish();
}

fn bench_mcts(c: &mut Criterion) {
    let start = NoGo::new(&NoGoRules::default());
    // A middle game position: 30 plies of a seeded random game.
    let mut mid = start.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for _ in 0..30 {
        let mut moves = MoveList::new();
        mid.legal_moves(&mut moves);
        mid.play(moves[rng.gen_range(0..moves.len())]);
    }
    let mut g = c.benchmark_group("nogo mcts");
    g.sample_size(10);
    g.throughput(Throughput::Elements(2000));
    let policy = |rave: bool, proof: bool| MctsConfig {
        rave,
        proof,
        playout_policy: true,
        reuse: false,
        exploration: if rave { 0.2 } else { 0.7 },
        ..Default::default()
    };
    for (name, config) in [
        (
            "uct, uniform playouts",
            MctsConfig {
                reuse: false,
                ..Default::default()
            },
        ),
        ("uct, policy playouts", policy(false, false)),
        ("rave, policy playouts", policy(true, false)),
        ("rave + proof, policy playouts", policy(true, true)),
    ] {
        for (at, pos) in [("empty board", &start), ("after 30 plies", &mid)] {
            let mut m = Mcts::<NoGo>::new("m", vec![], config.clone(), Limits::default(), 1);
            g.bench_function(format!("2000 simulations, {name}, {at}"), |b| {
                b.iter(|| m.search(pos, &Limits::playouts(2000)).unwrap())
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench_groups, bench_playouts, bench_mcts);
criterion_main!(benches);
