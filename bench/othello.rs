//! Othello move generation and perft speed (criterion). `cargo bench --bench othello`.

use boardlab::game::{perft_bulk, Game, MoveList, PerftConvention};
use boardlab::games::othello::{bitboard, Othello, OthelloRules};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};

/// A spread of midgame positions from seeded random games.
fn positions() -> Vec<Othello> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(42);
    let mut out = Vec::new();
    while out.len() < 256 {
        let mut s = Othello::new(&OthelloRules::default());
        let plies = rng.gen_range(4..50);
        for _ in 0..plies {
            let mut moves = MoveList::new();
            s.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            s.play(moves[rng.gen_range(0..moves.len())]);
        }
        out.push(s);
    }
    out
}

fn bench_movegen(c: &mut Criterion) {
    let pos = positions();
    c.bench_function("othello/legal_moves x256", |b| {
        b.iter(|| {
            pos.iter()
                .map(|p| bitboard::legal_moves(black_box(p.own()), black_box(p.opp())).count_ones())
                .sum::<u32>()
        })
    });
    c.bench_function("othello/play_all_moves x256", |b| {
        b.iter(|| {
            let mut n = 0u64;
            for p in &pos {
                let mut moves = MoveList::new();
                p.legal_moves(&mut moves);
                for &m in &moves {
                    let mut q = *p;
                    q.play(m);
                    n ^= q.hash();
                }
            }
            n
        })
    });
}

fn bench_perft(c: &mut Criterion) {
    let start = Othello::new(&OthelloRules::default());
    let mut g = c.benchmark_group("othello/perft");
    g.sample_size(10);
    g.bench_function("depth 7", |b| {
        b.iter(|| perft_bulk(black_box(&start), 7, PerftConvention::TerminalIsLeaf))
    });
    g.finish();
}

criterion_group!(benches, bench_movegen, bench_perft);
criterion_main!(benches);
