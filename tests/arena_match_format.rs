//! `--match-format ewn7` in `boardlab tournament` / `match`: every pairing plays seven-game
//! EinStein matches (first to four, A first in games 1, 4, 5), one games.jsonl line a game with
//! its match and game number; broken engines lose games inside matches; a resumed run goes on
//! from the first unrecorded game of each match and ends with the same games.

use crate::common::without_times;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_boardlab")
}

fn engine(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, format!("name = \"{name}\"\ngame = \"ewn\"\n{body}")).unwrap();
    path
}

fn tempdir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-match-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn games(dir: &Path) -> Vec<Value> {
    std::fs::read_to_string(dir.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Games by match, in game order, each match's games numbered 1..k.
fn by_match(games: &[Value]) -> BTreeMap<u64, Vec<Value>> {
    let mut m: BTreeMap<u64, Vec<Value>> = BTreeMap::new();
    for g in games {
        m.entry(g["match"].as_u64().expect("a match id"))
            .or_default()
            .push(g.clone());
    }
    for list in m.values_mut() {
        list.sort_by_key(|g| g["match_game"].as_u64().unwrap());
        let numbers: Vec<u64> = list
            .iter()
            .map(|g| g["match_game"].as_u64().unwrap())
            .collect();
        assert_eq!(numbers, (1..=list.len() as u64).collect::<Vec<_>>());
    }
    m
}

/// The engine that won game `g` (EWN has no draws).
fn winner(g: &Value) -> String {
    let seat = if g["returns"][0].as_f64() > g["returns"][1].as_f64() {
        0
    } else {
        1
    };
    g["engines"][seat].as_str().unwrap().to_string()
}

fn tournament(engines: &[PathBuf], out: &Path, extra: &[&str]) -> Command {
    with_format(engines, out, "ewn7,clock=none", extra)
}

fn with_format(engines: &[PathBuf], out: &Path, format: &str, extra: &[&str]) -> Command {
    let mut c = Command::new(bin());
    c.args(["tournament", "--engines"])
        .args(engines)
        .args([
            "--match-format",
            format,
            "--games",
            "6",
            "--random-openings",
            "0",
            "--seed",
            "5",
            "--quiet",
            "--concurrency",
            "2",
        ])
        .args(extra)
        .arg("--out")
        .arg(out)
        .stdout(std::process::Stdio::null());
    c
}

#[test]
fn matches_stop_at_four_wins_and_the_first_move_follows_the_seed() {
    let dir = tempdir("seed");
    let engines = [
        engine(&dir, "r1", "backend = \"random\"\n"),
        engine(&dir, "r2", "backend = \"random\"\n"),
        engine(
            &dir,
            "x1",
            "backend = \"expectimax\"\n[limits]\ndepth = 1\n",
        ),
    ];
    let out = dir.join("out");
    assert!(tournament(&engines, &out, &[]).status().unwrap().success());
    let all = games(&out);
    let matches = by_match(&all);
    // Three pairings, six matches each.
    assert_eq!(matches.len(), 18);
    let (mut a_wins, mut b_wins) = (0, 0);
    for (id, list) in &matches {
        // Red (seat 0) rolls first by default: A is red in game 1.
        let a = list[0]["engines"][0].as_str().unwrap().to_string();
        let b = list[0]["engines"][1].as_str().unwrap().to_string();
        for g in list {
            let n = g["match_game"].as_u64().unwrap();
            let first = g["engines"][0].as_str().unwrap();
            let want = if [1, 4, 5].contains(&n) { &a } else { &b };
            assert_eq!(first, want, "match {id} game {n}");
            assert_eq!(g["moves"][0].as_str().unwrap().get(..6), Some("setup:"));
        }
        let wins_a = list.iter().filter(|g| winner(g) == a).count();
        let wins_b = list.len() - wins_a;
        assert_eq!(wins_a.max(wins_b), 4, "match {id}: {wins_a}-{wins_b}");
        assert!(winner(list.last().unwrap()) == if wins_a == 4 { a } else { b });
        if wins_a == 4 {
            a_wins += 1
        } else {
            b_wins += 1
        }
    }
    assert_eq!(a_wins + b_wins, 18);
    // The two matches of a block swap A and B.
    for pair in matches.values().collect::<Vec<_>>().chunks(2) {
        assert_eq!(pair[0][0]["engines"][0], pair[1][0]["engines"][1]);
    }
    // Standings count matches and games.
    let csv = std::fs::read_to_string(out.join("standings.csv")).unwrap();
    assert!(csv.starts_with(
        "rank,engine,games,wins,draws,losses,points,score,elo,elo_error,match_wins,match_draws,match_losses\n"
    ));
    let summary: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    let ms = &summary["matches"];
    assert_eq!(ms["finished_matches"], 18);
    let match_total: u64 = ms["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["matches"]["wins"].as_u64().unwrap())
        .sum();
    assert_eq!(match_total, 18);
    assert_eq!(summary["played_games"].as_u64().unwrap(), all.len() as u64);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn broken_engines_lose_games_inside_matches() {
    let dir = tempdir("broken");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/broken_engines");
    let external = |script: &str| {
        format!(
            "backend = \"external\"\nprotocol = \"line\"\ncommand = [\"bash\", {:?}]\n",
            fixtures.join(script).to_string_lossy()
        )
    };
    let good = engine(
        &dir,
        "good",
        &format!(
            "backend = \"external\"\nprotocol = \"line\"\ncommand = [{:?}, \"serve\", \"--protocol\", \"line\", \"--game\", \"ewn\"]\n",
            bin()
        ),
    );
    let crashes = engine(&dir, "crashes", &external("crashes.sh"));
    let illegal = engine(&dir, "illegal", &external("illegal.sh"));
    let out = dir.join("out");
    let status = Command::new(bin())
        .args(["tournament", "--gauntlet", "--engines"])
        .args([&good, &crashes, &illegal])
        .args([
            // Engines that fail mid-run (the check before the first game would refuse them).
            "--no-check",
            "--match-format",
            "ewn7",
            "--games",
            "2",
            "--random-openings",
            "0",
            "--quiet",
        ])
        .arg("--out")
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let matches = by_match(&games(&out));
    assert_eq!(matches.len(), 4);
    for list in matches.values() {
        assert_eq!(list.len(), 4, "a sweep: four games");
        for g in list {
            let bad_seat = g["fault"].as_u64().unwrap() as usize;
            let bad = g["engines"][bad_seat].as_str().unwrap();
            assert_ne!(bad, "good");
            let want = if bad == "crashes" {
                "crashed"
            } else {
                "illegal move"
            };
            let reason = g["reason"].as_str().unwrap();
            assert!(reason.contains(want) && reason.contains(bad), "{reason}");
            assert_eq!(winner(g), "good");
        }
    }
    let csv = std::fs::read_to_string(out.join("standings.csv")).unwrap();
    assert!(
        csv.lines().nth(1).unwrap().starts_with("1,good,16,16,0,0,") && csv.contains(",4,0,0\n"),
        "{csv}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_resumed_run_finishes_its_open_matches_and_equals_an_uninterrupted_one() {
    let dir = tempdir("resume");
    let engines = [
        engine(&dir, "r1", "backend = \"random\"\n"),
        engine(
            &dir,
            "x1",
            "backend = \"expectimax\"\n[limits]\ndepth = 1\n",
        ),
    ];
    let whole = dir.join("whole");
    assert!(tournament(&engines, &whole, &[])
        .status()
        .unwrap()
        .success());
    let full = games(&whole);

    // As if killed mid-match, in the middle of writing a line: keep the first games (the
    // first match complete, the second cut after its second game) and half a line.
    let cut = dir.join("cut");
    std::fs::create_dir_all(&cut).unwrap();
    std::fs::copy(whole.join("tournament.json"), cut.join("tournament.json")).unwrap();
    let text = std::fs::read_to_string(whole.join("games.jsonl")).unwrap();
    let first_match_games = full.iter().filter(|g| g["match"] == 0).count();
    let mut kept: Vec<&Value> = full.iter().filter(|g| g["match"] == 0).collect();
    kept.extend(
        full.iter()
            .filter(|g| g["match"] == 1 && g["match_game"].as_u64().unwrap() <= 2),
    );
    let mut f = std::fs::File::create(cut.join("games.jsonl")).unwrap();
    for g in &kept {
        writeln!(f, "{g}").unwrap();
    }
    f.write_all(&text.as_bytes()[..30]).unwrap();
    drop(f);
    assert_eq!(kept.len(), first_match_games + 2);

    assert!(!tournament(&engines, &cut, &[]).status().unwrap().success());
    assert!(tournament(&engines, &cut, &["--resume"])
        .status()
        .unwrap()
        .success());
    let key = |gs: Vec<Value>| -> BTreeMap<u64, Value> {
        gs.into_iter()
            .map(|g| (g["index"].as_u64().unwrap(), without_times(g)))
            .collect()
    };
    let resumed = games(&cut);
    assert_eq!(resumed.len(), full.len(), "every game exactly once");
    assert_eq!(key(resumed), key(full));
    let standings = |d: &Path| std::fs::read_to_string(d.join("standings.csv")).unwrap();
    assert_eq!(standings(&cut), standings(&whole));
    // A changed format is a different tournament.
    let changed = with_format(&engines, &cut, "ewn7", &["--resume"])
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap();
    assert!(!changed.status.success());
    let err = String::from_utf8_lossy(&changed.stderr);
    assert!(err.contains("time_control, match_format"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
