//! `boardlab replay <dir>`: one self-contained HTML file to browse a tournament's games move by
//! move (`src/cli/replay/page.html`: inline CSS and script, no network, no build step).
//!
//! Every game is replayed here with its own rules, and every ply drawn by the game's `Draw`
//! hook. To keep a 1,000-game tournament a file of a few megabytes, the page does not hold a
//! picture a ply: drawings are one SVG element a line, every distinct line is stored once in a
//! dictionary, and a ply is the list of its line numbers, written as runs (`0-96 140 141`).
//! The board's frame is one run; what changes (discs, pieces, the highlight) a few numbers.
//! The position text of every ply is kept too (the board's `data-position`), for copying and
//! for tests.

use std::collections::HashMap;
use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use super::{CliError, CliResult};
use crate::arena::manifest::Manifest;
use crate::arena::record::{load_games, ArenaRecord};
use crate::arena::summary::summarize;
use crate::game::{Draw, RuleSet};
use crate::with_game;

const PAGE: &str = include_str!("replay/page.html");

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A tournament's result directory (with tournament.json and games.jsonl).
    dir: PathBuf,
    /// The HTML file to write (default: <dir>/replay.html).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Only the first N games (by index).
    #[arg(long)]
    max_games: Option<usize>,
}

pub fn run(args: ReplayArgs) -> CliResult {
    let manifest = Manifest::load(&args.dir)?;
    let mut games = load_games(&crate::arena::record::games_path(&args.dir), false)?;
    games.sort_by_key(|g| g.index);
    let summary = summarize(&manifest, games.len(), &games);
    let chart = crate::arena::report::ratings_chart(&summary).unwrap_or_default();
    let shown: Vec<&ArenaRecord> = games
        .iter()
        .take(args.max_games.unwrap_or(usize::MAX))
        .collect();
    let mut dict = Dictionary::default();
    let mut list = Vec::with_capacity(shown.len());
    for rec in &shown {
        let game = with_game!(rec.game.game.as_str(), |G| replay_one::<G>(rec, &mut dict))?;
        list.push(game);
    }
    let data = json!({
        "game": manifest.game,
        "rules": manifest.rules,
        "engines": summary.engines,
        "standings": summary.standings,
        "played": summary.played_games,
        "chart": chart,
        "lines": dict.lines,
        "games": list,
    });
    // `</` inside a script element would end it: write it as `<\/` (JSON reads it the same).
    let text = serde_json::to_string(&data)?.replace("</", "<\\/");
    let page = PAGE
        .replace(
            "__TITLE__",
            &crate::game::draw::escape(&format!(
                "{} tournament: {}",
                manifest.game,
                args.dir
                    .file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_default()
            )),
        )
        .replace("/*__DATA__*/null", &text);
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| args.dir.join("replay.html"));
    std::fs::write(&out, page)
        .map_err(|e| CliError(format!("cannot write {}: {e}", out.display())))?;
    out!(
        "{} games, {} distinct drawing lines, {} bytes: {}",
        list.len(),
        dict.lines.len(),
        std::fs::metadata(&out).map(|m| m.len()).unwrap_or(0),
        out.display()
    );
    Ok(())
}

/// Every distinct SVG line once, numbered in order of first use.
#[derive(Default)]
struct Dictionary {
    lines: Vec<String>,
    index: HashMap<String, usize>,
}

impl Dictionary {
    /// The drawing as runs of line numbers: `a-b` for consecutive numbers, `a` alone.
    fn encode(&mut self, svg: &str) -> String {
        let mut ids = Vec::new();
        for line in svg.lines() {
            let next = self.lines.len();
            let id = *self.index.entry(line.to_string()).or_insert(next);
            if id == next {
                self.lines.push(line.to_string());
            }
            ids.push(id);
        }
        let mut out = String::new();
        let mut i = 0;
        while i < ids.len() {
            let mut j = i;
            while j + 1 < ids.len() && ids[j + 1] == ids[j] + 1 {
                j += 1;
            }
            if !out.is_empty() {
                out.push(' ');
            }
            if j > i {
                out.push_str(&format!("{}-{}", ids[i], ids[j]));
            } else {
                out.push_str(&ids[i].to_string());
            }
            i = j + 1;
        }
        out
    }
}

/// One game for the page: who, how it ended, and every ply (move text, what the engine said,
/// the position, the drawing). A move the rules refuse ends the replay there, with the reason.
fn replay_one<G: Draw>(rec: &ArenaRecord, dict: &mut Dictionary) -> serde_json::Value {
    let mut plies = Vec::new();
    let mut problem = None;
    let start = G::Rules::parse(&rec.game.rules)
        .map_err(|e| e.to_string())
        .and_then(|rules| G::parse_position(&rules, &rec.game.start).map_err(|e| e.to_string()));
    match start {
        Err(e) => problem = Some(format!("cannot read the start: {e}")),
        Ok(mut state) => {
            plies.push(json!({"pos": state.format_position(), "d": dict.encode(&state.svg(None))}));
            let stats: HashMap<usize, &crate::arena::record::MoveStat> =
                rec.stats.iter().map(|s| (s.ply, s)).collect();
            for (i, text) in rec.game.moves.iter().enumerate() {
                let before = state.clone();
                let chance = before.turn() == crate::game::Turn::Chance;
                let mover = before.current_player();
                match state.play_text(text) {
                    Err(e) => {
                        problem = Some(format!("move {} {text:?}: {e}", i + 1));
                        break;
                    }
                    Ok(mv) => {
                        let mut ply = json!({
                            "mv": text,
                            "pos": state.format_position(),
                            "d": dict.encode(&state.svg(Some((&before, mv)))),
                        });
                        if chance {
                            ply["chance"] = json!(true);
                        }
                        if let Some(p) = mover {
                            ply["seat"] = json!(p);
                        }
                        if i < rec.opening_plies {
                            ply["book"] = json!(true);
                        }
                        if let Some(s) = stats.get(&i) {
                            ply["ms"] = json!(s.ms);
                            if s.depth > 0 {
                                ply["depth"] = json!(s.depth);
                            }
                            if s.nodes > 0 {
                                ply["nodes"] = json!(s.nodes);
                            }
                            if let Some(score) = s.score.filter(|x| x.is_finite()) {
                                ply["score"] = json!(score);
                            }
                        }
                        plies.push(ply);
                    }
                }
            }
        }
    }
    json!({
        "index": rec.index,
        "engines": rec.engines,
        "opening": rec.opening,
        "returns": rec.game.returns,
        "reason": rec.game.reason,
        "ending": rec.ending.name(),
        "plies": plies,
        "problem": problem,
    })
}
