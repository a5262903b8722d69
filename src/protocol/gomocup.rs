//! The Gomocup (piskvork) protocol, both sides: `GomocupServer` is boardlab's gomoku engine
//! for a Gomocup manager (`boardlab serve --protocol gomocup --game gomoku --engine E`), and
//! `GomocupClient` is the arena's side, driving a Gomocup engine such as Rapfi.
//!
//! | manager sends | engine answers |
//! |---|---|
//! | `START n` | `OK` (or `ERROR ...` for a size it cannot play) |
//! | `RESTART` | `OK` |
//! | `BEGIN` | `x,y` (its first move as black) |
//! | `TURN x,y` | `x,y` (the opponent's move, then its own) |
//! | `BOARD`, lines `x,y,f` (1 own stone, 2 opponent's, in the order played), `DONE` | `x,y` |
//! | `INFO key value` (timeout_turn, timeout_match, time_left, max_memory, game_type, rule, ...) | nothing |
//! | `TAKEBACK x,y` | `OK` |
//! | `ABOUT` | `name="boardlab", version="..", ...` |
//! | `END` | (the engine exits) |
//!
//! Points are `x,y` from 0, x the column from the left and y the row from the top (piskvork's
//! orientation; boardlab's row is n - y). `INFO rule` is a bitmask: 1 exactly five, 4 renju
//! (so 0 freestyle, 1 standard, 4 renju). A command it does not know gets `UNKNOWN ...`; a
//! malformed one, an occupied or off-board point, or a move after the game ended gets
//! `ERROR ...`, and the session goes on. The manager plays the opening (by BOARD), so the
//! engine's game has no opening rule of its own (`opening=free`).

use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use super::session::{self, Session};
use crate::agent::{Agent, AgentError, Limits};
use crate::game::bindings::GomocupBoard;
use crate::game::error::{parse_int, quote};
use crate::game::Game;
use crate::games::gomoku::board::{BLACK, MAX_SIZE, MIN_SIZE, WHITE};
use crate::games::gomoku::{Gomoku, GomokuRules, Opening, Rule};
use crate::protocol::client::{EngineProcess, ExternalProtocol};

/// The engine side: the game so far and an agent to answer.
pub struct GomocupServer {
    agent: Box<dyn Agent<Gomoku>>,
    /// The engine file's limits; the manager's time settings override the time.
    limits: Limits,
    size: Option<usize>,
    rule: Rule,
    /// The stones in the order played, with their colours.
    moves: Vec<(usize, usize)>,
    /// A BOARD block being read: (point, field 1 own / 2 opponent).
    board_lines: Option<Vec<(usize, u8)>>,
    timeout_turn: Option<u64>,
    time_left: Option<u64>,
}

/// Milliseconds kept back from the manager's time for a move.
const TIME_MARGIN_MS: u64 = 60;

impl GomocupServer {
    pub fn new(agent: Box<dyn Agent<Gomoku>>, limits: Limits) -> Self {
        GomocupServer {
            agent,
            limits,
            size: None,
            rule: Rule::Freestyle,
            moves: Vec::new(),
            board_lines: None,
            timeout_turn: None,
            time_left: None,
        }
    }

    fn rules(&self, size: usize) -> GomokuRules {
        GomokuRules {
            size: size as u8,
            rule: self.rule,
            opening: Opening::Free,
            ..GomokuRules::default()
        }
    }

    /// The position of `moves` (stones in order; the next colour by alternation from black).
    fn state_of(&self, size: usize, moves: &[(usize, usize)]) -> Result<Gomoku, String> {
        let rules = self.rules(size);
        let mut cells = vec!['.'; size * size];
        for &(p, c) in moves {
            cells[p] = if c == BLACK { 'x' } else { 'o' };
        }
        let rows: Vec<String> = (0..size)
            .rev()
            .map(|r| cells[r * size..(r + 1) * size].iter().collect())
            .collect();
        let blacks = moves.iter().filter(|m| m.1 == BLACK).count();
        let whites = moves.len() - blacks;
        let side = if blacks == whites { 'x' } else { 'o' };
        let text = format!("{} {side}", rows.join("/"));
        Gomoku::parse_position(&rules, &text).map_err(|e| e.to_string())
    }

    /// Reads `x,y` (piskvork orientation) as a point of the current board.
    fn point(&self, text: &str) -> Result<usize, String> {
        GomocupServer::point_in(self.size, text)
    }

    fn xy(&self, p: usize) -> String {
        let size = self.size.unwrap_or(15);
        format!("{},{}", p % size, size - 1 - p / size)
    }

    /// Thinks and plays the engine's move; the reply line.
    fn think(&mut self) -> Result<String, String> {
        let size = self.size.ok_or("no game: send START first")?;
        let state = self.state_of(size, &self.moves)?;
        if state.is_terminal() {
            return Err("the game is over".into());
        }
        let mut limits = self.limits;
        let budget = match (self.timeout_turn, self.time_left) {
            (Some(t), Some(l)) if t > 0 => Some(t.min(l / 5 + 1)),
            (Some(t), None) if t > 0 => Some(t),
            (_, Some(l)) => Some(l / 20 + 1),
            _ => None,
        };
        if let Some(b) = budget {
            let t = b.saturating_sub(TIME_MARGIN_MS).max(1);
            limits.time_ms = Some(limits.time_ms.map_or(t, |x| x.min(t)));
        }
        let agent = &mut self.agent;
        let report = catch_unwind(AssertUnwindSafe(|| agent.choose(&state, &limits)))
            .map_err(|_| "the engine panicked".to_string())?
            .map_err(|e| e.to_string())?;
        let p = report.best as usize;
        if p >= size * size || !state.is_legal(report.best) {
            return Err("the engine found no move".into());
        }
        self.moves.push((p, state.side()));
        Ok(self.xy(p))
    }

    fn opponent_move(&mut self, text: &str) -> Result<(), String> {
        let size = self.size.ok_or("no game: send START first")?;
        let p = self.point(text)?;
        let state = self.state_of(size, &self.moves)?;
        if state.is_terminal() {
            return Err("the game is over".into());
        }
        if !state.board().is_empty(p) {
            return Err(format!("{} is occupied", text.trim()));
        }
        self.moves.push((p, state.side()));
        Ok(())
    }

    fn finish_board(&mut self, lines: Vec<(usize, u8)>) -> Result<String, String> {
        let size = self.size.ok_or("no game: send START first")?;
        let own = lines.iter().filter(|l| l.1 == 1).count();
        let opp = lines.len() - own;
        // The engine is to move: black when both have as many stones, else white.
        let me = if own == opp {
            BLACK
        } else if opp == own + 1 {
            WHITE
        } else {
            return Err(format!(
                "BOARD gives {own} own and {opp} opponent stones: not the engine's turn"
            ));
        };
        let mut seen = vec![false; size * size];
        let mut moves = Vec::with_capacity(lines.len());
        for (p, f) in lines {
            if seen[p] {
                return Err(format!("BOARD puts two stones on {}", self.xy(p)));
            }
            seen[p] = true;
            let colour = if f == 1 { me } else { me ^ 1 };
            moves.push((p, colour));
        }
        self.state_of(size, &moves)?;
        self.moves = moves;
        self.think()
    }

    fn info(&mut self, rest: &str) -> Result<(), String> {
        let (key, value) = rest
            .trim()
            .split_once(char::is_whitespace)
            .ok_or_else(|| format!("INFO needs a key and a value: {}", quote(rest)))?;
        let value = value.trim();
        // Managers send negative times for "unknown"; they count as 0 as before.
        let number = || -> Result<u64, String> {
            parse_int(&format!("INFO {key}"), value, i64::MIN, i64::MAX).map(|v| v.max(0) as u64)
        };
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => self.timeout_turn = Some(number()?),
            "time_left" => self.time_left = Some(number()?),
            "rule" => {
                let bits = number()?;
                self.rule = if bits & 4 != 0 {
                    Rule::Renju
                } else if bits & 1 != 0 {
                    Rule::Standard
                } else {
                    Rule::Freestyle
                };
            }
            // Known and not needed: match time, memory, game type, folder, evaluate.
            _ => {}
        }
        Ok(())
    }

    pub fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        let line = line.trim();
        if let Some(lines) = self.board_lines.as_mut() {
            if line.eq_ignore_ascii_case("DONE") {
                let lines = self.board_lines.take().unwrap_or_default();
                return (vec![self.finish_board(lines).unwrap_or_else(err)], false);
            }
            let parts: Vec<&str> = line.split(',').collect();
            let parsed = if parts.len() == 3 {
                let field = parse_int("field", parts[2], 1u8, 3).ok();
                let p = GomocupServer::point_in(self.size, &format!("{},{}", parts[0], parts[1]));
                match (p, field) {
                    (Ok(p), Some(f)) => Ok((p, if f == 3 { 2 } else { f })),
                    (Err(e), _) => Err(e),
                    (_, None) => Err(format!("bad field in {} (1 own, 2 opponent)", quote(line))),
                }
            } else {
                Err(format!("expected x,y,field or DONE, got {}", quote(line)))
            };
            return match parsed {
                Ok(entry) => {
                    lines.push(entry);
                    (vec![], false)
                }
                Err(e) => {
                    // The block is broken: drop it, so the next command is read as one.
                    self.board_lines = None;
                    (vec![err(e)], false)
                }
            };
        }
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        let reply: Result<Vec<String>, String> = match cmd.to_ascii_uppercase().as_str() {
            "" => Ok(vec![]),
            "END" => return (vec![], true),
            "START" => match parse_int("START size", rest, MIN_SIZE, MAX_SIZE) {
                Ok(n) => {
                    self.size = Some(n);
                    self.moves.clear();
                    self.agent.new_game();
                    Ok(vec!["OK".into()])
                }
                Err(e) if e.contains(" is out of range") => Err(format!("unsupported size: {e}")),
                Err(_) => Err(format!("START needs a board size, got {}", quote(rest))),
            },
            "RESTART" => match self.size {
                Some(_) => {
                    self.moves.clear();
                    self.agent.new_game();
                    Ok(vec!["OK".into()])
                }
                None => Err("no game: send START first".into()),
            },
            "BEGIN" => {
                if self.moves.is_empty() {
                    self.think().map(|m| vec![m])
                } else {
                    Err("BEGIN after moves were played".into())
                }
            }
            "TURN" => self
                .opponent_move(rest)
                .and_then(|_| self.think())
                .map(|m| vec![m]),
            "BOARD" => match self.size {
                Some(_) => {
                    self.board_lines = Some(Vec::new());
                    Ok(vec![])
                }
                None => Err("no game: send START first".into()),
            },
            "INFO" => self.info(rest).map(|_| vec![]),
            "TAKEBACK" => self.point(rest).and_then(|p| match self.moves.last() {
                Some(&(q, _)) if q == p => {
                    self.moves.pop();
                    Ok(vec!["OK".into()])
                }
                _ => Err(format!("{rest} is not the last move")),
            }),
            "ABOUT" => Ok(vec![format!(
                "name=\"boardlab\", version=\"{}\", author=\"boardlab\", country=\"-\"",
                env!("CARGO_PKG_VERSION")
            )]),
            _ => return (vec![format!("UNKNOWN command {}", quote(cmd))], false),
        };
        match reply {
            Ok(lines) => (lines, false),
            Err(e) => (vec![err(e)], false),
        }
    }

    fn point_in(size: Option<usize>, text: &str) -> Result<usize, String> {
        let size = size.ok_or("no game: send START first")?;
        let (x, y) = text
            .trim()
            .split_once(',')
            .ok_or_else(|| format!("expected x,y, got {}", quote(text)))?;
        let x =
            parse_int("x", x, 0, size - 1).map_err(|e| format!("bad x in {}: {e}", quote(text)))?;
        let y =
            parse_int("y", y, 0, size - 1).map_err(|e| format!("bad y in {}: {e}", quote(text)))?;
        if x >= size || y >= size {
            return Err(format!("{x},{y} is off the {size}x{size} board"));
        }
        Ok((size - 1 - y) * size + x)
    }
}

fn err(e: String) -> String {
    format!("ERROR {e}")
}

impl Session for GomocupServer {
    fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        GomocupServer::handle(self, line)
    }
    fn malformed(&mut self, why: &str) -> Vec<String> {
        self.board_lines = None;
        vec![format!("ERROR {why}")]
    }
}

/// `boardlab serve --protocol gomocup`: the server on stdin/stdout.
pub fn serve(
    mut server: GomocupServer,
    input: impl BufRead,
    output: impl Write,
) -> std::io::Result<()> {
    session::serve(&mut server, input, output)
}

/// The arena's side: drives a Gomocup engine one position at a time with BOARD (so nothing the
/// engine remembers can disagree with the arena), after START and the INFO settings once a game.
///
/// Rapfi (and engines built like it) answers a move from a search thread and only then marks
/// itself idle; a command word its main loop reads in between is dropped unread, and the rest of
/// the line is then read as a command of its own (`INFO timeout_turn 100` arriving in that window
/// gave `ERROR Unknown command: TIMEOUT_TURN`; a dropped `BOARD` left the request unanswered).
/// So after each answer the client pings with `ABOUT` (one word: losing it loses nothing) until
/// the engine replies, and sends the next request only then.
pub struct GomocupClient {
    started: Option<usize>,
    /// The `INFO timeout_turn` the engine was last told.
    turn_ms: Option<u64>,
    /// The engine answered a move and has not been seen idle since.
    busy: bool,
}

/// How long a ping waits for its reply before it is sent again.
const PING_RETRY: Duration = Duration::from_millis(20);

impl GomocupClient {
    pub fn new() -> Self {
        GomocupClient {
            started: None,
            turn_ms: None,
            busy: false,
        }
    }

    /// The engine's chatter (`MESSAGE`, `DEBUG`, `INFO`), which never answers a request.
    fn is_noise(line: &str) -> bool {
        let word = line
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        matches!(word.as_str(), "" | "MESSAGE" | "DEBUG" | "INFO")
    }

    /// ABOUT's reply (`name="...", version="..."`).
    fn is_about_reply(line: &str) -> bool {
        line.trim().to_ascii_lowercase().starts_with("name=")
    }

    /// The next line that is not the engine's chatter (`MESSAGE`, `DEBUG`, `INFO`, ABOUT's
    /// `name=...` reply to a ping answered twice).
    fn answer(process: &mut EngineProcess, deadline: Instant) -> Result<String, AgentError> {
        loop {
            let line = process.recv(deadline)?;
            // A second reply to a ping sent twice is stale too.
            if !Self::is_noise(&line) && !Self::is_about_reply(&line) {
                return Ok(line.trim().to_string());
            }
        }
    }

    /// Waits until the engine reads commands again: `ABOUT`, sent again every `PING_RETRY`
    /// until any reply comes (an engine still finishing its move drops the word unread).
    fn wait_idle(process: &mut EngineProcess, deadline: Instant) -> Result<(), AgentError> {
        loop {
            process.send("ABOUT")?;
            let retry = Instant::now() + PING_RETRY;
            loop {
                let now = Instant::now();
                if now >= deadline {
                    process.kill();
                    return Err(AgentError::Timeout(
                        "no reply to ABOUT in time (the engine never became idle), killed".into(),
                    ));
                }
                let wait = retry.min(deadline).saturating_duration_since(now);
                match process.recv_within(wait)? {
                    // Any reply but chatter (ABOUT's `name=...`, or an engine's complaint).
                    Some(line) if !Self::is_noise(&line) => return Ok(()),
                    Some(_) => {}
                    None if Instant::now() >= retry => break,
                    None => {}
                }
            }
        }
    }

    fn request<G: GomocupBoard>(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        limits: &Limits,
        deadline: Instant,
    ) -> Result<(String, f64), AgentError> {
        state.gomocup_decides().map_err(AgentError::Other)?;
        let n = state.gomocup_size();
        let turn_ms = limits.time_ms.unwrap_or(1000);
        if self.started != Some(n) {
            process.send(&format!("START {n}"))?;
            let ok = Self::answer(process, deadline)?;
            if !ok.eq_ignore_ascii_case("OK") {
                return Err(AgentError::Garbage(format!(
                    "START {n}: expected OK, got {ok:?}"
                )));
            }
            // The settings once a game, while the engine is idle.
            let rule = state.gomocup_rule().map_err(AgentError::Other)?;
            process.send(&format!("INFO rule {rule}"))?;
            process.send("INFO timeout_match 100000000")?;
            process.send("INFO time_left 100000000")?;
            process.send("INFO max_memory 268435456")?;
            self.started = Some(n);
            self.turn_ms = None;
            self.busy = false;
        } else if self.busy {
            Self::wait_idle(process, deadline)?;
        }
        self.busy = false;
        if self.turn_ms != Some(turn_ms) {
            process.send(&format!("INFO timeout_turn {turn_ms}"))?;
            self.turn_ms = Some(turn_ms);
        }
        let me = state.gomocup_side();
        let xy = |p: usize| format!("{},{}", p % n, n - 1 - p / n);
        let (mut blacks, mut whites) = (Vec::new(), Vec::new());
        for p in 0..n * n {
            match state.gomocup_stone(p) {
                Some(BLACK) => blacks.push(p),
                Some(_) => whites.push(p),
                None => {}
            }
        }
        process.send("BOARD")?;
        // The stones alternately from black (the order is unknown here; engines only need the
        // stones and whose they are).
        for i in 0..blacks.len().max(whites.len()) {
            for (list, colour) in [(&blacks, BLACK), (&whites, WHITE)] {
                if let Some(&p) = list.get(i) {
                    process.send(&format!("{},{}", xy(p), if colour == me { 1 } else { 2 }))?;
                }
            }
        }
        process.send("DONE")?;
        let line = Self::answer(process, deadline)?;
        self.busy = true;
        if line.to_ascii_uppercase().starts_with("ERROR") {
            return Err(AgentError::Other(format!("engine answered {line:?}")));
        }
        let parsed = line.split_once(',').and_then(|(x, y)| {
            Some((
                x.trim().parse::<usize>().ok()?,
                y.trim().parse::<usize>().ok()?,
            ))
        });
        let (x, y) = parsed
            .filter(|&(x, y)| x < n && y < n)
            .ok_or_else(|| AgentError::Garbage(format!("expected x,y, got {line:?}")))?;
        let p = (n - 1 - y) * n + x;
        Ok((state.gomocup_move(p), 0.0))
    }
}

impl Default for GomocupClient {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: GomocupBoard> ExternalProtocol<G> for GomocupClient {
    fn handshake(&mut self, _: &mut EngineProcess, _: Instant) -> Result<(), AgentError> {
        // START needs the board size, which comes with the first position.
        Ok(())
    }
    fn request_move(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        limits: &Limits,
        deadline: Instant,
    ) -> Result<(String, f64), AgentError> {
        self.request(process, state, limits, deadline)
    }
}

/// `boardlab serve --protocol gomocup --game gomoku [--engine E]`: the server is written for
/// gomoku's own board.
pub fn serve_cli(engine: Option<&std::path::Path>) -> Result<(), String> {
    let served = crate::search::Served::<Gomoku>::load(engine)?;
    session::serve_stdio(
        &mut GomocupServer::new(served.agent, served.limits),
        "gomocup",
    )
}
