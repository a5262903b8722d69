//! The generic line protocol (docs/protocol.md): one command a line in, zero or more answer
//! lines out, in the game's own notation. Bad input gets an `error <message>` line, never a
//! crash. `LineServer` is the engine side (`boardlab serve --protocol line`), `LineClient` the
//! arena's side for external engines.

use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

use super::session::{self, Session};
use crate::agent::{Agent, AgentError, Intent, Limits};
use crate::eval::GameKnowledge;
use crate::game::error::{parse_int, quote};
use crate::game::{Game, MoveList, RuleSet, Turn};
use crate::protocol::client::{EngineAnswer, EngineProcess, ExternalProtocol, MoveRequest};

/// The engine side: a current position and an agent to answer `go`.
pub struct LineServer<G: GameKnowledge> {
    rules: G::Rules,
    state: G,
    agent: Box<dyn Agent<G>>,
    /// The engine file's limits; `go` arguments override them.
    limits: Limits,
}

impl<G: GameKnowledge> LineServer<G> {
    pub fn new(agent: Box<dyn Agent<G>>, limits: Limits) -> Self {
        let rules = G::Rules::default();
        LineServer {
            state: G::new(&rules),
            rules,
            agent,
            limits,
        }
    }

    /// Answers one command line. Returns the reply lines and whether to quit.
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
            "rules" => self.set_rules(rest),
            "newgame" => {
                self.state = G::new(&self.rules);
                self.agent.new_game();
                Ok(vec![])
            }
            "position" => self.set_position(rest),
            "moves" => self.play_moves(rest).map(|_| vec![]),
            "legal" => Ok(vec![self.legal()]),
            "print" => Ok(vec![format!("position {}", self.state.format_position())]),
            "turn" => Ok(vec![format!(
                "turn {}",
                match self.state.turn() {
                    Turn::Player(p) => p.to_string(),
                    Turn::Chance => "chance".into(),
                    Turn::Terminal => "terminal".into(),
                }
            )]),
            "returns" => self.returns(),
            "go" => self.go(rest),
            "drawoffer" => Ok(vec![self.draw_offer()]),
            "help" => Ok(vec![
                "info commands: isready rules newgame position moves legal print turn returns go \
                 drawoffer quit"
                    .to_string(),
            ]),
            other => Err(format!("unknown command {}", quote(other))),
        };
        match reply {
            Ok(lines) => (lines, false),
            Err(msg) => (vec![format!("error {msg}")], false),
        }
    }

    fn set_rules(&mut self, text: &str) -> Result<Vec<String>, String> {
        let rules = G::Rules::parse(text).map_err(|e| format!("bad rules: {e}"))?;
        self.state = G::new(&rules);
        self.rules = rules;
        Ok(vec![])
    }

    /// `position startpos|<text> [moves m1 m2 ...]`: all or nothing.
    fn set_position(&mut self, rest: &str) -> Result<Vec<String>, String> {
        let (pos, moves) = match rest.find(" moves") {
            Some(i) if rest[i + 6..].is_empty() || rest[i + 6..].starts_with(' ') => {
                (rest[..i].trim(), Some(rest[i + 6..].trim()))
            }
            _ => (rest, None),
        };
        let pos = pos.trim();
        if pos.is_empty() {
            return Err("position needs `startpos` or a position".into());
        }
        let state = if pos == "startpos" {
            G::new(&self.rules)
        } else {
            G::parse_position(&self.rules, pos).map_err(|e| format!("bad {e}"))?
        };
        let saved = std::mem::replace(&mut self.state, state);
        if let Some(ms) = moves {
            if let Err(e) = self.play_moves(ms) {
                self.state = saved;
                return Err(e);
            }
        }
        Ok(vec![])
    }

    /// Plays moves on a copy; the position changes only if every move is legal.
    fn play_moves(&mut self, text: &str) -> Result<(), String> {
        let mut s = self.state.clone();
        for mv in text.split_whitespace() {
            // The error names the move once (`illegal move "f5"`, or the parse error).
            s.play_text(mv).map_err(|e| e.to_string())?;
        }
        self.state = s;
        Ok(())
    }

    fn legal(&self) -> String {
        match self.state.turn() {
            Turn::Player(_) => {
                let mut ms = MoveList::new();
                self.state.legal_moves(&mut ms);
                let texts: Vec<String> = ms.iter().map(|&m| self.state.format_move(m)).collect();
                format!("legal {}", texts.join(" ")).trim_end().to_string()
            }
            Turn::Chance => {
                let mut out = Vec::new();
                self.state.chance_outcomes(&mut out);
                let texts: Vec<String> = out
                    .iter()
                    .map(|&(m, p)| format!("{}:{p}", self.state.format_move(m)))
                    .collect();
                format!("chance {}", texts.join(" "))
            }
            Turn::Terminal => "legal".to_string(),
        }
    }

    fn returns(&self) -> Result<Vec<String>, String> {
        if !self.state.is_terminal() {
            return Err("the game is not over".into());
        }
        let r = self.state.returns();
        let vals: Vec<String> = r.as_slice().iter().map(|v| v.to_string()).collect();
        Ok(vec![format!("returns {}", vals.join(" "))])
    }

    fn go(&mut self, args: &str) -> Result<Vec<String>, String> {
        let limits = parse_go_limits(args)?;
        match self.state.turn() {
            Turn::Player(_) => {}
            Turn::Chance => return Err("go: a chance node, no one to move".into()),
            Turn::Terminal => return Err("go: the game is over".into()),
        }
        let limits = self.limits.replaced_by(limits);
        let state = &self.state;
        let agent = &mut self.agent;
        let report = catch_unwind(AssertUnwindSafe(|| agent.choose(state, &limits)))
            .map_err(|_| "go: the engine panicked".to_string())?
            .map_err(|e| format!("go: {e}"))?;
        let intent = self.agent.intent(&self.state, &report);
        if intent == Intent::Resign {
            return Ok(vec!["resign".to_string()]);
        }
        let mut line = format!(
            "bestmove {} score {} depth {} nodes {}",
            self.state.format_move(report.best),
            report.score,
            report.depth,
            report.nodes
        );
        if let Some(p) = self.agent.win_probability(&report) {
            line.push_str(&format!(" winprob {p}"));
        }
        if intent == Intent::OfferDraw {
            line.push_str(" offer draw");
        }
        Ok(vec![line])
    }

    /// `drawoffer`: the opponent offers a draw in the current position.
    fn draw_offer(&mut self) -> String {
        let (agent, state) = (&mut self.agent, &self.state);
        let yes = catch_unwind(AssertUnwindSafe(|| agent.accept_draw(state))).unwrap_or(false);
        format!("draw {}", if yes { "accept" } else { "decline" })
    }
}

/// The limits of a `go [depth n] [nodes n] [time ms] [playouts n]` command.
pub fn parse_go_limits(args: &str) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        let value = words
            .get(i + 1)
            .ok_or_else(|| format!("go: {} needs a number", words[i]))?;
        // A depth beyond u32 (the CLI's `--depth`) is refused, not cut to its low bits.
        let max = if words[i] == "depth" {
            u32::MAX.into()
        } else {
            u64::MAX
        };
        let n: u64 = parse_int(&format!("go: {}", words[i]), value, 0, max)?;
        match words[i] {
            "depth" => limits.depth = Some(n as u32),
            "nodes" => limits.nodes = Some(n),
            "time" => limits.time_ms = Some(n),
            "playouts" => limits.playouts = Some(n),
            other => return Err(format!("go: unknown limit {}", quote(other))),
        }
        i += 2;
    }
    Ok(limits)
}

/// The `go` command for these limits (what `parse_go_limits` reads).
pub fn go_command(limits: &Limits) -> String {
    let mut go = String::from("go");
    for (k, v) in [
        ("depth", limits.depth.map(u64::from)),
        ("nodes", limits.nodes),
        ("time", limits.time_ms),
        ("playouts", limits.playouts),
    ] {
        if let Some(v) = v {
            go.push_str(&format!(" {k} {v}"));
        }
    }
    go
}

impl<G: GameKnowledge> Session for LineServer<G> {
    fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        LineServer::handle(self, line)
    }
    fn malformed(&mut self, why: &str) -> Vec<String> {
        vec![format!("error {why}")]
    }
}

/// Runs a server until `quit` or end of input (framing: `protocol::session`).
pub fn serve<G: GameKnowledge>(
    mut server: LineServer<G>,
    input: impl BufRead,
    output: impl Write,
) -> std::io::Result<()> {
    session::serve(&mut server, input, output)
}

/// The arena's side of the line protocol.
pub struct LineClient;

impl LineClient {
    /// Skips `info` and blank lines; returns the first other line.
    pub(crate) fn answer(
        process: &mut EngineProcess,
        deadline: Instant,
    ) -> Result<String, AgentError> {
        loop {
            let line = process.recv(deadline)?;
            let t = line.trim();
            if t.is_empty() || t == "info" || t.starts_with("info ") {
                continue;
            }
            return Ok(t.to_string());
        }
    }
}

impl<G: Game> ExternalProtocol<G> for LineClient {
    fn handshake(
        &mut self,
        process: &mut EngineProcess,
        deadline: Instant,
    ) -> Result<(), AgentError> {
        process.send("isready")?;
        match Self::answer(process, deadline)?.as_str() {
            "readyok" => Ok(()),
            other => Err(AgentError::Garbage(format!(
                "expected readyok, got {}",
                quote(other)
            ))),
        }
    }

    /// `go` answers `bestmove M [score S] [depth D] [nodes N] [winprob P] [offer draw]`, or
    /// `resign`.
    fn request(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        request: &MoveRequest,
        deadline: Instant,
    ) -> Result<EngineAnswer, AgentError> {
        let limits = &request.limits;
        process.send(&format!("rules {}", state.rules().to_text()))?;
        process.send(&format!("position {}", state.format_position()))?;
        process.send(&go_command(limits))?;
        Self::bestmove(process, deadline)
    }

    /// `drawoffer` in the position; `draw accept` accepts. `isready` follows, so an engine that
    /// does not know offers (an `error` line, or nothing) declines rather than hangs.
    fn offer_draw(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        deadline: Instant,
    ) -> Result<bool, AgentError> {
        process.send(&format!("rules {}", state.rules().to_text()))?;
        process.send(&format!("position {}", state.format_position()))?;
        process.send("drawoffer")?;
        process.send("isready")?;
        let mut accepted = false;
        loop {
            match Self::answer(process, deadline)?.as_str() {
                "readyok" => return Ok(accepted),
                "draw accept" => accepted = true,
                _ => {}
            }
        }
    }
}

impl LineClient {
    /// Reads a `bestmove <move> [score <s>] ...` (or `resign`) answer.
    pub(crate) fn bestmove(
        process: &mut EngineProcess,
        deadline: Instant,
    ) -> Result<EngineAnswer, AgentError> {
        let line = Self::answer(process, deadline)?;
        if let Some(msg) = line.strip_prefix("error") {
            return Err(AgentError::Other(format!("engine answered error:{msg}")));
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if words == ["resign"] {
            return Ok(EngineAnswer {
                intent: Intent::Resign,
                ..Default::default()
            });
        }
        if words.first() != Some(&"bestmove") || words.len() < 2 {
            return Err(AgentError::Garbage(format!(
                "expected bestmove, got {}",
                quote(&line)
            )));
        }
        let value = |key: &str| {
            words
                .iter()
                .position(|w| *w == key)
                .and_then(|i| words.get(i + 1))
        };
        let offers = words.windows(2).any(|w| w == ["offer", "draw"]);
        Ok(EngineAnswer {
            mv: Some(words[1].to_string()),
            score: value("score").and_then(|s| s.parse().ok()),
            depth: value("depth").and_then(|s| s.parse().ok()),
            nodes: value("nodes").and_then(|s| s.parse().ok()),
            win_probability: value("winprob").and_then(|s| s.parse().ok()),
            intent: if offers {
                Intent::OfferDraw
            } else {
                Intent::Play
            },
            note: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::Othello;
    use crate::search::baselines::RandomAgent;

    fn server() -> LineServer<Othello> {
        LineServer::new(Box::new(RandomAgent::new("r", 1)), Limits::default())
    }

    fn one(s: &mut LineServer<Othello>, line: &str) -> String {
        let (r, quit) = s.handle(line);
        assert!(!quit);
        r.join("\n")
    }

    #[test]
    fn legal_moves_and_bestmove() {
        let mut s = server();
        assert_eq!(one(&mut s, "isready"), "readyok");
        assert_eq!(one(&mut s, "legal"), "legal d3 c4 f5 e6");
        assert_eq!(one(&mut s, "position startpos moves f5"), "");
        assert_eq!(one(&mut s, "turn"), "turn 1");
        let best = one(&mut s, "go depth 1");
        assert!(best.starts_with("bestmove "), "{best}");
        let mv = best.split_whitespace().nth(1).unwrap().to_string();
        assert!(one(&mut s, "legal").split_whitespace().any(|m| m == mv));
        // The printed position reads back.
        let printed = one(&mut s, "print");
        let text = printed.strip_prefix("position ").unwrap().to_string();
        assert_eq!(one(&mut s, &format!("position {text}")), "");
        assert_eq!(one(&mut s, "print"), printed);
        assert_eq!(s.handle("quit"), (vec![], true));
    }

    #[test]
    fn bad_input_gives_error_lines() {
        let mut s = server();
        for bad in [
            "frobnicate",
            "position",
            "position nonsense",
            "position startpos moves a9",
            "moves d3 d3",
            "rules nosuchkey=1",
            "go depth",
            "go depth x",
            "go speed 3",
            "returns",
            "position \u{0}\u{1}",
        ] {
            let r = one(&mut s, bad);
            assert!(r.starts_with("error "), "{bad:?} gave {r:?}");
        }
        // Failed commands left the position alone.
        assert_eq!(one(&mut s, "legal"), "legal d3 c4 f5 e6");
        // Issue 41: a depth past u32 was cut to its low bits (4294967296 searched depth 0).
        assert_eq!(
            parse_go_limits("depth 4294967296").unwrap_err(),
            "go: depth: \"4294967296\" is out of range (at most 4294967295)"
        );
        // A failed `moves` is all or nothing.
        assert!(one(&mut s, "moves f5 zz").starts_with("error"));
        assert_eq!(one(&mut s, "legal"), "legal d3 c4 f5 e6");
    }

    #[test]
    fn serve_loop_reads_until_quit() {
        let input = b"isready\nbogus\nquit\nisready\n";
        let mut out = Vec::new();
        serve(server(), &input[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "readyok\nerror unknown command \"bogus\"\n");
    }
}
