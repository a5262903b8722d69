//! Writes a tournament's summary (`summary::summarize`) as files: `standings.csv`,
//! `summary.json`, `summary.md` and `ratings.svg`.

use std::path::Path;

use super::error::ArenaError;

use super::sprt::SprtDecision;
use super::stats::EloEstimate;
use super::summary::{MatchSummary, Summary};

/// The seat tables of a summary: the seat advantage, and each engine at each seat. Win shares
/// carry the normal 95% interval.
fn seats_md(s: &Summary) -> String {
    let share = |w: u64, n: u64| {
        if n == 0 {
            return "-".to_string();
        }
        let p = w as f64 / n as f64;
        format!(
            "{}% ± {}",
            num(100.0 * p, 1),
            num(196.0 * (p * (1.0 - p) / n as f64).sqrt(), 1)
        )
    };
    let seat = |i: usize| ((b'a' + i as u8) as char).to_string();
    let mut out = String::from(
        "\n| seat | games | won (95%) | mean return | score vs other seats |\n|---|---:|---:|---:|---:|\n",
    );
    for r in &s.seats {
        out += &format!(
            "| {} | {} | {} | {} | {}% |\n",
            seat(r.seat),
            r.games,
            share(r.wins, r.games),
            num(r.mean_return, 3),
            num(100.0 * r.score, 1)
        );
    }
    out += "\n| engine | seat | games | won (95%) | mean return | score vs other seats |\n|---|---|---:|---:|---:|---:|\n";
    for r in &s.engine_seats {
        out += &format!(
            "| {} | {} | {} | {} | {} | {}% |\n",
            r.engine,
            seat(r.seat),
            r.games,
            share(r.wins, r.games),
            num(r.mean_return, 3),
            num(100.0 * r.score, 1)
        );
    }
    out
}

fn num(x: f64, decimals: usize) -> String {
    if x.is_finite() {
        let text = format!("{x:.decimals$}");
        // A value that rounds to zero prints as 0.0, not -0.0.
        match text.strip_prefix('-') {
            Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
            _ => text,
        }
    } else if x > 0.0 {
        "inf".into()
    } else if x < 0.0 {
        "-inf".into()
    } else {
        "nan".into()
    }
}

fn pm(e: &Option<EloEstimate>) -> String {
    match e {
        Some(e) => format!("{} ± {}", num(e.elo, 1), num(e.error, 1)),
        None => "-".into(),
    }
}

/// One line an engine; under a match format three more columns, the match W-D-L.
pub fn standings_csv(s: &Summary) -> String {
    let mut out = String::from("rank,engine,games,wins,draws,losses,points,score,elo,elo_error");
    if s.matches.is_some() {
        out += ",match_wins,match_draws,match_losses";
    }
    out += "\n";
    for (i, r) in s.standings.iter().enumerate() {
        out += &format!(
            "{},{},{},{},{},{},{},{},{},{}",
            r.rank,
            r.engine,
            r.games,
            r.wins,
            r.draws,
            r.losses,
            num(r.points, 1),
            num(r.score, 4),
            num(r.elo, 1),
            num(r.elo_error, 1)
        );
        if let Some(ms) = &s.matches {
            let w = ms.standings[i].matches;
            out += &format!(",{},{},{}", w.wins, w.draws, w.losses);
        }
        out += "\n";
    }
    out
}

pub fn summary_md(s: &Summary) -> String {
    let mut out = match &s.matches {
        None => format!(
            "# Tournament: {} ({} of {} games played)\n\n",
            s.game, s.played_games, s.planned_games
        ),
        Some(ms) => {
            format!(
                "# Tournament: {} ({} of {} matches played, {} games)\n\n",
                s.game, ms.finished_matches, ms.planned_matches, s.played_games
            ) + &matches_md(ms)
        }
    };
    out += "| # | engine | games | W | D | L | points | score | Elo (95%) |\n";
    out += "|---|---|---:|---:|---:|---:|---:|---:|---:|\n";
    for r in &s.standings {
        out += &format!(
            "| {} | {} | {} | {} | {} | {} | {} | {}% | {} |\n",
            r.rank,
            r.engine,
            r.games,
            r.wins,
            r.draws,
            r.losses,
            num(r.points, 1),
            num(100.0 * r.score, 1),
            if r.engine == s.engines[0] {
                "0 (anchor)".to_string()
            } else {
                format!("{} ± {}", num(r.elo, 1), num(r.elo_error, 1))
            }
        );
    }
    if s.rating_prior_draws > 0.0 {
        out += &format!(
            "\nRatings: maximum likelihood (Bradley-Terry) anchored at {} = 0, with {} virtual draw(s) per pairing because an engine won or lost every game.\n",
            s.engines[0], s.rating_prior_draws
        );
    } else {
        out += &format!(
            "\nRatings: maximum likelihood (Bradley-Terry, draws half a win) anchored at {} = 0.\n",
            s.engines[0]
        );
    }
    out += "\n| engine | opponent | W-D-L | score | Elo (trinomial) | pentanomial LL/LD/DD+WL/WD/WW | Elo (pentanomial) | nElo | LOS | draws |\n";
    out += "|---|---|---|---:|---:|---|---:|---:|---:|---:|\n";
    for p in &s.pairings {
        let nelo = p
            .pentanomial_elo
            .or(p.elo)
            .map(|e| format!("{} ± {}", num(e.nelo, 1), num(e.nelo_error, 1)))
            .unwrap_or("-".into());
        out += &format!(
            "| {} | {} | {}-{}-{} | {}% | {} | {} | {} | {} | {}% | {}% |\n",
            p.engine,
            p.opponent,
            p.wdl.wins,
            p.wdl.draws,
            p.wdl.losses,
            num(100.0 * p.score, 1),
            pm(&p.elo),
            p.pentanomial
                .map(|x| x
                    .0
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join("/"))
                .unwrap_or("-".into()),
            pm(&p.pentanomial_elo),
            nelo,
            num(100.0 * p.los, 1),
            num(100.0 * p.draw_ratio, 1)
        );
    }
    if let Some(t) = &s.sprt {
        out += &format!(
            "\nSPRT elo0={} elo1={} alpha={} beta={} min_pairs={}: LLR {} in [{}, {}] after {} pairs: {}\n",
            t.params.elo0,
            t.params.elo1,
            t.params.alpha,
            t.params.beta,
            t.params.min_pairs,
            num(t.llr, 3),
            num(t.lower, 3),
            num(t.upper, 3),
            t.pairs,
            match t.decision {
                SprtDecision::AcceptH0 => "H0 accepted",
                SprtDecision::AcceptH1 => "H1 accepted",
                SprtDecision::Continue => "no decision yet",
            }
        );
    }
    out += &seats_md(s);
    out += "\n| game ended by | games |\n|---|---:|\n";
    for (k, v) in &s.endings {
        out += &format!("| {k} | {v} |\n");
    }
    out += "\n| kind of ending | games |\n|---|---:|\n";
    for (k, v) in &s.ending_kinds {
        out += &format!("| {k} | {v} |\n");
    }
    out += &format!(
        "\nEngine time of all moves: {:.1} s over {} plies.\n",
        s.engine_ms as f64 / 1000.0,
        s.plies
    );
    out += &format!(
        "\nA move without a time limit that took over {} ms (the referee's ceiling, --move-ceiling-ms) lost its game.\n",
        s.move_ceiling_ms
    );
    out
}

/// The match tables that head a match-format summary.
fn matches_md(ms: &MatchSummary) -> String {
    let mut out = format!("Match format: {}. Match results:\n\n", ms.format);
    out += "| engine | matches | W | D | L | score |\n|---|---:|---:|---:|---:|---:|\n";
    for r in &ms.standings {
        let w = r.matches;
        out += &format!(
            "| {} | {} | {} | {} | {} | {}% |\n",
            r.engine,
            w.games(),
            w.wins,
            w.draws,
            w.losses,
            if w.games() > 0 {
                num(100.0 * w.score(), 1)
            } else {
                "-".into()
            }
        );
    }
    out += "\n| engine | opponent | matches W-D-L | games a match |\n|---|---|---|---:|\n";
    for p in &ms.pairings {
        out += &format!(
            "| {} | {} | {}-{}-{} | {} |\n",
            p.engine,
            p.opponent,
            p.matches.wins,
            p.matches.draws,
            p.matches.losses,
            num(p.games_per_match, 2)
        );
    }
    out += &format!(
        "\nThe side with the first move won {} of {} decisive games{}.\n\nGame results:\n\n",
        ms.first_mover_wins,
        ms.decisive_games,
        if ms.decisive_games > 0 {
            format!(
                " ({}%)",
                num(
                    100.0 * ms.first_mover_wins as f64 / ms.decisive_games as f64,
                    1
                )
            )
        } else {
            String::new()
        }
    );
    out
}

/// Writes every output file into `dir`.
pub fn write_outputs(dir: &Path, s: &Summary) -> Result<(), ArenaError> {
    let w = |name: &str, text: String| {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| ArenaError::file("write", &path, e))
    };
    w("standings.csv", standings_csv(s))?;
    // Through a Value, whose keys are sorted: summary.json's key order as it always was.
    let json = serde_json::to_value(s)
        .and_then(|v| serde_json::to_string_pretty(&v))
        .map_err(|e| ArenaError::Other(e.to_string()))?;
    w("summary.json", json + "\n")?;
    w("summary.md", summary_md(s))?;
    w("ratings.svg", ratings_chart(s)?)?;
    Ok(())
}

/// `ratings.svg` of a summary: each engine with a finite rating, its error bar (0 where the
/// error is not finite), the first engine as the anchor.
pub fn ratings_chart(s: &Summary) -> Result<String, String> {
    let rows: Vec<(String, f64, f64)> = s
        .standings
        .iter()
        .filter(|r| r.elo.is_finite())
        .map(|r| {
            let error = if r.elo_error.is_finite() {
                r.elo_error
            } else {
                0.0
            };
            (r.engine.clone(), r.elo, error)
        })
        .collect();
    let anchor = s.engines.first().map(String::as_str).unwrap_or_default();
    super::chart::ratings_svg(&s.game, anchor, &rows)
}
