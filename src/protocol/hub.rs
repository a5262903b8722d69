//! The Hub protocol (Fabien Letouzey's, as Scan speaks it and pydraughts' `HubEngine` drives it):
//! the framing and commands, generic over the game. A game speaks it by implementing
//! `game::bindings::HubNotation` (its position and move text in Hub's dialect) and naming it in
//! `Game::bindings`; international draughts does (`games::draughts::hub`). Bytes come through `protocol::session`, so a line that is not UTF-8
//! or is over 1 MB is answered with `error ...` and the session goes on. Dialect:
//! docs/protocol.md, "The Hub protocol".
//!
//! | GUI sends | engine answers |
//! |---|---|
//! | `hub` | `id name=.. version=..`, `param ..` lines, `wait` |
//! | `init` | `ready` |
//! | `pos [pos=<text>] [moves="m1 m2 .."]` | (nothing) |
//! | `level depth=N` / `nodes=N` / `move-time=S` / `time=S [inc=S] [moves=N]` / `infinite` | (nothing) |
//! | `go think` (or `go ponder`, `go analyze`) | `info depth=.. score=.. nodes=.. time=.. nps=.. pv=".."`, `done move=.. [ponder=..]` |
//! | `ping` | `pong` |
//! | `new-game`, `stop`, `ponder-hit`, `set-param name=.. value=..` | (nothing) |
//! | `quit` | the engine exits |
//!
//! A command that cannot be done answers `error <why>` and changes nothing. The search runs to
//! its limit before `done`; `stop` arriving meanwhile is read afterwards and ignored.
//!
//! `HubClient` is the arena's side (`protocol = "hub"` in an engine file), in two dialects:
//! Hub 2 (above) and Scan 2.0's first Hub (`[params] hub_dialect = "scan2"`, see `HubDialect`).
//! Hub has no draw offers: a Hub engine never offers and declines every offer (an engine file's
//! `[offers]` thresholds can still speak for it, `search::offers`).

use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::session::{self, Session};
use crate::agent::{Agent, AgentError, Limits};
use crate::engine_file::EngineSpec;
use crate::game::bindings::HubNotation;
use crate::game::error::{parse_int, quote};
use crate::protocol::client::{EngineAnswer, EngineProcess, ExternalProtocol, MoveRequest};

/// Splits `key=value key="quoted value" flag` arguments.
pub fn parse_args(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek().is_none() {
            return out;
        }
        let mut key = String::new();
        while let Some(&c) = chars.peek() {
            if c == '=' || c.is_whitespace() {
                break;
            }
            key.push(c);
            chars.next();
        }
        let mut value = String::new();
        if chars.peek() == Some(&'=') {
            chars.next();
            if chars.peek() == Some(&'"') {
                chars.next();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    value.push(c);
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
        }
        out.push((key, value));
    }
}

/// The limits a `level` command asks for, as one move's budget. A value that is not a number
/// (`depth=abc`, `move-time=-1`) is an error naming it; nothing changes then.
pub fn limits_of_level(args: &[(String, String)], current: Limits) -> Result<Limits, String> {
    let get = |k: &str| {
        args.iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    };
    // Each count has the CLI's bound (`--depth` is a u32): a larger one is refused as out of
    // range, not capped, since no search ends at it in practice.
    let count = |k: &str, max: u64| -> Result<Option<u64>, String> {
        get(k)
            .map(|v| parse_int(&format!("level: {k}"), v, 1, max))
            .transpose()
    };
    let secs = |k: &str| -> Result<Option<u64>, String> {
        match get(k) {
            None => Ok(None),
            Some(v) => match v.parse::<f64>() {
                Ok(s) if s.is_finite() && s >= 0.0 && s < 1e9 => {
                    Ok(Some((s * 1000.0).max(1.0) as u64))
                }
                _ => Err(format!("level: {k} must be seconds, not {}", quote(v))),
            },
        }
    };
    let mut l = current;
    if let Some(d) = count("depth", u32::MAX.into())? {
        l = Limits::depth(d as u32);
    }
    if let Some(n) = count("nodes", u64::MAX)? {
        l = Limits::nodes(n);
    }
    if let Some(ms) = secs("move-time")? {
        l = Limits::time_ms(ms);
    }
    let inc = secs("inc")?.unwrap_or(0);
    let moves = count("moves", u64::MAX)?.unwrap_or(30);
    if let Some(total) = secs("time")? {
        l = Limits::time_ms((total / moves + inc).max(10));
    }
    if get("infinite").is_some() {
        l = Limits::default();
    }
    Ok(l)
}

/// The engine side of Hub for game `G`.
pub struct HubServer<G: HubNotation> {
    rules: G::Rules,
    state: G,
    agent: Box<dyn Agent<G>>,
    limits: Limits,
}

impl<G: HubNotation> HubServer<G> {
    pub fn new(agent: Box<dyn Agent<G>>, limits: Limits) -> Self {
        let rules = G::Rules::default();
        HubServer {
            state: G::new(&rules),
            rules,
            agent,
            limits,
        }
    }

    /// `pos [pos=..] [moves=".."]`: all or nothing.
    fn set_position(&mut self, args: &[(String, String)]) -> Result<(), String> {
        let mut next = match args.iter().find(|(k, _)| k == "pos") {
            Some((_, p)) => G::parse_hub_position(&self.rules, p).map_err(|e| e.to_string())?,
            None => G::new(&self.rules),
        };
        if let Some((_, moves)) = args.iter().find(|(k, _)| k == "moves") {
            for m in moves.split_whitespace() {
                next.play_text(m).map_err(|e| e.to_string())?;
            }
        }
        self.state = next;
        Ok(())
    }

    fn go(&mut self) -> Result<Vec<String>, String> {
        if self.state.current_player().is_none() {
            return Err("the game is over".into());
        }
        let (state, limits, agent) = (&self.state, &self.limits, &mut self.agent);
        let report = catch_unwind(AssertUnwindSafe(|| agent.choose(state, limits)))
            .map_err(|_| "the engine panicked".to_string())?
            .map_err(|e| e.to_string())?;
        let secs = report.ms as f64 / 1000.0;
        let pv = report.pv_texts(&self.state, |s, m| s.hub_move(m));
        let mut done = format!("done move={}", self.state.hub_move(report.best));
        if let Some(p) = pv.get(1) {
            done.push_str(&format!(" ponder={p}"));
        }
        Ok(vec![
            format!(
                "info depth={} score={:.2} nodes={} time={:.3} nps={:.0} pv=\"{}\"",
                report.depth,
                report.score / G::HUB_SCORE_UNIT,
                report.nodes,
                secs,
                report.nodes as f64 / secs.max(1e-3),
                pv.join(" ")
            ),
            done,
        ])
    }
}

impl<G: HubNotation> Session for HubServer<G> {
    fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let args = parse_args(rest);
        let reply: Result<Vec<String>, String> = match command {
            "" => Ok(vec![]),
            "hub" => Ok(vec![
                format!(
                    "id name=boardlab version={} author=boardlab country=none",
                    env!("CARGO_PKG_VERSION")
                ),
                format!(
                    "param name=variant value={0} type=enum values=\"{0}\"",
                    G::HUB_VARIANT
                ),
                "wait".into(),
            ]),
            "init" => Ok(vec!["ready".into()]),
            "ping" => Ok(vec!["pong".into()]),
            "new-game" => {
                self.agent.new_game();
                Ok(vec![])
            }
            "pos" => self.set_position(&args).map(|_| vec![]),
            "level" => limits_of_level(&args, self.limits).map(|l| {
                self.limits = l;
                vec![]
            }),
            "go" => self.go(),
            "stop" | "ponder-hit" | "set-param" => Ok(vec![]),
            "quit" => return (vec![], true),
            other => Err(format!("unknown command {}", quote(other))),
        };
        match reply {
            Ok(lines) => (lines, false),
            Err(why) => (vec![format!("error {why}")], false),
        }
    }

    fn malformed(&mut self, why: &str) -> Vec<String> {
        vec![format!("error {why}")]
    }
}

/// `boardlab serve --protocol hub` for game `G` (`protocol::serve_cli`): without an engine
/// file, the game's own default Hub engine.
pub fn serve_stdio<G: crate::eval::GameKnowledge + HubNotation>(
    engine: Option<&std::path::Path>,
) -> Result<(), String> {
    let spec = EngineSpec::load_or(engine, G::hub_default_engine())?;
    let agent = crate::search::build_agent::<G>(&spec, 0)?;
    session::serve_stdio(&mut HubServer::new(agent, spec.limits), "hub")
}

/// Runs a Hub session until `quit` or the end of input.
pub fn serve<G: HubNotation>(
    server: &mut HubServer<G>,
    input: impl BufRead,
    output: impl Write,
) -> std::io::Result<()> {
    session::serve(server, input, output)
}

/// The Hub an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HubDialect {
    /// Hub 2 (Scan 3, the Hub GUI 2.0, pydraughts, `boardlab serve --protocol hub`): `pos pos=..`,
    /// `level ..`, `go think`; answers `info key=value ..` and `done move=..`.
    Standard,
    /// Scan 2.0's first Hub: `pos <w|b + 50 squares>` (side in lower case), then `depth N`,
    /// `time MS` or `level MOVES MS INC_MS` (after `pos`, which resets them), then `go`; answers
    /// `info <depth> <mean depth> <score, centi-men> <nodes> <seconds> <Mnps> <pv ..>` and
    /// `move <move> [ponder]`. It keeps no history (so sees no repetitions), and any input during a
    /// search stops it: nothing is sent until its `move`. `error bad position` goes unanswered by a
    /// search of the previous board, so it is read as a failure.
    Scan2,
}

/// The arena's side of Hub for game `G`: one process a game, a position (no history) every move.
pub struct HubClient<G: HubNotation> {
    dialect: HubDialect,
    /// `[params] book = false` turns the engine's opening book off (`set-param name=book`, or
    /// Scan 2.0's `set book false`); absent, the engine's own setting.
    book: Option<bool>,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G: HubNotation> HubClient<G> {
    pub fn new(dialect: HubDialect) -> Self {
        HubClient {
            dialect,
            book: None,
            game: std::marker::PhantomData,
        }
    }
}

/// Seconds as Hub writes them.
fn secs(ms: u64) -> String {
    format!("{:.3}", ms as f64 / 1000.0)
}

impl<G: HubNotation> ExternalProtocol<G> for HubClient<G> {
    fn handshake(
        &mut self,
        process: &mut EngineProcess,
        deadline: std::time::Instant,
    ) -> Result<(), AgentError> {
        process.send("hub")?;
        Self::until_any(process, &["wait"], deadline)?;
        if let Some(b) = self.book {
            process.send(&match self.dialect {
                HubDialect::Standard => format!("set-param name=book value={b}"),
                HubDialect::Scan2 => format!("set book {b}"),
            })?;
        }
        process.send("init")?;
        Self::until_any(process, &["ready"], deadline)?;
        Ok(())
    }

    fn request(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        request: &MoveRequest,
        deadline: std::time::Instant,
    ) -> Result<EngineAnswer, AgentError> {
        let pos = state.hub_position();
        let l = &request.limits;
        let mut answer = EngineAnswer::default();
        match self.dialect {
            HubDialect::Standard => {
                process.send(&format!("pos pos={pos}"))?;
                let level = match (request.clock, l.depth, l.time_ms, l.nodes) {
                    (Some(c), ..) => Some(format!(
                        "level time={} inc={}",
                        secs(c.own_ms),
                        secs(c.increment_ms)
                    )),
                    (None, Some(d), ..) => Some(format!("level depth={d}")),
                    (None, None, Some(t), _) => Some(format!("level move-time={}", secs(t))),
                    (None, None, None, Some(n)) => Some(format!("level nodes={n}")),
                    _ => None,
                };
                if let Some(level) = level {
                    process.send(&level)?;
                }
                process.send("go think")?;
                loop {
                    let line = Self::until_any(process, &["info", "done"], deadline)?;
                    let (cmd, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
                    let args = parse_args(rest);
                    let get = |k: &str| args.iter().find(|(a, _)| a == k).map(|(_, v)| v.as_str());
                    if cmd == "info" {
                        if let Some(v) = get("score").and_then(|v| v.parse::<f64>().ok()) {
                            answer.score = Some(v * G::HUB_SCORE_UNIT);
                        }
                        if let Some(v) = get("depth").and_then(|v| v.parse().ok()) {
                            answer.depth = Some(v);
                        }
                        if let Some(v) = get("nodes").and_then(|v| v.parse().ok()) {
                            answer.nodes = Some(v);
                        }
                        continue;
                    }
                    let mv = get("move").filter(|m| !m.is_empty()).ok_or_else(|| {
                        AgentError::Garbage(format!("expected done move=.., got {}", quote(&line)))
                    })?;
                    answer.mv = Some(mv.to_string());
                    return Ok(answer);
                }
            }
            HubDialect::Scan2 => {
                let mut p = pos;
                if let Some(side) = p.get(..1) {
                    p = side.to_ascii_lowercase() + &p[1..];
                }
                process.send(&format!("pos {p}"))?;
                // `pos` resets the limits: they follow it.
                match (request.clock, l.depth, l.time_ms) {
                    (Some(c), ..) => {
                        process.send(&format!("level 0 {} {}", c.own_ms.max(1), c.increment_ms))?
                    }
                    (None, Some(d), _) => process.send(&format!("depth {d}"))?,
                    (None, None, Some(t)) => process.send(&format!("time {t}"))?,
                    _ => {}
                }
                process.send("go")?;
                loop {
                    let line = Self::until_any(process, &["info", "move"], deadline)?;
                    let words: Vec<&str> = line.split_whitespace().collect();
                    if words[0] == "info" {
                        // info depth mean-depth score nodes time speed pv..
                        if let Some(d) = words.get(1).and_then(|w| w.parse().ok()) {
                            answer.depth = Some(d);
                        }
                        if let Some(s) = words.get(3).and_then(|w| w.parse::<f64>().ok()) {
                            answer.score = Some(s / 100.0 * G::HUB_SCORE_UNIT);
                        }
                        if let Some(n) = words.get(4).and_then(|w| w.parse().ok()) {
                            answer.nodes = Some(n);
                        }
                        continue;
                    }
                    let mv = words.get(1).ok_or_else(|| {
                        AgentError::Garbage(format!("expected move <m>, got {}", quote(&line)))
                    })?;
                    answer.mv = Some(mv.to_string());
                    return Ok(answer);
                }
            }
        }
    }

    fn param_keys(&self) -> &'static [&'static str] {
        &["hub_dialect", "book"]
    }

    fn configure(&mut self, spec: &EngineSpec) -> Result<(), String> {
        match spec.params.get("hub_dialect") {
            None => {}
            Some(toml::Value::String(s)) if s == "standard" => self.dialect = HubDialect::Standard,
            Some(toml::Value::String(s)) if s == "scan2" => self.dialect = HubDialect::Scan2,
            Some(v) => {
                return Err(format!(
                    "[params] hub_dialect = {v}: give \"standard\" (Hub 2) or \"scan2\" (Scan 2.0)"
                ))
            }
        }
        match spec.params.get("book") {
            None => {}
            Some(toml::Value::Boolean(b)) => self.book = Some(*b),
            Some(v) => return Err(format!("[params] book = {v} must be true or false")),
        }
        Ok(())
    }
}

impl<G: HubNotation> HubClient<G> {
    /// The next line whose first word is one of `words`; `error` lines fail.
    fn until_any(
        process: &mut EngineProcess,
        words: &[&str],
        deadline: std::time::Instant,
    ) -> Result<String, AgentError> {
        loop {
            let line = process.recv(deadline)?;
            let t = line.trim();
            let first = t.split_whitespace().next().unwrap_or("");
            if words.contains(&first) {
                return Ok(t.to_string());
            }
            if first == "error" {
                return Err(AgentError::Other(format!("engine answered {}", quote(t))));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::Draughts;
    use crate::search::baselines::RandomAgent;

    fn run(script: &[u8]) -> String {
        let mut server =
            HubServer::<Draughts>::new(Box::new(RandomAgent::new("random", 1)), Limits::default());
        let mut out = Vec::new();
        serve(&mut server, script, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn handshake_and_a_move() {
        let start = format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20));
        let out = run(format!(
            "hub\ninit\nping\npos pos={start} moves=\"32-28 19-23 28x19x23\"\nlevel depth=1\ngo think\nquit\n"
        )
        .as_bytes());
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with("id name=boardlab"));
        assert!(lines.contains(&"wait") && lines.contains(&"ready") && lines.contains(&"pong"));
        let done = lines.iter().find(|l| l.starts_with("done move=")).unwrap();
        // Black must recapture 19: 14x23x19 or 13x24x19.
        let mv = done
            .trim_start_matches("done move=")
            .split_whitespace()
            .next()
            .unwrap();
        assert!(mv == "14x23x19" || mv == "13x24x19", "{mv}");
    }

    #[test]
    fn bad_input_is_an_error_line_and_the_session_goes_on() {
        let mut script =
            b"pos pos=Wxyz\npos moves=\"31-27 1-7\"\nfrobnicate\nlevel depth=abc\n".to_vec();
        script.extend_from_slice(b"level move-time=-1\n\xff\xfe garbage\nping\n");
        let out = run(&script);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 7, "{out}");
        assert!(lines[..6].iter().all(|l| l.starts_with("error ")), "{out}");
        assert!(
            lines[3].contains("depth") && lines[3].contains("\"abc\""),
            "{out}"
        );
        assert!(lines[5].contains("not UTF-8"), "{out}");
        assert_eq!(lines[6], "pong");
    }

    #[test]
    fn level_sets_one_budget() {
        let args = |t: &str| parse_args(t);
        let l = limits_of_level(&args("depth=3"), Limits::default()).unwrap();
        assert_eq!(l, Limits::depth(3));
        let l = limits_of_level(&args("time=60 inc=1 moves=30"), l).unwrap();
        assert_eq!(l, Limits::time_ms(3000));
        assert_eq!(
            limits_of_level(&args("infinite"), l).unwrap(),
            Limits::default()
        );
        assert!(limits_of_level(&args("nodes=0"), l).is_err());
        // Issue 41: a depth beyond the CLI's u32 was capped to a search with no end.
        let e = limits_of_level(&args("depth=4294967296"), l).unwrap_err();
        assert_eq!(
            e,
            "level: depth: \"4294967296\" is out of range (at most 4294967295)"
        );
        let e = limits_of_level(&args("nodes=99999999999999999999"), l).unwrap_err();
        assert!(
            e.ends_with("out of range (at most 18446744073709551615)"),
            "{e}"
        );
    }

    #[test]
    fn arguments_with_quotes() {
        let a = parse_args("pos=Wbbe moves=\"32-28 19-23\" depth=3");
        assert_eq!(a[0], ("pos".into(), "Wbbe".into()));
        assert_eq!(a[1], ("moves".into(), "32-28 19-23".into()));
        assert_eq!(a[2], ("depth".into(), "3".into()));
        assert_eq!(
            parse_args("think"),
            vec![("think".to_string(), String::new())]
        );
    }
}
