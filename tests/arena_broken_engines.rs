//! A tournament with deliberately broken external engines (tests/fixtures/broken_engines: one
//! crashes, one hangs, one plays an illegal move, one talks garbage, one cannot be started)
//! against a working external engine (`boardlab serve --protocol line`). The tournament must
//! finish, and every game a broken engine had to move in is its loss, with the reason recorded
//! (`--no-check`: engines that fail mid-run). Without `--no-check` the compliance check before
//! the first game refuses to start with a broken engine, naming it and the reason.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_boardlab")
}

fn write_engine(dir: &Path, name: &str, command: &[&str], extra: &str) -> PathBuf {
    let path = dir.join(format!("{name}.toml"));
    let cmd: Vec<String> = command.iter().map(|c| format!("{c:?}")).collect();
    std::fs::write(
        &path,
        format!(
            "name = \"{name}\"\ngame = \"othello\"\nbackend = \"external\"\nprotocol = \"line\"\ncommand = [{}]\n{extra}",
            cmd.join(", ")
        ),
    )
    .unwrap();
    path
}

/// A fresh folder named `tag` and the working engine's file in it.
fn setup(tag: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let good = write_engine(
        &dir,
        "good",
        &[bin(), "serve", "--protocol", "line", "--game", "othello"],
        "",
    );
    (dir, good)
}

/// The path of a broken engine's script in tests/fixtures/broken_engines.
fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/broken_engines")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn broken_engines_lose_with_reasons_and_the_tournament_finishes() {
    let (dir, good) = setup("arena-broken");
    let script = fixture;
    let crashes = write_engine(&dir, "crashes", &["bash", &script("crashes.sh")], "");
    // The hang is caught by the move's time limit plus the margin, then the process is killed.
    let hangs = write_engine(
        &dir,
        "hangs",
        &["bash", &script("hangs.sh")],
        "[limits]\ntime_ms = 100\n[params]\nmargin_ms = 200\n",
    );
    let illegal = write_engine(&dir, "illegal", &["bash", &script("illegal.sh")], "");
    let garbage = write_engine(&dir, "garbage", &["bash", &script("garbage.sh")], "");
    let missing = write_engine(&dir, "missing", &["/nonexistent/boardlab-engine"], "");
    let out = dir.join("out");
    let status = Command::new(bin())
        .args(["tournament", "--engines"])
        .args([&good, &crashes, &hangs, &illegal, &garbage, &missing])
        .args([
            "--gauntlet",
            "--no-check",
            "--games",
            "2",
            "--concurrency",
            "2",
            "--quiet",
            "--seed",
            "9",
        ])
        .arg("--out")
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success());

    let text = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    let games: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 10, "5 gauntlet pairings x 2 games");
    let expect = [
        ("crashes", "crashed"),
        ("hangs", "exceeded its time"),
        ("illegal", "illegal move"),
        ("garbage", "unreadable output"),
        ("missing", "cannot start"),
    ];
    for g in &games {
        let engines: Vec<&str> = g["engines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e.as_str().unwrap())
            .collect();
        let bad_seat = engines.iter().position(|&e| e != "good").unwrap();
        let bad = engines[bad_seat];
        let reason = g["reason"].as_str().unwrap();
        let want = expect.iter().find(|(n, _)| *n == bad).unwrap().1;
        assert_eq!(g["fault"].as_u64(), Some(bad_seat as u64), "{g}");
        assert!(
            reason.contains(want) && reason.contains(bad),
            "{bad}: {reason}"
        );
        assert_eq!(g["returns"][bad_seat].as_f64(), Some(-1.0));
        assert_eq!(g["returns"][1 - bad_seat].as_f64(), Some(1.0));
    }
    let standings = std::fs::read_to_string(out.join("standings.csv")).unwrap();
    assert!(
        standings
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("1,good,10,10,0,0,"),
        "{standings}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_check_before_the_first_game_refuses_a_broken_engine_with_the_reason() {
    let (dir, good) = setup("arena-check");
    let script = fixture;
    let cases: Vec<(PathBuf, &str)> = vec![
        (
            write_engine(&dir, "crashes", &["bash", &script("crashes.sh")], ""),
            "crashed",
        ),
        (
            write_engine(
                &dir,
                "hangs",
                &["bash", &script("hangs.sh")],
                "[limits]\ntime_ms = 100\n[params]\nmargin_ms = 200\n",
            ),
            "exceeded its time",
        ),
        (
            write_engine(&dir, "illegal", &["bash", &script("illegal.sh")], ""),
            "illegal move",
        ),
        (
            write_engine(&dir, "garbage", &["bash", &script("garbage.sh")], ""),
            "unreadable",
        ),
        (
            write_engine(&dir, "missing", &["/nonexistent/boardlab-engine"], ""),
            "cannot start",
        ),
        // A 3 MB answer line is read 1 MB at a time and refused, not buffered whole.
        (
            write_engine(&dir, "endless", &["bash", &script("endless.sh")], ""),
            "longer than 1048576 bytes",
        ),
        (write_engine(&dir, "empty", &[], ""), "needs `command"),
        (write_engine(&dir, "blank", &[""], ""), "needs `command"),
        (
            write_engine(&dir, "martian", &["true"], "").with_file_name("martian.toml"),
            "protocol \"martian\"",
        ),
    ];
    let martian = std::fs::read_to_string(dir.join("martian.toml"))
        .unwrap()
        .replace("protocol = \"line\"", "protocol = \"martian\"");
    std::fs::write(dir.join("martian.toml"), martian).unwrap();
    for (engine, want) in cases {
        let out = dir.join(format!(
            "out-{}",
            engine.file_stem().unwrap().to_string_lossy()
        ));
        let run = Command::new(bin())
            .args(["match"])
            .arg(&good)
            .arg(&engine)
            .args(["--games", "2", "--quiet"])
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        let name = engine.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(!run.status.success(), "{name}: the match started");
        assert!(err.contains(want) && err.contains(&name), "{name}: {err}");
        assert!(
            !out.join("games.jsonl").exists(),
            "{name}: games were played"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
