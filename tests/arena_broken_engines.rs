//! A tournament with deliberately broken external engines (tests/fixtures/broken_engines: one
//! crashes, one hangs, one plays an illegal move, one talks garbage, one cannot be started)
//! against a working external engine (`boardlab serve --protocol line`). The tournament must
//! finish, and every game a broken engine had to move in is its loss, with the reason recorded.

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

#[test]
fn broken_engines_lose_with_reasons_and_the_tournament_finishes() {
    let dir = std::env::temp_dir().join(format!("arena-broken-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/broken_engines");
    let script = |name: &str| fixtures.join(name).to_string_lossy().into_owned();
    let good = write_engine(
        &dir,
        "good",
        &[bin(), "serve", "--protocol", "line", "--game", "othello"],
        "",
    );
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
