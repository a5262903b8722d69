//! External engines as arena agents: `ExternalAgent` drives a child process through a text
//! protocol (the process plumbing and `ExternalProtocol` are in `protocol::client`, re-exported
//! here; `protocol_for` picks the implementation an engine file names). Engines that are one
//! process per move (Zebra) implement `PerMoveProgram` instead (`arena::per_move`; the Zebra adapter is in `arena::adapters`). Every failure
//! (cannot start, exits, hangs, garbage, illegal move) is an `AgentError`, which the arena turns
//! into a loss.
//!
//! Engine files name programs outside the repository through environment variables:
//! `command = ["${BOARDLAB_PEERS}/scan2/scan", "hub"]` and `[params] dir = "${BOARDLAB_PEERS}/scan2"`
//! (the working directory) are expanded here; an unset variable is an error naming it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::agent::{Agent, AgentError, Clock, Intent, Limits, SearchReport};
use crate::engine_file::EngineSpec;
use crate::game::error::quote;
use crate::game::{Game, MoveList};

pub use super::per_move::{Launcher, PerMoveProgram, ProgramOutput};
pub use crate::protocol::client::{
    EngineAnswer, EngineProcess, ExternalProtocol, MoveRequest, SpawnOptions,
};

/// The protocol an engine file names (`protocol = "line"`, the default): the protocols' table
/// (`protocol::client_for`), then the arena's own adapters.
pub fn protocol_for<G: Game>(name: Option<&str>) -> Result<Box<dyn ExternalProtocol<G>>, String> {
    let name = name.unwrap_or("line");
    if let Some(client) = crate::protocol::client_for::<G>(name) {
        return client;
    }
    match name {
        "guinn" => super::adapters::guinn_client::<G>(),
        other => Err(format!(
            "the arena does not speak protocol {other:?} to external engines yet (known: line, \
             gomocup, gtp, xboard, hub, guinn, zebra, nboard for othello)"
        )),
    }
}

/// The adapter for a one-process-a-move engine file (`protocol = "zebra"`), if it is one.
fn per_move_for<G: Game>(name: Option<&str>) -> Option<Result<Box<dyn PerMoveProgram<G>>, String>> {
    match name {
        Some("zebra") => Some(super::adapters::zebra_program::<G>()),
        _ => None,
    }
}

/// `${NAME}` in `text` replaced by the environment variable NAME; an unset one is an error
/// naming it (`$` without a brace is kept as it is).
pub fn expand_env(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("${") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        let end = after
            .find('}')
            .ok_or_else(|| format!("{}: `${{` without its closing `}}`", quote(text)))?;
        let name = &after[..end];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!(
                "{}: bad variable name {}",
                quote(text),
                quote(name)
            ));
        }
        match std::env::var(name) {
            Ok(v) if !v.is_empty() => out.push_str(&v),
            _ => {
                return Err(format!(
                    "{} needs the environment variable {name}, which is not set{}",
                    quote(text),
                    if name == "BOARDLAB_PEERS" {
                        " (the folder holding the peer engines: docs/arena.md, \"Peer engines\")"
                    } else {
                        ""
                    }
                ))
            }
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// A private directory where every file of `source` is linked: programs that write files into
/// their working directory (Zebra's log and game files) run there, one directory per engine
/// instance, so a read-only peer folder and games played at once do not collide. Removed on drop.
struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// `skip`: names of files the program writes itself (Zebra's log and game files), not
    /// linked, so its writes stay in the scratch directory and never reach `source`.
    fn new(source: &Path, label: &str, skip: &[&str]) -> Result<Scratch, String> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let safe: String = label
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        let path = std::env::temp_dir().join(format!(
            "boardlab-{safe}-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst)
        ));
        let bad = |e: std::io::Error| format!("scratch directory {}: {e}", path.display());
        std::fs::create_dir_all(&path).map_err(bad)?;
        let entries = std::fs::read_dir(source)
            .map_err(|e| format!("cannot read {}: {e}", source.display()))?;
        for entry in entries.flatten() {
            if skip
                .iter()
                .any(|n| entry.file_name() == std::ffi::OsStr::new(n))
            {
                continue;
            }
            let target = entry.path();
            #[cfg(unix)]
            std::os::unix::fs::symlink(&target, path.join(entry.file_name())).map_err(bad)?;
            #[cfg(not(unix))]
            if target.is_file() {
                std::fs::copy(&target, path.join(entry.file_name())).map_err(bad)?;
            }
        }
        Ok(Scratch { path })
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// How the engine is driven: one process a game speaking a protocol, or one process a move.
enum Driver<G: Game> {
    Session {
        protocol: Box<dyn ExternalProtocol<G>>,
        process: Option<EngineProcess>,
    },
    PerMove(Box<dyn PerMoveProgram<G>>),
}

/// An engine program as an `Agent`.
pub struct ExternalAgent<G: Game> {
    spec: EngineSpec,
    driver: Driver<G>,
    command: Vec<String>,
    spawn: SpawnOptions,
    /// Kept for its lifetime: the directory goes when the agent does.
    _scratch: Option<Scratch>,
    times: ExternalTimes,
    clock: Option<Clock>,
    /// What the engine said with its last move.
    last: EngineAnswer,
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

/// `[params]` every external engine may give (the protocol adds its own).
const ARENA_PARAMS: &[&str] = &[
    "startup_ms",
    "margin_ms",
    "timeout_ms",
    "dir",
    "scratch",
    "scratch_skip",
    "stderr",
];

impl<G: Game> ExternalAgent<G> {
    pub fn new(spec: &EngineSpec) -> Result<ExternalAgent<G>, String> {
        let named = |e: String| format!("engine {:?}: {e}", spec.name);
        let driver = match per_move_for::<G>(spec.protocol.as_deref()) {
            Some(program) => Driver::PerMove(program.map_err(named)?),
            None => Driver::Session {
                protocol: protocol_for::<G>(spec.protocol.as_deref()).map_err(named)?,
                process: None,
            },
        };
        Self::with_driver(spec, driver)
    }

    /// An engine program spoken to in `protocol` (the referee mode of hidden-information games
    /// chooses its own, `arena::hidden`).
    pub fn with_protocol(
        spec: &EngineSpec,
        protocol: Box<dyn ExternalProtocol<G>>,
    ) -> Result<ExternalAgent<G>, String> {
        let driver = Driver::Session {
            protocol,
            process: None,
        };
        Self::with_driver(spec, driver)
    }

    fn with_driver(spec: &EngineSpec, mut driver: Driver<G>) -> Result<ExternalAgent<G>, String> {
        let named = |e: String| format!("engine {:?}: {e}", spec.name);
        let own_keys = match &driver {
            Driver::Session { protocol, .. } => protocol.param_keys(),
            Driver::PerMove(p) => p.param_keys(),
        };
        let known: Vec<&str> = ARENA_PARAMS.iter().chain(own_keys).copied().collect();
        let p = crate::search::Params::new(spec, &known)?;
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
        let command = spec
            .command
            .iter()
            .map(|c| expand_env(c))
            .collect::<Result<Vec<_>, _>>()
            .map_err(named)?;
        let dir = p
            .string("dir")?
            .map(expand_env)
            .transpose()
            .map_err(named)?
            .map(PathBuf::from);
        if let Some(d) = &dir {
            if !d.is_dir() {
                return Err(named(format!(
                    "[params] dir {} is not a directory",
                    d.display()
                )));
            }
        }
        let read_stderr = match p.string("stderr")? {
            None | Some("discard") => false,
            Some("read") => true,
            Some(other) => {
                return Err(named(format!(
                    "[params] stderr = {other:?}: give \"read\" or \"discard\""
                )))
            }
        };
        match &mut driver {
            Driver::Session { protocol, .. } => protocol.configure(spec).map_err(named)?,
            Driver::PerMove(program) => program.configure(spec).map_err(named)?,
        }
        let scratch = if p.bool("scratch", false)? {
            let source = dir
                .as_ref()
                .ok_or_else(|| named("[params] scratch = true needs dir".into()))?;
            let skip = p.string("scratch_skip")?.unwrap_or("");
            let skip: Vec<&str> = skip
                .split(',')
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .collect();
            Some(Scratch::new(source, &spec.name, &skip).map_err(named)?)
        } else {
            None
        };
        let run_dir = scratch.as_ref().map(|s| s.path.clone()).or(dir);
        Ok(ExternalAgent {
            spec: spec.clone(),
            driver,
            command,
            spawn: SpawnOptions {
                dir: run_dir,
                read_stderr,
            },
            _scratch: scratch,
            times,
            clock: None,
            last: EngineAnswer::default(),
            failed: None,
        })
    }

    /// The running process of a session engine (tests kill it from outside).
    pub fn process_id(&self) -> Option<u32> {
        match &self.driver {
            Driver::Session { process, .. } => process.as_ref().map(|p| p.id()),
            Driver::PerMove(_) => None,
        }
    }

    fn fail(&mut self, e: &AgentError) {
        self.failed = Some(e.clone());
        if let Driver::Session { process, .. } = &mut self.driver {
            if let Some(mut p) = process.take() {
                p.kill();
            }
        }
    }

    /// Starts a session engine and shakes hands, once.
    fn started(&mut self) -> Result<(), AgentError> {
        if let Driver::Session { protocol, process } = &mut self.driver {
            if process.is_none() {
                let mut p = EngineProcess::spawn_with(&self.spec.name, &self.command, &self.spawn)?;
                let deadline = Instant::now() + self.times.startup;
                protocol.handshake(&mut p, deadline)?;
                *process = Some(p);
            }
        }
        Ok(())
    }

    fn ask(&mut self, state: &G, request: &MoveRequest) -> Result<EngineAnswer, AgentError> {
        self.started()?;
        // Under a clock the engine manages its own time: it may take what it has left; a
        // move with a time limit may take it plus a margin; without either, `timeout_ms`.
        let allowed = match (request.clock, request.limits.time_ms) {
            (Some(c), _) => Duration::from_millis(c.own_ms) + self.times.margin,
            (None, Some(t)) => Duration::from_millis(t) + self.times.margin,
            (None, None) => self.times.timeout,
        };
        let deadline = Instant::now() + allowed;
        match &mut self.driver {
            Driver::Session { protocol, process } => {
                let p = process.as_mut().expect("started");
                protocol.request(p, state, request, deadline)
            }
            Driver::PerMove(program) => {
                let launcher = Launcher {
                    label: self.spec.name.clone(),
                    command: self.command.clone(),
                    dir: self.spawn.dir.clone(),
                };
                program.run_move(&launcher, state, request, deadline)
            }
        }
    }
}

impl<G: Game> Agent<G> for ExternalAgent<G> {
    fn name(&self) -> String {
        self.spec.name.clone()
    }

    fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
    }

    fn choose(&mut self, state: &G, limits: &Limits) -> Result<SearchReport<G::Move>, AgentError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let started = Instant::now();
        let request = MoveRequest {
            limits: *limits,
            clock: self.clock,
        };
        let result = self.ask(state, &request).and_then(|answer| {
            let mv = match &answer.mv {
                Some(text) => {
                    let mv = state
                        .parse_move(text)
                        .map_err(|e| AgentError::IllegalMove(format!("{} ({e})", quote(text))))?;
                    if !state.is_legal(mv) {
                        return Err(AgentError::IllegalMove(quote(text)));
                    }
                    mv
                }
                // Resigned without a move: the report needs one; it is not played.
                None if answer.intent == Intent::Resign => {
                    let mut moves = MoveList::new();
                    state.legal_moves(&mut moves);
                    *moves.first().ok_or(AgentError::NoMove)?
                }
                None => return Err(AgentError::Garbage("an answer without a move".into())),
            };
            let report = SearchReport {
                best: mv,
                score: answer.score.unwrap_or(f64::NAN),
                depth: answer.depth.unwrap_or(0),
                nodes: answer.nodes.unwrap_or(0),
                ms: started.elapsed().as_millis() as u64,
                pv: vec![mv],
            };
            self.last = answer;
            Ok(report)
        });
        if let Err(e) = &result {
            self.fail(e);
        }
        result
    }

    fn intent(&mut self, _state: &G, _report: &SearchReport<G::Move>) -> Intent {
        self.last.intent
    }

    fn accept_draw(&mut self, state: &G) -> bool {
        if self.failed.is_some() {
            return false;
        }
        let deadline = Instant::now() + self.times.startup;
        let answer = match &mut self.driver {
            Driver::Session { protocol, process } => match process.as_mut() {
                Some(p) => protocol.offer_draw(p, state, deadline),
                None => Ok(false),
            },
            Driver::PerMove(_) => Ok(false),
        };
        match answer {
            Ok(yes) => yes,
            Err(e) => {
                // A crash while answering loses the game at the engine's next move.
                self.fail(&e);
                false
            }
        }
    }

    fn win_probability(&self, _report: &SearchReport<G::Move>) -> Option<f64> {
        self.last.win_probability
    }

    fn note(&self) -> Option<String> {
        self.last.note.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_variables_expand_and_unset_ones_are_named() {
        std::env::set_var("BOARDLAB_TEST_EXPAND", "/opt/peers");
        assert_eq!(
            expand_env("${BOARDLAB_TEST_EXPAND}/scan2/scan").unwrap(),
            "/opt/peers/scan2/scan"
        );
        assert_eq!(expand_env("plain $HOME text").unwrap(), "plain $HOME text");
        let e = expand_env("${BOARDLAB_TEST_UNSET_VARIABLE}/x").unwrap_err();
        assert!(e.contains("BOARDLAB_TEST_UNSET_VARIABLE"), "{e}");
        assert!(expand_env("${oops").is_err());
        assert!(expand_env("${a-b}").is_err());
    }
}
