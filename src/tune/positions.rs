//! Labelled position sets: `boardlab tune extract` reads arena game records (`games.jsonl`) and
//! writes the positions of the games with a label, the target of the Texel tuner (and of any
//! tool that fits an evaluation: the format is plain text).
//!
//! # File format (`positions.txt`, version 1)
//!
//! ```text
//! # boardlab positions v1
//! # game othello
//! # rules start=standard
//! # label result            (or: exact=engines/othello/exact-14.toml, or: mixed)
//! 1.0<TAB>---------------------------OX------XO--------------------------- X
//! 0.5<TAB>...
//! ```
//!
//! Header lines start with `#`: `boardlab positions v1` first, then `game <id>`, `rules <k=v,..>`
//! (the rules the positions are read under) and free comments. Every other line is
//! `<label><TAB><position>`: the label a number in [0, 1], the expected score of the side to
//! move (1 a win, 0.5 a draw, 0 a loss; from a solver, its exact value: a win probability, or
//! the result of perfect play); the position in the game's own notation
//! (`Game::format_position`, read back by `Game::parse_position`). At a chance node (before a
//! roll) the side to move is the one whose decision comes next (`Game::first_mover`).
//!
//! Labels: by default the game's result; with an exact back end (`--exact ENGINE_FILE`: Othello's
//! `exact` solver with its `max_empties`, Ur's `perfect` table) every position it knows gets its
//! exact value instead, the others keep the result. Filters: the first `skip` plies of a game
//! (the opening is mostly the random opening), positions that are not quiet (`SearchHints::is_quiet`,
//! a capture pending), and repeats (by `Game::hash`; a position met in several games gets the
//! mean of its labels).

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

use rayon::prelude::*;

use crate::agent::{Agent, ExactScore, Limits};
use crate::arena::record::ArenaRecord;
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::game::{Game, RuleSet, Turn};

/// The first line of a position file.
pub const MAGIC: &str = "# boardlab positions v1";

/// One labelled position: the expected score of the side to move, in [0, 1].
#[derive(Clone, Debug, PartialEq)]
pub struct Labelled<G> {
    pub state: G,
    pub label: f64,
}

/// What `extract` keeps.
#[derive(Clone, Debug)]
pub struct ExtractOptions {
    /// Plies (moves in the record, chance outcomes included) skipped at the start of a game.
    pub skip: usize,
    /// Keep quiet positions only (`SearchHints::is_quiet`).
    pub quiet_only: bool,
    /// Merge repeated positions (by hash) into one with the mean label.
    pub dedupe: bool,
    /// Keep positions before a roll (chance nodes) as well as decision nodes.
    pub chance_nodes: bool,
}

impl Default for ExtractOptions {
    fn default() -> Self {
        ExtractOptions {
            skip: 8,
            quiet_only: true,
            dedupe: true,
            chance_nodes: false,
        }
    }
}

/// What came out of `extract`, for the log.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExtractStats {
    pub games: usize,
    /// Games left out: lost by a fault (crash, time), or not two-player.
    pub games_skipped: usize,
    pub positions_seen: usize,
    pub not_quiet: usize,
    pub repeats: usize,
    /// Positions labelled by the exact back end.
    pub exact: usize,
}

/// The score of seat `p` in a finished game (1, 0.5, 0 against the other seat).
fn result_for(rec: &ArenaRecord, p: usize) -> f64 {
    rec.score_between(p, 1 - p)
}

/// The seat whose decision is next here: the player to move, or at a chance node the first
/// mover after it.
pub fn side_to_move<G: Game>(state: &G) -> Option<usize> {
    match state.turn() {
        Turn::Player(p) => Some(p),
        Turn::Chance => state.first_mover(),
        Turn::Terminal => None,
    }
}

/// The labelled positions of `games` (two-player games of `G`), filtered by `opts`.
pub fn from_games<G: GameKnowledge>(
    games: &[ArenaRecord],
    opts: &ExtractOptions,
) -> Result<(Vec<Labelled<G>>, ExtractStats), String> {
    let mut stats = ExtractStats::default();
    let mut out: Vec<Labelled<G>> = Vec::new();
    // Index in `out` and how many labels were summed into it, by hash.
    let mut seen: HashMap<u64, (usize, f64)> = HashMap::new();
    for rec in games {
        if rec.game.game != G::ID {
            return Err(format!(
                "game {} is a {:?} record, not {}",
                rec.index,
                rec.game.game,
                G::ID
            ));
        }
        if rec.fault.is_some() || rec.game.returns.len() != 2 {
            stats.games_skipped += 1;
            continue;
        }
        stats.games += 1;
        let rules = G::Rules::parse(&rec.game.rules)
            .map_err(|e| format!("game {}: rules: {e}", rec.index))?;
        let mut state = G::parse_position(&rules, &rec.game.start)
            .map_err(|e| format!("game {}: start: {e}", rec.index))?;
        for (ply, mv) in rec.game.moves.iter().enumerate() {
            if ply >= opts.skip {
                take(&state, rec, opts, &mut out, &mut seen, &mut stats);
            }
            state
                .play_text(mv)
                .map_err(|e| format!("game {} ply {}: {e}", rec.index, ply + 1))?;
        }
    }
    for (i, n) in seen.values() {
        out[*i].label /= n;
    }
    Ok((out, stats))
}

fn take<G: GameKnowledge>(
    state: &G,
    rec: &ArenaRecord,
    opts: &ExtractOptions,
    out: &mut Vec<Labelled<G>>,
    seen: &mut HashMap<u64, (usize, f64)>,
    stats: &mut ExtractStats,
) {
    let decision = matches!(state.turn(), Turn::Player(_));
    if !(decision || opts.chance_nodes && state.turn() == Turn::Chance) {
        return;
    }
    let Some(p) = side_to_move(state) else { return };
    stats.positions_seen += 1;
    if opts.quiet_only && !state.is_quiet() {
        stats.not_quiet += 1;
        return;
    }
    let label = result_for(rec, p);
    if opts.dedupe {
        if let Some((i, n)) = seen.get_mut(&state.hash()) {
            out[*i].label += label;
            *n += 1.0;
            stats.repeats += 1;
            return;
        }
        seen.insert(state.hash(), (out.len(), 1.0));
    }
    out.push(Labelled {
        state: state.clone(),
        label,
    });
}

/// The exact value of `state` for its side to move in [0, 1] from an exact back end, or None
/// where it knows nothing (an Othello solver above its `max_empties`). A chance node's value is
/// the mean over its outcomes of the next decision's value, seen from the same side.
pub fn exact_label<G: GameKnowledge>(
    agent: &mut dyn Agent<G>,
    kind: ExactScore,
    state: &G,
) -> Option<f64> {
    match state.turn() {
        Turn::Terminal => None,
        Turn::Player(_) => {
            let report = agent.choose(state, &Limits::default()).ok()?;
            report
                .score
                .is_finite()
                .then(|| kind.expected_score(report.score))
        }
        Turn::Chance => {
            let me = side_to_move(state)?;
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            let mut total = 0.0;
            for (mv, p) in outcomes {
                let mut child = state.clone();
                child.play(mv);
                let v = match child.turn() {
                    Turn::Terminal => result_of_terminal(&child, me),
                    _ => {
                        let v = exact_label(agent, kind, &child)?;
                        if side_to_move(&child)? == me {
                            v
                        } else {
                            1.0 - v
                        }
                    }
                };
                total += p * v;
            }
            Some(total)
        }
    }
}

fn result_of_terminal<G: Game>(state: &G, me: usize) -> f64 {
    let r = state.returns();
    let (a, b) = (r.get(me), r.get(1 - me));
    if a > b {
        1.0
    } else if a < b {
        0.0
    } else {
        0.5
    }
}

/// Replaces the labels of the positions `oracle` (an exact back end's engine file) knows by
/// their exact values, in parallel; returns how many it labelled.
pub fn label_exact<G: GameKnowledge>(
    positions: &mut [Labelled<G>],
    oracle: &EngineSpec,
) -> Result<usize, String> {
    let probe = crate::arena::referee::make_agent::<G>(oracle, 0)?;
    let kind = probe.exact_score().ok_or_else(|| {
        format!(
            "engine {:?} ({}) is no exact back end (exact, perfect)",
            oracle.name, oracle.backend
        )
    })?;
    drop(probe);
    let labelled = positions
        .par_iter_mut()
        .map_init(
            || crate::arena::referee::make_agent::<G>(oracle, 0).ok(),
            |agent, pos| {
                let Some(agent) = agent.as_mut() else {
                    return 0;
                };
                match exact_label(agent.as_mut(), kind, &pos.state) {
                    Some(v) => {
                        pos.label = v;
                        1
                    }
                    None => 0,
                }
            },
        )
        .sum();
    Ok(labelled)
}

/// Writes a position file (format in the module doc).
pub fn write<G: Game>(
    path: &Path,
    rules: &G::Rules,
    label_source: &str,
    comments: &[String],
    positions: &[Labelled<G>],
) -> Result<(), String> {
    let err = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(err)?;
    }
    let mut w = std::io::BufWriter::new(std::fs::File::create(path).map_err(err)?);
    writeln!(w, "{MAGIC}").map_err(err)?;
    writeln!(w, "# game {}", G::ID).map_err(err)?;
    writeln!(w, "# rules {}", rules.to_text()).map_err(err)?;
    writeln!(w, "# label {label_source}").map_err(err)?;
    for c in comments {
        writeln!(w, "# {}", c.replace('\n', " ")).map_err(err)?;
    }
    for p in positions {
        writeln!(w, "{}\t{}", p.label, p.state.format_position()).map_err(err)?;
    }
    w.flush().map_err(err)
}

/// The game id and rules text a position file's header names.
pub fn header(text: &str) -> Result<(String, String), String> {
    let mut lines = text.lines();
    if lines.next().map(str::trim_end) != Some(MAGIC) {
        return Err(format!(
            "not a position file (the first line must be {MAGIC:?})"
        ));
    }
    let (mut game, mut rules) = (None, None);
    for line in lines.take_while(|l| l.starts_with('#')) {
        if let Some(g) = line.strip_prefix("# game ") {
            game = Some(g.trim().to_string());
        } else if let Some(r) = line.strip_prefix("# rules") {
            rules = Some(r.trim().to_string());
        }
    }
    Ok((
        game.ok_or("position file: no `# game` line")?,
        rules.unwrap_or_default(),
    ))
}

/// Reads a position file written for `G`; a bad line is an error naming its number.
pub fn read<G: Game>(text: &str) -> Result<(G::Rules, Vec<Labelled<G>>), String> {
    let (game, rules_text) = header(text)?;
    if game != G::ID {
        return Err(format!("position file is for {game:?}, not {}", G::ID));
    }
    let rules = G::Rules::parse(&rules_text).map_err(|e| format!("position file: rules: {e}"))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let bad = |why: String| format!("position file line {}: {why}", i + 1);
        let (label, pos) = line
            .split_once('\t')
            .ok_or_else(|| bad(format!("expected LABEL<TAB>POSITION, got {}", quote(line))))?;
        let label: f64 = label
            .trim()
            .parse()
            .ok()
            .filter(|x: &f64| (0.0..=1.0).contains(x))
            .ok_or_else(|| bad(format!("label {} is not a number in [0, 1]", quote(label))))?;
        let state = G::parse_position(&rules, pos).map_err(|e| bad(e.to_string()))?;
        out.push(Labelled { state, label });
    }
    Ok((rules, out))
}

fn quote(text: &str) -> String {
    crate::game::error::quote(text)
}
