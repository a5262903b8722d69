//! Issue 10's regressions, run as a user runs them: every input that used to abort, hang or be
//! silently misread now gives a clear error naming the bad text (or works as documented). One
//! test an item; the item numbers are the issue's.

use crate::common::boardlab;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A temporary folder for engine files and results, removed at the end.
struct Tmp(PathBuf);
impl Tmp {
    fn new(tag: &str) -> Tmp {
        let d =
            std::env::temp_dir().join(format!("boardlab-hardening-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Tmp(d)
    }
    fn file(&self, name: &str, text: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    }
    fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}
impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs boardlab and expects failure with every `want` in its stderr.
fn refused(args: &[&str], want: &[&str]) -> String {
    let (code, out, err) = boardlab(args);
    assert_ne!(code, 0, "{args:?} succeeded: {out}");
    assert!(
        code != 134 && code != 101,
        "{args:?} aborted or panicked: {err}"
    );
    for w in want {
        assert!(err.contains(w), "{args:?}: {w:?} not in {err:?}");
    }
    err
}

const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
const START: &str = "---------------------------OX------XO--------------------------- X";

#[test]
fn item_1_nothing_outside_the_repository_is_read_or_cited() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stack: Vec<PathBuf> = ["src", "tests", "scripts", "docs", "README.md", ".ci"]
        .iter()
        .map(|p| root.join(p))
        .collect();
    let (a, b) = (concat!("../", "shared"), concat!("/work/", "shared"));
    // The developers' notes beside the repository, which a user does not have: cite the
    // sources themselves (a table's author, a program, a paper) instead.
    let notes = [
        concat!("REFERENCE", ".md"),
        concat!("ARCHITECTURE", ".md"),
        concat!("ROADMAP", ".md"),
    ];
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
        } else if let Ok(text) = std::fs::read_to_string(&p) {
            assert!(
                !text.contains(a) && !text.contains(b),
                "{} names a path outside the repository",
                p.display()
            );
            for note in notes {
                assert!(
                    !text.contains(note),
                    "{} cites {note}, a file outside the repository",
                    p.display()
                );
            }
        }
    }
    assert!(root.join("tests/data/othello/fforum-40-59.obf").exists());
}

#[test]
fn item_2_positions_starting_with_a_hyphen_work_as_the_readme_writes_them() {
    // README: boardlab show --game othello [--position P] [--moves "f5 d6"]
    let (code, out, err) = boardlab(&[
        "show",
        "--game",
        "othello",
        "--position",
        START,
        "--moves",
        "f5 d6",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("legal moves"), "{out}");
    // README: boardlab search --game othello --position P --exact --json
    let (code, out, err) = boardlab(&[
        "search",
        "--game",
        "othello",
        "--position",
        FFO_1,
        "--exact",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"score\":18"), "{out}");
    let (code, _, err) = boardlab(&[
        "perft",
        "--game",
        "othello",
        "--depth",
        "2",
        "--position",
        START,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = boardlab(&[
        "perft",
        "--game",
        "othello",
        "--depth",
        "1",
        "--rules",
        "start=parallel",
    ]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn item_3_absurd_sizes_are_errors_not_aborts() {
    let t = Tmp::new("3");
    refused(
        &[
            "match",
            "engines/othello/random.toml",
            "engines/othello/greedy.toml",
            "--games",
            "99999999999",
            "--out",
            &t.path("o"),
        ],
        &["--games 99999999999"],
    );
    let e = t.file("big.toml", "name = \"big\"\ngame = \"othello\"\nbackend = \"alphabeta\"\n[params]\ntt_mb = 100000000\n");
    refused(
        &["search", "--game", "othello", "--engine", &e],
        &["tt_mb", "100000000"],
    );
    refused(
        &[
            "search",
            "--game",
            "othello",
            "--position",
            FFO_1,
            "--exact",
            "--tt-mb",
            "99999999999",
        ],
        &["--tt-mb"],
    );
}

#[test]
fn item_4_no_hangs_limits_are_checked_first_and_long_solves_stop() {
    let t = Tmp::new("4");
    let started = Instant::now();
    let e = t.file(
        "huge.toml",
        "name = \"huge\"\ngame = \"othello\"\nbackend = \"alphabeta\"\n[params]\ntt_mb = 1e30\n",
    );
    refused(
        &["search", "--game", "othello", "--engine", &e],
        &["tt_mb", "must be a whole number"],
    );
    // 60 empties: refused before the solve starts...
    refused(
        &["search", "--game", "othello", "--exact"],
        &["--max-empties"],
    );
    // ...or bounded by --time-ms, reporting the bounds proven so far.
    refused(
        &["search", "--game", "othello", "--exact", "--time-ms", "300"],
        &["stopped", "--time-ms reached", "the score lies in"],
    );
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn item_5_sprt_does_not_decide_after_one_pair() {
    let t = Tmp::new("5");
    let (code, out, err) = boardlab(&[
        "match",
        "engines/othello/greedy.toml",
        "engines/othello/random.toml",
        "--games",
        "2",
        "--sprt",
        "elo0=0,elo1=50",
        "--quiet",
        "--out",
        &t.path("o"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("after 1 pairs: no decision yet"), "{out}");
    assert!(!out.contains("-0.0 ± 0.0"), "{out}");
}

#[test]
fn item_6_misread_settings_are_errors_naming_the_text() {
    let t = Tmp::new("6");
    let out = t.path("o");
    let (r, g, a) = (
        "engines/othello/random.toml",
        "engines/othello/greedy.toml",
        "engines/othello/ab-d4.toml",
    );
    refused(
        &[
            "tournament",
            "--engines",
            r,
            g,
            a,
            "--sprt",
            "elo0=0,elo1=5",
            "--out",
            &out,
        ],
        &["--sprt", "not 3"],
    );
    let engine = |name: &str, body: &str| {
        t.file(
            &format!("{name}.toml"),
            &format!("name = \"{name}\"\ngame = \"othello\"\n{body}"),
        )
    };
    let bogus = engine("bogus", "backend = \"random\"\nrules = \"start=bogus\"\n");
    refused(&["match", &bogus, r, "--out", &out], &["start=bogus"]);
    let big = engine(
        "bigtt",
        "backend = \"alphabeta\"\n[params]\ntt_mb = \"big\"\n",
    );
    refused(
        &["search", "--game", "othello", "--engine", &big],
        &["tt_mb", "\"big\""],
    );
    let threads = engine(
        "threads",
        "backend = \"alphabeta\"\n[params]\nthreads = -1\n",
    );
    refused(
        &["search", "--game", "othello", "--engine", &threads],
        &["threads = -1"],
    );
    let explore = engine(
        "explore",
        "backend = \"mcts\"\n[params]\nexploration = -1\n",
    );
    refused(
        &["search", "--game", "othello", "--engine", &explore],
        &["exploration = -1"],
    );
    for (flag, value) in [
        ("--games", "0"),
        ("--concurrency", "0"),
        ("--max-plies", "0"),
        ("--random-openings", "100"),
    ] {
        refused(
            &["match", r, g, flag, value, "--out", &out],
            &[&format!("{flag} {value}")],
        );
    }
    for (rules, want) in [
        ("majority=yes", "majority=yes"),
        ("majority=1", "majority=1"),
        ("preset=russian,preset=english", "twice"),
    ] {
        refused(&["show", "--game", "draughts", "--rules", rules], &[want]);
    }
    assert!(!Path::new(&out).join("games.jsonl").exists());
}

#[test]
fn item_7_search_drives_an_external_engine() {
    let t = Tmp::new("7");
    let bin = env!("CARGO_BIN_EXE_boardlab");
    let e = t.file(
        "ext.toml",
        &format!("name = \"ext\"\ngame = \"othello\"\nbackend = \"external\"\ncommand = [{bin:?}, \"serve\", \"--game\", \"othello\"]\n"),
    );
    let (code, out, err) = boardlab(&["search", "--game", "othello", "--engine", &e, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        ["d3", "c4", "f5", "e6"]
            .iter()
            .any(|m| out.contains(&format!("\"best\":\"{m}\""))),
        "{out}"
    );
    // Command-line limits replace the file's: ab.toml's depth 6 no longer caps --time-ms.
    let (code, out, err) = boardlab(&[
        "search",
        "--game",
        "draughts",
        "--engine",
        "engines/draughts/ab.toml",
        "--time-ms",
        "300",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert!(v["depth"].as_u64().unwrap() > 6, "{out}");
}

#[test]
fn item_8_the_hub_server_survives_bytes_that_are_not_text() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut input: Vec<u8> = (0..2000u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    input.extend_from_slice(b"\nlevel depth=abc\nping\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["serve", "--protocol", "hub", "--game", "draughts"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines()
            .any(|l| l.starts_with("error") && l.contains("depth")),
        "{text}"
    );
    assert_eq!(text.lines().last(), Some("pong"), "{text}");
}

#[test]
fn item_9_a_huge_position_gives_a_short_error() {
    // On the command line (an argument is at most 128 KiB on Linux) and in an openings file.
    let big = "-".repeat(100_000) + " X";
    let err = refused(
        &["show", "--game", "othello", "--position", &big],
        &["(100002 bytes)"],
    );
    assert!(err.len() < 400, "{} bytes", err.len());
    let t = Tmp::new("9");
    let file = t.file("openings.txt", &("-".repeat(5_000_000) + " X\n"));
    let err = refused(
        &[
            "match",
            "engines/othello/random.toml",
            "engines/othello/greedy.toml",
            "--openings",
            &file,
            "--out",
            &t.path("o"),
        ],
        &["openings line 1", "(5000002 bytes)"],
    );
    assert!(err.len() < 400, "{} bytes", err.len());
}

#[test]
fn item_10_solve_checks_its_inputs_before_solving() {
    let started = Instant::now();
    refused(
        &["solve", "--game", "ur", "--position", "garbage"],
        &["garbage"],
    );
    refused(
        &["solve", "--game", "ur", "--threads", "0"],
        &["--threads 0"],
    );
    refused(
        &["solve", "--game", "ur", "--out", "/nonexistent/dir/t.urs"],
        &["/nonexistent/dir"],
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "it solved first: {:?}",
        started.elapsed()
    );
}

#[test]
fn item_11_progress_lines_without_a_terminal_show_every_engine() {
    let t = Tmp::new("11");
    let (code, _, err) = boardlab(&[
        "tournament",
        "--engines",
        "engines/othello/random.toml",
        "tests/fixtures/arena/random-b.toml",
        "tests/fixtures/arena/random-c.toml",
        "--games",
        "2",
        "--progress-secs",
        "0",
        "--out",
        &t.path("o"),
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines.len() >= 6, "{err}");
    assert!(lines[0].starts_with("1/6 games"), "{err}");
    for name in ["random:", "random-b:", "random-c:"] {
        assert!(
            lines[5].contains(name),
            "{name} missing from {:?}",
            lines[5]
        );
    }
    assert!(
        lines[5].contains("Elo") && lines[5].contains("eta"),
        "{err}"
    );
}

#[test]
fn item_12_smaller_ones() {
    let t = Tmp::new("12");
    refused(
        &["perft", "--game", "othello", "--depth", "0"],
        &["--depth 0"],
    );
    let empty = t.file("empty.jsonl", "\n");
    refused(
        &["crosscheck", "--game", "othello", "--file", &empty],
        &["no games"],
    );
    let err = refused(
        &["show", "--game", "othello", "--moves", "f5 f5"],
        &["illegal move \"f5\""],
    );
    assert_eq!(err.matches("f5").count(), 1, "{err}");
    // A forced loss prints mate-style.
    let lost = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOO--- O";
    let (code, out, err) = boardlab(&[
        "search",
        "--game",
        "othello",
        "--engine",
        "engines/othello/ab-d4.toml",
        "--position",
        lost,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("score #-"), "{out}");
    // `list` columns line up: every option line has "one of:" at the same column.
    let (_, out, _) = boardlab(&["list"]);
    let cols: Vec<usize> = out.lines().filter_map(|l| l.find("one of:")).collect();
    assert!(
        cols.len() > 10 && cols.iter().all(|&c| c == cols[0]),
        "{out}"
    );
}

#[test]
fn item_13_algebraic_pdn_fen_reads_for_russian_checkers() {
    let fen = "W:Wa1,c3,e3,g3,c1,e1,g1,b2,d2,f2,h2,a3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
    let (code, out, err) = boardlab(&[
        "show",
        "--game",
        "checkers",
        "--rules",
        "preset=russian",
        "--position",
        fen,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("position: W:W1-12:B21-32"), "{out}");
}
