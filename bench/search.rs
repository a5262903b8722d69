//! Search speed on Othello for every back end (criterion). The throughput criterion prints is
//! nodes a second (each back end's own node count: alpha-beta and expectimax count nodes entered,
//! MCTS counts states visited in tree and playouts, the solver counts nodes entered).
//! `cargo bench --bench search`.

use boardlab::agent::Limits;
use boardlab::eval::Evaluate;
use boardlab::game::playout::random_walk;
use boardlab::game::Game;
use boardlab::games::othello::solve::Solver;
use boardlab::games::othello::Othello;
use boardlab::search::alphabeta::{AlphaBeta, AlphaBetaConfig};
use boardlab::search::expectimax::{Expectimax, ExpectimaxConfig};
use boardlab::search::mcts::{Mcts, MctsConfig};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;

/// A seeded random game stopped at `empties` empty squares.
fn position(seed: u64, empties: u32) -> Othello {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    loop {
        let s = random_walk(Othello::new(&Default::default()), &mut rng, |s| {
            s.empties().count_ones() <= empties
        });
        if !s.is_terminal() {
            return s;
        }
    }
}

fn bench_search(c: &mut Criterion) {
    let mid = position(1, 40);
    let mut g = c.benchmark_group("othello search");
    g.sample_size(10);

    let config = AlphaBetaConfig {
        quiescence: false,
        ..Default::default()
    };
    let mut ab =
        AlphaBeta::<Othello>::new("ab", Othello::default_weights(), config, Limits::default());
    let nodes = ab.search(&mid, &Limits::depth(7)).unwrap().nodes;
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("alphabeta depth 7", |b| {
        b.iter(|| {
            boardlab::agent::Agent::new_game(&mut ab);
            ab.search(&mid, &Limits::depth(7)).unwrap()
        })
    });

    let mut ex = Expectimax::<Othello>::new(
        "ex",
        Othello::default_weights(),
        ExpectimaxConfig::default(),
        Limits::default(),
    );
    let nodes = ex.search(&mid, &Limits::depth(5)).unwrap().nodes;
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("expectimax depth 5 (no chance nodes in Othello)", |b| {
        b.iter(|| ex.search(&mid, &Limits::depth(5)).unwrap())
    });

    let config = MctsConfig {
        reuse: false,
        ..Default::default()
    };
    let mut mcts = Mcts::<Othello>::new("mcts", vec![], config, Limits::default(), 1);
    let nodes = mcts.search(&mid, &Limits::playouts(2000)).unwrap().nodes;
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("mcts 2000 playouts", |b| {
        b.iter(|| mcts.search(&mid, &Limits::playouts(2000)).unwrap())
    });

    let end = position(2, 16);
    let mut solver = Solver::new(16);
    let nodes = solver.solve(&end).nodes;
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("exact solver 16 empties", |b| {
        b.iter(|| {
            let mut s = Solver::new(16);
            s.solve(&end)
        })
    });
    g.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
