use clap::Args;

use super::{setup, CliError, CliResult};
use crate::game::{Draw, Game, MoveList};
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
    /// Play these moves (space separated, game notation) before drawing; the last one is
    /// highlighted in the `--svg` picture.
    #[arg(long, allow_hyphen_values = true)]
    moves: Option<String>,
    /// Also write the board as an SVG picture to this file (`-`: stdout, instead of the text).
    #[arg(long)]
    svg: Option<std::path::PathBuf>,
    /// After `--moves`, play this many random plies (chance by its odds), for example boards.
    #[arg(long, default_value_t = 0)]
    random_plies: usize,
    /// `--svg` draws what this seat may see (`0`, `1`, ..., or `spectator`) instead of the full
    /// position (hidden-information games: Junqi; the same picture for the others).
    #[arg(long)]
    seen_by: Option<String>,
    /// Seed of `--random-plies`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also list a fact the game offers about the position (gomoku: `forbidden`,
    /// `forbidden_kinds`).
    #[arg(long = "extra")]
    extras: Vec<String>,
    /// Short for `--extra forbidden`: black's forbidden points under renju.
    #[arg(long)]
    forbidden: bool,
    /// Print only the requested extras, as one JSON object of sorted lists.
    #[arg(long)]
    json: bool,
    /// Many positions, one a line in this file (`-`: stdin): one JSON line of the requested
    /// extras each, for differential tests.
    #[arg(long, conflicts_with_all = ["position", "moves"])]
    positions: Option<String>,
}

pub fn run(args: ShowArgs) -> CliResult {
    with_game!(args.game.as_str(), |G| show::<G>(&args))?
}

fn wanted(args: &ShowArgs) -> Vec<String> {
    let mut wanted = args.extras.clone();
    if args.forbidden {
        wanted.push("forbidden".into());
    }
    wanted
}

fn show<G: Draw>(args: &ShowArgs) -> CliResult {
    if let Some(file) = &args.positions {
        return show_many::<G>(args, file);
    }
    let mut state: G = setup(&args.rules, args.position.as_deref())?;
    let mut last = None;
    for mv in args.moves.as_deref().unwrap_or("").split_whitespace() {
        let before = state.clone();
        let played = state.play_text(mv)?;
        last = Some((before, played));
    }
    if args.random_plies > 0 {
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(args.seed);
        for _ in 0..args.random_plies {
            use rand::Rng;
            let mv = match state.turn() {
                crate::game::Turn::Terminal => break,
                crate::game::Turn::Chance => {
                    let mut outcomes = Vec::new();
                    state.chance_outcomes(&mut outcomes);
                    crate::game::playout::sample_outcome(&outcomes, &mut rng)
                }
                crate::game::Turn::Player(_) => {
                    let mut moves = MoveList::new();
                    state.legal_moves(&mut moves);
                    moves[rng.gen_range(0..moves.len())]
                }
            };
            let before = state.clone();
            state.play(mv);
            last = Some((before, mv));
        }
    }
    if let Some(path) = &args.svg {
        let last = last.as_ref().map(|(before, mv)| (before, *mv));
        let svg = match args.seen_by.as_deref() {
            None => state.svg(last),
            Some("spectator") => state.svg_seen_by(last, None),
            Some(seat) => match seat.parse::<usize>() {
                Ok(p) if p < state.num_players() => state.svg_seen_by(last, Some(p)),
                _ => {
                    return Err(CliError(format!(
                        "--seen-by takes a seat 0..{} or spectator, not {}",
                        state.num_players() - 1,
                        crate::game::error::quote(seat)
                    )))
                }
            },
        };
        if path.as_os_str() == "-" {
            out!("{}", svg.trim_end());
            return Ok(());
        }
        std::fs::write(path, svg)
            .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
    }
    let chosen = chosen_extras(&state, &wanted(args))?;
    if args.json {
        out!("{}", serde_json::Value::Object(chosen));
        return Ok(());
    }
    out!("{}", state.render());
    out!("position: {}", state.format_position());
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|&m| state.format_move(m)).collect();
    out!("legal moves ({}): {}", names.len(), names.join(" "));
    for (name, list) in &chosen {
        let texts: Vec<&str> = list
            .as_array()
            .map(|a| a.iter().filter_map(|v| v.as_str()).collect())
            .unwrap_or_default();
        out!("{name}: {}", texts.join(" "));
    }
    Ok(())
}

/// The extras named in `wanted`, each sorted; an extra the game does not offer is an error.
fn chosen_extras<G: Game>(
    state: &G,
    wanted: &[String],
) -> Result<serde_json::Map<String, serde_json::Value>, CliError> {
    if wanted.is_empty() {
        return Ok(serde_json::Map::new());
    }
    let offered = state.extras();
    let mut chosen = serde_json::Map::new();
    for name in wanted {
        let (_, list) = offered.iter().find(|(n, _)| n == name).ok_or_else(|| {
            let names: Vec<&str> = offered.iter().map(|(n, _)| *n).collect();
            CliError(format!(
                "{} offers no extra {name:?} (offered: {})",
                G::ID,
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            ))
        })?;
        let mut list = list.clone();
        list.sort();
        chosen.insert(name.clone(), serde_json::json!(list));
    }
    Ok(chosen)
}

/// `--positions FILE`: one JSON line of extras a position.
fn show_many<G: Game>(args: &ShowArgs, file: &str) -> CliResult {
    use std::io::BufRead;
    let wanted = wanted(args);
    let reader: Box<dyn BufRead> = if file == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        let f =
            std::fs::File::open(file).map_err(|e| CliError(format!("cannot open {file}: {e}")))?;
        Box::new(std::io::BufReader::new(f))
    };
    for (n, line) in reader.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let state: G = setup(&args.rules, Some(line.trim()))
            .map_err(|e| CliError(format!("line {}: {}", n + 1, e.0)))?;
        out!(
            "{}",
            serde_json::Value::Object(chosen_extras(&state, &wanted)?)
        );
    }
    Ok(())
}
