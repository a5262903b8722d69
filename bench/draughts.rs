//! Draughts and checkers move generation and perft speed (criterion). `cargo bench --bench draughts`.

use boardlab::game::playout::random_step;
use boardlab::game::{perft_bulk, perft_bulk_generic, Game, MoveList, PerftConvention};
use boardlab::games::draughts::{Checkers, Draughts};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};

/// A spread of positions from seeded random games (captures, kings and quiet positions).
fn positions<G: Game>() -> Vec<G> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(42);
    let mut out = Vec::new();
    while out.len() < 256 {
        let mut s = G::new(&G::Rules::default());
        let plies = rng.gen_range(4..70);
        for _ in 0..plies {
            if !random_step(&mut s, &mut rng) {
                break;
            }
        }
        out.push(s);
    }
    out
}

fn movegen<G: Game>(c: &mut Criterion, name: &str) {
    let pos = positions::<G>();
    c.bench_function(&format!("{name}/legal_moves x256"), |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &pos {
                let mut moves = MoveList::new();
                black_box(p).legal_moves(&mut moves);
                n += moves.len();
            }
            n
        })
    });
    c.bench_function(&format!("{name}/play_all_moves x256"), |b| {
        b.iter(|| {
            let mut n = 0u64;
            for p in &pos {
                let mut moves = MoveList::new();
                p.legal_moves(&mut moves);
                for &m in &moves {
                    let mut q = p.clone();
                    q.play(m);
                    n ^= q.hash();
                }
            }
            n
        })
    });
}

fn bench_movegen(c: &mut Criterion) {
    movegen::<Draughts>(c, "draughts");
    movegen::<Checkers>(c, "checkers");
}

fn bench_perft(c: &mut Criterion) {
    let start = Draughts::new(&Default::default());
    let mut g = c.benchmark_group("draughts/perft");
    g.sample_size(10);
    g.bench_function("depth 6, men-only walk", |b| {
        b.iter(|| perft_bulk(black_box(&start), 6, PerftConvention::DropTerminal))
    });
    g.bench_function("depth 6, generic walk", |b| {
        b.iter(|| perft_bulk_generic(black_box(&start), 6, PerftConvention::DropTerminal))
    });
    g.finish();
}

criterion_group!(benches, bench_movegen, bench_perft);
criterion_main!(benches);
