//! Turns the recorded games into a tournament's summary: standings with maximum-likelihood
//! ratings, pairings with pentanomial statistics, the SPRT's status, match results, results by
//! seat and how games ended. Everything is computed from the games sorted by index, so the
//! summary does not depend on concurrency or the order games finished in; `report` writes it.

use std::collections::BTreeMap;

use serde::Serialize;

use super::manifest::Manifest;
use super::match_format::{Contestant, MatchState};
use super::matches::{planned_matches, MatchSpec};
use super::ratings;
use super::record::ArenaRecord;
use super::sprt::{SprtDecision, SprtParams};
use super::stats::{EloEstimate, Pentanomial, Wdl};

#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    pub rank: usize,
    pub engine: String,
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub points: f64,
    pub score: f64,
    /// Maximum-likelihood rating, the first engine anchored at 0.
    pub elo: f64,
    pub elo_error: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Pairing {
    pub engine: String,
    pub opponent: String,
    /// From `engine`'s side.
    pub wdl: Wdl,
    pub score: f64,
    pub draw_ratio: f64,
    pub los: f64,
    pub elo: Option<EloEstimate>,
    /// Colour-swapped pairs (two-player games): LL, LD, WL+DD, WD, WW.
    pub pentanomial: Option<Pentanomial>,
    pub pentanomial_elo: Option<EloEstimate>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SprtReport {
    pub params: SprtParams,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub decision: SprtDecision,
    /// Pairs (in schedule order) the decision rests on.
    pub pairs: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub game: String,
    pub engines: Vec<String>,
    /// Under a match format: the most games the planned matches can take.
    pub planned_games: usize,
    pub played_games: usize,
    /// Virtual draws per pairing added to the rating fit (0 unless someone won or lost all).
    pub rating_prior_draws: f64,
    pub standings: Vec<Standing>,
    pub pairings: Vec<Pairing>,
    pub sprt: Option<SprtReport>,
    /// How games ended, by reason, with counts.
    pub endings: BTreeMap<String, usize>,
    /// How games ended, by kind (`record::Ending`: rules, fault, resigned, draw_agreed,
    /// resign_adjudication, draw_adjudication, exact, refused_draw, ply_limit).
    pub ending_kinds: BTreeMap<String, usize>,
    /// Engine time of all recorded moves, ms (what adjudication saves shows here), and plies.
    pub engine_ms: u64,
    pub plies: usize,
    /// Under a match format: the match results (absent for single games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matches: Option<MatchSummary>,
    /// Results by seat, whoever sat there (the seat advantage of the game).
    pub seats: Vec<SeatResult>,
    /// Results of each engine at each seat.
    pub engine_seats: Vec<EngineSeat>,
    /// The referee's ceiling on a move without a time limit, ms (`--move-ceiling-ms`).
    pub move_ceiling_ms: u64,
}

/// One seat's results over the games: wins are games where the seat's return was the single
/// highest; the score is its mean pairwise score (1, 1/2, 0) against the other seats.
#[derive(Clone, Debug, Serialize)]
pub struct SeatResult {
    pub seat: usize,
    pub games: u64,
    pub wins: u64,
    pub mean_return: f64,
    pub score: f64,
}

/// One engine's results at one seat (the same measures as `SeatResult`).
#[derive(Clone, Debug, Serialize)]
pub struct EngineSeat {
    pub engine: String,
    pub seat: usize,
    pub games: u64,
    pub wins: u64,
    pub mean_return: f64,
    pub score: f64,
}

/// Per-seat and per-engine-per-seat results of the games.
pub fn seat_results(names: &[String], games: &[ArenaRecord]) -> (Vec<SeatResult>, Vec<EngineSeat>) {
    #[derive(Default, Clone, Copy)]
    struct Acc {
        games: u64,
        wins: u64,
        ret: f64,
        score: f64,
        pairs: u64,
    }
    let seats = games.iter().map(|g| g.seats.len()).max().unwrap_or(0);
    let mut by_seat = vec![Acc::default(); seats];
    let mut by_engine = vec![vec![Acc::default(); seats]; names.len()];
    for g in games {
        let n = g.seats.len();
        let best = g.game.returns.iter().cloned().fold(f64::MIN, f64::max);
        let top = g.game.returns.iter().filter(|&&r| r == best).count();
        for s in 0..n {
            let mut score = 0.0;
            for o in (0..n).filter(|&o| o != s) {
                score += g.score_between(s, o);
            }
            let won = top == 1 && g.game.returns[s] == best;
            for acc in [&mut by_seat[s], &mut by_engine[g.seats[s]][s]] {
                acc.games += 1;
                acc.wins += won as u64;
                acc.ret += g.game.returns[s];
                acc.score += score;
                acc.pairs += (n - 1) as u64;
            }
        }
    }
    let mean = |x: f64, n: u64| if n > 0 { x / n as f64 } else { 0.0 };
    let seat_rows = by_seat
        .iter()
        .enumerate()
        .map(|(seat, a)| SeatResult {
            seat,
            games: a.games,
            wins: a.wins,
            mean_return: mean(a.ret, a.games),
            score: mean(a.score, a.pairs),
        })
        .collect();
    let mut engine_rows = Vec::new();
    for (e, row) in by_engine.iter().enumerate() {
        for (seat, a) in row.iter().enumerate() {
            if a.games > 0 {
                engine_rows.push(EngineSeat {
                    engine: names[e].clone(),
                    seat,
                    games: a.games,
                    wins: a.wins,
                    mean_return: mean(a.ret, a.games),
                    score: mean(a.score, a.pairs),
                });
            }
        }
    }
    (seat_rows, engine_rows)
}

/// Match results under a match format. Only finished matches count; a match nobody won is a
/// drawn match.
#[derive(Clone, Debug, Serialize)]
pub struct MatchSummary {
    /// `parse`-able format text.
    pub format: String,
    pub planned_matches: usize,
    pub finished_matches: usize,
    /// Match W-D-L by engine, in the order of the game standings.
    pub standings: Vec<MatchStanding>,
    /// Match W-D-L of every pairing, from `engine`'s side.
    pub pairings: Vec<MatchPairing>,
    /// Games won by the side with the first move, of the games won (not drawn).
    pub first_mover_wins: u64,
    pub decisive_games: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct MatchStanding {
    pub engine: String,
    pub matches: Wdl,
}

#[derive(Clone, Debug, Serialize)]
pub struct MatchPairing {
    pub engine: String,
    pub opponent: String,
    pub matches: Wdl,
    /// Mean games a finished match took.
    pub games_per_match: f64,
}

/// Match results from the recorded games (`m.match_format` must be set).
fn summarize_matches(m: &Manifest, games: &[ArenaRecord], order: &[usize]) -> MatchSummary {
    let f = m.match_format.as_ref().expect("a match format");
    let planned = planned_matches(m);
    let by_index: BTreeMap<usize, &MatchSpec> = planned.iter().map(|s| (s.index, s)).collect();
    let mut played: BTreeMap<usize, Vec<ArenaRecord>> = BTreeMap::new();
    for g in games {
        if let Some(i) = g.match_index {
            played.entry(i).or_default().push(g.clone());
        }
    }
    let n = m.engines.len();
    let mut table = vec![vec![Wdl::default(); n]; n];
    let mut match_games = vec![vec![0u64; n]; n];
    let (mut finished, mut first_mover_wins, mut decisive_games) = (0, 0, 0);
    for (i, list) in &mut played {
        let Some(spec) = by_index.get(i) else {
            continue;
        };
        list.sort_by_key(|g| g.match_game);
        for g in list.iter() {
            let first = f.first_mover(g.match_game.unwrap_or(0));
            if let Some(w) = spec.winner(g) {
                decisive_games += 1;
                first_mover_wins += (Some(w) == first) as u64;
            }
        }
        let winner = match f.state(&spec.score(list)) {
            MatchState::Next(_) => continue,
            MatchState::Won(c) => Some(c),
            MatchState::Drawn => None,
        };
        finished += 1;
        let (a, b) = (spec.a, spec.b);
        for (x, y) in [(a, b), (b, a)] {
            match_games[x][y] += list.len() as u64;
            let cell = &mut table[x][y];
            match winner {
                None => cell.draws += 1,
                Some(c) if (c == Contestant::A) == (x == a) => cell.wins += 1,
                Some(_) => cell.losses += 1,
            }
        }
    }
    let names = m.engine_names();
    let total = |i: usize| {
        table[i].iter().fold(Wdl::default(), |acc, w| Wdl {
            wins: acc.wins + w.wins,
            draws: acc.draws + w.draws,
            losses: acc.losses + w.losses,
        })
    };
    let mut pairings = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let w = table[a][b];
            if w.games() > 0 {
                pairings.push(MatchPairing {
                    engine: names[a].clone(),
                    opponent: names[b].clone(),
                    matches: w,
                    games_per_match: match_games[a][b] as f64 / w.games() as f64,
                });
            }
        }
    }
    MatchSummary {
        format: f.to_text(),
        planned_matches: planned.len(),
        finished_matches: finished,
        standings: order
            .iter()
            .map(|&i| MatchStanding {
                engine: names[i].clone(),
                matches: total(i),
            })
            .collect(),
        pairings,
        first_mover_wins,
        decisive_games,
    }
}

/// Pentanomial counts of engine `a` against `b` over complete two-game blocks, in block order.
pub fn pairs_between(games: &[ArenaRecord], a: usize, b: usize) -> Vec<f64> {
    let mut blocks: BTreeMap<usize, Vec<&ArenaRecord>> = BTreeMap::new();
    for g in games {
        if g.seats.len() == 2 && g.seats.contains(&a) && g.seats.contains(&b) && a != b {
            blocks.entry(g.block).or_default().push(g);
        }
    }
    blocks
        .values()
        .filter(|bl| bl.len() == 2)
        .map(|bl| {
            bl.iter()
                .map(|g| {
                    let sa = g.seats.iter().position(|&e| e == a).unwrap();
                    g.score_between(sa, 1 - sa)
                })
                .sum::<f64>()
        })
        .collect()
}

/// SPRT on the pairs of engines 0 and 1 in schedule order: the decision is taken at the first
/// prefix whose LLR leaves the bounds, so it does not depend on which games finished first.
pub fn sprt_status(params: &SprtParams, games: &[ArenaRecord]) -> SprtReport {
    let mut penta = Pentanomial::default();
    let (lower, upper) = params.bounds();
    let mut decision = SprtDecision::Continue;
    for pair in pairs_between(games, 0, 1) {
        penta.add_pair(pair / 2.0, pair / 2.0);
        decision = params.decide(&penta);
        if decision != SprtDecision::Continue {
            break;
        }
    }
    SprtReport {
        params: *params,
        llr: params.llr(&penta),
        lower,
        upper,
        decision,
        pairs: penta.pairs(),
    }
}

pub fn summarize(m: &Manifest, planned: usize, games: &[ArenaRecord]) -> Summary {
    let n = m.engines.len();
    let names = m.engine_names();
    // Pairwise W/D/L between every two seats of every game.
    let mut table = vec![vec![Wdl::default(); n]; n];
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    let mut ending_kinds: BTreeMap<String, usize> = BTreeMap::new();
    let (mut engine_ms, mut plies) = (0u64, 0usize);
    for g in games {
        *ending_kinds.entry(g.ending.name().to_string()).or_default() += 1;
        engine_ms += g.stats.iter().map(|s| s.ms).sum::<u64>();
        plies += g.game.moves.len();
        for a in 0..g.seats.len() {
            for b in 0..g.seats.len() {
                let (ea, eb) = (g.seats[a], g.seats[b]);
                if a == b || ea == eb {
                    continue;
                }
                let s = g.score_between(a, b);
                let cell = &mut table[ea][eb];
                if s == 1.0 {
                    cell.wins += 1;
                } else if s == 0.0 {
                    cell.losses += 1;
                } else {
                    cell.draws += 1;
                }
            }
        }
        // Faults name the engine; the rest of the text is the reason.
        let key = if g.game.reason.starts_with("seat ") {
            match g.game.reason.split_once(" lost: ") {
                Some((_, why)) => format!("{} lost: {why}", g.engines[g.fault.unwrap_or(0)]),
                None => g.game.reason.clone(),
            }
        } else {
            g.game.reason.clone()
        };
        *endings.entry(key).or_default() += 1;
    }
    let totals: Vec<Wdl> = (0..n)
        .map(|i| {
            table[i].iter().fold(Wdl::default(), |acc, w| Wdl {
                wins: acc.wins + w.wins,
                draws: acc.draws + w.draws,
                losses: acc.losses + w.losses,
            })
        })
        .collect();
    // The plain maximum likelihood diverges when an engine won or lost everything; then one
    // virtual draw per pairing keeps the ratings finite (BayesElo's prior), and says so.
    let degenerate = totals
        .iter()
        .any(|t| t.games() > 0 && (t.wins == t.games() || t.losses == t.games()));
    let prior = if degenerate { 1.0 } else { 0.0 };
    let fit = ratings::fit(&table, prior);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| fit.elo[b].total_cmp(&fit.elo[a]).then(a.cmp(&b)));
    let standings = order
        .iter()
        .enumerate()
        .map(|(rank, &i)| Standing {
            rank: rank + 1,
            engine: names[i].clone(),
            games: totals[i].games(),
            wins: totals[i].wins,
            draws: totals[i].draws,
            losses: totals[i].losses,
            points: totals[i].points(),
            score: if totals[i].games() > 0 {
                totals[i].score()
            } else {
                0.0
            },
            elo: fit.elo[i],
            elo_error: fit.error[i],
        })
        .collect();
    let mut pairings = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let w = table[a][b];
            if w.games() == 0 {
                continue;
            }
            // Games of a match are not colour-swapped pairs: no pentanomial there.
            let pairs = if m.match_format.is_some() {
                vec![]
            } else {
                pairs_between(games, a, b)
            };
            let penta = if pairs.is_empty() {
                None
            } else {
                let mut p = Pentanomial::default();
                for s in pairs {
                    p.add_pair(s / 2.0, s / 2.0);
                }
                Some(p)
            };
            pairings.push(Pairing {
                engine: names[a].clone(),
                opponent: names[b].clone(),
                wdl: w,
                score: w.score(),
                draw_ratio: w.draw_ratio(),
                los: w.los(),
                elo: w.elo(),
                pentanomial_elo: penta.and_then(|p| p.elo()),
                pentanomial: penta,
            });
        }
    }
    let sprt = m
        .sprt
        .filter(|_| n == 2 && m.players == 2 && m.match_format.is_none())
        .map(|p| sprt_status(&p, games));
    let matches = m
        .match_format
        .as_ref()
        .map(|_| summarize_matches(m, games, &order));
    let (seats, engine_seats) = seat_results(&names, games);
    Summary {
        game: m.game.clone(),
        engines: names,
        planned_games: planned,
        played_games: games.len(),
        rating_prior_draws: prior,
        standings,
        pairings,
        sprt,
        endings,
        ending_kinds,
        engine_ms,
        plies,
        matches,
        seats,
        engine_seats,
        move_ceiling_ms: m.move_ceiling_ms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::schedule::Format;
    use crate::engine_file::EngineSpec;
    use crate::game::GameRecord;

    fn manifest(n: usize, sprt: Option<SprtParams>) -> Manifest {
        let engines = (0..n)
            .map(|i| {
                EngineSpec::from_toml(&format!(
                    "name = \"e{i}\"\ngame = \"othello\"\nbackend = \"random\""
                ))
                .unwrap()
            })
            .collect();
        Manifest {
            game: "othello".into(),
            rules: String::new(),
            engines,
            format: Format::RoundRobin,
            games_per_encounter: 4,
            opening_source: String::new(),
            openings: vec![],
            seed: 0,
            max_plies: 100,
            time_control: None,
            time_margin_ms: 0,
            sprt,
            shard: None,
            players: 2,
            move_ceiling_ms: crate::arena::manifest::DEFAULT_MOVE_CEILING_MS,
            match_format: None,
            adjudication: Default::default(),
        }
    }

    /// A game of block `block` with `seats`, seat 0's return `r0`.
    fn game(index: usize, block: usize, seats: [usize; 2], r0: f64) -> ArenaRecord {
        ArenaRecord {
            index,
            block,
            seed: 0,
            engines: seats.iter().map(|s| format!("e{s}")).collect(),
            seats: seats.to_vec(),
            opening: 0,
            opening_plies: 0,
            game: GameRecord {
                game: "othello".into(),
                rules: String::new(),
                start: String::new(),
                moves: vec![],
                returns: vec![r0, -r0],
                reason: "terminal".into(),
            },
            fault: None,
            match_index: None,
            match_game: None,
            ending: Default::default(),
            stats: vec![],
        }
    }

    #[test]
    fn pairs_and_standings_from_games() {
        // Block 0: e0 wins both colours (WW). Block 1: e0 wins as first, draws as second (WD).
        // Block 2: e0 loses as first and wins as second (WL).
        let games = vec![
            game(0, 0, [0, 1], 1.0),
            game(1, 0, [1, 0], -1.0),
            game(2, 1, [0, 1], 1.0),
            game(3, 1, [1, 0], 0.0),
            game(4, 2, [0, 1], -1.0),
            game(5, 2, [1, 0], -1.0),
            // An unfinished pair counts in W/D/L but not in the pentanomial.
            game(6, 3, [0, 1], 1.0),
        ];
        let s = summarize(&manifest(2, None), 8, &games);
        let p = &s.pairings[0];
        assert_eq!((p.wdl.wins, p.wdl.draws, p.wdl.losses), (5, 1, 1));
        assert_eq!(p.pentanomial.unwrap().0, [0, 0, 1, 1, 1]);
        assert_eq!(s.standings[0].engine, "e0");
        assert_eq!(s.standings[0].points, 5.5);
        assert_eq!(s.standings[1].points, 1.5);
        assert_eq!(s.played_games, 7);
        // With two engines the fit is the score's logistic Elo: 5.5/7.
        let want = -crate::arena::stats::elo_from_score(5.5 / 7.0);
        assert!((s.standings[1].elo - want).abs() < 1e-6);
    }

    #[test]
    fn sprt_reads_pairs_in_schedule_order() {
        let sprt = SprtParams::parse("elo0=0,elo1=50").unwrap();
        // Pairs won twice by e0, listed out of order: the decision is the same either way.
        let mut games: Vec<ArenaRecord> = (0..30)
            .flat_map(|b| {
                [
                    game(2 * b, b, [0, 1], 1.0),
                    game(2 * b + 1, b, [1, 0], -1.0),
                ]
            })
            .collect();
        let a = sprt_status(&sprt, &games);
        games.reverse();
        let b = sprt_status(&sprt, &games);
        assert_eq!(a.decision, SprtDecision::AcceptH1);
        assert_eq!((a.pairs, a.decision), (b.pairs, b.decision));
        // The first prefix past the bound: 23 pairs won twice (sprt.rs, scripts/crosscheck/stats_reference.py).
        assert_eq!(a.pairs, 23);
    }

    #[test]
    fn results_by_seat_and_by_engine_and_seat() {
        use crate::arena::report::summary_md;
        // Seat 0 wins three of four; e0 wins both games at seat 0, e1 one of two.
        let games = vec![
            game(0, 0, [0, 1], 1.0),
            game(1, 0, [1, 0], 1.0),
            game(2, 1, [0, 1], 1.0),
            game(3, 1, [1, 0], 0.0),
        ];
        let s = summarize(&manifest(2, None), 4, &games);
        assert_eq!((s.seats[0].games, s.seats[0].wins), (4, 3));
        assert_eq!(s.seats[1].wins, 0);
        assert!((s.seats[0].score - 7.0 / 8.0).abs() < 1e-12);
        assert!((s.seats[0].mean_return - 0.75).abs() < 1e-12);
        let at = |e: &str, seat: usize| {
            s.engine_seats
                .iter()
                .find(|r| r.engine == e && r.seat == seat)
                .unwrap()
                .clone()
        };
        assert_eq!((at("e0", 0).games, at("e0", 0).wins), (2, 2));
        assert_eq!((at("e1", 0).games, at("e1", 0).wins), (2, 1));
        assert_eq!(at("e1", 1).wins, 0);
        let md = summary_md(&s);
        assert!(md.contains("| a | 4 | 75.0% ± 42.4 |"), "{md}");
    }
}
