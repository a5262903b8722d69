//! The line protocol's referee mode, for games that hide information (Junqi): the referee holds
//! the true state and sends each program only what its seat observes, so two programs play each
//! other while each sees only its own view (docs/protocol.md).
//!
//! The engine side (`ObserverServer`, `boardlab serve --protocol line --game junqi`) takes
//! `observation <text>` where the plain mode takes `position`; `go` answers `bestmove` as
//! usual. The referee side (`ObserverClient`) is what the arena speaks to an external engine of
//! a hidden-information game: `rules`, `observation`, `go`, for every move.

use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

use super::line::{go_command, parse_go_limits, LineClient};
use super::session::{self, Session};
use crate::agent::{AgentError, Limits, ObservingAgent};
use crate::engine_file::EngineSpec;
use crate::eval::hidden::{HiddenGame, HiddenVisitor};
use crate::eval::GameKnowledge;
use crate::game::error::quote;
use crate::game::{ImperfectInformation, MoveList, RuleSet};
use crate::protocol::client::{EngineAnswer, EngineProcess, ExternalProtocol, MoveRequest};

/// The engine side: the rules, the last observation received, and an observing agent.
pub struct ObserverServer<G: ImperfectInformation> {
    rules: G::Rules,
    observation: Option<G::Observation>,
    agent: Box<dyn ObservingAgent<G>>,
    /// The engine file's limits; `go` arguments override them.
    limits: Limits,
}

impl<G: ImperfectInformation> ObserverServer<G> {
    pub fn new(agent: Box<dyn ObservingAgent<G>>, limits: Limits) -> Self {
        ObserverServer {
            rules: G::Rules::default(),
            observation: None,
            agent,
            limits,
        }
    }

    /// Answers one command line: the reply lines and whether to quit.
    pub fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        let line = line.trim();
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        let reply = match cmd {
            "" => Ok(vec![]),
            "quit" => return (vec![], true),
            "isready" => Ok(vec!["readyok".to_string()]),
            "rules" => G::Rules::parse(rest)
                .map(|r| {
                    self.rules = r;
                    self.observation = None;
                    vec![]
                })
                .map_err(|e| format!("bad rules {}: {e}", quote(rest))),
            "newgame" => {
                self.observation = None;
                self.agent.new_game();
                Ok(vec![])
            }
            "observation" => G::parse_observation(&self.rules, rest)
                .map(|o| {
                    self.observation = Some(o);
                    vec![]
                })
                .map_err(|e| format!("bad observation: {e}")),
            "legal" => self.current().map(|o| {
                let mut moves = MoveList::new();
                G::observed_legal_moves(o, &mut moves);
                let texts: Vec<String> = moves
                    .iter()
                    .map(|&m| G::format_observed_move(o, m))
                    .collect();
                vec![format!("legal {}", texts.join(" ")).trim_end().to_string()]
            }),
            "print" => self
                .current()
                .map(|o| vec![format!("observation {}", G::format_observation(o))]),
            "position" | "moves" => Err(format!(
                "{} hides information: the referee sends `observation <text>`, not positions",
                G::ID
            )),
            "go" => self.go(rest),
            "help" => Ok(vec![
                "info commands: isready rules newgame observation legal print go quit".to_string(),
            ]),
            other => Err(format!("unknown command {}", quote(other))),
        };
        match reply {
            Ok(lines) => (lines, false),
            Err(msg) => (vec![format!("error {msg}")], false),
        }
    }

    fn current(&self) -> Result<&G::Observation, String> {
        self.observation
            .as_ref()
            .ok_or_else(|| "no observation yet (send `observation <text>`)".to_string())
    }

    fn go(&mut self, args: &str) -> Result<Vec<String>, String> {
        let limits = self.limits.replaced_by(parse_go_limits(args)?);
        let obs = self
            .observation
            .as_ref()
            .ok_or("go: no observation yet (send `observation <text>`)")?;
        let mut moves = MoveList::new();
        G::observed_legal_moves(obs, &mut moves);
        if moves.is_empty() {
            return Err("go: the observer is not to move".into());
        }
        let agent = &mut self.agent;
        let report = catch_unwind(AssertUnwindSafe(|| agent.choose(obs, &limits)))
            .map_err(|_| "go: the engine panicked".to_string())?
            .map_err(|e| format!("go: {e}"))?;
        Ok(vec![format!(
            "bestmove {} score {} depth {} nodes {}",
            G::format_observed_move(obs, report.best),
            report.score,
            report.depth,
            report.nodes
        )])
    }
}

impl<G: ImperfectInformation> Session for ObserverServer<G> {
    fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        ObserverServer::handle(self, line)
    }
    fn malformed(&mut self, why: &str) -> Vec<String> {
        vec![format!("error {why}")]
    }
}

/// For a hidden-information game `G`: serves the referee mode on stdin/stdout with the engine
/// file `engine` (a random player without one). None for other games.
pub fn serve_if_hidden<G: GameKnowledge>(
    engine: Option<&std::path::Path>,
) -> Option<Result<(), String>> {
    struct Serve<'a>(Option<&'a std::path::Path>);
    impl<H: GameKnowledge> HiddenVisitor<H> for Serve<'_> {
        type Output = Result<(), String>;
        fn visit(self) -> Self::Output
        where
            H: HiddenGame,
        {
            let (agent, limits) = match self.0 {
                Some(path) => {
                    let spec = EngineSpec::load(path)?;
                    (H::observing_agent(&spec, 0)?, spec.limits)
                }
                None => (
                    Box::new(crate::search::baselines::RandomAgent::new("random", 0))
                        as Box<dyn ObservingAgent<H>>,
                    Limits::default(),
                ),
            };
            let stdin = std::io::stdin();
            serve(
                ObserverServer::<H>::new(agent, limits),
                stdin.lock(),
                std::io::stdout().lock(),
            )
            .map_err(|e| e.to_string())
        }
    }
    G::as_hidden(Serve(engine))
}

/// Runs a server until `quit` or end of input.
pub fn serve<G: ImperfectInformation>(
    mut server: ObserverServer<G>,
    input: impl BufRead,
    output: impl Write,
) -> std::io::Result<()> {
    session::serve(&mut server, input, output)
}

/// The referee's side: for each move it sends the observation of the seat to move, never the
/// state it holds.
pub struct ObserverClient;

impl<G: ImperfectInformation> ExternalProtocol<G> for ObserverClient {
    fn handshake(
        &mut self,
        process: &mut EngineProcess,
        deadline: Instant,
    ) -> Result<(), AgentError> {
        ExternalProtocol::<G>::handshake(&mut LineClient, process, deadline)
    }

    /// The line protocol's request with the seat's observation in place of the position; the
    /// answer is read as the line client reads it (scores, offers, `resign`).
    fn request(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        request: &MoveRequest,
        deadline: Instant,
    ) -> Result<EngineAnswer, AgentError> {
        let player = state.current_player().ok_or(AgentError::NoMove)?;
        let obs = state.observe(player);
        process.send(&format!("rules {}", state.rules().to_text()))?;
        process.send(&format!("observation {}", G::format_observation(&obs)))?;
        process.send(&go_command(&request.limits))?;
        LineClient::bestmove(process, deadline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::junqi::Junqi;
    use crate::search::baselines::RandomAgent;

    fn server() -> ObserverServer<Junqi> {
        ObserverServer::new(Box::new(RandomAgent::new("r", 1)), Limits::default())
    }

    fn one(s: &mut ObserverServer<Junqi>, line: &str) -> String {
        let (r, quit) = s.handle(line);
        assert!(!quit);
        r.join("\n")
    }

    #[test]
    fn observation_legal_and_bestmove() {
        let mut s = server();
        assert_eq!(one(&mut s, "isready"), "readyok");
        assert!(one(&mut s, "go").starts_with("error"));
        assert_eq!(one(&mut s, "observation r setup"), "");
        assert_eq!(
            one(&mut s, "legal"),
            "legal a1=S a1=J a1=D a1=L a1=T a1=Y a1=C a1=P a1=G a1=Z a1=M"
        );
        let best = one(&mut s, "go playouts 10");
        assert!(best.starts_with("bestmove a1="), "{best}");
        // Black's view while red sets up: not black's turn.
        assert_eq!(one(&mut s, "observation b setup | a1=? b1=?"), "");
        assert_eq!(one(&mut s, "legal"), "legal");
        assert!(one(&mut s, "go").starts_with("error go: the observer is not to move"));
        assert_eq!(one(&mut s, "print"), "observation b setup | a1=? b1=?");
    }

    #[test]
    fn bad_input_gives_error_lines() {
        let mut s = server();
        for bad in [
            "position startpos",
            "moves a1=M",
            "observation",
            "observation r setup | a1=F",
            "observation x setup",
            "observation r setup | b1=M",
            "rules mine=sometimes",
            "go depth",
            "frobnicate",
            "observation \u{0}",
        ] {
            let r = one(&mut s, bad);
            assert!(r.starts_with("error "), "{bad:?} gave {r:?}");
        }
    }
}
