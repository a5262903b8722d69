//! XBoard / CECP (the Chess Engine Communication Protocol, protover 2), both sides:
//!
//! - `XBoardServer`: boardlab as an XBoard engine (`boardlab serve --protocol xboard --game G
//!   --engine E`), a `protocol::session::Session`;
//! - `XBoardClient`: the arena driving an XBoard engine program (engine file
//!   `backend = "external"`, `protocol = "xboard"`), an `arena::external::ExternalProtocol`.
//!
//! A game joins by implementing `game::bindings::XBoardGame` in its folder (the variant names it
//! answers to, each a rule text, and a comment for results) and naming it in `Game::bindings`. Positions are the game's own text (`setboard`), moves its
//! own notation (`usermove`), so a game whose notation is XBoard's (Wa shogi: `h3g4`, `f9g8+`,
//! `P@d5`, FENs with `[holdings]`) needs nothing else.
//!
//! Server commands: `xboard`, `protover N` (answers the `feature` lines, `done=1` last),
//! `accepted`/`rejected`, `new`, `variant V`, `setboard FEN`, `force`, `go`, `playother`,
//! `usermove M` (and a bare move), `undo`, `remove`, `level MPS BASE INC`, `st S`, `sd D`,
//! `time CS`, `otim CS`, `ping N` (`pong N`), `post`/`nopost`, `result ...`, `quit`; `hard`,
//! `easy`, `random`, `computer`, `name`, `ics`, `white`, `black`, `?`, `.`, `hint`, `bk` are
//! accepted and ignored. `draw` (the opponent's offer) is answered `offer draw` when the engine
//! accepts (its engine file's `[offers] accept_score`); the engine's own offers (`offer draw`
//! before its `move`) and `resign` come from the same `[offers]` thresholds. An illegal move
//! answers `Illegal move: M` and changes nothing; a bad `setboard` answers `tellusererror Illegal position: ...`; an unknown command
//! `Error (unknown command): ...`. The search runs to its limit before the next command is read
//! (`?` cannot interrupt it). Results are announced as `1-0 {...}`, `0-1 {...}`,
//! `1/2-1/2 {...}` (the first player is "white").

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use super::session::{self, Session};
use crate::agent::{Agent, AgentError, Intent, Limits};
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::game::bindings::XBoardGame;
use crate::game::error::{cut, parse_float, parse_int};
use crate::game::{Game, PlayerId, RuleSet, Turn};
use crate::protocol::client::{EngineAnswer, EngineProcess, ExternalProtocol, MoveRequest};

/// `1-0`, `0-1` or `1/2-1/2` for a finished game.
fn result_text<G: Game>(state: &G) -> &'static str {
    let r = state.returns().get(0);
    if r > 0.0 {
        "1-0"
    } else if r < 0.0 {
        "0-1"
    } else {
        "1/2-1/2"
    }
}

/// The engine side.
pub struct XBoardServer<G: XBoardGame> {
    rules: G::Rules,
    variant: &'static str,
    state: G,
    /// Earlier states of this game, for `undo`.
    undo: Vec<G>,
    agent: Box<dyn Agent<G>>,
    /// The engine file's limits; `st`, `sd` and the clock override them.
    limits: Limits,
    engine_side: Option<PlayerId>,
    move_ms: Option<u64>,
    depth: Option<u32>,
    clock_ms: Option<u64>,
    level: Option<(u32, u64, u64)>,
    post: bool,
}

impl<G: XBoardGame> XBoardServer<G> {
    pub fn new(agent: Box<dyn Agent<G>>, limits: Limits) -> Self {
        let (variant, rules) = Self::variant_rules(0);
        XBoardServer {
            state: G::new(&rules),
            rules,
            variant,
            undo: Vec::new(),
            agent,
            limits,
            engine_side: None,
            move_ms: None,
            depth: None,
            clock_ms: None,
            level: None,
            post: false,
        }
    }

    fn variant_rules(i: usize) -> (&'static str, G::Rules) {
        let (name, text) = G::xboard_variants()[i];
        (
            name,
            G::Rules::parse(text).expect("variant rule texts are valid"),
        )
    }

    fn reset(&mut self, rules: G::Rules) {
        self.state = G::new(&rules);
        self.rules = rules;
        self.undo.clear();
    }

    /// Answers one line; returns the replies and whether to quit.
    pub fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        let line = line.trim();
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        let mut out = Vec::new();
        match cmd {
            "" => {}
            "quit" => return (out, true),
            "xboard" | "accepted" | "rejected" | "hard" | "easy" | "random" | "computer"
            | "name" | "ics" | "white" | "black" | "?" | "." | "hint" | "bk" | "otim" => {}
            // The opponent offers a draw: the engine accepts by offering one back.
            "draw" => {
                let (agent, state) = (&mut self.agent, &self.state);
                let live = state.current_player().is_some();
                if live
                    && catch_unwind(AssertUnwindSafe(|| agent.accept_draw(state))).unwrap_or(false)
                {
                    out.push("offer draw".to_string());
                }
            }
            "protover" => {
                let variants: Vec<&str> = G::xboard_variants().iter().map(|(n, _)| *n).collect();
                out.push(format!(
                    "feature ping=1 setboard=1 usermove=1 playother=1 colors=0 sigint=0 \
                     sigterm=0 reuse=1 analyze=0 myname=\"boardlab {}\" variants=\"{}\"",
                    G::ID,
                    variants.join(",")
                ));
                out.push("feature done=1".to_string());
            }
            "new" => {
                let (variant, rules) = Self::variant_rules(0);
                self.variant = variant;
                self.reset(rules);
                self.engine_side = Some(1);
                self.move_ms = None;
                self.depth = None;
            }
            "variant" => match G::xboard_variants().iter().position(|(n, _)| *n == rest) {
                Some(i) => {
                    let (variant, rules) = Self::variant_rules(i);
                    self.variant = variant;
                    self.reset(rules);
                }
                None => out.push(format!("Error (unknown variant): {}", cut(rest, 100))),
            },
            "setboard" => match G::parse_position(&self.rules, rest) {
                Ok(s) => {
                    self.state = s;
                    self.undo.clear();
                }
                Err(e) => out.push(format!("tellusererror Illegal position: {e}")),
            },
            "force" | "result" => self.engine_side = None,
            "go" => {
                self.engine_side = self.state.current_player();
                self.think(&mut out);
            }
            "playother" => {
                self.engine_side = self.state.current_player().map(|p| 1 - p);
            }
            "usermove" => self.user_move(rest, &mut out),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "ping" => out.push(format!("pong {}", cut(rest, 100)).trim_end().to_string()),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "st" => match parse_float("st", rest, 0.0, 1e6) {
                Ok(s) if s > 0.0 => {
                    self.move_ms = Some((s * 1000.0).min(1e9) as u64);
                }
                Ok(_) => out.push(format!("Error (bad st): {}", cut(rest, 100))),
                Err(e) => out.push(format!("Error (bad st): {e}")),
            },
            "sd" => match parse_int("sd", rest, 1, u32::MAX) {
                Ok(d) => self.depth = Some(d.min(100)),
                Err(e) => out.push(format!("Error (bad sd): {e}")),
            },
            "time" => match parse_int("time", rest, 0, u64::MAX) {
                Ok(cs) => self.clock_ms = Some(cs.saturating_mul(10)),
                Err(e) => out.push(format!("Error (bad time): {e}")),
            },
            "level" => match parse_level(rest) {
                Some(l) => {
                    self.level = Some(l);
                    self.move_ms = None;
                }
                None => out.push(format!("Error (bad level): {}", cut(rest, 100))),
            },
            _ => {
                // Protocol 1 GUIs send moves bare.
                if self.state.parse_move(line).is_ok() {
                    self.user_move(line, &mut out);
                } else {
                    out.push(format!("Error (unknown command): {}", cut(cmd, 100)));
                }
            }
        }
        (out, false)
    }

    fn take_back(&mut self, n: usize) {
        for _ in 0..n {
            if let Some(s) = self.undo.pop() {
                self.state = s;
            }
        }
    }

    fn user_move(&mut self, text: &str, out: &mut Vec<String>) {
        let mv = match self.state.parse_move(text) {
            Ok(mv) if self.state.current_player().is_some() => mv,
            _ => {
                out.push(format!("Illegal move: {}", cut(text, 100)));
                return;
            }
        };
        self.undo.push(self.state.clone());
        self.state.play(mv);
        if self.announce_end(out) {
            return;
        }
        if self.engine_side.is_some() && self.engine_side == self.state.current_player() {
            self.think(out);
        }
    }

    /// Prints the result if the game is over; true then.
    fn announce_end(&mut self, out: &mut Vec<String>) -> bool {
        if self.state.turn() == Turn::Terminal {
            out.push(format!(
                "{} {{{}}}",
                result_text(&self.state),
                self.state.result_comment()
            ));
            self.engine_side = None;
            return true;
        }
        false
    }

    /// The limits of the engine's next move.
    fn move_limits(&self) -> Limits {
        let mut l = Limits::default();
        l.depth = self.depth;
        if let Some(ms) = self.move_ms {
            // Keep a little of the move's time for the answer to travel.
            l.time_ms = Some((ms * 19 / 20).max(1));
        } else if let Some(clock) = self.clock_ms {
            let (mps, _, inc) = self.level.unwrap_or((0, 0, 0));
            let moves_left = if mps > 0 {
                let played = (self.undo.len() / 2) as u32 % mps;
                (mps - played).max(1) as u64
            } else {
                30
            };
            l.time_ms = Some((clock / moves_left + inc * 3 / 4).min(clock * 3 / 4).max(1));
        }
        self.limits.replaced_by(l)
    }

    fn think(&mut self, out: &mut Vec<String>) {
        if self.announce_end(out) || self.state.current_player().is_none() {
            return;
        }
        let limits = self.move_limits();
        let state = &self.state;
        let agent = &mut self.agent;
        let report = match catch_unwind(AssertUnwindSafe(|| agent.choose(state, &limits))) {
            Ok(Ok(r)) => r,
            Ok(Err(e)) => {
                out.push(format!("Error (engine): {e}"));
                self.engine_side = None;
                return;
            }
            Err(_) => {
                out.push("Error (engine): the search panicked".to_string());
                self.engine_side = None;
                return;
            }
        };
        if self.post {
            let pv: Vec<String> = {
                let mut s = self.state.clone();
                let mut texts = Vec::new();
                for &m in &report.pv {
                    if !s.is_legal(m) {
                        break;
                    }
                    texts.push(s.format_move(m));
                    s.play(m);
                }
                texts
            };
            out.push(format!(
                "{} {} {} {} {}",
                report.depth,
                report.score.round() as i64,
                report.ms / 10,
                report.nodes,
                pv.join(" ")
            ));
        }
        match self.agent.intent(&self.state, &report) {
            Intent::Resign => {
                out.push("resign".to_string());
                self.engine_side = None;
                return;
            }
            Intent::OfferDraw => out.push("offer draw".to_string()),
            Intent::Play => {}
        }
        out.push(format!("move {}", self.state.format_move(report.best)));
        self.undo.push(self.state.clone());
        self.state.play(report.best);
        self.announce_end(out);
    }
}

/// `level MPS BASE INC` with BASE in minutes or `min:sec`: (moves, base ms, increment ms).
fn parse_level(text: &str) -> Option<(u32, u64, u64)> {
    let mut w = text.split_whitespace();
    let mps: u32 = w.next()?.parse().ok()?;
    let base = w.next()?;
    let base_ms = match base.split_once(':') {
        Some((m, s)) => m
            .parse::<u64>()
            .ok()?
            .checked_mul(60_000)?
            .checked_add(s.parse::<u64>().ok()?.checked_mul(1000)?)?,
        None => (base.parse::<f64>().ok()? * 60_000.0) as u64,
    };
    let inc_ms = (w.next()?.parse::<f64>().ok()? * 1000.0) as u64;
    w.next().is_none().then_some((mps, base_ms, inc_ms))
}

impl<G: XBoardGame> Session for XBoardServer<G> {
    fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        XBoardServer::handle(self, line)
    }
    fn malformed(&mut self, why: &str) -> Vec<String> {
        vec![format!("Error (malformed input): {why}")]
    }
}

/// Runs an XBoard server until `quit` or end of input.
pub fn serve<G: XBoardGame>(
    mut server: XBoardServer<G>,
    input: impl BufRead,
    output: impl Write,
) -> std::io::Result<()> {
    session::serve(&mut server, input, output)
}

/// `boardlab serve --protocol xboard` for game `G` (`protocol::serve_cli`).
pub fn serve_stdio<G: GameKnowledge + XBoardGame>(
    engine: Option<&std::path::Path>,
) -> Result<(), String> {
    let served = crate::search::Served::<G>::load(engine)?;
    session::serve_stdio(
        &mut XBoardServer::new(served.agent, served.limits),
        "xboard",
    )
}

/// The arena's side: drives an XBoard engine program.
///
/// Engine file `[params]`: `variant` (the name the engine knows the game by, e.g. `wa-shogi`;
/// without it `normal`), `options` (a list of `Name=value` engine options, sent as `option
/// Name=value`), `memory` (MB, sent when the engine has `feature memory=1`), and the external
/// agent's `startup_ms`, `margin_ms`, `timeout_ms`.
///
/// Every move request replays the game to the engine: the state's `Game::history` (the start
/// and the moves since) when the game keeps one, else `setboard` with the position text. Moves
/// the engine already has are not sent again. Moves go in `force` mode, then `ping`; an engine
/// that answers a move with `Illegal move` or `Error` has refused a move boardlab played, which
/// is reported (a rules mismatch), not hidden. Then `st`/`sd`, `time`/`otim` and `go`, and the
/// engine's `move` line is the answer (its last thinking line gives the score); `offer draw`
/// before it offers a draw with the move, and `resign` instead of a move resigns. A result claim
/// (`1-0 {...}`) instead of a move is an error naming the claim. The opponent's offer is sent as
/// `draw`; the engine accepts by answering `offer draw` before the `pong` that follows.
#[derive(Default)]
pub struct XBoardClient {
    variant: Option<String>,
    options: Vec<String>,
    memory: Option<u64>,
    features: BTreeMap<String, String>,
    pings: u64,
    /// What the engine has: the position text it started from and the moves since.
    sent_root: Option<String>,
    sent_moves: Vec<String>,
}

impl XBoardClient {
    fn feature(&self, key: &str) -> Option<&str> {
        self.features.get(key).map(|s| s.as_str())
    }

    /// Reads `feature k=v k="v v"` pairs.
    fn read_features(&mut self, line: &str) {
        let mut rest = line.trim_start_matches("feature").trim();
        while let Some(eq) = rest.find('=') {
            let key = rest[..eq].trim().to_string();
            let after = &rest[eq + 1..];
            let (value, next) = if let Some(q) = after.strip_prefix('"') {
                match q.find('"') {
                    Some(end) => (&q[..end], &q[end + 1..]),
                    None => (q, ""),
                }
            } else {
                match after.find(char::is_whitespace) {
                    Some(end) => (&after[..end], &after[end..]),
                    None => (after, ""),
                }
            };
            self.features.insert(key, value.to_string());
            rest = next.trim();
        }
    }

    /// Sends `ping` and returns the lines before its `pong` (nothing if the engine has no ping).
    fn sync(
        &mut self,
        process: &mut EngineProcess,
        deadline: Instant,
    ) -> Result<Vec<String>, AgentError> {
        if self.feature("ping") != Some("1") {
            return Ok(Vec::new());
        }
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        process.send(&format!("ping {}", self.pings))?;
        let mut lines = Vec::new();
        loop {
            let line = process.recv(deadline)?;
            if line.trim() == pong {
                return Ok(lines);
            }
            lines.push(line);
        }
    }

    fn send_move(&self, process: &mut EngineProcess, mv: &str) -> Result<(), AgentError> {
        if self.feature("usermove") == Some("1") {
            process.send(&format!("usermove {mv}"))
        } else {
            process.send(mv)
        }
    }
}

/// Move texts of a line of play from `root`.
fn move_texts<G: Game>(root: &G, moves: &[G::Move]) -> Vec<String> {
    let mut s = root.clone();
    moves
        .iter()
        .map(|&m| {
            let t = s.format_move(m);
            s.play(m);
            t
        })
        .collect()
}

impl<G: Game> ExternalProtocol<G> for XBoardClient {
    fn param_keys(&self) -> &'static [&'static str] {
        &["variant", "options", "memory"]
    }

    fn configure(&mut self, spec: &EngineSpec) -> Result<(), String> {
        let bad = |k: &str| format!("engine {:?}: param {k} has the wrong type", spec.name);
        if let Some(v) = spec.params.get("variant") {
            self.variant = Some(v.as_str().ok_or_else(|| bad("variant"))?.to_string());
        }
        if let Some(v) = spec.params.get("options") {
            let list = v.as_array().ok_or_else(|| bad("options"))?;
            for o in list {
                let o = o.as_str().ok_or_else(|| bad("options"))?;
                if !o.contains('=') || o.contains('\n') {
                    return Err(format!(
                        "engine {:?}: option {o:?} must read Name=value",
                        spec.name
                    ));
                }
                self.options.push(o.to_string());
            }
        }
        if let Some(v) = spec.params.get("memory") {
            self.memory = Some(
                v.as_integer()
                    .filter(|&m| m > 0)
                    .ok_or_else(|| bad("memory"))? as u64,
            );
        }
        Ok(())
    }

    fn handshake(
        &mut self,
        process: &mut EngineProcess,
        deadline: Instant,
    ) -> Result<(), AgentError> {
        process.send("xboard")?;
        process.send("protover 2")?;
        // Engines that announce `done=0` take until `done=1`; others get two seconds.
        let mut until = (Instant::now() + Duration::from_secs(2)).min(deadline);
        loop {
            let line = match process.recv_until(until) {
                Ok(Some(line)) => line,
                Ok(None) => break,
                Err(e) => return Err(e),
            };
            if line.starts_with("feature") {
                self.read_features(&line);
                match self.feature("done") {
                    Some("1") => break,
                    Some("0") => until = deadline,
                    _ => {}
                }
            }
        }
        if let Some(v) = &self.variant {
            if let Some(list) = self.feature("variants") {
                if !list.split(',').any(|x| x.trim() == v) {
                    return Err(AgentError::Other(format!(
                        "the engine does not play variant {v:?} (it plays {list})"
                    )));
                }
            }
        }
        if let (Some(mb), Some("1")) = (self.memory, self.feature("memory")) {
            process.send(&format!("memory {mb}"))?;
        }
        for o in &self.options {
            process.send(&format!("option {o}"))?;
        }
        process.send("easy")?;
        process.send("post")?;
        let lines = self.sync(process, deadline)?;
        if let Some(bad) = lines.iter().find(|l| l.starts_with("Error")) {
            return Err(AgentError::Other(format!(
                "the engine refused a setting: {bad}"
            )));
        }
        Ok(())
    }

    fn request(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        request: &MoveRequest,
        deadline: Instant,
    ) -> Result<EngineAnswer, AgentError> {
        let limits = &request.limits;
        let (root, moves) = state
            .history()
            .unwrap_or_else(|| (state.clone(), Vec::new()));
        let root_text = root.format_position();
        let texts = move_texts(&root, &moves);
        let known = self.sent_root.as_deref() == Some(root_text.as_str())
            && texts.len() >= self.sent_moves.len()
            && texts[..self.sent_moves.len()] == self.sent_moves[..];
        process.send("force")?;
        if !known {
            process.send("new")?;
            process.send(&format!(
                "variant {}",
                self.variant.as_deref().unwrap_or("normal")
            ))?;
            process.send("force")?;
            if root_text != G::new(state.rules()).format_position() {
                process.send(&format!("setboard {root_text}"))?;
            }
            self.sent_root = Some(root_text);
            self.sent_moves.clear();
        }
        let new = texts[self.sent_moves.len()..].to_vec();
        for mv in &new {
            self.send_move(process, mv)?;
        }
        let lines = self.sync(process, deadline)?;
        if let Some(bad) = lines.iter().find(|l| {
            l.starts_with("Illegal move")
                || l.starts_with("Error")
                || l.starts_with("tellusererror")
        }) {
            return Err(AgentError::Other(format!(
                "the engine refused a move of the game ({}): {bad}",
                new.join(" ")
            )));
        }
        self.sent_moves = texts;
        if let Some(d) = limits.depth {
            process.send(&format!("sd {d}"))?;
        }
        if let Some(ms) = limits.time_ms {
            process.send(&format!("st {}", ms.div_ceil(1000).max(1)))?;
            process.send(&format!("time {}", (ms / 10).max(1)))?;
            process.send(&format!("otim {}", (ms / 10).max(1)))?;
        }
        process.send("go")?;
        let mut score = None;
        let mut offers = false;
        loop {
            let line = process.recv(deadline)?;
            let t = line.trim();
            if let Some(mv) = t.strip_prefix("move ") {
                let mv = mv.trim().to_string();
                let canonical = state
                    .parse_move(&mv)
                    .map(|m| state.format_move(m))
                    .unwrap_or_else(|_| mv.clone());
                self.sent_moves.push(canonical);
                let mut answer = EngineAnswer::with_move(mv, score);
                if offers {
                    answer.intent = Intent::OfferDraw;
                }
                return Ok(answer);
            }
            if t == "resign" {
                return Ok(EngineAnswer {
                    intent: Intent::Resign,
                    score,
                    ..Default::default()
                });
            }
            // An offer sent before the move goes with it.
            if t == "offer draw" {
                offers = true;
                continue;
            }
            let first = t.split_whitespace().next().unwrap_or("");
            if ["1-0", "0-1", "1/2-1/2"].contains(&first) {
                return Err(AgentError::Other(format!(
                    "the engine claimed {t:?} instead of moving"
                )));
            }
            if first.starts_with("Illegal") || first == "Error" {
                return Err(AgentError::Other(format!("the engine answered {t:?}")));
            }
            // Thinking output: depth score time nodes pv.
            let w: Vec<&str> = t.split_whitespace().collect();
            if w.len() >= 4 && w[0].parse::<u32>().is_ok() {
                if let Ok(s) = w[1].parse::<f64>() {
                    score = Some(s);
                }
            }
        }
    }

    fn offer_draw(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        deadline: Instant,
    ) -> Result<bool, AgentError> {
        // The engine has the game up to the offering move: `request` sent every move before
        // it, and the move itself is sent here.
        let texts = match state.history() {
            Some((root, moves)) => move_texts(&root, &moves),
            None => return Ok(false),
        };
        if texts.len() != self.sent_moves.len() + 1
            || texts[..self.sent_moves.len()] != self.sent_moves[..]
        {
            return Ok(false);
        }
        process.send("force")?;
        self.send_move(process, &texts[texts.len() - 1])?;
        self.sent_moves = texts;
        process.send("draw")?;
        // Without ping there is no way to know the engine has answered: it declines.
        let lines = self.sync(process, deadline)?;
        Ok(lines.iter().any(|l| l.trim() == "offer draw"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::washogi::WaShogi;
    use crate::search::baselines::RandomAgent;

    fn server() -> XBoardServer<WaShogi> {
        XBoardServer::new(Box::new(RandomAgent::new("r", 1)), Limits::default())
    }

    fn say(s: &mut XBoardServer<WaShogi>, line: &str) -> Vec<String> {
        s.handle(line).0
    }

    #[test]
    fn handshake_variants_moves_and_ping() {
        let mut s = server();
        let f = say(&mut s, "protover 2");
        assert!(f[0].contains("variants=\"wa-shogi,crazywa\""), "{f:?}");
        assert_eq!(f.last().unwrap(), "feature done=1");
        assert!(say(&mut s, "new").is_empty());
        assert!(say(&mut s, "variant wa-shogi").is_empty());
        assert_eq!(
            say(&mut s, "variant chess"),
            vec!["Error (unknown variant): chess"]
        );
        assert!(say(&mut s, "force").is_empty());
        assert!(say(&mut s, "usermove h3g4").is_empty());
        assert_eq!(say(&mut s, "usermove h3g4"), vec!["Illegal move: h3g4"]);
        assert_eq!(say(&mut s, "usermove a1k10"), vec!["Illegal move: a1k10"]);
        assert_eq!(say(&mut s, "ping 7"), vec!["pong 7"]);
        let reply = say(&mut s, "go");
        assert!(reply.last().unwrap().starts_with("move "), "{reply:?}");
        // The engine now plays the second player: a user move gets an answer.
        let mut m = crate::game::MoveList::new();
        s.state.legal_moves(&mut m);
        let mv = s.state.format_move(m[0]);
        let reply = say(&mut s, &format!("usermove {mv}"));
        assert!(reply.last().unwrap().starts_with("move "), "{reply:?}");
        say(&mut s, "undo");
        say(&mut s, "remove");
        assert_eq!(s.undo.len(), 1);
        assert_eq!(
            say(&mut s, "frobnicate"),
            vec!["Error (unknown command): frobnicate"]
        );
        assert_eq!(s.handle("quit"), (vec![], true));
    }

    #[test]
    fn setboard_with_holdings_and_results() {
        let mut s = server();
        say(&mut s, "new");
        say(&mut s, "variant crazywa");
        say(&mut s, "force");
        let bad = say(&mut s, "setboard nonsense");
        assert!(
            bad[0].starts_with("tellusererror Illegal position"),
            "{bad:?}"
        );
        // The second player's king cornered: G@a10 mates.
        assert!(say(&mut s, "setboard k10/2W8/1M9/11/11/11/11/11/11/11/10K[G] w").is_empty());
        let end = say(&mut s, "usermove G@a10");
        assert_eq!(end, vec!["1-0 {checkmate}"]);
        assert_eq!(say(&mut s, "usermove k11a11"), vec!["Illegal move: k11a11"]);
    }

    #[test]
    fn levels_read() {
        assert_eq!(parse_level("40 5 0"), Some((40, 300_000, 0)));
        assert_eq!(parse_level("0 2:30 1.5"), Some((0, 150_000, 1500)));
        assert_eq!(parse_level("x 5 0"), None);
        assert_eq!(parse_level("40 5 0 9"), None);
    }

    #[test]
    fn features_are_read_with_quotes() {
        let mut c = XBoardClient::default();
        c.read_features(r#"feature ping=1 myname="HaChu 0.21" variants="chu,wa-shogi" done=1"#);
        assert_eq!(c.feature("ping"), Some("1"));
        assert_eq!(c.feature("myname"), Some("HaChu 0.21"));
        assert_eq!(c.feature("variants"), Some("chu,wa-shogi"));
        assert_eq!(c.feature("done"), Some("1"));
    }
}
