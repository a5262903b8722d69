//! The NBoard protocol (Chris Welty's, for Othello GUIs; as Edax's `nboard.c` and NTest speak
//! it): the engine side (`NBoardServer`, `boardlab serve --protocol nboard --game othello`) and
//! the arena's client for NBoard engines (`NBoardClient`, engine files with
//! `protocol = "nboard"`).
//!
//! GUI to engine: `nboard <version>`, `set depth <n>`, `set game <GGF>`, `set contempt <n>`,
//! `move <mv>[/<eval>[/<time>]]`, `hint <n>`, `go`, `ping <n>`, `learn`, `analyze`, `quit`.
//! Engine to GUI: `set myname <name>` (after `nboard` and `set depth`), `status <text>`,
//! `=== <mv>/<eval>/<time>` (the answer to `go`; the engine does not play it: the GUI sends
//! `move` next), `search <mv> <eval> 0 <depth>` (one line per hinted move), `nodestats <nodes>
//! <seconds>`, `pong <n>` (once every command before the ping is done), `learned`.
//! NBoard has no error reply; like Edax, bad lines are answered with a `status` line naming the
//! bad text (GUIs show it), and the state is left as it was.
//!
//! Evaluations are the engine's score for the side to move in its own units (boardlab's Othello
//! evaluator: discs-like units); exact solvers give the final disc difference.

use std::time::Instant;

use super::session::{self, Session};
use crate::agent::{Agent, AgentError, Limits};
use crate::game::bindings::NBoardGame;
use crate::game::error::{parse_int, quote};
use crate::game::{Game, MoveList, RuleSet, Turn};
use crate::games::othello::{ggf, Othello, OthelloRules};
use crate::protocol::client::{EngineAnswer, EngineProcess, ExternalProtocol, MoveRequest};

/// The engine side: the game as the GUI set it, and an agent to answer `go` and `hint`.
pub struct NBoardServer {
    rules: OthelloRules,
    state: Othello,
    agent: Box<dyn Agent<Othello>>,
    limits: Limits,
    name: String,
}

impl NBoardServer {
    pub fn new(rules: OthelloRules, agent: Box<dyn Agent<Othello>>, limits: Limits) -> Self {
        let name = agent.name().replace(char::is_whitespace, "_");
        NBoardServer {
            rules,
            state: Othello::new(&rules),
            agent,
            limits,
            name: format!("boardlab-{name}"),
        }
    }

    fn search(
        &mut self,
        state: &Othello,
        limits: &Limits,
    ) -> Result<crate::agent::SearchReport<u8>, String> {
        let agent = &mut self.agent;
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| agent.choose(state, limits)))
            .map_err(|_| "the engine panicked".to_string())?
            .map_err(|e| format!("the engine found no move: {e}"))
    }

    fn go(&mut self) -> Result<Vec<String>, String> {
        if self.state.turn() == Turn::Terminal {
            return Err("the game is over: no move to make".into());
        }
        let state = self.state;
        let limits = self.limits;
        let report = self.search(&state, &limits)?;
        if !state.is_legal(report.best) {
            return Err("the engine chose an illegal move".into());
        }
        let mv = move_text(&state, report.best);
        let secs = report.ms as f64 / 1000.0;
        Ok(vec![
            "status thinking".into(),
            format!("nodestats {} {secs:.3}", report.nodes),
            format!("=== {mv}/{}/{secs:.3}", eval_text(report.score)),
            "status".into(),
        ])
    }

    /// `hint n`: the n best moves, each valued by a search of the position after it.
    fn hint(&mut self, n: usize) -> Result<Vec<String>, String> {
        let mut moves = MoveList::new();
        self.state.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err("the game is over: no move to hint".into());
        }
        let mut limits = self.limits;
        limits.depth = limits.depth.map(|d| d.saturating_sub(1).max(1));
        let mover = self.state.side();
        let mut valued = Vec::new();
        for &m in moves.iter() {
            let mut child = self.state;
            child.play(m);
            let (value, depth) = match child.turn() {
                Turn::Terminal => {
                    // From the side to move in `child`; the mover's view is the same or negated.
                    let d = child.final_disc_difference() as f64;
                    (if child.side() == mover { d } else { -d }, 60)
                }
                _ => {
                    let r = self.search(&child, &limits)?;
                    let v = if child.side() == mover {
                        r.score
                    } else {
                        -r.score
                    };
                    (v, r.depth + 1)
                }
            };
            valued.push((value, depth, m));
        }
        valued.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
        let mut out = vec!["status hinting".to_string()];
        for (value, depth, m) in valued.into_iter().take(n.max(1)) {
            out.push(format!(
                "search {} {} 0 {depth}",
                move_text(&self.state, m),
                eval_text(value)
            ));
        }
        out.push("status".into());
        Ok(out)
    }

    fn set(&mut self, rest: &str) -> Result<Vec<String>, String> {
        let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        match what {
            "depth" => {
                let d: u32 = parse_int("set depth", value, 1, 60)?;
                self.limits.depth = Some(d);
                Ok(vec![format!("set myname {}", self.name)])
            }
            "game" => {
                let g = ggf::read(&self.rules, value).map_err(|e| e.to_string())?;
                self.state = g.position();
                self.agent.new_game();
                Ok(vec![])
            }
            "contempt" => parse_int("set contempt", value, i64::MIN, i64::MAX).map(|_| vec![]),
            other => Err(format!("unknown setting {}", quote(other))),
        }
    }
}

/// A move as NBoard writes it: upper-case square or `PA`.
fn move_text(state: &Othello, mv: u8) -> String {
    if state.is_pass(mv) {
        "PA".into()
    } else {
        state.format_move(mv).to_ascii_uppercase()
    }
}

fn eval_text(score: f64) -> String {
    if score.is_finite() {
        format!("{score:.2}")
    } else {
        String::new()
    }
}

impl Session for NBoardServer {
    fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        let line = line.trim();
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        let reply = match cmd {
            "" => Ok(vec![]),
            "quit" => return (vec![], true),
            "nboard" => parse_int("nboard protocol version", rest, 0, u32::MAX)
                .map(|_| vec![format!("set myname {}", self.name)]),
            "set" => self.set(rest),
            "move" => ggf::parse_move(&self.state, rest)
                .map(|mv| {
                    self.state.play(mv);
                    vec![]
                })
                .map_err(|e| e.to_string()),
            "go" => self.go(),
            "hint" => parse_int("hint", rest, 0, usize::MAX).and_then(|n| self.hint(n)),
            // `pong <n>`; a bare `ping` gets a bare `pong` (no trailing space).
            "ping" => Ok(vec![format!("pong {rest}").trim_end().to_string()]),
            "learn" => Ok(vec!["learned".into()]),
            "analyze" => Ok(vec!["status analyze is not supported".into()]),
            other => Err(format!("unknown command {}", quote(other))),
        };
        match reply {
            Ok(lines) => (lines, false),
            Err(msg) => (vec![format!("status error: {msg}")], false),
        }
    }
    fn malformed(&mut self, why: &str) -> Vec<String> {
        vec![format!("status error: {why}")]
    }
}

/// The engine `serve --protocol nboard` plays without `--engine`.
const DEFAULT_ENGINE: &str =
    "name = \"ab\"\ngame = \"othello\"\nbackend = \"alphabeta\"\n[limits]\ndepth = 6\n";

/// `boardlab serve --protocol nboard`: Othello only (the server is written for its board).
pub fn serve_cli(engine: Option<&std::path::Path>) -> Result<(), String> {
    let spec = crate::engine_file::EngineSpec::load_or(engine, DEFAULT_ENGINE)?;
    let rules = OthelloRules::parse(&spec.rules).map_err(|e| e.to_string())?;
    let agent = crate::search::build_agent::<Othello>(&spec, 0)?;
    session::serve_stdio(&mut NBoardServer::new(rules, agent, spec.limits), "nboard")
}

/// The arena's side: NBoard engines (Edax `-nboard`, NTest, boardlab itself). Every move sends
/// the position as a GGF game, `go`, and reads to the `===` line; a `ping` before each request
/// skips whatever the engine still said about the last one.
#[derive(Default)]
pub struct NBoardClient {
    pings: u64,
    depth_sent: Option<u32>,
}

impl NBoardClient {
    fn sync(&mut self, process: &mut EngineProcess, deadline: Instant) -> Result<(), AgentError> {
        self.pings += 1;
        process.send(&format!("ping {}", self.pings))?;
        let want = format!("pong {}", self.pings);
        loop {
            if process.recv(deadline)?.trim() == want {
                return Ok(());
            }
        }
    }
}

/// Reads `=== F5/1.23/0.5` (NBoard 2) or `=== F5 1.23 0.5` (Edax): the move and its eval.
pub fn parse_answer(line: &str) -> Option<(String, Option<f64>)> {
    let rest = line.trim().strip_prefix("===")?.trim();
    let mut parts = rest
        .split(|c: char| c == '/' || c.is_whitespace())
        .filter(|p| !p.is_empty());
    let mv = parts.next()?.to_string();
    let eval = parts
        .next()
        .and_then(|e| e.parse::<f64>().ok())
        .filter(|e| e.is_finite());
    Some((mv, eval))
}

impl<G: NBoardGame> ExternalProtocol<G> for NBoardClient {
    fn handshake(
        &mut self,
        process: &mut EngineProcess,
        deadline: Instant,
    ) -> Result<(), AgentError> {
        process.send("nboard 2")?;
        self.sync(process, deadline)
    }

    fn request(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        request: &MoveRequest,
        deadline: Instant,
    ) -> Result<EngineAnswer, AgentError> {
        if let Some(d) = request.limits.depth {
            if self.depth_sent != Some(d) {
                process.send(&format!("set depth {d}"))?;
                self.depth_sent = Some(d);
            }
        }
        self.sync(process, deadline)?;
        process.send(&format!("set game {}", state.nboard_game()))?;
        process.send("go")?;
        let mut nodes = None;
        loop {
            let line = process.recv(deadline)?;
            if let Some(stats) = line.trim().strip_prefix("nodestats ") {
                nodes = stats.split_whitespace().next().and_then(|n| n.parse().ok());
                continue;
            }
            if line.trim().starts_with("===") {
                let (mv, eval) = parse_answer(&line).ok_or_else(|| {
                    AgentError::Garbage(format!("unreadable NBoard move {}", quote(&line)))
                })?;
                let text = if mv.eq_ignore_ascii_case("pa") {
                    "pass".to_string()
                } else {
                    mv.to_ascii_lowercase()
                };
                let mut answer = EngineAnswer::with_move(text, eval);
                answer.nodes = nodes;
                return Ok(answer);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::baselines::RandomAgent;

    fn server() -> NBoardServer {
        NBoardServer::new(
            OthelloRules::default(),
            Box::new(RandomAgent::new("r", 1)),
            Limits::default(),
        )
    }

    #[test]
    fn answers_parse_in_both_dialects() {
        assert_eq!(
            parse_answer("=== F5/1.50/0.2"),
            Some(("F5".into(), Some(1.5)))
        );
        assert_eq!(
            parse_answer("=== d3 -2.00 0.1"),
            Some(("d3".into(), Some(-2.0)))
        );
        assert_eq!(parse_answer("=== PA"), Some(("PA".into(), None)));
        assert_eq!(parse_answer("status"), None);
    }

    #[test]
    fn a_session_sets_a_game_moves_and_answers() {
        let mut s = server();
        assert!(s.handle("nboard 2").0[0].starts_with("set myname "));
        let (r, _) = s.handle("set game (;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)");
        assert!(r.is_empty(), "{r:?}");
        assert!(s.handle("move E6/0.5/1.0").0.is_empty());
        let (r, _) = s.handle("go");
        let answer = r.iter().find(|l| l.starts_with("===")).expect("a move");
        let (mv, _) = parse_answer(answer).unwrap();
        let mut pos = s.state;
        assert!(pos.play_text(&mv).is_ok(), "{mv} is legal after f5 f6 e6");
        assert_eq!(s.handle("ping 7").0, vec!["pong 7".to_string()]);
        for bad in [
            "move Z9",
            "set game nonsense",
            "hint x",
            "frobnicate",
            "set depth 0",
        ] {
            let (r, quit) = s.handle(bad);
            assert!(
                !quit && r.len() == 1 && r[0].starts_with("status error"),
                "{bad}: {r:?}"
            );
        }
        assert_eq!(
            s.malformed("not UTF-8"),
            vec!["status error: not UTF-8".to_string()]
        );
        assert!(s.handle("quit").1);
    }
}
