//! A tournament's progress while it runs: on a terminal a bar with every engine's W-D-L a line
//! below it; without one (a CI log, a file) a plain line on stderr at most every
//! `RunOptions::progress_every`, and one at the end.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::manifest::Manifest;
use super::record::ArenaRecord;
use super::stats::Wdl;

/// The progress of one run: `total` games (or matches, under a match format), `finished` of
/// them recorded before the run started.
pub struct Progress<'a> {
    m: &'a Manifest,
    enabled: bool,
    tty: bool,
    every: Duration,
    bar: ProgressBar,
    unit: &'static str,
    total: u64,
    first_finished: u64,
    started: Instant,
    last_line: Mutex<Option<Instant>>,
}

impl<'a> Progress<'a> {
    /// Shown only when `enabled`; the bar starts at `finished` with `games` already counted.
    pub fn start(
        m: &'a Manifest,
        enabled: bool,
        every: Duration,
        total: usize,
        finished: usize,
        games: &[ArenaRecord],
    ) -> Progress<'a> {
        let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
        let bar = if enabled && tty {
            ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr())
        } else {
            ProgressBar::hidden()
        };
        let unit = if m.match_format.is_some() {
            "matches"
        } else {
            "games"
        };
        bar.set_style(
            ProgressStyle::with_template(&format!(
                "{{bar:30}} {{pos}}/{{len}} {unit} {{elapsed}}  {{msg}}"
            ))
            .expect("valid template"),
        );
        bar.set_position(finished as u64);
        let progress = Progress {
            m,
            enabled,
            tty,
            every,
            bar,
            unit,
            total: total as u64,
            first_finished: finished as u64,
            started: Instant::now(),
            last_line: Mutex::new(None),
        };
        progress
            .bar
            .set_message(progress.text(finished as u64, games, "\n  "));
        progress
    }

    /// One more game (or match) finished.
    pub fn inc(&self) {
        self.bar.inc(1);
    }

    /// Shows `done` finished with `games` played: the bar's message, and a plain line when its
    /// time has come.
    pub fn show(&self, done: u64, games: &[ArenaRecord]) {
        self.bar.set_message(self.text(done, games, "\n  "));
        self.line(done, games, false);
    }

    /// A plain line without a terminal, at most every `every` unless `force`d.
    pub fn line(&self, done: u64, games: &[ArenaRecord], force: bool) {
        if !self.enabled || self.tty {
            return;
        }
        let mut last = self.last_line.lock().unwrap_or_else(|e| e.into_inner());
        if force || last.is_none_or(|t| t.elapsed() >= self.every) {
            *last = Some(Instant::now());
            eprintln!(
                "{done}/{} {} {:.0}s {}",
                self.total,
                self.unit,
                self.started.elapsed().as_secs_f64(),
                self.text(done, games, " | ")
            );
        }
    }

    /// Clears the bar and writes the last line.
    pub fn finish(&self, done: u64, games: &[ArenaRecord]) {
        self.bar.finish_and_clear();
        self.line(done, games, true);
    }

    fn text(&self, done: u64, games: &[ArenaRecord], sep: &str) -> String {
        let eta = eta(
            self.started.elapsed(),
            done - self.first_finished,
            self.total - done,
        );
        let mut text = format!("eta {eta}");
        for line in engine_lines(self.m, games) {
            text.push_str(sep);
            text.push_str(&line);
        }
        text
    }
}

/// The time left at the pace of this run: "-" before its first game ends.
fn eta(elapsed: Duration, done_now: u64, left: u64) -> String {
    if done_now == 0 {
        return "-".into();
    }
    let secs = (elapsed.as_secs_f64() / done_now as f64 * left as f64).round() as u64;
    match secs {
        s if s < 60 => format!("{s}s"),
        s if s < 3600 => format!("{}m{:02}s", s / 60, s % 60),
        s => format!("{}h{:02}m", s / 3600, s / 60 % 60),
    }
}

/// Every engine's W-D-L against the field, score and Elo ± error (trinomial), one line each.
pub fn engine_lines(m: &Manifest, games: &[ArenaRecord]) -> Vec<String> {
    let mut wdl = vec![Wdl::default(); m.engines.len()];
    for g in games {
        for (a, &ea) in g.seats.iter().enumerate() {
            for (b, &eb) in g.seats.iter().enumerate() {
                if ea == eb {
                    continue;
                }
                let s = g.score_between(a, b);
                let w = &mut wdl[ea];
                if s == 1.0 {
                    w.wins += 1;
                } else if s == 0.0 {
                    w.losses += 1;
                } else {
                    w.draws += 1;
                }
            }
        }
    }
    m.engines
        .iter()
        .zip(&wdl)
        .map(|(e, w)| match w.elo() {
            Some(est) => format!(
                "{}: +{} ={} -{} ({:.1}%) Elo {:.1} ± {:.1}",
                e.name,
                w.wins,
                w.draws,
                w.losses,
                100.0 * w.score(),
                est.elo,
                est.error
            ),
            None => format!("{}: no games yet", e.name),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_eta_before_the_first_game() {
        assert_eq!(eta(Duration::from_secs(5), 0, 10), "-");
        assert_eq!(eta(Duration::from_secs(10), 2, 10), "50s");
        assert_eq!(eta(Duration::from_secs(60), 1, 10), "10m00s");
    }
}
