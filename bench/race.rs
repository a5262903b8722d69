//! Random playouts per second of the race games (criterion): uniform moves at decisions,
//! chance outcomes by their probabilities, from the start to the end of the game. Each
//! iteration plays a batch of seeded games; the throughput criterion prints is games a second.
//! The mean game length (plies, chance nodes included) is printed once per configuration.
//! `cargo bench --bench race`.

use boardlab::game::playout::random_playout;
use boardlab::game::{Game, RuleSet};
use boardlab::games::aeroplane::Aero;
use boardlab::games::bigcat::BigCat;
use boardlab::games::mayacross::Maya;
use boardlab::games::threeway::ThreeWay;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use rand::SeedableRng;

const BATCH: u64 = 200;

fn playouts<G: Game>(g: &mut BenchmarkGroup<criterion::measurement::WallTime>, rules: &str) {
    let start = G::new(&G::Rules::parse(rules).expect("rules"));
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let plies: usize = (0..BATCH)
        .map(|_| random_playout(&mut start.clone(), &mut rng, 1_000_000).1)
        .sum();
    eprintln!(
        "{} {rules}: {:.1} plies a playout",
        G::ID,
        plies as f64 / BATCH as f64
    );
    g.throughput(Throughput::Elements(BATCH));
    g.bench_function(format!("{} {rules}", G::ID), |b| {
        b.iter(|| {
            let mut n = 0;
            for _ in 0..BATCH {
                n += random_playout(&mut start.clone(), &mut rng, 1_000_000).1;
            }
            n
        })
    });
}

fn bench_race(c: &mut Criterion) {
    let mut g = c.benchmark_group("race playouts");
    g.sample_size(10);
    playouts::<BigCat>(&mut g, "players=2");
    playouts::<BigCat>(&mut g, "players=4");
    playouts::<ThreeWay>(&mut g, "");
    playouts::<Maya>(&mut g, "players=2");
    playouts::<Maya>(&mut g, "players=4");
    playouts::<Aero>(&mut g, "players=2");
    playouts::<Aero>(&mut g, "players=4");
    playouts::<Aero>(&mut g, "players=4,teams=true");
    playouts::<Aero>(&mut g, "weather=true,items=true");
    g.finish();
}

criterion_group!(benches, bench_race);
criterion_main!(benches);
