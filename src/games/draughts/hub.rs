//! The Hub protocol, as Scan speaks it (and as pydraughts' `HubEngine` drives it), for
//! international draughts. One command a line on stdin, answers on stdout:
//!
//! | GUI sends | engine answers |
//! |---|---|
//! | `hub` | `id name=.. version=..`, `param ..` lines, `wait` |
//! | `init` | `ready` |
//! | `pos pos=<W|B + 50 of w b W B e> [moves="m1 m2 .."]` | (nothing) |
//! | `level depth=N` / `nodes=N` / `move-time=S` / `time=S [inc=S] [moves=N]` / `infinite` | (nothing) |
//! | `go think` (or `go ponder`, `go analyze`) | `info depth=.. score=.. nodes=.. time=.. nps=.. pv=".."`, `done move=.. [ponder=..]` |
//! | `ping` | `pong` |
//! | `new-game`, `stop`, `ponder-hit`, `set-param name=.. value=..` | (nothing) |
//! | `quit` | the engine exits |
//!
//! Moves are `32-28` and captures `28x19x23` (from, to, then every captured square ascending).
//! Scores are in men (1.0 = one man). The search runs to its limit before `done`; `stop`
//! arriving meanwhile is read afterwards and ignored (the move has been sent).

use std::io::{BufRead, Write};

use crate::engine::{Agent, Limits};
use crate::game::{Game, ParseError};

use super::geometry::{bit_of_number, Ten};
use super::notation::hub_move;
use super::position::Position;
use super::rules::Rules;
use super::Draughts;

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

/// Reads a Hub position: the side to move (`W` or `B`) then 50 squares `w b W B e`.
pub fn parse_hub_position(rules: &Rules<Ten>, text: &str) -> Result<Draughts, ParseError> {
    let t = text.trim();
    let chars: Vec<char> = t.chars().collect();
    if chars.len() != 51 {
        return Err(ParseError::position(
            text,
            format!(
                "a Hub position has 51 characters (side + 50 squares), found {}",
                chars.len()
            ),
        ));
    }
    let side = match chars[0] {
        'W' | 'w' => 0,
        'B' | 'b' => 1,
        c => {
            return Err(ParseError::position(
                text,
                format!("bad side to move {c:?}"),
            ))
        }
    };
    let mut pieces = [0u64; 2];
    let mut kings = 0u64;
    for (i, &c) in chars[1..].iter().enumerate() {
        let bit = 1u64 << bit_of_number::<Ten>(i as u32 + 1).unwrap();
        match c {
            'w' => pieces[0] |= bit,
            'W' => {
                pieces[0] |= bit;
                kings |= bit
            }
            'b' => pieces[1] |= bit,
            'B' => {
                pieces[1] |= bit;
                kings |= bit
            }
            'e' | '.' | '-' => {}
            _ => {
                return Err(ParseError::position(
                    text,
                    format!("bad square {c:?} at {} (use w b W B e)", i + 1),
                ))
            }
        }
    }
    let fen = format!(
        "{}:W{}:B{}",
        if side == 0 { 'W' } else { 'B' },
        list(pieces[0], kings),
        list(pieces[1], kings)
    );
    Position::parse_position(rules, &fen)
}

fn list(set: u64, kings: u64) -> String {
    let mut items = Vec::new();
    for n in 1..=50u32 {
        let bit = 1u64 << bit_of_number::<Ten>(n).unwrap();
        if set & bit != 0 {
            items.push(if kings & bit != 0 {
                format!("K{n}")
            } else {
                n.to_string()
            });
        }
    }
    items.join(",")
}

/// The limits a `level` command asks for, as one move's budget.
fn limits_of_level(args: &[(String, String)], current: Limits) -> Limits {
    let secs = |v: &str| v.parse::<f64>().ok().map(|s| (s * 1000.0).max(1.0) as u64);
    let mut l = current;
    let get = |k: &str| {
        args.iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    };
    if let Some(d) = get("depth").and_then(|v| v.parse().ok()) {
        l = Limits {
            depth: Some(d),
            ..Default::default()
        };
    }
    if let Some(n) = get("nodes").and_then(|v| v.parse().ok()) {
        l = Limits {
            nodes: Some(n),
            ..Default::default()
        };
    }
    if let Some(ms) = get("move-time").and_then(secs) {
        l = Limits::time_ms(ms);
    }
    if let Some(total) = get("time").and_then(secs) {
        let inc = get("inc").and_then(secs).unwrap_or(0);
        let moves: u64 = get("moves")
            .and_then(|v| v.parse().ok())
            .unwrap_or(30)
            .max(1);
        l = Limits::time_ms((total / moves + inc).max(10));
    }
    if get("infinite").is_some() {
        l = Limits::default();
    }
    l
}

/// Runs the protocol until `quit` or end of input.
pub fn serve<R: BufRead, W: Write>(
    input: R,
    mut out: W,
    agent: &mut dyn Agent<Draughts>,
    default_limits: Limits,
) -> std::io::Result<()> {
    let rules = Rules::<Ten>::default();
    let mut state = Draughts::new(&rules);
    let mut limits = default_limits;
    for line in input.lines() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let args = parse_args(rest);
        match command {
            "hub" => {
                writeln!(
                    out,
                    "id name={} version={} author=boardlab country=none",
                    "boardlab",
                    env!("CARGO_PKG_VERSION")
                )?;
                writeln!(
                    out,
                    "param name=variant value=normal type=enum values=\"normal\""
                )?;
                writeln!(out, "wait")?;
            }
            "init" => writeln!(out, "ready")?,
            "ping" => writeln!(out, "pong")?,
            "new-game" => agent.new_game(),
            "pos" => {
                let mut next = Draughts::new(&rules);
                let mut error = None;
                if let Some((_, p)) = args.iter().find(|(k, _)| k == "pos") {
                    match parse_hub_position(&rules, p) {
                        Ok(s) => next = s,
                        Err(e) => error = Some(e.to_string()),
                    }
                }
                if let Some((_, moves)) = args.iter().find(|(k, _)| k == "moves") {
                    for m in moves.split_whitespace() {
                        if error.is_some() {
                            break;
                        }
                        if let Err(e) = next.play_text(m) {
                            error = Some(e.to_string());
                        }
                    }
                }
                match error {
                    Some(e) => writeln!(out, "error {e}")?,
                    None => state = next,
                }
            }
            "level" => limits = limits_of_level(&args, limits),
            "go" => {
                if state.is_terminal() {
                    writeln!(out, "error the game is over")?;
                    out.flush()?;
                    continue;
                }
                match agent.choose(&state, &limits) {
                    Ok(report) => {
                        let secs = report.ms as f64 / 1000.0;
                        let mut pv_state = state.clone();
                        let mut pv = Vec::new();
                        for &m in &report.pv {
                            if !pv_state.is_legal(m) {
                                break;
                            }
                            pv.push(hub_move::<Ten>(m));
                            pv_state.play(m);
                        }
                        writeln!(
                            out,
                            "info depth={} score={:.2} nodes={} time={:.3} nps={:.0} pv=\"{}\"",
                            report.depth,
                            report.score / 100.0,
                            report.nodes,
                            secs,
                            report.nodes as f64 / secs.max(1e-3),
                            pv.join(" ")
                        )?;
                        let mut done = format!("done move={}", hub_move::<Ten>(report.best));
                        if let Some(p) = pv.get(1) {
                            done.push_str(&format!(" ponder={p}"));
                        }
                        writeln!(out, "{done}")?;
                    }
                    Err(e) => writeln!(out, "error {e}")?,
                }
            }
            "stop" | "ponder-hit" | "set-param" => {}
            "quit" => {
                out.flush()?;
                return Ok(());
            }
            other => writeln!(out, "error unknown command {other:?}")?,
        }
        out.flush()?;
    }
    Ok(())
}

/// `boardlab serve --protocol hub --game draughts [--engine FILE]`: the Hub protocol on
/// stdin/stdout with the engine the file describes (without one: `engines/draughts/default.toml`
/// semantics built in, see `default_engine`).
pub fn serve_cli(game: &str, engine: Option<&std::path::Path>) -> Result<(), crate::cli::CliError> {
    use crate::cli::CliError;
    if game != "draughts" {
        return Err(CliError(format!(
            "the Hub protocol speaks international draughts: use --game draughts, not {game:?}"
        )));
    }
    let spec = match engine {
        Some(path) => crate::engine::EngineSpec::load(path).map_err(CliError)?,
        None => default_engine(),
    };
    let mut agent = crate::search::build_agent::<Draughts>(&spec, 0).map_err(CliError)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    serve(stdin.lock(), stdout.lock(), agent.as_mut(), spec.limits)
        .map_err(|e| CliError(format!("hub: {e}")))
}

/// The engine used when `--engine` is not given: the strongest back end this build has.
pub fn default_engine() -> crate::engine::EngineSpec {
    let text = include_str!("../../../engines/draughts/default.toml");
    crate::engine::EngineSpec::from_toml(text).expect("engines/draughts/default.toml parses")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::baselines::RandomAgent;

    fn run(script: &str) -> String {
        let mut agent = RandomAgent::new("random", 1);
        let mut out = Vec::new();
        serve(script.as_bytes(), &mut out, &mut agent, Limits::default()).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn handshake_and_a_move() {
        let start = format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20));
        let out = run(&format!(
            "hub\ninit\nping\npos pos={start} moves=\"32-28 19-23 28x19x23\"\nlevel depth=1\ngo think\nquit\n"
        ));
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
    fn bad_positions_and_moves_are_errors() {
        let out = run("pos pos=Wxyz\npos moves=\"31-27 1-7\"\nfrobnicate\n");
        assert_eq!(
            out.lines().filter(|l| l.starts_with("error")).count(),
            3,
            "{out}"
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
