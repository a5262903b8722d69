//! The Texel tuner's samples read from position files (`.blpos`, written by `boardlab selfplay`)
//! of any game with linear evaluation features, streamed: one record in memory at a time, each
//! position kept only as its sparse feature row, so the file's size bounds nothing but the rows.
//!
//! Labels are the expected score of the side to move in [0, 1]: the game's result
//! (`(return + 1) / 2`: 1 a win, 0.5 a draw, 0 a loss), or where the record has an exact value,
//! that value (`exact-units=win-probability` as it is, `margin` by its sign), as `tune extract
//! --exact` labels arena games. Whole games are held out for validation (a game's positions
//! share its result, and a split inside a game would let the validation loss reward learning
//! that game), drawn from the seed by game number: the same seed, the same split.

use std::path::Path;

use super::positions::ExtractStats;
use super::texel::{held_out, Dataset, FeatureRows};
use crate::agent::ExactScore;
use crate::eval::GameKnowledge;
use crate::game::RuleSet;
use crate::learn::positions_file::{Entry, PositionReader, PositionRecord};

/// Which positions of the files become samples.
#[derive(Clone, Debug)]
pub struct SampleOptions {
    /// Positions before this ply of their game are left out (the random opening, mostly).
    pub skip: u16,
    /// Keep quiet positions only (`SearchHints::is_quiet`).
    pub quiet_only: bool,
    /// Fraction of the games held out for validation.
    pub valid: f64,
    /// Seeds which games are held out.
    pub seed: u64,
}

/// The rows read, split by game.
#[derive(Debug, Default)]
pub struct TexelSamples {
    pub train: Dataset,
    pub valid: Dataset,
    /// Games (across all files), positions read, not quiet, exact labels: the same counters
    /// `tune extract` reports.
    pub stats: ExtractStats,
    /// Positions left out as earlier than `skip`.
    pub early: u64,
}

/// True when `path` starts with the position-file magic (a `.blpos`, not a text position set).
pub fn is_position_file(path: &Path) -> bool {
    use std::io::Read;
    let mut magic = [0u8; 8];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut magic))
        .is_ok_and(|_| magic == crate::learn::positions_file::MAGIC)
}

/// How the header's `exact-units` says its exact values read (None: not one the tuner knows).
fn exact_units(meta: &str) -> Option<ExactScore> {
    meta.lines()
        .filter_map(|l| l.trim().strip_prefix("exact-units="))
        .find_map(|u| ExactScore::parse_text(u.trim()))
}

/// The label of one record, or why it has none.
fn label(r: &PositionRecord, units: Option<ExactScore>) -> Result<(f64, bool), String> {
    if let (Some(v), Some(u)) = (r.exact, units) {
        return Ok((u.expected_score(v as f64), true));
    }
    let res = r.result as f64;
    if !(-1.0..=1.0).contains(&res) {
        return Err(format!(
            "result {res} is not a two-player return in [-1, 1]: the Texel tuner fits win/draw/loss"
        ));
    }
    Ok(((res + 1.0) / 2.0, false))
}

/// Reads every file in `paths` (position files of `G`) into train and validation rows.
/// `progress` is called with the positions read so far, now and then.
pub fn read<G: GameKnowledge>(
    paths: &[impl AsRef<Path>],
    opts: &SampleOptions,
    mut progress: impl FnMut(u64),
) -> Result<TexelSamples, String> {
    let mut rows = FeatureRows::<G>::new()?;
    let mut out = TexelSamples {
        train: Dataset::new(rows.features()),
        valid: Dataset::new(rows.features()),
        stats: ExtractStats::default(),
        early: 0,
    };
    let mut read = 0u64;
    for path in paths {
        let path = path.as_ref();
        let mut reader = PositionReader::open_for(path, G::ID).map_err(|e| e.to_string())?;
        let rules = G::Rules::parse(&reader.header().rules)
            .map_err(|e| format!("{}: header rules: {e}", path.display()))?;
        let units = exact_units(&reader.header().meta);
        while let Some(entry) = reader.next_entry().map_err(|e| e.to_string())? {
            let r = match entry {
                Entry::Position(r) => r,
                Entry::GameEnd(g) => {
                    out.stats.games += !g.cut as usize;
                    continue;
                }
                Entry::FileEnd(_) => continue,
            };
            read += 1;
            if read % 1_000_000 == 0 {
                progress(read);
            }
            let at = |e: String| format!("{}: game {} ply {}: {e}", path.display(), r.game, r.ply);
            out.stats.positions_seen += 1;
            if r.ply < opts.skip {
                out.early += 1;
                continue;
            }
            let state = G::parse_position(&rules, &r.position).map_err(|e| at(e.to_string()))?;
            if opts.quiet_only && !state.is_quiet() {
                out.stats.not_quiet += 1;
                continue;
            }
            let (l, exact) = label(&r, units).map_err(at)?;
            out.stats.exact += exact as usize;
            let into = if held_out(r.game as u64, opts.valid, opts.seed) {
                &mut out.valid
            } else {
                &mut out.train
            };
            rows.push(into, &state, r.side as usize, l).map_err(at)?;
        }
    }
    progress(read);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluate;
    use crate::game::Game;
    use crate::games::washogi::WaShogi;
    use crate::learn::positions_file::{GameEnd, Header, PositionWriter};

    fn record(game: u32, ply: u16, side: u8, result: f32, position: &str) -> PositionRecord {
        PositionRecord {
            game,
            ply,
            side,
            hash: (game as u64) << 16 | ply as u64,
            result,
            score: None,
            exact: None,
            position: position.to_string(),
        }
    }

    #[test]
    fn labels_follow_results_and_exact_values() {
        let r = record(0, 3, 0, -1.0, "");
        assert_eq!(label(&r, None).unwrap(), (0.0, false));
        assert_eq!(
            label(&record(0, 3, 0, 0.0, ""), None).unwrap(),
            (0.5, false)
        );
        let mut e = record(0, 3, 0, -1.0, "");
        e.exact = Some(12.0);
        assert_eq!(label(&e, Some(ExactScore::Margin)).unwrap(), (1.0, true));
        e.exact = Some(0.0);
        assert_eq!(label(&e, Some(ExactScore::Margin)).unwrap(), (0.5, true));
        e.exact = Some(0.25);
        assert_eq!(
            label(&e, Some(ExactScore::WinProbability)).unwrap(),
            (0.25, true)
        );
        // An exact value without units in the header is not guessed at: the result labels it.
        assert_eq!(label(&e, None).unwrap(), (0.0, false));
        let err = label(&record(0, 3, 0, 7.0, ""), None).unwrap_err();
        assert!(err.contains("result 7"), "{err}");
        assert_eq!(
            exact_units("a=b\nexact-units=margin\n"),
            Some(ExactScore::Margin)
        );
    }

    fn write_file(path: &Path, game: &str, games: u32, position: impl Fn(u16) -> String) {
        let header = Header {
            game: game.to_string(),
            rules: "drops=true".to_string(),
            meta: String::new(),
        };
        let mut w = PositionWriter::create(path, &header).unwrap();
        for g in 0..games {
            for ply in 0..3u16 {
                let side = (ply % 2) as u8;
                let res = if side == 0 { 1.0 } else { -1.0 };
                w.write_position(&record(g, ply, side, res, &position(ply)))
                    .unwrap();
            }
            let end = GameEnd {
                game: g,
                plies: 3,
                positions: 3,
                duplicates: 0,
                cut: false,
            };
            w.write_game_end(&end).unwrap();
        }
    }

    #[test]
    fn reads_rows_holds_out_whole_games_and_names_a_bad_record() {
        let dir =
            std::env::temp_dir().join(format!("boardlab-texel-samples-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let rules = <WaShogi as Game>::Rules::parse("drops=true").unwrap();
        let start = WaShogi::new(&rules);
        let mut moved = start.clone();
        let mut moves = crate::game::MoveList::new();
        moved.legal_moves(&mut moves);
        moved.play(moves[0]);
        let texts = [start.format_position(), moved.format_position()];
        let path = dir.join("w.blpos");
        write_file(&path, WaShogi::ID, 40, |ply| {
            texts[ply as usize % 2].clone()
        });
        let opts = SampleOptions {
            skip: 1,
            quiet_only: true,
            valid: 0.25,
            seed: 5,
        };
        let s = read::<WaShogi>(&[&path], &opts, |_| {}).unwrap();
        assert_eq!(
            (s.stats.games, s.stats.positions_seen, s.early),
            (40, 120, 40)
        );
        // Two positions a game pass `skip`, and no game is split between the sets.
        assert_eq!(s.train.len() + s.valid.len(), 80);
        assert_eq!(s.train.len() % 2, 0);
        assert!(!s.valid.is_empty() && !s.train.is_empty());
        // Plies 1 and 2: side 1 (a loss) then side 0 (a win) in every game.
        let wins = (0..s.train.len())
            .filter(|&r| s.train.label(r) == 1.0)
            .count();
        assert_eq!(wins * 2, s.train.len());
        assert!(s.train.eval(0, &WaShogi::default_weights()).is_finite());
        let again = read::<WaShogi>(&[&path], &opts, |_| {}).unwrap();
        assert_eq!(
            again.valid.len(),
            s.valid.len(),
            "the same seed, the same split"
        );

        let bad = dir.join("bad.blpos");
        write_file(&bad, WaShogi::ID, 2, |ply| {
            if ply == 2 {
                "nonsense".into()
            } else {
                texts[0].clone()
            }
        });
        let err = read::<WaShogi>(&[&bad], &opts, |_| {}).unwrap_err();
        assert!(err.contains("bad.blpos: game 0 ply 2"), "{err}");

        let foreign = dir.join("f.blpos");
        write_file(&foreign, "othello", 1, |_| String::new());
        let err = read::<WaShogi>(&[&foreign], &opts, |_| {}).unwrap_err();
        assert!(err.contains("f.blpos") && err.contains("othello"), "{err}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
