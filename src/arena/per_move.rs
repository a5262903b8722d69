//! Engines that are one process per move (Zebra): for every move an adapter
//! (`arena::adapters`) runs the program through a `Launcher` with what that move needs and
//! reads the move from its output. Apart from `external`, which drives them as agents, so
//! the adapters and the agent that uses them do not import each other.

use std::path::PathBuf;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::agent::AgentError;
use crate::engine_file::EngineSpec;
use crate::game::Game;
use crate::protocol::client::{read_lines, EngineAnswer, MoveRequest};

/// An engine that is one process per move (Zebra): for every move the adapter runs the program
/// with what that move needs (arguments, a position file) and reads the move from its output.
pub trait PerMoveProgram<G: Game>: Send {
    fn run_move(
        &mut self,
        program: &Launcher,
        state: &G,
        request: &MoveRequest,
        deadline: Instant,
    ) -> Result<EngineAnswer, AgentError>;
    /// `[params]` keys this adapter reads, checked in `configure`.
    fn param_keys(&self) -> &'static [&'static str] {
        &[]
    }
    fn configure(&mut self, spec: &EngineSpec) -> Result<(), String> {
        let _ = spec;
        Ok(())
    }
}

/// What a program run to its end printed, and how it ended.
pub struct ProgramOutput {
    pub status: ExitStatus,
    pub lines: Vec<String>,
}

/// Runs a one-process-a-move engine: the engine file's command (expanded) with extra arguments,
/// in its working directory, with no input, until it exits or the deadline.
#[derive(Clone, Debug)]
pub struct Launcher {
    pub label: String,
    pub command: Vec<String>,
    pub dir: Option<PathBuf>,
}

/// Most lines kept from one run of a per-move program (its output past that is read and dropped).
const MAX_PROGRAM_LINES: usize = 10_000;

impl Launcher {
    pub fn run(&self, extra: &[String], deadline: Instant) -> Result<ProgramOutput, AgentError> {
        let (program, args) = self
            .command
            .split_first()
            .ok_or_else(|| AgentError::Crashed(format!("{}: no command given", self.label)))?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &self.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd.spawn().map_err(|e| {
            AgentError::Crashed(format!("{}: cannot start {program:?}: {e}", self.label))
        })?;
        let (tx, rx) = mpsc::channel();
        read_lines(child.stdout.take().expect("piped stdout"), tx);
        let mut lines = Vec::new();
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(wait) {
                Ok(line) => {
                    if lines.len() < MAX_PROGRAM_LINES {
                        lines.push(line);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(AgentError::Timeout(format!(
                        "{}: no answer in time, killed",
                        self.label
                    )));
                }
            }
        }
        // The output is closed; the process is ending (or has closed stdout and hangs).
        let until = deadline.max(Instant::now() + Duration::from_millis(500));
        loop {
            match child.try_wait() {
                Ok(Some(status)) => return Ok(ProgramOutput { status, lines }),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(2)),
                _ => {
                    let _ = child.kill();
                    let status = child
                        .wait()
                        .map_err(|e| AgentError::Crashed(format!("{}: lost: {e}", self.label)))?;
                    return Ok(ProgramOutput { status, lines });
                }
            }
        }
    }
}
