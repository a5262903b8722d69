//! GTP 2 (the Go Text Protocol) for Go-board games: the engine side (`GtpServer`, a
//! `session::Session`, served by `boardlab serve --protocol gtp`) and the arena's side for
//! external GTP programs (`GtpClient`, an `arena::external::ExternalProtocol`, engine files with
//! `protocol = "gtp"`). A game speaks GTP by implementing the small adapter
//! `game::bindings::GtpGame` in its folder (its board side, its rules at another side, and how
//! to bring a GTP board to one of its positions) and naming it in `Game::bindings`. Moves
//! are GTP vertices (`game::grid`, files without `i`); black is seat 0, white seat 1.
//!
//! Framing (GTP 2 section 3): control characters other than tab and newline are dropped, `#`
//! starts a comment, tabs are spaces, blank lines get no answer; a command may start with a
//! numeric id, echoed in the answer (`=12 ...`, `?12 ...`). Every answer ends with a blank line.
//! A failed command answers `? <reason>` and leaves the state as it was.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

use super::session::{self, Session};
use crate::agent::{Agent, AgentError, Limits};
use crate::eval::GameKnowledge;
use crate::game::bindings::GtpGame;
use crate::game::error::{parse_float, parse_int, quote};
use crate::game::grid::{parse_square, Files};
use crate::game::PlayerId;
use crate::protocol::client::{EngineProcess, ExternalProtocol};

/// The largest komi `komi` takes either way (no Go-board game gives a thousand points).
const MAX_KOMI: f64 = 1000.0;
/// The longest time `time_settings` and `time_left` take, in seconds (over 30 years).
const MAX_SECONDS: f64 = 1e9;

/// Whether `why` (from `parse_int` / `parse_float`) says a number is out of range rather than
/// not a number.
fn is_range_error(why: &str) -> bool {
    why.contains(" is out of range")
}

/// GTP 2 answers arguments it cannot read "syntax error"; a number that reads but lies out of
/// range is said to be that instead.
fn syntax_unless_range(why: String) -> String {
    if is_range_error(&why) {
        why
    } else {
        format!("syntax error: {why}")
    }
}

/// The commands the server knows, as `list_commands` prints them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "showboard",
    "time_settings",
    "time_left",
    "final_score",
    "quit",
];

/// GTP colours: `b`/`black` is seat 0, `w`/`white` seat 1.
pub fn parse_colour(text: &str) -> Option<PlayerId> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(0),
        "w" | "white" => Some(1),
        _ => None,
    }
}

pub fn colour_letter(seat: PlayerId) -> char {
    if seat == 0 {
        'b'
    } else {
        'w'
    }
}

fn colour_word(seat: PlayerId) -> &'static str {
    if seat == 0 {
        "black"
    } else {
        "white"
    }
}

/// GTP's line preprocessing: control characters (but tab) removed, comments cut, tabs to spaces.
pub fn preprocess(line: &str) -> String {
    let no_comment = line.split('#').next().unwrap_or("");
    no_comment
        .chars()
        .filter(|c| !c.is_control() || *c == '\t')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

/// Time the controller gave (`time_settings`, `time_left`), in seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Clock {
    main: f64,
    byo_yomi: f64,
    byo_stones: u32,
    /// `time_left` for each colour: (seconds, stones; 0 stones = main time).
    left: [Option<(f64, u32)>; 2],
}

impl Clock {
    /// The time to aim for on one move of `seat`: a byo-yomi period's share per stone, else a
    /// twentieth of the main time left (as the arena's clock does); None without time control.
    fn move_ms(&self, seat: PlayerId) -> Option<u64> {
        let (secs, stones) = match self.left[seat] {
            Some(l) => l,
            None if self.main > 0.0 => (self.main, 0),
            None if self.byo_stones > 0 => (self.byo_yomi, self.byo_stones),
            None => return None,
        };
        let share = if stones > 0 {
            secs / stones as f64
        } else {
            secs / 20.0
        };
        // Keep a tenth for the pipes and the controller.
        Some(((share * 900.0) as u64).max(1))
    }
}

/// The engine side: a board, an agent for `genmove`, and the clock the controller set.
pub struct GtpServer<G: GtpGame> {
    rules: G::Rules,
    state: G,
    agent: Box<dyn Agent<G>>,
    /// The engine file's limits; a clock set by the controller adds a time limit.
    limits: Limits,
    komi: f64,
    clock: Clock,
}

type Reply = Result<Vec<String>, String>;

impl<G: GtpGame> GtpServer<G> {
    pub fn new(rules: G::Rules, agent: Box<dyn Agent<G>>, limits: Limits) -> Self {
        GtpServer {
            state: G::new(&rules),
            rules,
            agent,
            limits,
            komi: 0.0,
            clock: Clock::default(),
        }
    }

    pub fn state(&self) -> &G {
        &self.state
    }

    /// Answers one line (GTP framing included).
    pub fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        let line = preprocess(line);
        if line.is_empty() {
            return (Vec::new(), false);
        }
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("");
        let (id, cmd) = if first.bytes().all(|b| b.is_ascii_digit()) {
            (first.to_string(), words.next().unwrap_or(""))
        } else {
            (String::new(), first)
        };
        let args: Vec<&str> = words.collect();
        let mut quit = false;
        let reply = match cmd {
            "" => Err("syntax error: an id without a command".to_string()),
            "protocol_version" => Ok(vec!["2".to_string()]),
            "name" => Ok(vec!["boardlab".to_string()]),
            "version" => Ok(vec![env!("CARGO_PKG_VERSION").to_string()]),
            "known_command" => match args.first() {
                Some(c) => Ok(vec![COMMANDS.contains(c).to_string()]),
                None => Err("syntax error: known_command needs a command name".into()),
            },
            "list_commands" => Ok(COMMANDS.iter().map(|c| c.to_string()).collect()),
            "boardsize" => self.boardsize(&args),
            "clear_board" => {
                self.state = G::new(&self.rules);
                self.agent.new_game();
                Ok(vec![])
            }
            "komi" => match args.first() {
                Some(k) => parse_float("komi", k, -MAX_KOMI, MAX_KOMI)
                    .map(|k| {
                        self.komi = k;
                        vec![]
                    })
                    .map_err(syntax_unless_range),
                None => Err("syntax error: komi needs a number".into()),
            },
            "play" => self.play(&args),
            "genmove" => self.genmove(&args),
            "showboard" => {
                let mut lines = vec![String::new()];
                lines.extend(self.state.render().lines().map(str::to_string));
                Ok(lines)
            }
            "time_settings" => self.time_settings(&args),
            "time_left" => self.time_left(&args),
            "final_score" => self.final_score(),
            "quit" => {
                quit = true;
                Ok(vec![])
            }
            other => Err(format!("unknown command {}", quote(other))),
        };
        let (mark, lines) = match reply {
            Ok(lines) => ('=', lines),
            Err(why) => ('?', vec![why]),
        };
        let mut out = Vec::with_capacity(lines.len() + 1);
        let mut lines = lines.into_iter();
        match lines.next() {
            Some(first) if !first.is_empty() => out.push(format!("{mark}{id} {first}")),
            _ => out.push(format!("{mark}{id}")),
        }
        out.extend(lines);
        out.push(String::new());
        (out, quit)
    }

    fn boardsize(&mut self, args: &[&str]) -> Reply {
        let text = args
            .first()
            .ok_or("syntax error: boardsize needs an integer")?;
        // GTP 2 answers a size that is a number but not played "unacceptable size".
        let size = parse_int("boardsize", text, 0, G::MAX_BOARD_SIZE).map_err(|e| {
            if is_range_error(&e) {
                format!("unacceptable size: {e}")
            } else {
                format!("syntax error: {e}")
            }
        })?;
        let rules = G::rules_with_size(&self.rules, size)
            .map_err(|why| format!("unacceptable size: {why}"))?;
        self.state = G::new(&rules);
        self.rules = rules;
        self.agent.new_game();
        Ok(vec![])
    }

    /// The colour argument of `command`.
    fn colour_arg(text: Option<&&str>, command: &str) -> Result<PlayerId, String> {
        text.and_then(|c| parse_colour(c))
            .ok_or_else(|| format!("syntax error: {command} needs a colour, b or w"))
    }

    /// Ok(true) when `seat` is to move, Ok(false) when the game is over, an error naming the
    /// colour to move otherwise (the board alternates strictly, as NoGo does).
    fn whose_turn(&self, seat: PlayerId) -> Result<bool, String> {
        match self.state.current_player() {
            Some(p) if p == seat => Ok(true),
            Some(p) => Err(format!(
                "{} is to move, not {}",
                colour_word(p),
                colour_word(seat)
            )),
            None => Ok(false),
        }
    }

    fn play(&mut self, args: &[&str]) -> Reply {
        let seat = Self::colour_arg(args.first(), "play")?;
        let vertex = args
            .get(1)
            .ok_or("syntax error: play needs a colour and a vertex")?;
        if args.len() > 2 {
            return Err("syntax error: play takes a colour and a vertex".into());
        }
        let size = self.state.board_size();
        let is_pass = vertex.eq_ignore_ascii_case("pass");
        if !is_pass {
            parse_square(Files::LettersWithoutI, size, size, vertex)
                .map_err(|e| format!("invalid vertex {vertex:?}: {}", e.reason))?;
        }
        match self.whose_turn(seat) {
            Ok(true) => {}
            Ok(false) => return Err("illegal move: the game is over".into()),
            Err(why) => return Err(format!("illegal move: {why}")),
        }
        let mv = self
            .state
            .parse_move(vertex)
            .map_err(|e| format!("illegal move: {}", e.reason))?;
        self.state.play(mv);
        Ok(vec![])
    }

    fn genmove(&mut self, args: &[&str]) -> Reply {
        let seat = Self::colour_arg(args.first(), "genmove")?;
        // No legal move: the side to move has lost, and says so.
        if !self.whose_turn(seat)? {
            return Ok(vec!["resign".to_string()]);
        }
        let mut limits = self.limits;
        if let Some(ms) = self.clock.move_ms(seat) {
            limits.time_ms = Some(limits.time_ms.map_or(ms, |t| t.min(ms)));
        }
        let (state, agent) = (&self.state, &mut self.agent);
        let report = catch_unwind(AssertUnwindSafe(|| agent.choose(state, &limits)))
            .map_err(|_| "the engine panicked".to_string())?
            .map_err(|e| format!("the engine found no move: {e}"))?;
        if !self.state.is_legal(report.best) {
            return Err("the engine chose an illegal move".into());
        }
        let text = self.state.format_move(report.best).to_ascii_uppercase();
        self.state.play(report.best);
        Ok(vec![text])
    }

    fn time_settings(&mut self, args: &[&str]) -> Reply {
        if args.len() != 3 {
            return Err(
                "syntax error: time_settings main_time byo_yomi_time byo_yomi_stones".into(),
            );
        }
        let main =
            parse_float("main_time", args[0], 0.0, MAX_SECONDS).map_err(syntax_unless_range)?;
        let byo_yomi =
            parse_float("byo_yomi_time", args[1], 0.0, MAX_SECONDS).map_err(syntax_unless_range)?;
        let byo_stones =
            parse_int("byo_yomi_stones", args[2], 0, u32::MAX).map_err(syntax_unless_range)?;
        self.clock = Clock {
            main,
            byo_yomi,
            byo_stones,
            left: [None, None],
        };
        Ok(vec![])
    }

    fn time_left(&mut self, args: &[&str]) -> Reply {
        let syntax = || "syntax error: time_left colour time stones".to_string();
        if args.len() != 3 {
            return Err(syntax());
        }
        let seat = parse_colour(args[0]).ok_or_else(syntax)?;
        let secs = parse_float("time", args[1], 0.0, MAX_SECONDS).map_err(syntax_unless_range)?;
        let stones = parse_int("stones", args[2], 0, u32::MAX).map_err(syntax_unless_range)?;
        self.clock.left[seat] = Some((secs, stones));
        Ok(vec![])
    }

    fn final_score(&self) -> Reply {
        if !self.state.is_terminal() {
            return Err("cannot score: the game is not over".into());
        }
        let r = self.state.returns();
        Ok(vec![if r.get(0) > r.get(1) {
            "B+R".to_string()
        } else if r.get(1) > r.get(0) {
            "W+R".to_string()
        } else {
            "0".to_string()
        }])
    }
}

impl<G: GtpGame> Session for GtpServer<G> {
    fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        GtpServer::handle(self, line)
    }
    fn malformed(&mut self, why: &str) -> Vec<String> {
        vec![format!("? {why}"), String::new()]
    }
}

/// The arena's side: keeps the moves the engine's board holds, sends only what is new.
pub struct GtpClient<G: GtpGame> {
    size: Option<usize>,
    played: Vec<G::Move>,
    /// The per-move time last sent with `time_settings`.
    time_sent: Option<u64>,
}

impl<G: GtpGame> Default for GtpClient<G> {
    fn default() -> Self {
        GtpClient {
            size: None,
            played: Vec::new(),
            time_sent: None,
        }
    }
}

/// Sends a command and reads its answer: `Ok(text)` for `=`, `Err` for `?` or garbage.
fn command(
    process: &mut EngineProcess,
    line: &str,
    deadline: Instant,
) -> Result<Result<String, String>, AgentError> {
    process.send(line)?;
    let mut first = loop {
        let l = process.recv(deadline)?;
        if !l.trim().is_empty() {
            break l;
        }
    };
    let ok = match first.chars().next() {
        Some('=') => true,
        Some('?') => false,
        _ => {
            return Err(AgentError::Garbage(format!(
                "GTP answer to {line:?} does not start with = or ?: {first:?}"
            )))
        }
    };
    // Skip the id after the mark.
    first = first[1..]
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim()
        .to_string();
    let mut text = first;
    loop {
        let l = process.recv(deadline)?;
        if l.trim().is_empty() {
            break;
        }
        text.push('\n');
        text.push_str(&l);
    }
    Ok(if ok { Ok(text) } else { Err(text) })
}

/// A command that must succeed.
fn expect_ok(
    process: &mut EngineProcess,
    line: &str,
    deadline: Instant,
) -> Result<String, AgentError> {
    command(process, line, deadline)?
        .map_err(|why| AgentError::Other(format!("engine refused {line:?}: {why}")))
}

fn seconds(ms: u64) -> String {
    if ms % 1000 == 0 {
        (ms / 1000).to_string()
    } else {
        format!("{:.3}", ms as f64 / 1000.0)
    }
}

impl<G: GtpGame> ExternalProtocol<G> for GtpClient<G> {
    fn handshake(
        &mut self,
        process: &mut EngineProcess,
        deadline: Instant,
    ) -> Result<(), AgentError> {
        let v = expect_ok(process, "protocol_version", deadline)?;
        if v.trim() != "2" {
            return Err(AgentError::Garbage(format!(
                "protocol_version answered {v:?}, not 2"
            )));
        }
        Ok(())
    }

    fn request_move(
        &mut self,
        process: &mut EngineProcess,
        state: &G,
        limits: &Limits,
        deadline: Instant,
    ) -> Result<(String, f64), AgentError> {
        let size = state.board_size();
        let mut moves = state.continue_from(&self.played);
        if self.size != Some(size) || moves.is_none() {
            if self.size != Some(size) {
                expect_ok(process, &format!("boardsize {size}"), deadline)?;
                self.size = Some(size);
            }
            expect_ok(process, "clear_board", deadline)?;
            self.played.clear();
            moves = state.continue_from(&[]);
        }
        let moves = moves.ok_or_else(|| {
            AgentError::Other("the position cannot be set up on a GTP board".into())
        })?;
        let mut replay = G::new(state.rules());
        for &mv in &self.played {
            replay.play(mv);
        }
        for mv in moves {
            let seat = replay.current_player().unwrap_or(0);
            let vertex = replay.format_move(mv);
            expect_ok(
                process,
                &format!("play {} {vertex}", colour_letter(seat)),
                deadline,
            )?;
            replay.play(mv);
            self.played.push(mv);
        }
        let seat = state.current_player().ok_or(AgentError::NoMove)?;
        if limits.time_ms != self.time_sent {
            if let Some(ms) = limits.time_ms {
                expect_ok(
                    process,
                    &format!("time_settings 0 {} 1", seconds(ms)),
                    deadline,
                )?;
            }
            self.time_sent = limits.time_ms;
        }
        if let Some(ms) = limits.time_ms {
            expect_ok(
                process,
                &format!("time_left {} {} 1", colour_letter(seat), seconds(ms)),
                deadline,
            )?;
        }
        let answer = command(
            process,
            &format!("genmove {}", colour_letter(seat)),
            deadline,
        )?
        .map_err(|why| AgentError::Other(format!("genmove failed: {why}")))?;
        let vertex = answer.trim().to_ascii_lowercase();
        if vertex == "resign" {
            return Err(AgentError::Other("the engine resigned".into()));
        }
        // The engine has played its move on its board: remember it if it is legal here.
        if let Ok(mv) = state.parse_move(&vertex) {
            if state.is_legal(mv) {
                self.played.push(mv);
            }
        }
        Ok((vertex, 0.0))
    }
}

/// Runs a GTP server on stdin/stdout until `quit` or the end of input.
pub fn serve<G: GtpGame>(
    mut server: GtpServer<G>,
    input: impl std::io::BufRead,
    output: impl std::io::Write,
) -> std::io::Result<()> {
    session::serve(&mut server, input, output)
}

/// `boardlab serve --protocol gtp` for game `G` (`protocol::serve_cli`): without an engine
/// file, `genmove` plays a uniformly random legal move.
pub fn serve_stdio<G: GameKnowledge + GtpGame>(
    engine: Option<&std::path::Path>,
) -> Result<(), String> {
    let served = crate::search::Served::<G>::load(engine)?;
    let rules = served.rules()?;
    session::serve_stdio(
        &mut GtpServer::new(rules, served.agent, served.limits),
        "gtp",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nogo::{NoGo, NoGoRules};
    use crate::search::baselines::RandomAgent;

    fn server() -> GtpServer<NoGo> {
        GtpServer::new(
            NoGoRules::default(),
            Box::new(RandomAgent::new("r", 1)),
            Limits::default(),
        )
    }

    #[test]
    fn framing_ids_comments_and_blank_lines() {
        let mut s = server();
        assert_eq!(s.handle("").0, Vec::<String>::new());
        assert_eq!(s.handle("   # only a comment").0, Vec::<String>::new());
        assert_eq!(s.handle("12 protocol_version").0, ["=12 2", ""]);
        assert_eq!(s.handle("name # who").0, ["= boardlab", ""]);
        assert_eq!(s.handle("\tknown_command\tplay").0, ["= true", ""]);
        assert_eq!(s.handle("known_command undo").0, ["= false", ""]);
        assert_eq!(
            s.handle("7 frobnicate").0[0],
            "?7 unknown command \"frobnicate\""
        );
        assert_eq!(
            s.handle("quit"),
            (vec!["=".to_string(), String::new()], true)
        );
    }
}
