use clap::Args;

use super::{setup, CliResult};
use crate::game::{Game, MoveList};
use crate::with_game;

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Game id (see `boardlab list`).
    #[arg(long)]
    game: String,
    /// The position text; the start position when absent.
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    /// Rule options, `key=value,key=value`.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    rules: String,
    /// Play these moves (space separated, game notation) before drawing.
    #[arg(long, allow_hyphen_values = true)]
    moves: Option<String>,
}

pub fn run(args: ShowArgs) -> CliResult {
    with_game!(args.game.as_str(), |G| show::<G>(&args))?
}

fn show<G: Game>(args: &ShowArgs) -> CliResult {
    let mut state: G = setup(&args.rules, args.position.as_deref())?;
    for mv in args.moves.as_deref().unwrap_or("").split_whitespace() {
        state.play_text(mv)?;
    }
    out!("{}", state.render());
    out!("position: {}", state.format_position());
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|&m| state.format_move(m)).collect();
    out!("legal moves ({}): {}", names.len(), names.join(" "));
    Ok(())
}
