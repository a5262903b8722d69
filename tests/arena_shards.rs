//! Shards of a tournament, merged, equal the single run: the same games, the same standings;
//! and merge refuses shards of different tournaments or overlapping shards.

use crate::common::without_times;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_boardlab")
}

fn fixture(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// Runs `cmd` with `--out out` added, its output dropped; true when it succeeded.
fn succeeds(cmd: &mut Command, out: &Path) -> bool {
    cmd.arg("--out")
        .arg(out)
        .stdout(Stdio::null())
        .status()
        .unwrap()
        .success()
}

fn tournament(out: &Path, seed: &str, extra: &[&str]) -> bool {
    let mut cmd = Command::new(bin());
    cmd.args(["tournament", "--engines"])
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
        .args(extra);
    succeeds(&mut cmd, out)
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

/// Played as a whole, an SPRT stops at its first decision; a shard of it plays its whole slice
/// (its own part of the evidence decides nothing), and the merged shards carry the test's
/// decision over every game (what scripts/tools/ray_tournament.py --batches reads between waves).
#[test]
fn sprt_shards_play_their_slice_and_the_merge_decides() {
    let dir = std::env::temp_dir().join(format!("arena-sprt-shards-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = |out: &Path, extra: &[&str]| {
        let mut cmd = Command::new(bin());
        cmd.args(["match"])
            .arg(fixture("engines/othello/ab-d4.toml"))
            .arg(fixture("engines/othello/random.toml"))
            .args([
                "--games",
                "80",
                "--seed",
                "3",
                "--quiet",
                "--concurrency",
                "2",
            ])
            .args(["--sprt", "elo0=0,elo1=200,alpha=0.05,beta=0.05"])
            .args(extra);
        succeeds(&mut cmd, out)
    };
    let played = |d: &Path| {
        std::fs::read_to_string(d.join("games.jsonl"))
            .unwrap()
            .lines()
            .count()
    };
    let decision = |d: &Path| {
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join("summary.json")).unwrap())
                .unwrap();
        v["sprt"]["decision"].as_str().unwrap().to_string()
    };
    let (single, s1, s2, merged) = (
        dir.join("single"),
        dir.join("s1"),
        dir.join("s2"),
        dir.join("merged"),
    );
    assert!(run(&single, &[]));
    assert_eq!(decision(&single), "AcceptH1");
    assert!(played(&single) < 80, "the single run stops at its decision");
    assert!(run(&s1, &["--shard", "1/2"]));
    assert!(run(&s2, &["--shard", "2/2"]));
    assert_eq!(
        played(&s1) + played(&s2),
        80,
        "each shard plays its whole slice"
    );
    assert!(merge(&[&s1, &s2], &merged));
    assert_eq!(decision(&merged), "AcceptH1");
    std::fs::remove_dir_all(&dir).ok();
}
