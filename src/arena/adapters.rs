//! Engines with their own ways of talking, made arena engines like any other (clocks, crash and
//! hang handling, adjudication):
//!
//! - **Zebra** (Othello, `protocol = "zebra"`): one process a move. For each move the position
//!   goes into a game file (`-g`, 64 squares `X O -` and "Black to move"), Zebra runs
//!   `-quiet -b 0 -r 0 -l D E W D E W -evalone -g FILE` (plus `-time B Binc W Winc` under a clock,
//!   whole seconds) and the move is the first square on its last `-->` line. This build of Zebra
//!   sometimes segfaults when an exact solve starts (at 12 or more empties): a crashed move is
//!   run again with lower solve depths (exact off, then the win/loss/draw solve off too), and the
//!   retries are noted in the game record.
//! - **GuiNN** (English checkers, `protocol = "guinn"`): its own line protocol, one process a
//!   game: `fen <FEN>`, `depth n`, `time s`, `go` -> `bestmove 11-15 eval 8 fen <FEN after>`. Its
//!   move text does not say which squares a multi-jump passes, so the move is the legal one whose
//!   resulting position is the FEN it sends back.
//!
//! What each program reads of a position is the game's own text (`games::othello::zebra`,
//! `games::draughts::guinn`, through `game::bindings`); a game names the adapters it has in its
//! `Game::bindings`. Both are told positions, never move lists: a rejected position
//! (`error bad fen`) fails the move, as a move boardlab's rules reject does.

use std::time::Instant;

use crate::agent::{AgentError, Intent};
use crate::engine_file::EngineSpec;
use crate::game::bindings::{Bindings, GuinnBoard, ZebraBoard};
use crate::game::error::quote;
use crate::game::{Game, MoveList};

use super::per_move::{Launcher, PerMoveProgram};
use crate::protocol::client::{EngineAnswer, EngineProcess, ExternalProtocol, MoveRequest};

/// The `guinn` protocol for game `G`, when `G` speaks it (its `Game::bindings`).
pub fn guinn_client<G: Game>() -> Result<Box<dyn ExternalProtocol<G>>, String> {
    struct Client<G: Game>(Option<Box<dyn ExternalProtocol<G>>>);
    impl<G: Game> Bindings<G> for Client<G> {
        fn guinn(&mut self)
        where
            G: GuinnBoard,
        {
            self.0 = Some(Box::new(GuinnClient::default()));
        }
    }
    let mut client = Client(None);
    G::bindings(&mut client);
    client
        .0
        .ok_or_else(|| format!("the guinn adapter plays checkers only, not {}", G::ID))
}

/// The `zebra` one-process-a-move adapter for game `G`, when `G` speaks it (its
/// `Game::bindings`).
pub fn zebra_program<G: Game>() -> Result<Box<dyn PerMoveProgram<G>>, String> {
    struct Program<G: Game>(Option<Box<dyn PerMoveProgram<G>>>);
    impl<G: Game> Bindings<G> for Program<G> {
        fn zebra(&mut self)
        where
            G: ZebraBoard,
        {
            self.0 = Some(Box::new(ZebraProgram::default()));
        }
    }
    let mut program = Program(None);
    G::bindings(&mut program);
    program
        .0
        .ok_or_else(|| format!("the zebra adapter plays othello only, not {}", G::ID))
}

/// A `[params]` whole number, or `default`.
fn param_u32(spec: &EngineSpec, key: &str, default: u32, max: u32) -> Result<u32, String> {
    match spec.params.get(key) {
        None => Ok(default),
        Some(toml::Value::Integer(i)) if (0..=max as i64).contains(i) => Ok(*i as u32),
        Some(v) => Err(format!(
            "[params] {key} = {v} must be a whole number 0..={max}"
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// GuiNN

/// GuiNN_Checkers' line protocol (English checkers).
#[derive(Debug, Default)]
pub struct GuinnClient {
    /// `[params] book = false`: no opening book (`book 0`); absent, GuiNN's default (on).
    book: Option<bool>,
}

/// The legal move of `state` that leads to the position `fen_after` (GuiNN's FEN, a trailing
/// `.` allowed), as boardlab writes it.
pub fn move_to_position<G: Game>(state: &G, fen_after: &str) -> Result<String, AgentError> {
    let text = fen_after.trim().trim_end_matches('.');
    let after = G::parse_position(state.rules(), text)
        .map_err(|e| AgentError::Garbage(format!("GuiNN's position after its move: {e}")))?;
    let want = after.format_position();
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    for &mv in &moves {
        let mut s = state.clone();
        s.play(mv);
        if s.format_position() == want {
            return Ok(state.format_move(mv));
        }
    }
    Err(AgentError::IllegalMove(format!(
        "no legal move leads to {} (GuiNN's position after its move)",
        quote(fen_after)
    )))
}

impl<G: GuinnBoard> ExternalProtocol<G> for GuinnClient {
    fn handshake(
        &mut self,
        process: &mut EngineProcess,
        deadline: Instant,
    ) -> Result<(), AgentError> {
        loop {
            let line = process.recv(deadline)?;
            let first = line.split_whitespace().next().unwrap_or("");
            match first {
                "ready" => break,
                "error" => return Err(AgentError::Other(format!("GuiNN: {}", quote(&line)))),
                _ => {}
            }
        }
        if let Some(b) = self.book {
            process.send(if b { "book 1" } else { "book 0" })?;
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
        state.guinn_plays().map_err(AgentError::Other)?;
        process.send(&format!("fen {}", state.guinn_fen()))?;
        // GuiNN keeps a depth once set: always say one (52 is its own maximum).
        let l = &request.limits;
        process.send(&format!("depth {}", l.depth.unwrap_or(52).min(52)))?;
        // GuiNN has a move time only: the share of the clock the referee computed, else the
        // move time, else (a depth search) as long as the arena waits.
        let ms = l.time_ms.unwrap_or_else(|| {
            deadline
                .saturating_duration_since(Instant::now())
                .as_millis() as u64
        });
        process.send(&format!("time {:.3}", ms.max(1) as f64 / 1000.0))?;
        process.send("go")?;
        let mut answer = EngineAnswer::default();
        loop {
            let line = process.recv(deadline)?;
            let words: Vec<&str> = line.split_whitespace().collect();
            let value = |key: &str| {
                words
                    .iter()
                    .position(|w| *w == key)
                    .and_then(|i| words.get(i + 1))
                    .copied()
            };
            match words.first().copied() {
                // `-v` writes `info depth D/SD eval E nodes N time T pv ..` on stderr.
                Some("info") => {
                    if let Some(d) = value("depth").and_then(|d| d.split('/').next()?.parse().ok())
                    {
                        answer.depth = Some(d);
                    }
                    if let Some(n) = value("nodes").and_then(|n| n.parse().ok()) {
                        answer.nodes = Some(n);
                    }
                }
                Some("bestmove") => {
                    if words.get(1) == Some(&"none") {
                        return Err(AgentError::IllegalMove(
                            "GuiNN says it has no move in a position with legal moves".into(),
                        ));
                    }
                    answer.score = value("eval").and_then(|e| e.parse().ok());
                    let fen = value("fen").ok_or_else(|| {
                        AgentError::Garbage(format!("bestmove without fen: {}", quote(&line)))
                    })?;
                    answer.mv = Some(move_to_position(state, fen)?);
                    answer.intent = Intent::Play;
                    return Ok(answer);
                }
                Some("error") => {
                    return Err(AgentError::Other(format!(
                        "GuiNN answered {}",
                        quote(&line)
                    )))
                }
                _ => {}
            }
        }
    }

    fn param_keys(&self) -> &'static [&'static str] {
        &["book"]
    }

    fn configure(&mut self, spec: &EngineSpec) -> Result<(), String> {
        match spec.params.get("book") {
            None => {}
            Some(toml::Value::Boolean(b)) => self.book = Some(*b),
            Some(v) => return Err(format!("[params] book = {v} must be true or false")),
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Zebra

/// Zebra run once a move.
#[derive(Debug)]
pub struct ZebraProgram {
    /// Midgame depth without a depth limit (`[params] zebra_depth`); a depth limit replaces it.
    depth: u32,
    /// Empties from which Zebra solves exactly, and for win/loss/draw (`zebra_exact`, `zebra_wld`).
    exact: u32,
    wld: u32,
}

/// The deepest midgame search asked of Zebra. A level of 60 (`-l 60 ...`) crashes this build
/// (SIGSEGV) once the clock lets it search deep, in any position tried (20 and 24 empties,
/// solve depths 0 to 24), while 59 runs the same searches to the end: an off-by-one at its
/// 60-ply limit. Every peer crash of the first 26 games at 10+0.1 was this.
pub const ZEBRA_MAX_DEPTH: u32 = 59;

impl Default for ZebraProgram {
    fn default() -> Self {
        // The peer's README: at most 17 exact-solve empties with this build.
        ZebraProgram {
            depth: ZEBRA_MAX_DEPTH,
            exact: 17,
            wld: 17,
        }
    }
}

/// The move, score (discs, from the side to move; `Win`/`Loss`/`Draw` as ±64/0), depth and nodes
/// of Zebra's last `-->` line: `-->  14  +9.77  149607  f6 f7 d3 c5 f5  0.0 s  4666760 nps`.
pub fn parse_zebra_output(lines: &[String]) -> Option<EngineAnswer> {
    let last = lines
        .iter()
        .rev()
        .find(|l| l.trim_start().starts_with("-->"))?;
    let words: Vec<&str> = last.split_whitespace().collect();
    let square = |w: &&str| {
        let b = w.as_bytes();
        b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
    };
    let mv = words.iter().skip(3).find(|w| square(w))?;
    let score = words.get(2).and_then(|s| match *s {
        "Win" => Some(64.0),
        "Loss" => Some(-64.0),
        "Draw" => Some(0.0),
        s => s.parse::<f64>().ok(),
    });
    let nodes = words.get(3).and_then(|n| {
        let (digits, mult) = match n.strip_suffix('k') {
            Some(d) => (d, 1000),
            None => match n.strip_suffix('M') {
                Some(d) => (d, 1_000_000),
                None => (*n, 1),
            },
        };
        digits.parse::<u64>().ok().map(|x| x * mult)
    });
    Some(EngineAnswer {
        mv: Some(mv.to_string()),
        score,
        depth: words.get(1).and_then(|d| d.parse().ok()),
        nodes,
        ..Default::default()
    })
}

impl ZebraProgram {
    /// The solve depths of attempt `i` (0 first): as configured, then no exact solve, then no
    /// solve at all.
    fn solve_depths(&self, attempt: u32) -> (u32, u32) {
        match attempt {
            0 => (self.exact, self.wld),
            1 => (0, self.wld),
            _ => (0, 0),
        }
    }
}

/// Most times a crashed Zebra move is run (the first run and two retries).
const ZEBRA_ATTEMPTS: u32 = 3;

impl<G: ZebraBoard> PerMoveProgram<G> for ZebraProgram {
    fn run_move(
        &mut self,
        program: &Launcher,
        state: &G,
        request: &MoveRequest,
        deadline: Instant,
    ) -> Result<EngineAnswer, AgentError> {
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        // A forced move (a pass, which Zebra does not print) needs no Zebra.
        if moves.len() == 1 {
            return Ok(EngineAnswer::with_move(state.format_move(moves[0]), None));
        }
        let dir = program
            .dir
            .clone()
            .ok_or_else(|| AgentError::Crashed("zebra: [params] dir is needed".into()))?;
        let file = dir.join("position.gam");
        std::fs::write(&file, state.zebra_game_file())
            .map_err(|e| AgentError::Crashed(format!("cannot write {}: {e}", file.display())))?;
        let depth = request
            .limits
            .depth
            .unwrap_or(self.depth)
            .clamp(1, ZEBRA_MAX_DEPTH);
        let mut failures = Vec::new();
        for attempt in 0..ZEBRA_ATTEMPTS {
            let (exact, wld) = self.solve_depths(attempt);
            let level = [depth, exact, wld, depth, exact, wld].map(|x| x.to_string());
            let mut args: Vec<String> = ["-quiet", "-b", "0", "-r", "0", "-l"]
                .iter()
                .map(|s| s.to_string())
                .collect();
            args.extend(level);
            if let Some(c) = request.clock {
                // Whole seconds only (Zebra reads them with atoi); it sees no increment below a
                // second, so the increments still to come (one a move, about empties/2 moves)
                // are added to its time, at most doubling it.
                let left = deadline
                    .saturating_duration_since(Instant::now())
                    .as_millis() as u64;
                let own = c.own_ms.min(left);
                let moves_left = (state.zebra_empties() as u64).div_ceil(2);
                let total = (own + c.increment_ms * moves_left).min(2 * own);
                let secs = |ms: u64| (ms / 1000).max(1).to_string();
                let opp = c.opponent_ms + c.increment_ms * moves_left;
                let (black, white) = if state.zebra_black_to_move() {
                    (total, opp)
                } else {
                    (opp, total)
                };
                args.extend([
                    "-time".into(),
                    secs(black),
                    "0".into(),
                    secs(white),
                    "0".into(),
                ]);
            } else if let (Some(t), None) = (request.limits.time_ms, request.limits.depth) {
                // No move time in Zebra: a clock of ~15 moves of this time (it spends about
                // 1/20 of a clock on an opening move); the arena's deadline is the bound.
                let secs = (t * 15 / 1000).max(1).to_string();
                args.extend(["-time".into(), secs.clone(), "0".into(), secs, "0".into()]);
            }
            args.extend(["-evalone".into(), "-g".into(), "position.gam".into()]);
            let out = program.run(&args, deadline)?;
            // This build's exact solver can also answer a move that is not legal (reproduced:
            // h8 at 13 empties, where boardlab's and a by-hand reading of the rules agree it
            // is not), so a move is checked and an illegal one retried like a crash.
            let legal = |a: &EngineAnswer| {
                a.mv.as_deref()
                    .and_then(|m| state.parse_move(m).ok())
                    .is_some_and(|m| state.is_legal(m))
            };
            match parse_zebra_output(&out.lines) {
                Some(answer) if out.status.success() && !legal(&answer) => failures.push(format!(
                    "exact {exact} wld {wld}: answered {:?}, not a legal move",
                    answer.mv.unwrap_or_default()
                )),
                Some(mut answer) if out.status.success() => {
                    if attempt > 0 {
                        answer.note = Some(format!(
                            "zebra retried: {} (ran with exact {exact}, wld {wld})",
                            failures.join(", ")
                        ));
                    }
                    return Ok(answer);
                }
                _ => failures.push(format!("exact {exact} wld {wld}: {}", out.status)),
            }
        }
        Err(AgentError::Crashed(format!(
            "zebra failed {ZEBRA_ATTEMPTS} times on {}: {}",
            quote(&state.format_position()),
            failures.join("; ")
        )))
    }

    fn param_keys(&self) -> &'static [&'static str] {
        &["zebra_depth", "zebra_exact", "zebra_wld"]
    }

    fn configure(&mut self, spec: &EngineSpec) -> Result<(), String> {
        self.depth = param_u32(spec, "zebra_depth", self.depth, ZEBRA_MAX_DEPTH)?.max(1);
        self.exact = param_u32(spec, "zebra_exact", self.exact, 60)?;
        self.wld = param_u32(spec, "zebra_wld", self.wld, 60)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::guinn::guinn_fen;
    use crate::games::draughts::Checkers;

    #[test]
    fn zebra_lines_read_with_solves_and_thousands() {
        let lines = |s: &str| s.lines().map(String::from).collect::<Vec<_>>();
        let a = parse_zebra_output(&lines(
            "[-inf,inf]:    f6=7.98 d3\n-->  21  +9.44   4212245  f6 f7 f8 c6 b6  0.6 s  7282078 nps\n\
             -->  28  +9.08        122867k  f6 f7 d3 c5 f5    16.7 s  7375405 nps\nPV: f6 f7",
        ))
        .unwrap();
        assert_eq!(a.mv.as_deref(), Some("f6"));
        assert_eq!(
            (a.score, a.depth, a.nodes),
            (Some(9.08), Some(28), Some(122_867_000))
        );
        let w = parse_zebra_output(&lines("-->  14  Win   4220  h1 g2 h7  0.0 s  11467391 nps"))
            .unwrap();
        assert_eq!((w.mv.as_deref(), w.score), (Some("h1"), Some(64.0)));
        assert!(parse_zebra_output(&lines("Nodes searched: 0\nTotal time: 0.0 s")).is_none());
    }

    #[test]
    fn guinn_fen_and_the_move_its_position_names() {
        let rules = Default::default();
        let start = Checkers::new(&rules);
        assert_eq!(
            guinn_fen(&start),
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
        // GuiNN's answer to the start: 11-15, with the position after it (its own order).
        let after = "W:W24,23,22,21,28,27,26,25,32,31,30,29:B4,3,2,1,8,7,6,5,12,10,9,15.";
        assert_eq!(move_to_position(&start, after).unwrap(), "11-15");
        assert!(move_to_position(&start, "W:W21:B1.").is_err());
        assert!(move_to_position(&start, "nonsense").is_err());
    }
}
