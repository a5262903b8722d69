//! Progress of long work as a user expects it both on a terminal and in a log: a bar on a
//! terminal; where the bar is hidden (a CI log, `nohup ... > file`), one line on stderr every
//! 10 s, so that a log shows the work is alive. Any layer may use it: it imports nothing of
//! the lab. (The arena's tournament progress, with its per-engine lines, is `arena::progress`.)

use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// How often a progress line is written when the bar is hidden.
pub const LINE_EVERY: Duration = Duration::from_secs(10);

pub struct WorkProgress {
    bar: ProgressBar,
    /// Starts each progress line (`solving`, `rollout`).
    label: String,
    /// Lines are written only when the work is shown at all and the bar is hidden.
    lines: bool,
    last_line: Mutex<Instant>,
}

impl WorkProgress {
    /// A bar drawn with the indicatif `template` when stderr is a terminal; lines otherwise.
    /// `shown = false` (a `--quiet`, a test) shows neither.
    pub fn new(label: &str, template: &str, shown: bool) -> WorkProgress {
        let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
        let bar = if shown && tty {
            ProgressBar::new(1)
        } else {
            ProgressBar::hidden()
        };
        // A bad template is the caller's bug, caught by any run of the command: fall back to
        // the default style rather than fail the work.
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        WorkProgress {
            bar,
            label: label.to_string(),
            lines: shown && !tty,
            last_line: Mutex::new(Instant::now()),
        }
    }

    /// `done` of `total` with a message; a line `<label>: <done>/<total> <msg>` when the bar
    /// is hidden and the last line is `LINE_EVERY` old.
    pub fn update(&self, done: u64, total: u64, msg: &str) {
        self.bar.set_length(total);
        self.bar.set_position(done);
        self.bar.set_message(msg.to_string());
        if self.lines {
            let mut last = self.last_line.lock().unwrap_or_else(|e| e.into_inner());
            if last.elapsed() >= LINE_EVERY {
                *last = Instant::now();
                eprintln!("{}: {done}/{total} {msg}", self.label);
            }
        }
    }

    /// A line that stays (a stage finished): above the bar on a terminal, on stderr otherwise.
    pub fn note(&self, msg: &str) {
        if !self.bar.is_hidden() {
            self.bar.println(msg);
        } else if self.lines {
            eprintln!("{msg}");
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
