//! Shards of a tournament, merged, equal the single run: the same games, the same standings;
//! and merge refuses shards of different tournaments or overlapping shards.

mod common;
use common::without_times;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_boardlab")
}

fn fixture(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

fn tournament(out: &Path, seed: &str, extra: &[&str]) -> bool {
    Command::new(bin())
        .args(["tournament", "--engines"])
        .arg(fixture("engines/othello/random.toml"))
        .arg(fixture("tests/fixtures/arena/random-b.toml"))
        .arg(fixture("tests/fixtures/arena/random-c.toml"))
        .args([
            "--games",
            "30",
            "--concurrency",
            "2",
            "--quiet",
            "--seed",
            seed,
        ])
        .args(extra)
        .arg("--out")
        .arg(out)
        .stdout(Stdio::null())
        .status()
        .unwrap()
        .success()
}

fn merge(dirs: &[&Path], out: &Path) -> bool {
    Command::new(bin())
        .arg("merge")
        .args(dirs)
        .arg("--out")
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap()
        .success()
}

fn sorted_lines(p: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_to_string(p)
        .unwrap()
        .lines()
        .map(|l| without_times(serde_json::from_str(l).unwrap()).to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn merged_shards_equal_the_single_run() {
    let dir = std::env::temp_dir().join(format!("arena-shards-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (single, s1, s2, s3, merged) = (
        dir.join("single"),
        dir.join("s1"),
        dir.join("s2"),
        dir.join("s3"),
        dir.join("merged"),
    );
    assert!(tournament(&single, "5", &[]));
    assert!(tournament(&s1, "5", &["--shard", "1/2"]));
    assert!(tournament(&s2, "5", &["--shard", "2/2"]));
    assert!(merge(&[&s1, &s2], &merged));
    let read = |d: &Path, f: &str| std::fs::read_to_string(d.join(f)).unwrap();
    assert_eq!(
        read(&single, "standings.csv"),
        read(&merged, "standings.csv")
    );
    // The summary less its one measured line: the engines' time differs from run to run.
    let untimed = |d: &Path| {
        read(d, "summary.md")
            .lines()
            .filter(|l| !l.starts_with("Engine time of all moves:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(read(&single, "summary.md").contains("Engine time of all moves:"));
    assert_eq!(untimed(&single), untimed(&merged));
    assert_eq!(
        sorted_lines(&single.join("games.jsonl")),
        sorted_lines(&merged.join("games.jsonl"))
    );
    // Shards hold disjoint games.
    let (a, b) = (
        sorted_lines(&s1.join("games.jsonl")),
        sorted_lines(&s2.join("games.jsonl")),
    );
    assert_eq!(a.len() + b.len(), 90);
    assert!(a.iter().all(|l| !b.contains(l)));

    // A shard of another tournament (other seed) or the same shard twice is refused.
    assert!(tournament(&s3, "6", &["--shard", "2/2"]));
    assert!(!merge(&[&s1, &s3], &dir.join("m2")));
    assert!(!merge(&[&s1, &s1], &dir.join("m3")));
    std::fs::remove_dir_all(&dir).unwrap();
}
