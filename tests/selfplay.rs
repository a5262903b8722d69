//! `boardlab selfplay` and position files (.blpos, issue 43): the format round-trips every field
//! for games of every kind, cut and foreign files are refused with the file and byte named,
//! and runs are the same bytes whatever the thread count, after a kill and resume, and as
//! merged shards. Engines are tiny alpha-beta files written into a temp dir.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use boardlab::game::{Game, MoveList, RuleSet, Turn};
use boardlab::learn::positions_file::{
    read_all, Entry, ErrorKind, FileEnd, GameEnd, Header, PositionReader, PositionRecord,
    PositionWriter,
};
use rand::{Rng, SeedableRng};

use crate::common::boardlab;

fn tempdir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("selfplay-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A depth-`depth` engine file for `game` in `dir`.
fn engine(dir: &Path, game: &str, backend: &str, depth: u32, rules: &str) -> String {
    let path = dir.join(format!("{game}-{backend}-d{depth}.toml"));
    let mut text = format!(
        "name = \"{game}-d{depth}\"\ngame = \"{game}\"\nbackend = \"{backend}\"\nrules = \"{rules}\"\n[limits]\ndepth = {depth}\n"
    );
    if backend == "alphabeta" {
        text.push_str("[params]\ntt_mb = 1\nquiescence = false\n");
    }
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn selfplay(args: &[&str]) -> String {
    let mut all = vec!["selfplay", "--quiet"];
    all.extend_from_slice(args);
    let (code, out, err) = boardlab(&all);
    assert_eq!(code, 0, "selfplay {args:?}: {out}{err}");
    out
}

fn positions(path: &Path) -> Vec<PositionRecord> {
    read_all(path)
        .unwrap()
        .1
        .into_iter()
        .filter_map(|e| match e {
            Entry::Position(p) => Some(p),
            _ => None,
        })
        .collect()
}

/// The decision nodes of a seeded random game of `G`, with every field set, and the final
/// state. Random play ends some games at once (a backgammon double dropped at the first
/// roll), so seeds are tried until a game has a few positions.
fn random_records<G: Game>() -> (Vec<PositionRecord>, G, u16) {
    for seed in 0..100 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut state = G::new(&Default::default());
        let mut written = Vec::new();
        let mut moves = MoveList::new();
        let mut outcomes = Vec::new();
        let mut ply = 0u16;
        while state.turn() != Turn::Terminal && ply < 400 {
            match state.turn() {
                Turn::Player(p) => {
                    written.push(PositionRecord {
                        game: 3 + ply as u32 / 50,
                        ply,
                        side: p as u8,
                        hash: state.hash(),
                        result: [1.0, -1.0, 0.0, 0.5][ply as usize % 4],
                        score: (ply % 3 != 0).then_some(-12.25 * ply as f32),
                        exact: (ply % 5 == 0).then_some(ply as f32 / 8.0),
                        position: state.format_position(),
                    });
                    moves.clear();
                    state.legal_moves(&mut moves);
                    state.play(moves[rng.gen_range(0..moves.len())]);
                }
                _ => {
                    outcomes.clear();
                    state.chance_outcomes(&mut outcomes);
                    state.play(outcomes[rng.gen_range(0..outcomes.len())].0);
                }
            }
            ply += 1;
        }
        if written.len() > 5 {
            return (written, state, ply);
        }
    }
    panic!(
        "{}: no random game of more than 5 positions in 100 seeds",
        G::ID
    )
}

/// Decision nodes of a random game of `G`, written with every field set and read back.
fn round_trip<G: Game>(dir: &Path) {
    let (written, state, ply) = random_records::<G>();
    let path = dir.join(format!("{}.blpos", G::ID));
    let header = Header {
        game: G::ID.into(),
        rules: state.rules().to_text(),
        meta: "test=round trip\n".into(),
    };
    let mut w = PositionWriter::create(&path, &header).unwrap();
    for r in &written {
        w.write_position(r).unwrap();
    }
    let end = GameEnd {
        game: 9,
        plies: ply as u32,
        positions: written.len() as u32,
        duplicates: 1,
        cut: true,
    };
    w.write_game_end(&end).unwrap();
    let file_end = FileEnd {
        games: 1,
        positions: written.len() as u64,
        duplicates: 1,
    };
    w.write_file_end(&file_end).unwrap();
    w.flush().unwrap();
    drop(w);

    let mut r = PositionReader::open_for(&path, G::ID).unwrap();
    assert_eq!(r.header(), &header);
    let mut back = Vec::new();
    while let Some(e) = r.next_entry().unwrap() {
        back.push(e);
    }
    assert!(r.finished());
    let mut want: Vec<Entry> = written.iter().cloned().map(Entry::Position).collect();
    want.push(Entry::GameEnd(end));
    want.push(Entry::FileEnd(file_end));
    assert_eq!(back, want, "{}", G::ID);
    // The text is the game's own: it reads back to the same position.
    for rec in &written {
        let s = G::parse_position(state.rules(), &rec.position).unwrap();
        assert_eq!(s.hash(), rec.hash, "{}: {}", G::ID, rec.position);
        assert_eq!(s.current_player(), Some(rec.side as usize));
    }
}

#[test]
fn format_round_trips_every_field_for_games_of_every_kind() {
    let dir = tempdir("roundtrip");
    for id in ["othello", "draughts", "backgammon", "ur"] {
        boardlab::with_game!(id, |G| round_trip::<G>(&dir)).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn truncated_foreign_and_garbled_files_are_refused_naming_file_and_byte() {
    let dir = tempdir("refused");
    let eng = engine(&dir, "othello", "alphabeta", 1, "");
    let file = dir.join("o.blpos");
    let f = file.to_str().unwrap();
    selfplay(&["--engine", &eng, "--games", "3", "--out", f, "--seed", "2"]);
    let bytes = std::fs::read(&file).unwrap();

    let e = PositionReader::open_for(&file, "draughts").err().unwrap();
    assert!(
        e.to_string()
            .contains("o.blpos: byte 10: a position file of game \"othello\", not \"draughts\""),
        "{e}"
    );
    // Cut in the middle of a record: every record before it reads, then a truncation error.
    let cut = dir.join("cut.blpos");
    std::fs::write(&cut, &bytes[..bytes.len() / 2 + 3]).unwrap();
    let mut r = PositionReader::open(&cut).unwrap();
    let mut read = 0;
    let err = loop {
        match r.next_entry() {
            Ok(Some(_)) => read += 1,
            Ok(None) => panic!("a cut file read to its end"),
            Err(e) => break e,
        }
    };
    assert!(read > 10, "{read} records before the cut");
    assert_eq!(err.kind, ErrorKind::Truncated);
    assert!(err.to_string().contains("cut.blpos: byte "), "{err}");
    assert!(err.offset < bytes.len() as u64 / 2 + 3);
    // Garbled: a tag in the middle overwritten, and a file of something else.
    let mut garbled = bytes.clone();
    let first_frame = r.header().game.len() + r.header().rules.len() + r.header().meta.len() + 20;
    garbled[first_frame] = 0xEE;
    let bad = dir.join("bad.blpos");
    std::fs::write(&bad, &garbled).unwrap();
    let e = read_all(&bad).err().unwrap();
    assert_eq!(e.kind, ErrorKind::Invalid);
    assert!(
        e.to_string().contains(&format!(
            "bad.blpos: byte {first_frame}: unknown frame tag 238"
        )),
        "{e}"
    );
    let json = dir.join("other.blpos");
    std::fs::write(&json, "{\"not\": \"a position file\"}\n").unwrap();
    let e = read_all(&json).err().unwrap();
    assert!(
        e.to_string()
            .contains("other.blpos: byte 0: not a position file"),
        "{e}"
    );
    // The generator refuses to resume (or overwrite) a file that is not its own.
    let (code, _, err) = boardlab(&[
        "selfplay",
        "--quiet",
        "--engine",
        &eng,
        "--games",
        "3",
        "--out",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("other.blpos: byte 0: not a position file"),
        "{err}"
    );
    let (code, _, err) = boardlab(&[
        "selfplay", "--quiet", "--engine", &eng, "--games", "4", "--out", f, "--seed", "2",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("written by a run with other arguments (games=3)"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn same_seed_gives_the_same_bytes_for_any_thread_count() {
    let dir = tempdir("threads");
    let eng = engine(&dir, "othello", "alphabeta", 2, "");
    let run = |name: &str, threads: &str, seed: &str| {
        let out = dir.join(name);
        selfplay(&[
            "--engine",
            &eng,
            "--games",
            "24",
            "--out",
            out.to_str().unwrap(),
            "--threads",
            threads,
            "--seed",
            seed,
            "--random-move",
            "0.05",
        ]);
        std::fs::read(out).unwrap()
    };
    let one = run("t1.blpos", "1", "5");
    // More threads than cores too, so games finish out of order.
    let two = run("t2.blpos", "3", "5");
    assert!(one == two, "--threads 1 and 3 wrote different files");
    assert!(
        run("s6.blpos", "2", "6") != one,
        "another seed gave the same file"
    );
    let (_, entries) = read_all(&dir.join("t1.blpos")).unwrap();
    let games = entries
        .iter()
        .filter(|e| matches!(e, Entry::GameEnd(_)))
        .count();
    assert_eq!(games, 24);
    assert!(matches!(entries.last(), Some(Entry::FileEnd(f)) if f.games == 24));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_run_resumes_to_the_unbroken_runs_bytes() {
    let dir = tempdir("resume");
    let eng = engine(&dir, "othello", "alphabeta", 1, "");
    let args = |out: &Path| -> Vec<String> {
        [
            "--engine",
            &eng,
            "--games",
            "40",
            "--seed",
            "9",
            "--threads",
            "2",
            "--out",
            out.to_str().unwrap(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    let run = |out: &Path, extra: &[&str]| {
        let mut a = args(out);
        a.extend(extra.iter().map(|s| s.to_string()));
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        selfplay(&refs)
    };
    let full = dir.join("full.blpos");
    run(&full, &[]);
    let want = std::fs::read(&full).unwrap();

    // Stopped after 13 whole games (the hidden hook), then resumed.
    let stopped = dir.join("stopped.blpos");
    let said = run(&stopped, &["--stop-after", "13"]);
    assert!(said.contains("stopped early"), "{said}");
    assert!(std::fs::read(&stopped).unwrap().len() < want.len());
    let said = run(&stopped, &[]);
    assert!(said.contains("resumed after 13 games"), "{said}");
    assert!(
        std::fs::read(&stopped).unwrap() == want,
        "stopped + resumed differs"
    );

    // Killed at any byte: inside the header, a frame header, a record, right after a game.
    for cut in [
        5,
        100,
        want.len() / 3,
        want.len() / 2 + 1,
        want.len() - 30,
        want.len() - 1,
    ] {
        let cut_file = dir.join(format!("cut-{cut}.blpos"));
        std::fs::write(&cut_file, &want[..cut]).unwrap();
        run(&cut_file, &[]);
        assert!(
            std::fs::read(&cut_file).unwrap() == want,
            "cut at byte {cut} of {} + resumed differs",
            want.len()
        );
    }

    // A real kill of the process once it has written something.
    let killed = dir.join("killed.blpos");
    let mut a = args(&killed);
    a.insert(0, "--quiet".into());
    a.insert(0, "selfplay".into());
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(&a)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while std::fs::metadata(&killed).map(|m| m.len()).unwrap_or(0) < 4000
        && started.elapsed().as_secs() < 20
    {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let _ = child.kill();
    child.wait().unwrap();
    run(&killed, &[]);
    assert!(
        std::fs::read(&killed).unwrap() == want,
        "killed + resumed differs"
    );
    // A finished file is left alone.
    let said = run(&killed, &[]);
    assert!(said.contains("already complete"), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merged_shards_are_the_unsharded_run() {
    let dir = tempdir("shards");
    let eng = engine(&dir, "othello", "alphabeta", 1, "");
    let file = |n: &str| dir.join(n).to_str().unwrap().to_string();
    let base = ["--engine", &eng, "--games", "20", "--seed", "4"];
    let all_file = file("all.blpos");
    let mut all = base.to_vec();
    all.extend(["--out", &all_file]);
    selfplay(&all);
    let shards: Vec<String> = (0..3).map(|i| file(&format!("s{i}.blpos"))).collect();
    for (i, s) in shards.iter().enumerate() {
        let spec = format!("{}/3", i + 1);
        let mut a = base.to_vec();
        a.extend(["--out", s, "--shard", &spec]);
        selfplay(&a);
        assert!(positions(Path::new(s))
            .iter()
            .all(|p| p.game % 3 == i as u32));
    }
    // Given in any order.
    let (code, out, err) = boardlab(&[
        "selfplay",
        "merge",
        &shards[2],
        &shards[0],
        &shards[1],
        "--out",
        &file("m.blpos"),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let merged = positions(Path::new(&file("m.blpos")));
    let single = positions(Path::new(&file("all.blpos")));
    assert_eq!(merged, single);
    assert!(std::fs::read(file("m.blpos")).unwrap() == std::fs::read(file("all.blpos")).unwrap());
    let mut hashes: Vec<u64> = merged.iter().map(|p| p.hash).collect();
    hashes.sort_unstable();
    hashes.dedup();
    assert_eq!(hashes.len(), merged.len(), "duplicates in the merged file");

    let (code, _, err) = boardlab(&[
        "selfplay",
        "merge",
        &shards[0],
        &shards[2],
        "--out",
        &file("x.blpos"),
    ]);
    assert_eq!(code, 2);
    // Shards are named 1-based, as the tournament's: s1.blpos is shard 2/3.
    assert!(err.contains("shard 2/3 is missing"), "{err}");
    let (code, _, err) = boardlab(&[
        "selfplay",
        "merge",
        &shards[0],
        &file("all.blpos"),
        "--out",
        &file("x.blpos"),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("all.blpos: not a shard"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Othello's value by plain negamax through the game contract: the final disc difference for
/// the side to move, empties to the winner (independent of the solver).
fn negamax(s: &boardlab::games::othello::Othello) -> i32 {
    let mut moves = MoveList::new();
    s.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut c = s.clone();
            c.play(m);
            let v = if c.is_terminal() {
                c.final_disc_difference()
            } else {
                negamax(&c)
            };
            if c.side() == s.side() {
                v
            } else {
                -v
            }
        })
        .max()
        .unwrap()
}

#[test]
fn othello_exact_labels_agree_with_a_plain_negamax() {
    use boardlab::games::othello::Othello;
    let dir = tempdir("exact");
    let eng = engine(&dir, "othello", "alphabeta", 1, "");
    let out = dir.join("e.blpos");
    selfplay(&[
        "--engine",
        &eng,
        "--games",
        "6",
        "--out",
        out.to_str().unwrap(),
        "--exact-empties",
        "7",
    ]);
    let rules = Default::default();
    let mut exact = 0;
    for p in positions(&out) {
        let s = Othello::parse_position(&rules, &p.position).unwrap();
        if s.empties().count_ones() <= 7 {
            let v = p
                .exact
                .unwrap_or_else(|| panic!("no exact value at {}", p.position));
            assert_eq!(v, negamax(&s) as f32, "{}", p.position);
            exact += 1;
        } else {
            assert_eq!(p.exact, None, "{}", p.position);
        }
    }
    assert!(exact >= 20, "{exact} exact labels");
    let header = read_all(&out).unwrap().0;
    assert!(
        header.meta.contains("exact-units=margin"),
        "{}",
        header.meta
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn chance_and_capture_games_are_labelled() {
    let dir = tempdir("games");
    for (game, backend, depth, rules) in [
        ("draughts", "alphabeta", 1, ""),
        ("ur", "expectimax", 1, "ruleset=finkel"),
    ] {
        let eng = engine(&dir, game, backend, depth, rules);
        let out = dir.join(format!("{game}.blpos"));
        let said = selfplay(&[
            "--engine",
            &eng,
            "--games",
            "4",
            "--out",
            out.to_str().unwrap(),
            "--opening-plies",
            "2..3",
        ]);
        let (header, entries) = read_all(&out).unwrap();
        assert_eq!(header.game, game);
        let recs = positions(&out);
        assert!(recs.len() > 20, "{game}: {said}");
        boardlab::with_game!(game, |G| {
            let rules = <G as Game>::Rules::parse(&header.rules).unwrap();
            for p in &recs {
                let s = G::parse_position(&rules, &p.position).unwrap();
                assert_eq!(s.current_player(), Some(p.side as usize), "{game}");
                assert_eq!(s.hash(), p.hash);
                assert!(
                    [-1.0, 0.0, 1.0].contains(&p.result),
                    "{game}: result {}",
                    p.result
                );
                // Opening moves are random, unscored; past the opening every move was searched.
                if p.ply < 2 || p.ply >= 3 {
                    assert_eq!(p.score.is_some(), p.ply >= 3, "{game} ply {}", p.ply);
                }
            }
        })
        .unwrap();
        let ends: Vec<_> = entries
            .iter()
            .filter_map(|e| match e {
                Entry::GameEnd(g) => Some(g.game),
                _ => None,
            })
            .collect();
        assert_eq!(ends, [0, 1, 2, 3], "{game}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_are_named() {
    let dir = tempdir("args");
    let eng = engine(&dir, "othello", "alphabeta", 1, "");
    let draughts = engine(&dir, "draughts", "alphabeta", 1, "");
    let out = dir.join("x.blpos");
    let o = out.to_str().unwrap();
    for (extra, want) in [
        (vec!["--shard", "4/3"], "--shard \"4/3\""),
        (vec!["--shard", "0/3"], "--shard \"0/3\""),
        (vec!["--opening-plies", "9..3"], "--opening-plies \"9..3\""),
        (vec!["--random-move", "1.5"], "--random-move 1.5"),
        (vec!["--max-plies", "0"], "--max-plies 0"),
        (vec!["--softmax", "-1"], "--softmax -1"),
        (
            vec!["--softmax-plies", "30"],
            "--softmax-plies needs --softmax",
        ),
    ] {
        let mut a = vec!["selfplay", "--engine", &eng, "--games", "2", "--out", o];
        a.extend(extra);
        let (code, _, err) = boardlab(&a);
        assert_eq!(code, 2, "{a:?}");
        assert!(err.contains(want), "{a:?}: {err}");
    }
    let (code, _, err) = boardlab(&[
        "selfplay",
        "--engine",
        &draughts,
        "--games",
        "2",
        "--out",
        o,
        "--exact-empties",
        "4",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--exact-empties 4: draughts has no exact back end"),
        "{err}"
    );
    let (code, _, err) = boardlab(&[
        "selfplay", "--engine", &eng, &draughts, "--games", "2", "--out", o,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("self-play needs one game"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn several_engines_take_turns_and_noise_moves_are_unscored() {
    let dir = tempdir("engines");
    let d1 = engine(&dir, "othello", "alphabeta", 1, "");
    let d2 = engine(&dir, "othello", "alphabeta", 2, "");
    let out = dir.join("two.blpos");
    // Not --quiet: without a terminal, progress goes to stderr as plain lines.
    let (code, said, err) = boardlab(&[
        "selfplay",
        "--engine",
        &d1,
        &d2,
        "--games",
        "4",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{said}{err}");
    assert!(err.contains("selfplay: 4/4 games"), "{err}");
    let meta = read_all(&out).unwrap().0.meta;
    assert!(meta.contains("engine.0={\"name\":\"othello-d1\""), "{meta}");
    assert!(meta.contains("engine.1={\"name\":\"othello-d2\""), "{meta}");

    let noisy = dir.join("noisy.blpos");
    selfplay(&[
        "--engine",
        &d1,
        "--games",
        "3",
        "--out",
        noisy.to_str().unwrap(),
        "--random-move",
        "1",
    ]);
    let recs = positions(&noisy);
    assert!(recs.len() > 100);
    assert!(
        recs.iter().all(|p| p.score.is_none()),
        "a random move was scored"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Softmax noise: from the same empty opening a deterministic engine plays one game over and
/// over (deduplication then keeps only the first game's positions); with a hot softmax every
/// game goes its own way, each played position still has the engine's own score, and the run
/// is as deterministic as any other.
#[test]
fn softmax_noise_varies_the_games_and_keeps_them_scored_and_deterministic() {
    let dir = tempdir("softmax");
    let d2 = engine(&dir, "othello", "alphabeta", 2, "");
    let run = |name: &str, extra: &[&str]| {
        let out = dir.join(name);
        let mut a = vec![
            "--engine",
            d2.as_str(),
            "--games",
            "6",
            "--opening-plies",
            "0",
            "--out",
            out.to_str().unwrap(),
        ];
        a.extend_from_slice(extra);
        selfplay(&a);
        out
    };
    let plain = positions(&run("plain.blpos", &[]));
    let plain_games: HashSet<u32> = plain.iter().map(|p| p.game).collect();
    assert_eq!(
        plain_games.len(),
        1,
        "a deterministic engine varied its games"
    );
    let hot = run("hot.blpos", &["--softmax", "100000"]);
    let recs = positions(&hot);
    let games: HashSet<u32> = recs.iter().map(|p| p.game).collect();
    assert_eq!(games.len(), 6, "softmax noise left games identical");
    assert!(
        recs.len() > 4 * plain.len(),
        "{} vs {}",
        recs.len(),
        plain.len()
    );
    assert!(
        recs.iter().all(|p| p.score.is_some()),
        "a softmax move lost its score"
    );
    let meta = read_all(&hot).unwrap().0.meta;
    assert!(meta.contains("softmax=100000\nsoftmax-plies="), "{meta}");
    let again = run("again.blpos", &["--softmax", "100000"]);
    assert!(std::fs::read(&hot).unwrap() == std::fs::read(&again).unwrap());
    // Noise only before ply 0 is no noise: the one game again.
    let none = positions(&run(
        "early.blpos",
        &["--softmax", "100000", "--softmax-plies", "0"],
    ));
    assert_eq!(none.len(), plain.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The pattern fit reads self-play files: `tune patterns --positions` labels each game by its
/// exact values, holds out whole games, fits, and writes the weights and one error row a
/// stage (15 stages of 4 empties); a positions file without exact values has nothing to label.
#[test]
fn the_pattern_fit_reads_selfplay_files_and_reports_errors_by_stage() {
    let dir = tempdir("pattern-fit");
    let eng = engine(&dir, "othello", "alphabeta", 1, "");
    let with_exact = dir.join("exact.blpos");
    let without = dir.join("plain.blpos");
    let run = |out: &Path, exact: &str| {
        selfplay(&[
            "--engine",
            &eng,
            "--games",
            "12",
            "--seed",
            "5",
            "--exact-empties",
            exact,
            "--out",
            out.to_str().unwrap(),
        ])
    };
    run(&with_exact, "8");
    run(&without, "0");
    let fit_dir = dir.join("fit");
    let weights = dir.join("w.bin");
    let (code, out, err) = boardlab(&[
        "tune",
        "patterns",
        "--positions",
        with_exact.to_str().unwrap(),
        without.to_str().unwrap(),
        "--out",
        fit_dir.to_str().unwrap(),
        "--weights",
        weights.to_str().unwrap(),
        "--epochs",
        "3",
        "--holdout",
        "4",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("24 games read, 12 left out"), "{err}");
    let csv = std::fs::read_to_string(fit_dir.join("stage_errors.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(
        rows[0],
        "stage,empties,train_positions,valid_positions,train_mae,valid_mae,train_rms,valid_rms"
    );
    assert_eq!(rows.len(), 1 + 15, "{csv}");
    assert!(rows[1].starts_with("0,1-4,"), "{csv}");
    let held_out: usize = rows[1..]
        .iter()
        .map(|r| r.split(',').nth(3).unwrap().parse::<usize>().unwrap())
        .sum();
    assert!(held_out > 0, "games 0, 4 and 8 are held out: {csv}");
    assert!(std::fs::metadata(&weights).unwrap().len() > 0);
    // The same fit again with the first fit's tables as the baseline: their errors stand
    // beside the new fit's, and on the same positions they are the first fit's own errors
    // (up to the 1/64-disc rounding of the written file).
    let fit_again = |baseline: &str| {
        boardlab(&[
            "tune",
            "patterns",
            "--positions",
            with_exact.to_str().unwrap(),
            without.to_str().unwrap(),
            "--out",
            dir.join("fit2").to_str().unwrap(),
            "--weights",
            dir.join("w2.bin").to_str().unwrap(),
            "--epochs",
            "3",
            "--holdout",
            "4",
            "--baseline",
            baseline,
        ])
    };
    let (code, out, err) = fit_again(weights.to_str().unwrap());
    assert_eq!(code, 0, "{out}{err}");
    let csv2 = std::fs::read_to_string(dir.join("fit2").join("stage_errors.csv")).unwrap();
    let rows2: Vec<&str> = csv2.lines().collect();
    assert!(
        rows2[0].ends_with(
            "valid_rms,baseline_train_mae,baseline_valid_mae,baseline_train_rms,baseline_valid_rms"
        ),
        "{csv2}"
    );
    for (first, again) in rows[1..].iter().zip(&rows2[1..]) {
        let valid_mae: f64 = first.split(',').nth(5).unwrap().parse().unwrap();
        let baseline_valid_mae: f64 = again.split(',').nth(9).unwrap().parse().unwrap();
        assert!(
            (valid_mae - baseline_valid_mae).abs() < 0.05,
            "{first} against {again}"
        );
    }
    let (code, _, err) = fit_again("no-such-weights.bin");
    assert_ne!(code, 0);
    assert!(err.contains("--baseline no-such-weights.bin"), "{err}");
    // --games and --positions are two ways in, not one.
    let (code, _, err) = boardlab(&[
        "tune",
        "patterns",
        "--positions",
        with_exact.to_str().unwrap(),
        "--games",
        "x.jsonl",
        "--out",
        fit_dir.to_str().unwrap(),
        "--weights",
        weights.to_str().unwrap(),
    ]);
    assert_ne!(code, 0);
    assert!(
        err.contains("--games") && err.contains("--positions"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_texel_fit_reads_selfplay_files_of_a_linear_game_holding_out_whole_games() {
    let dir = tempdir("texel-fit");
    let eng = engine(&dir, "washogi", "alphabeta", 1, "drops=true");
    let run = dir.join("wa.blpos");
    selfplay(&[
        "--engine",
        &eng,
        "--games",
        "6",
        "--seed",
        "2",
        "--out",
        run.to_str().unwrap(),
    ]);
    let fit = dir.join("fit");
    let texel = |positions: &[&str]| {
        let mut args = vec!["tune", "texel", "--positions"];
        args.extend_from_slice(positions);
        let out = fit.to_str().unwrap();
        args.extend_from_slice(&[
            "--engine", &eng, "--out", out, "--epochs", "5", "--skip", "4", "--valid", "0.34",
        ]);
        boardlab(&args)
    };
    let (code, out, err) = texel(&[run.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let summary = std::fs::read_to_string(fit.join("summary.md")).unwrap();
    assert!(
        summary.contains("whole games held out, seed 1; 6 games,"),
        "{summary}"
    );
    assert!(summary.contains("before ply 4"), "{summary}");
    // The new rank terms are fitted and written with the rest.
    let weights = std::fs::read_to_string(fit.join("weights.toml")).unwrap();
    assert!(weights.contains("advance_oxcart"), "{weights}");
    // A text position set cannot stand beside a position file.
    let text = dir.join("p.txt");
    std::fs::write(&text, "# boardlab positions v1\n# game washogi\n").unwrap();
    let (code, _, err) = texel(&[text.to_str().unwrap(), run.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("p.txt: several --positions"), "{err}");
    // A cut position file is refused, naming it.
    let bytes = std::fs::read(&run).unwrap();
    let cut = dir.join("cut.blpos");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let (code, _, err) = texel(&[cut.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("cut.blpos"), "{err}");
}
