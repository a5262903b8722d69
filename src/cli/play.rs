//! `boardlab play`: a human against an engine in the terminal. Moves are read as lines from
//! stdin, so a terminal, tmux or a pipe all work; the board is the game's own text drawing
//! (`Game::render`), redrawn after every move. Chance (dice, sticks, the die of EinStein) is
//! rolled here and printed as it falls. Bad input is answered and asked again, never an exit.
//!
//! Commands at the prompt: a move in the game's notation; `help` or `hint` (the legal moves);
//! `undo` (take back your last move and the replies since); `resign`; `quit`.

use std::io::BufRead;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use rand::SeedableRng;

use super::{setup, CliError, CliResult};
use crate::agent::Agent;
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::game::{MoveList, Turn};
use crate::with_game;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Seat {
    First,
    Second,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Game id (see `boardlab list`).
    #[arg(long)]
    game: String,
    /// The engine file of the opponent.
    #[arg(long)]
    engine: PathBuf,
    /// The seat the human takes.
    #[arg(long = "as", value_enum, default_value = "first")]
    seat: Seat,
    /// Rule options (default: the engine file's).
    #[arg(long, allow_hyphen_values = true)]
    rules: Option<String>,
    /// Start from this position instead of the start.
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    /// Seed of the dice and of the engine.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run(args: PlayArgs) -> CliResult {
    with_game!(args.game.as_str(), |G| play::<G>(&args))?
}

/// A line of output, flushed at once (a pipe or tmux must see the prompt before we block).
macro_rules! say {
    ($($arg:tt)*) => {{
        out!($($arg)*);
    }};
}

fn play<G: GameKnowledge>(args: &PlayArgs) -> CliResult {
    let spec = EngineSpec::load(&args.engine)?;
    let rules = args.rules.clone().unwrap_or_else(|| spec.rules.clone());
    let mut state: G = setup(&rules, args.position.as_deref())?;
    let mut agent: Box<dyn Agent<G>> = crate::arena::referee::make_agent::<G>(&spec, args.seed)?;
    agent.new_game();
    let human = match args.seat {
        Seat::First => state.first_mover().unwrap_or(0),
        Seat::Second => (state.first_mover().unwrap_or(0) + 1) % state.num_players(),
    };
    let mut rng = rand::rngs::SmallRng::seed_from_u64(args.seed);
    // The state before each of the human's moves, for undo.
    let mut before_own: Vec<G> = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    say!(
        "{} against {} (you are seat {human}; `help` lists the legal moves)",
        G::NAME,
        agent.name()
    );
    let mut shown = false;
    loop {
        match state.turn() {
            Turn::Terminal => {
                say!("{}", state.render().trim_end());
                let r = state.returns();
                let mine = r.get(human);
                let best = r.as_slice().iter().cloned().fold(f64::MIN, f64::max);
                let verdict = if r.as_slice().iter().all(|&v| v == mine) {
                    "draw"
                } else if mine == best {
                    "you win"
                } else {
                    "you lose"
                };
                say!("game over: {verdict} (returns {:?})", r.as_slice());
                return Ok(());
            }
            Turn::Chance => {
                let mut outcomes = Vec::new();
                state.chance_outcomes(&mut outcomes);
                let mv = crate::game::playout::sample_outcome(&outcomes, &mut rng);
                say!("chance: {}", state.format_move(mv));
                state.play(mv);
                shown = false;
            }
            Turn::Player(p) if p != human => {
                let report = agent
                    .choose(&state, &spec.limits)
                    .map_err(|e| CliError(format!("the engine failed: {e}")))?;
                if !state.is_legal(report.best) {
                    return Err(CliError(format!(
                        "the engine chose an illegal move {:?}",
                        state.format_move(report.best)
                    )));
                }
                say!("engine plays {}", state.format_move(report.best));
                state.play(report.best);
                shown = false;
            }
            Turn::Player(_) => {
                if !shown {
                    say!("{}", state.render().trim_end());
                    shown = true;
                }
                say!("your move:");
                let Some(line) = lines.next() else {
                    say!("end of input: game left unfinished");
                    return Ok(());
                };
                let line = match line {
                    Ok(l) => l,
                    Err(e) => {
                        say!(
                            "cannot read that line ({e}); type a move, help, undo, resign or quit"
                        );
                        continue;
                    }
                };
                let text = line.trim();
                match text.to_ascii_lowercase().as_str() {
                    "" => continue,
                    "help" | "hint" | "?" => {
                        let mut moves = MoveList::new();
                        state.legal_moves(&mut moves);
                        let names: Vec<String> =
                            moves.iter().map(|&m| state.format_move(m)).collect();
                        say!("legal moves ({}): {}", names.len(), names.join(" "));
                        say!("commands: help, undo, resign, quit");
                    }
                    "undo" => match before_own.pop() {
                        Some(s) => {
                            state = s;
                            agent.new_game();
                            say!("undone: your last move and the replies since");
                            shown = false;
                        }
                        None => say!("nothing to undo"),
                    },
                    "resign" => {
                        say!("you resign: {} wins", agent.name());
                        return Ok(());
                    }
                    "quit" | "exit" => {
                        say!("game left unfinished");
                        return Ok(());
                    }
                    _ => match state.parse_move(text) {
                        Err(e) => say!(
                            "cannot read {}: {e} (type help for the legal moves)",
                            crate::game::error::quote(text)
                        ),
                        Ok(mv) if !state.is_legal(mv) => say!(
                            "illegal move {}: not legal here (type help for the legal moves)",
                            crate::game::error::quote(text)
                        ),
                        Ok(mv) => {
                            before_own.push(state.clone());
                            say!("you play {}", state.format_move(mv));
                            state.play(mv);
                            shown = false;
                        }
                    },
                }
            }
        }
    }
}
