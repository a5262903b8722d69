//! The client side of every text protocol: a child process (an external engine) the arena talks
//! to. The process plumbing (spawn, send a line, read a line before a deadline, kill) is here;
//! what is said is a protocol (`ExternalProtocol`), one implementation a protocol in its own
//! file (`line`, `gomocup`, `gtp`, `hub`, `xboard`), chosen by `arena::external::protocol_for`.
//! It lives in the protocol layer so the protocol files never import the arena above them.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crate::agent::{AgentError, Clock, Intent, Limits};
use crate::engine_file::EngineSpec;
use crate::game::Game;

/// How a program is started: its working directory, and whether its stderr is read as lines
/// too (GuiNN writes its search information there).
#[derive(Clone, Debug, Default)]
pub struct SpawnOptions {
    pub dir: Option<PathBuf>,
    pub read_stderr: bool,
}

/// Reads `stream` line by line (at most 1 MB a line) into `tx` until it ends.
pub(crate) fn read_lines(stream: impl Read + Send + 'static, tx: Sender<String>) {
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stream);
        let mut buf = Vec::new();
        let max = crate::protocol::session::MAX_LINE_BYTES as u64;
        loop {
            buf.clear();
            // At most 1 MB a line: an engine that writes an endless line cannot fill the
            // memory; the rest of such a line is skipped and the line reads as garbage.
            match (&mut reader).take(max).read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = if buf.ends_with(b"\n") || buf.len() < max as usize {
                        String::from_utf8_lossy(&buf).trim_end().to_string()
                    } else {
                        // Skip to the end of the line, 1 MB at a time.
                        let mut rest = Vec::new();
                        loop {
                            rest.clear();
                            match (&mut reader).take(max).read_until(b'\n', &mut rest) {
                                Ok(0) | Err(_) => break,
                                Ok(_) if rest.ends_with(b"\n") => break,
                                Ok(_) => {}
                            }
                        }
                        format!("<a line longer than {max} bytes>")
                    };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            }
        }
    });
}

/// A running engine program: its stdin, and its stdout as lines arriving on a channel.
pub struct EngineProcess {
    label: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    pub fn spawn(label: &str, command: &[String]) -> Result<EngineProcess, AgentError> {
        Self::spawn_with(label, command, &SpawnOptions::default())
    }

    pub fn spawn_with(
        label: &str,
        command: &[String],
        opts: &SpawnOptions,
    ) -> Result<EngineProcess, AgentError> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| AgentError::Crashed(format!("{label}: no command given")))?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if opts.read_stderr {
                Stdio::piped()
            } else {
                Stdio::null()
            });
        if let Some(dir) = &opts.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| AgentError::Crashed(format!("{label}: cannot start {program:?}: {e}")))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        if let Some(err) = child.stderr.take() {
            read_lines(err, tx.clone());
        }
        read_lines(stdout, tx);
        Ok(EngineProcess {
            label: label.to_string(),
            child,
            stdin,
            lines,
        })
    }

    pub fn label(&self) -> &str {
        &self.label
    }

    pub fn send(&mut self, line: &str) -> Result<(), AgentError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|_| AgentError::Crashed(self.exit_reason()))
    }

    /// The next line before `deadline`; a silent engine is killed and times out.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, AgentError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                Err(AgentError::Timeout(format!(
                    "{}: no answer in time, killed",
                    self.label
                )))
            }
            Err(RecvTimeoutError::Disconnected) => Err(AgentError::Crashed(self.exit_reason())),
        }
    }

    /// The next line before `deadline`, or `None` when there is none by then (the engine is left
    /// running: for protocols that wait a while for optional lines, as XBoard's features).
    pub fn recv_until(&mut self, deadline: Instant) -> Result<Option<String>, AgentError> {
        self.recv_within(deadline.saturating_duration_since(Instant::now()))
    }

    /// The next line if one arrives within `wait`; `None` if none did (the engine is left
    /// running: for pings, where silence is an answer too).
    pub fn recv_within(&mut self, wait: Duration) -> Result<Option<String>, AgentError> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(Some(line)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(AgentError::Crashed(self.exit_reason())),
        }
    }

    /// Why the output ended: the exit status if the process is gone.
    fn exit_reason(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(500);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!("{}: exited ({status})", self.label),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => return format!("{}: closed its output", self.label),
            }
        }
    }

    /// The process id (tests kill engines from outside).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|_| self.stdin.flush());
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        self.kill();
    }
}

/// One move asked of an external engine: the limits for this move (under a clock, the share of
/// the clock the referee would give an in-process engine) and the clock itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveRequest {
    pub limits: Limits,
    pub clock: Option<Clock>,
}

/// What an engine answered to a move request: the move text (None when it resigned instead),
/// and what it told about its search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineAnswer {
    pub mv: Option<String>,
    /// In the game's evaluation units, from the side to move (None: no score reported).
    pub score: Option<f64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub intent: Intent,
    /// A reported probability of winning for the side to move.
    pub win_probability: Option<f64>,
    /// Anything worth keeping about this move (an adapter's retries), recorded in games.jsonl.
    pub note: Option<String>,
}

impl EngineAnswer {
    pub fn with_move(mv: impl Into<String>, score: Option<f64>) -> EngineAnswer {
        EngineAnswer {
            mv: Some(mv.into()),
            score,
            ..Default::default()
        }
    }
}

/// What is said to an engine program. One implementation a protocol.
pub trait ExternalProtocol<G: Game>: Send {
    /// After start: wait until the engine is ready.
    fn handshake(
        &mut self,
        process: &mut EngineProcess,
        deadline: Instant,
    ) -> Result<(), AgentError>;
    /// Asks for a move in `state`; returns the move text and the engine's score (NaN: none).
    /// A protocol implements this or `request` (each is the other by default).
    fn request_move(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        limits: &Limits,
        deadline: Instant,
    ) -> Result<(String, f64), AgentError> {
        let request = MoveRequest {
            limits: *limits,
            clock: None,
        };
        let a = self.request(process, state, &request, deadline)?;
        Ok((a.mv.unwrap_or_default(), a.score.unwrap_or(f64::NAN)))
    }
    /// The request the arena makes: with the clock, answered with what the engine said about
    /// its search and any draw offer or resignation. By default `request_move`'s move and score.
    fn request(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        request: &MoveRequest,
        deadline: Instant,
    ) -> Result<EngineAnswer, AgentError> {
        let (mv, score) = self.request_move(process, state, &request.limits, deadline)?;
        Ok(EngineAnswer::with_move(mv, Some(score)))
    }
    /// The opponent offers a draw in `state`: does the engine accept? By default protocols
    /// without draw offers decline.
    fn offer_draw(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        deadline: Instant,
    ) -> Result<bool, AgentError> {
        let _ = (process, state, deadline);
        Ok(false)
    }
    /// `[params]` keys this protocol reads (besides the arena's own), checked in `configure`.
    fn param_keys(&self) -> &'static [&'static str] {
        &[]
    }
    /// Reads this protocol's `[params]` from the engine file.
    fn configure(&mut self, spec: &EngineSpec) -> Result<(), String> {
        let _ = spec;
        Ok(())
    }
}
