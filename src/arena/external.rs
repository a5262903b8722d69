//! External engines: a child process the arena talks to through a text protocol. The process
//! plumbing (spawn, send a line, read a line before a deadline, kill) is shared; what is said is
//! a protocol (`ExternalProtocol`), so GTP, Gomocup, Hub, XBoard or gnubg can be added as one
//! more implementation and one more arm in `protocol_for`. Every failure (cannot start, exits,
//! hangs, garbage, illegal move) is an `AgentError`, which the arena turns into a loss.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::engine::{Agent, AgentError, EngineSpec, Limits, SearchReport};
use crate::game::error::quote;
use crate::game::Game;

/// A running engine program: its stdin, and its stdout as lines arriving on a channel.
pub struct EngineProcess {
    label: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    pub fn spawn(label: &str, command: &[String]) -> Result<EngineProcess, AgentError> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| AgentError::Crashed(format!("{label}: no command given")))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| AgentError::Crashed(format!("{label}: cannot start {program:?}: {e}")))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
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
        Ok(EngineProcess {
            label: label.to_string(),
            child,
            stdin,
            lines,
        })
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

/// What is said to an engine program. One implementation a protocol.
pub trait ExternalProtocol<G: Game>: Send {
    /// After start: wait until the engine is ready.
    fn handshake(
        &mut self,
        process: &mut EngineProcess,
        deadline: Instant,
    ) -> Result<(), AgentError>;
    /// Asks for a move in `state`; returns the move text and the engine's score.
    fn request_move(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        limits: &Limits,
        deadline: Instant,
    ) -> Result<(String, f64), AgentError>;
}

/// The protocol an engine file names (`protocol = "line"`, the default).
pub fn protocol_for<G: Game>(name: Option<&str>) -> Result<Box<dyn ExternalProtocol<G>>, String> {
    match name.unwrap_or("line") {
        "line" => Ok(Box::new(crate::protocol::line::LineClient)),
        "gomocup" => crate::protocol::gomocup::client_for::<G>(),
        other => Err(format!(
            "the arena does not speak protocol {other:?} to external engines yet (known: line, gomocup)"
        )),
    }
}

/// An engine program as an `Agent`.
pub struct ExternalAgent<G: Game> {
    spec: EngineSpec,
    protocol: Box<dyn ExternalProtocol<G>>,
    process: Option<EngineProcess>,
    times: ExternalTimes,
    /// Set once the engine failed: it stays failed for the rest of the game.
    failed: Option<AgentError>,
}

/// How long an engine program may take: to start and answer the handshake, over a move's time
/// limit, and for a move without one (`[params] startup_ms, margin_ms, timeout_ms`).
#[derive(Clone, Copy, Debug)]
struct ExternalTimes {
    startup: Duration,
    margin: Duration,
    timeout: Duration,
}

impl<G: Game> ExternalAgent<G> {
    pub fn new(spec: &EngineSpec) -> Result<ExternalAgent<G>, String> {
        let protocol = protocol_for::<G>(spec.protocol.as_deref())
            .map_err(|e| format!("engine {:?}: {e}", spec.name))?;
        Self::with_protocol(spec, protocol)
    }

    /// An engine program spoken to in `protocol` (the referee mode of hidden-information games
    /// chooses its own, `arena::hidden`).
    pub fn with_protocol(
        spec: &EngineSpec,
        protocol: Box<dyn ExternalProtocol<G>>,
    ) -> Result<ExternalAgent<G>, String> {
        let p = crate::search::Params::new(spec, &["startup_ms", "margin_ms", "timeout_ms"])?;
        let ms = |key: &str, default: u64| -> Result<Duration, String> {
            Ok(Duration::from_millis(p.int(key, default, 0, 1 << 40)?))
        };
        let times = ExternalTimes {
            startup: ms("startup_ms", 10_000)?,
            margin: ms("margin_ms", 500)?,
            timeout: ms("timeout_ms", 60_000)?,
        };
        if spec.command.is_empty() || spec.command[0].trim().is_empty() {
            return Err(format!(
                "engine {:?}: backend \"external\" needs `command = [...]`",
                spec.name
            ));
        }
        Ok(ExternalAgent {
            spec: spec.clone(),
            protocol,
            times,
            process: None,
            failed: None,
        })
    }

    fn ensure_started(&mut self) -> Result<(), AgentError> {
        if self.process.is_none() {
            let mut p = EngineProcess::spawn(&self.spec.name, &self.spec.command)?;
            let deadline = Instant::now() + self.times.startup;
            self.protocol.handshake(&mut p, deadline)?;
            self.process = Some(p);
        }
        Ok(())
    }
}

impl<G: Game> Agent<G> for ExternalAgent<G> {
    fn name(&self) -> String {
        self.spec.name.clone()
    }

    fn choose(&mut self, state: &G, limits: &Limits) -> Result<SearchReport<G::Move>, AgentError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let started = Instant::now();
        let result = self.ensure_started().and_then(|_| {
            // A move with a time limit may take it plus a margin; without one, `timeout_ms`.
            let allowed = match limits.time_ms {
                Some(t) => Duration::from_millis(t) + self.times.margin,
                None => self.times.timeout,
            };
            let process = self.process.as_mut().expect("started");
            let (text, score) =
                self.protocol
                    .request_move(process, state, limits, Instant::now() + allowed)?;
            let mv = state
                .parse_move(&text)
                .map_err(|e| AgentError::IllegalMove(format!("{} ({e})", quote(&text))))?;
            if !state.is_legal(mv) {
                return Err(AgentError::IllegalMove(quote(&text)));
            }
            Ok(SearchReport {
                best: mv,
                score,
                depth: 0,
                nodes: 0,
                ms: started.elapsed().as_millis() as u64,
                pv: vec![mv],
            })
        });
        if let Err(e) = &result {
            self.failed = Some(e.clone());
            if let Some(mut p) = self.process.take() {
                p.kill();
            }
        }
        result
    }
}
