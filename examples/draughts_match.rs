//! A small match loop for the draughts strength tables (until `boardlab match` exists):
//! engine A against engine B, colours alternating, each pair of games starting from the same
//! random opening (a few random plies, so deterministic engines play different games).
//!
//! cargo run --release --example draughts_match -- GAME A.toml B.toml GAMES [OPENING_PLIES] [MAX_PLIES]

use boardlab::engine::{EngineSpec, Evaluate, Limits};
use boardlab::game::{MoveList, RuleSet};
use boardlab::search::build_agent;
use boardlab::with_game;
use rand::{Rng, SeedableRng};

fn play<G: Evaluate>(
    a: &EngineSpec,
    b: &EngineSpec,
    games: usize,
    opening: usize,
    max_plies: usize,
) {
    let rules = G::Rules::parse(&a.rules).expect("rules");
    let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
    let mut pairs = [0u32; 5]; // pentanomial: LL, LD, WL/DD, WD, WW
    let mut pair_score: f64 = 0.0;
    let mut rng = rand::rngs::StdRng::seed_from_u64(2024);
    let mut start = G::new(&rules);
    for g in 0..games {
        if g % 2 == 0 {
            // A new opening for each pair.
            loop {
                start = G::new(&rules);
                let mut moves = MoveList::new();
                for _ in 0..opening {
                    moves.clear();
                    start.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    start.play(moves[rng.gen_range(0..moves.len())]);
                }
                if !start.is_terminal() {
                    break;
                }
            }
            pair_score = 0.0;
        }
        let a_seat = g % 2 + start.current_player().unwrap_or(0) & 1;
        let mut agents = [
            build_agent::<G>(a, g as u64).expect("engine A"),
            build_agent::<G>(b, g as u64 + 7).expect("engine B"),
        ];
        let mut state = start.clone();
        let mut plies = 0;
        while !state.is_terminal() && plies < max_plies {
            let seat = state.current_player().unwrap();
            let who = if seat == a_seat { 0 } else { 1 };
            let report = agents[who]
                .choose(&state, &Limits::default())
                .expect("a move");
            state.play(report.best);
            plies += 1;
        }
        // Unfinished games (move cap) count as draws.
        let r = if state.is_terminal() {
            state.returns().get(a_seat)
        } else {
            0.0
        };
        let s = if r > 0.0 {
            w += 1;
            1.0
        } else if r < 0.0 {
            l += 1;
            0.0
        } else {
            d += 1;
            0.5
        };
        pair_score += s;
        if g % 2 == 1 {
            pairs[(pair_score * 2.0).round() as usize] += 1;
        }
    }
    let n = (w + d + l) as f64;
    let s = (w as f64 + d as f64 / 2.0) / n;
    let var = (w as f64 * (1.0 - s).powi(2) + d as f64 * (0.5 - s).powi(2) + l as f64 * s * s) / n;
    let half = 1.96 * (var / n).sqrt();
    let elo = |x: f64| -400.0 * (1.0 / x.clamp(1e-6, 1.0 - 1e-6) - 1.0).log10();
    println!(
        "{} vs {} ({}): {} games  +{w} ={d} -{l}  score {:.3} ± {:.3} (95%)  Elo {:+.0} [{:+.0}, {:+.0}]  pairs LL/LD/WL+DD/WD/WW {:?}",
        a.name,
        b.name,
        G::ID,
        w + d + l,
        s,
        half,
        elo(s),
        elo(s - half),
        elo(s + half),
        pairs
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: draughts_match GAME A.toml B.toml GAMES [OPENING_PLIES] [MAX_PLIES]");
        std::process::exit(2);
    }
    let a = EngineSpec::load(args[2].as_ref()).unwrap();
    let b = EngineSpec::load(args[3].as_ref()).unwrap();
    let games: usize = args[4].parse().unwrap();
    let opening: usize = args.get(5).map(|s| s.parse().unwrap()).unwrap_or(4);
    let max_plies: usize = args.get(6).map(|s| s.parse().unwrap()).unwrap_or(400);
    with_game!(args[1].as_str(), |G| play::<G>(
        &a, &b, games, opening, max_plies
    ))
    .unwrap();
}
