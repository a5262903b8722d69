//! Differential testing against an independent implementation. A script drives the other
//! implementation (OpenSpiel, pydraughts, ...) through random games and writes one JSON line a
//! game with the legal moves it sees at every position, in boardlab notation; this command
//! replays each game here and compares, position by position.
//!
//! Input line: `{"rules": "k=v", "start": <position text or null>, "steps": [{"legal": [..],
//! "move": "..", "position": ".."}, ...], "returns": [r0, r1, ..]}`. At a chance node a step
//! lists the outcomes in `legal` too. `returns` is compared with the final state's returns when
//! present. A step's optional `position` is the other implementation's text of the position
//! (its FEN): it must parse here to the position reached by the moves (position interop).

use std::collections::BTreeSet;
use std::io::BufRead;

use clap::Args;
use serde::Deserialize;

use super::{CliError, CliResult};
use crate::game::{Game, MoveList, RuleSet, Turn};
use crate::with_game;

#[derive(Args, Debug)]
pub struct CrosscheckArgs {
    /// Game id (see `boardlab list`).
    #[arg(long)]
    game: String,
    /// The JSON-lines file written by the other implementation's script (`-` for stdin).
    #[arg(long)]
    file: String,
    /// Stop after this many mismatches are printed.
    #[arg(long, default_value_t = 5)]
    max_errors: usize,
}

#[derive(Deserialize)]
struct Step {
    legal: Vec<String>,
    #[serde(rename = "move")]
    mv: Option<String>,
    /// The other implementation's text of this position, when it gives one.
    #[serde(default)]
    position: Option<String>,
}

#[derive(Deserialize)]
struct GameLine {
    #[serde(default)]
    rules: String,
    start: Option<String>,
    steps: Vec<Step>,
    returns: Option<Vec<f64>>,
}

pub fn run(args: CrosscheckArgs) -> CliResult {
    with_game!(args.game.as_str(), |G| check::<G>(&args))?
}

fn legal_texts<G: Game>(state: &G) -> BTreeSet<String> {
    match state.turn() {
        Turn::Player(_) => {
            let mut moves = MoveList::new();
            state.legal_moves(&mut moves);
            moves.iter().map(|&m| state.format_move(m)).collect()
        }
        Turn::Chance => {
            let mut out = Vec::new();
            state.chance_outcomes(&mut out);
            out.iter().map(|&(m, _)| state.format_move(m)).collect()
        }
        Turn::Terminal => BTreeSet::new(),
    }
}

fn check_line<G: Game>(line: &GameLine) -> Result<usize, String> {
    let rules = G::Rules::parse(&line.rules).map_err(|e| e.to_string())?;
    let mut state = match &line.start {
        Some(text) => G::parse_position(&rules, text).map_err(|e| e.to_string())?,
        None => G::new(&rules),
    };
    for (i, step) in line.steps.iter().enumerate() {
        if let Some(text) = &step.position {
            let theirs = G::parse_position(&rules, text)
                .map_err(|e| format!("ply {i}: their position text does not read: {e}"))?;
            if theirs.format_position() != state.format_position() {
                return Err(format!(
                    "ply {i}: their position text {text:?} reads as {}, the moves reached {}",
                    theirs.format_position(),
                    state.format_position()
                ));
            }
        }
        let ours = legal_texts(&state);
        let theirs: BTreeSet<String> = step.legal.iter().cloned().collect();
        if ours != theirs {
            let only_ours: Vec<_> = ours.difference(&theirs).collect();
            let only_theirs: Vec<_> = theirs.difference(&ours).collect();
            return Err(format!(
                "ply {i}: position {} legal moves differ; only boardlab: {only_ours:?}; only the other: {only_theirs:?}",
                state.format_position()
            ));
        }
        if let Some(mv) = &step.mv {
            state
                .play_text(mv)
                .map_err(|e| format!("ply {i}: {e} in {}", state.format_position()))?;
        }
    }
    if let Some(expected) = &line.returns {
        if !state.is_terminal() {
            return Err(format!(
                "the other implementation ended the game, boardlab did not: {}",
                state.format_position()
            ));
        }
        let ours = state.returns();
        if ours.as_slice().len() != expected.len()
            || ours
                .as_slice()
                .iter()
                .zip(expected)
                .any(|(&a, &b)| sign(a) != sign(b))
        {
            return Err(format!(
                "returns differ: boardlab {:?}, the other {expected:?}",
                ours.as_slice()
            ));
        }
    }
    Ok(line.steps.len())
}

/// -1, 0 or 1: who won, whatever the scale of the returns (and treating -0.0 as 0).
fn sign(x: f64) -> i32 {
    (x > 0.0) as i32 - (x < 0.0) as i32
}

fn check<G: Game>(args: &CrosscheckArgs) -> CliResult {
    let reader: Box<dyn BufRead> = if args.file == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        let f = std::fs::File::open(&args.file)
            .map_err(|e| CliError(format!("cannot open {}: {e}", args.file)))?;
        Box::new(std::io::BufReader::new(f))
    };
    let (mut games, mut positions, mut failures) = (0usize, 0usize, 0usize);
    for (n, line) in reader.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let parsed: GameLine = serde_json::from_str(&line)
            .map_err(|e| CliError(format!("line {}: bad JSON: {e}", n + 1)))?;
        games += 1;
        match check_line::<G>(&parsed) {
            Ok(steps) => positions += steps,
            Err(msg) => {
                failures += 1;
                if failures <= args.max_errors {
                    eprintln!("game {} (line {}): {msg}", games, n + 1);
                }
            }
        }
    }
    out!(
        "crosscheck {}: {games} games, {positions} positions compared, {failures} games differ",
        G::ID
    );
    if games == 0 {
        return Err(CliError(format!(
            "{}: no games to compare (an empty file, or only blank lines)",
            args.file
        )));
    }
    if failures > 0 {
        return Err(CliError(format!(
            "{failures} of {games} games differ from the other implementation"
        )));
    }
    Ok(())
}
