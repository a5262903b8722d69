//! Kill a tournament mid-run (SIGKILL), leave a half-written line behind, resume it, and compare
//! with an uninterrupted run of the same command: every game exactly once, the same games, the
//! same standings. The engines are external `boardlab serve` processes, so games take long
//! enough (a process a game, a line exchange a move) to be caught in flight.

use crate::common::without_times;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_boardlab")
}

fn engine(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(
        &path,
        format!(
            "name = \"{name}\"\ngame = \"othello\"\nbackend = \"external\"\ncommand = [{:?}, \"serve\", \"--protocol\", \"line\", \"--game\", \"othello\"]\n",
            bin()
        ),
    )
    .unwrap();
    path
}

fn command(engines: &[PathBuf], out: &Path) -> Command {
    let mut c = Command::new(bin());
    c.args(["tournament", "--engines"])
        .args(engines)
        .args([
            "--games",
            "60",
            "--concurrency",
            "2",
            "--seed",
            "11",
            "--quiet",
        ])
        .arg("--random-openings")
        .arg("6")
        .arg("--out")
        .arg(out)
        .stdout(Stdio::null());
    c
}

fn lines_of(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|t| t.lines().count())
        .unwrap_or(0)
}

/// Game lines by index (without move times), with any duplicate index failing the test.
fn games_by_index(dir: &Path) -> BTreeMap<u64, Value> {
    let text = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    let mut map = BTreeMap::new();
    for line in text.lines() {
        let v: Value = without_times(serde_json::from_str(line).unwrap());
        let i = v["index"].as_u64().unwrap();
        assert!(map.insert(i, v).is_none(), "game {i} recorded twice");
    }
    map
}

#[test]
fn a_killed_tournament_resumes_to_the_same_result() {
    let dir = std::env::temp_dir().join(format!("arena-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let engines = vec![engine(&dir, "a"), engine(&dir, "b"), engine(&dir, "c")];
    let planned = 3 * 60;

    // Interrupted run: kill -9 once some games are in.
    let killed = dir.join("killed");
    let mut child = command(&engines, &killed).spawn().unwrap();
    let start = Instant::now();
    while lines_of(&killed.join("games.jsonl")) < 20 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no games appeared"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = lines_of(&killed.join("games.jsonl"));
    assert!(
        before < planned,
        "killed too late to test anything ({before} games)"
    );
    // As if the kill had landed in the middle of a write.
    std::fs::OpenOptions::new()
        .append(true)
        .open(killed.join("games.jsonl"))
        .unwrap()
        .write_all(b"{\"index\":17,\"block\":8,\"se")
        .unwrap();
    // Resuming without --resume is refused; with it, the tournament completes.
    assert!(!command(&engines, &killed).status().unwrap().success());
    assert!(command(&engines, &killed)
        .arg("--resume")
        .status()
        .unwrap()
        .success());
    // A second resume has nothing left to play.
    assert!(command(&engines, &killed)
        .arg("--resume")
        .status()
        .unwrap()
        .success());

    let whole = dir.join("whole");
    assert!(command(&engines, &whole).status().unwrap().success());

    let (a, b) = (games_by_index(&killed), games_by_index(&whole));
    assert_eq!(a.len(), planned);
    assert_eq!(
        a.keys().copied().collect::<Vec<_>>(),
        (0..planned as u64).collect::<Vec<_>>()
    );
    assert_eq!(a, b, "the resumed games differ from the uninterrupted ones");
    let standings = |d: &Path| std::fs::read_to_string(d.join("standings.csv")).unwrap();
    assert_eq!(standings(&killed), standings(&whole));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A finished run kept compressed (`games.jsonl.gz`, as results/ keeps them) with its last
/// games missing, resumed with the same command: the games are read from the .gz, unpacked
/// to `games.jsonl`, and only the missing ones are played, giving the unbroken run's games.
#[test]
fn a_compressed_run_resumes_from_its_gz() {
    let dir = std::env::temp_dir().join(format!("boardlab-resume-gz-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("out");
    let run = |resume: bool| {
        let status = Command::new(bin())
            .args(["tournament", "--engines", "engines/othello/random.toml"])
            .arg("tests/fixtures/arena/random-b.toml")
            .args(["--games", "12", "--seed", "4", "--quiet", "--out"])
            .arg(&out)
            .args(resume.then_some("--resume"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
    };
    run(false);
    let games = out.join("games.jsonl");
    let whole = std::fs::read_to_string(&games).unwrap();
    let unbroken = dir.join("unbroken");
    std::fs::create_dir_all(&unbroken).unwrap();
    std::fs::write(unbroken.join("games.jsonl"), &whole).unwrap();
    let kept: String = whole.lines().take(7).map(|l| format!("{l}\n")).collect();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(kept.as_bytes()).unwrap();
    std::fs::write(out.join("games.jsonl.gz"), gz.finish().unwrap()).unwrap();
    std::fs::remove_file(&games).unwrap();

    run(true);
    assert!(!out.join("games.jsonl.gz").exists(), "the .gz was unpacked");
    assert_eq!(games_by_index(&out), games_by_index(&unbroken));
    let _ = std::fs::remove_dir_all(&dir);
}
