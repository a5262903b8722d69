//! The Othello pattern fit's samples read from position files (`.blpos`, written by
//! `boardlab selfplay`), streamed: one game's records in memory at a time, each position kept
//! as an 18-byte `Sample`, so 50 million positions fit in under 1 GB.
//!
//! Labels are those `tune::patterns::label_game` gives arena games: a position with an exact
//! value (the generator's `--exact-empties` solve: the final disc difference under perfect play)
//! is labelled by it; an earlier position of the same game by the exact value of the game's
//! first solved position, seen from its own side to move (the result perfect endgame play would
//! have given that game). A game with no solved position has no disc label (a position file
//! records the game's win/draw/loss, not its disc count) and is counted apart, not guessed.

use std::path::Path;

use super::patterns::Sample;
use crate::game::{Game, RuleSet};
use crate::games::othello::{Othello, OthelloRules};
use crate::learn::positions_file::{Entry, PositionReader, PositionRecord};

/// What reading position files found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionSamples {
    pub train: Vec<Sample>,
    /// The positions of every `holdout`-th game (whole games, so a validation position never
    /// shares a game with a training one).
    pub valid: Vec<Sample>,
    pub games: u64,
    /// Games left out: none of their positions had an exact value.
    pub games_without_exact: u64,
    /// Positions labelled by their own exact value (the rest by their game's anchor).
    pub exact_positions: u64,
}

/// Reads every file in `paths` (each a position file of Othello), holding out every
/// `holdout`-th game of each file (by its game number). `progress` is called with the
/// positions read so far, now and then.
pub fn read_position_files(
    paths: &[impl AsRef<Path>],
    holdout: u32,
    mut progress: impl FnMut(u64),
) -> Result<PositionSamples, String> {
    let mut out = PositionSamples::default();
    let mut read = 0u64;
    for path in paths {
        let path = path.as_ref();
        let mut reader = PositionReader::open_for(path, Othello::ID).map_err(|e| e.to_string())?;
        let rules = OthelloRules::parse(&reader.header().rules)
            .map_err(|e| format!("{}: header rules: {e}", path.display()))?;
        let mut game: Vec<PositionRecord> = Vec::new();
        while let Some(entry) = reader.next_entry().map_err(|e| e.to_string())? {
            match entry {
                Entry::Position(r) => {
                    if game.first().is_some_and(|g| g.game != r.game) {
                        // A game's records end with its game-end frame; a file cut before it
                        // (or a merge) starts the next game anyway.
                        add_game(&rules, &std::mem::take(&mut game), holdout, &mut out, path)?;
                    }
                    game.push(r);
                    read += 1;
                    if read % 1_000_000 == 0 {
                        progress(read);
                    }
                }
                Entry::GameEnd(_) => {
                    add_game(&rules, &std::mem::take(&mut game), holdout, &mut out, path)?
                }
                Entry::FileEnd(_) => {}
            }
        }
        add_game(&rules, &game, holdout, &mut out, path)?;
    }
    progress(read);
    Ok(out)
}

/// Labels one game's records (see the module comment) into `out`.
fn add_game(
    rules: &OthelloRules,
    records: &[PositionRecord],
    holdout: u32,
    out: &mut PositionSamples,
    path: &Path,
) -> Result<(), String> {
    let Some(first) = records.first() else {
        return Ok(());
    };
    out.games += 1;
    // The game's first solved position (in play order) anchors the positions before it.
    let anchor = records
        .iter()
        .filter(|r| r.exact.is_some())
        .min_by_key(|r| r.ply)
        .map(|r| (r.exact.unwrap_or(0.0), r.side));
    let Some((base, base_side)) = anchor else {
        out.games_without_exact += 1;
        return Ok(());
    };
    let into = if first.game % holdout.max(1) == 0 {
        &mut out.valid
    } else {
        &mut out.train
    };
    for r in records {
        let pos = Othello::parse_position(rules, &r.position)
            .map_err(|e| format!("{}: game {} ply {}: {e}", path.display(), r.game, r.ply))?;
        let (label, exact) = match r.exact {
            Some(v) => (v, true),
            None if r.side == base_side => (base, false),
            None => (-base, false),
        };
        out.exact_positions += exact as u64;
        into.push(Sample {
            own: pos.own(),
            opp: pos.opp(),
            label: label.round().clamp(-64.0, 64.0) as i8,
            exact,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::positions_file::{GameEnd, Header, PositionWriter};

    fn record(game: u32, ply: u16, state: &Othello, exact: Option<f32>) -> PositionRecord {
        PositionRecord {
            game,
            ply,
            side: state.side() as u8,
            hash: state.hash(),
            result: 0.0,
            score: None,
            exact,
            position: state.format_position(),
        }
    }

    /// Plays `plies` moves (the first legal one each time) from the start.
    fn line(plies: usize) -> Vec<Othello> {
        let mut s = Othello::new(&OthelloRules::default());
        let mut out = vec![s];
        for _ in 0..plies {
            let mut moves = crate::game::MoveList::new();
            s.legal_moves(&mut moves);
            s.play(moves[0]);
            out.push(s);
        }
        out
    }

    #[test]
    fn labels_follow_the_first_exact_value_and_whole_games_are_held_out() {
        let dir = std::env::temp_dir().join(format!("bl-pattern-samples-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.blpos");
        let header = Header {
            game: "othello".into(),
            rules: OthelloRules::default().to_text(),
            meta: String::new(),
        };
        let mut w = PositionWriter::create(&path, &header).unwrap();
        let states = line(4);
        // Game 0 (held out with holdout 2): exact from ply 2 on, +6 for the side to move there.
        let side2 = states[2].side();
        for (ply, s) in states.iter().enumerate() {
            let exact = (ply >= 2).then(|| if s.side() == side2 { 6.0 } else { -6.0 });
            w.write_position(&record(0, ply as u16, s, exact)).unwrap();
        }
        let end = |game| GameEnd {
            game,
            plies: 4,
            positions: 5,
            duplicates: 0,
            cut: false,
        };
        w.write_game_end(&end(0)).unwrap();
        // Game 1 (trained on): a single exact value of -64.5 (clamped to -64 discs).
        w.write_position(&record(1, 0, &states[0], None)).unwrap();
        w.write_position(&record(1, 1, &states[1], Some(-64.5)))
            .unwrap();
        w.write_game_end(&end(1)).unwrap();
        // Game 2: no exact value, left out.
        w.write_position(&record(2, 0, &states[0], None)).unwrap();
        w.write_game_end(&end(2)).unwrap();
        w.flush().unwrap();
        drop(w);

        let got = read_position_files(&[&path], 2, |_| {}).unwrap();
        assert_eq!(got.games, 3);
        assert_eq!(got.games_without_exact, 1);
        assert_eq!(got.exact_positions, 3 + 1);
        let labels = |set: &[Sample]| set.iter().map(|s| (s.label, s.exact)).collect::<Vec<_>>();
        let expect0: Vec<(i8, bool)> = states
            .iter()
            .enumerate()
            .map(|(ply, s)| {
                let v = if s.side() == side2 { 6 } else { -6 };
                (v, ply >= 2)
            })
            .collect();
        assert_eq!(labels(&got.valid), expect0);
        // Game 1: ply 0 is the other side to move from ply 1, so it gets +64.
        let s0 = states[0].side() == states[1].side();
        let first = if s0 { -64 } else { 64 };
        assert_eq!(labels(&got.train), vec![(first, false), (-64, true)]);
        assert_eq!(
            (got.train[1].own, got.train[1].opp),
            (states[1].own(), states[1].opp())
        );

        // A file of another game is refused, naming the file.
        let foreign = dir.join("f.blpos");
        let mut w = PositionWriter::create(
            &foreign,
            &Header {
                game: "draughts".into(),
                rules: String::new(),
                meta: String::new(),
            },
        )
        .unwrap();
        w.flush().unwrap();
        drop(w);
        let err = read_position_files(&[&foreign], 2, |_| {}).unwrap_err();
        assert!(err.contains("f.blpos") && err.contains("draughts"), "{err}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
