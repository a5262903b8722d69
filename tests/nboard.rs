//! The NBoard protocol for Othello: a scripted session with `boardlab serve --protocol nboard`
//! (GGF in, a legal move out, `hint`, `ping`, malformed and non-UTF-8 lines answered without a
//! crash), and an arena match in which boardlab plays itself over NBoard (an engine file with
//! `protocol = "nboard"`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use boardlab::game::{Game, RuleSet};
use boardlab::games::othello::{ggf, Othello, OthelloRules};
use serde_json::Value;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_boardlab")
}

fn session(input: &[u8]) -> Vec<String> {
    let mut child = Command::new(bin())
        .args(["serve", "--protocol", "nboard", "--game", "othello"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "the server exits cleanly");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

const START: &str = "BO[8 ---------------------------O*------*O--------------------------- *]";

#[test]
fn scripted_session_ggf_in_move_out_hint_and_bad_lines() {
    let game =
        format!("(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]{START}B[F5//1.00]W[D6];)");
    let mut input = Vec::new();
    for line in [
        "nboard 2".to_string(),
        "set depth 3".into(),
        format!("set game {game}"),
        "move C3/0.50/0.2".into(),
        "ping 1".into(),
        "go".into(),
        "ping 2".into(),
        "hint 3".into(),
        "ping 3".into(),
        "set game (;GM[Othello]TY[8]BO[8 ---];)".into(),
        "move Z9".into(),
        "move A1".into(),
        "hint many".into(),
        "set contempt 0".into(),
        "learn".into(),
        "frobnicate now".into(),
        "ping 4".into(),
    ] {
        input.extend_from_slice(line.as_bytes());
        input.push(b'\n');
    }
    input.extend_from_slice(b"move \xff\xfe\n");
    input.extend_from_slice(b"ping 5\nquit\n");
    let out = session(&input);
    let at = |needle: &str| {
        out.iter()
            .position(|l| l == needle)
            .unwrap_or_else(|| panic!("{needle} in {out:#?}"))
    };
    assert!(out[0].starts_with("set myname "), "{out:?}");
    assert!(
        out[1].starts_with("set myname "),
        "set depth answers with the name: {out:?}"
    );
    // The move after f5 d6 c3 is legal in the position GGF + move gave.
    let rules = OthelloRules::default();
    let mut pos = ggf::read(&rules, &game).unwrap().position();
    pos.play_text("c3").unwrap();
    let (p1, p2, p3, p4, p5) = (
        at("pong 1"),
        at("pong 2"),
        at("pong 3"),
        at("pong 4"),
        at("pong 5"),
    );
    let answer: Vec<&String> = out[p1..p2]
        .iter()
        .filter(|l| l.starts_with("==="))
        .collect();
    assert_eq!(answer.len(), 1, "{out:?}");
    let mv = answer[0][3..].trim().split('/').next().unwrap().to_string();
    assert!(pos.clone().play_text(&mv).is_ok(), "{mv} is legal");
    // hint 3: three `search <move> <eval> 0 <depth>` lines, each a legal, distinct move.
    let hints: Vec<&String> = out[p2..p3]
        .iter()
        .filter(|l| l.starts_with("search "))
        .collect();
    assert_eq!(hints.len(), 3, "{out:?}");
    let mut seen = std::collections::BTreeSet::new();
    for h in &hints {
        let parts: Vec<&str> = h.split_whitespace().collect();
        assert_eq!(parts.len(), 5, "{h}");
        assert!(pos.clone().play_text(parts[1]).is_ok(), "{h}");
        assert!(parts[2].parse::<f64>().is_ok() && parts[3] == "0", "{h}");
        seen.insert(parts[1].to_string());
    }
    assert_eq!(seen.len(), 3);
    // Every bad line gets one `status error: ...` naming the bad text; `learn` is answered.
    let errors: Vec<&String> = out[p3..p4]
        .iter()
        .filter(|l| l.starts_with("status error"))
        .collect();
    assert_eq!(errors.len(), 5, "{out:?}");
    for needle in ["found 3", "Z9", "A1", "many", "frobnicate"] {
        assert!(
            errors.iter().any(|e| e.contains(needle)),
            "{needle} in {errors:?}"
        );
    }
    assert!(out[p3..p4].iter().any(|l| l == "learned"));
    assert!(
        out[p4..p5]
            .iter()
            .any(|l| l.starts_with("status error") && l.contains("UTF-8")),
        "{out:?}"
    );
}

#[test]
fn ggf_written_by_boardlab_reads_back() {
    let rules = OthelloRules::parse("").unwrap();
    let mut s = Othello::new(&rules);
    let start = s;
    let mut moves = Vec::new();
    for t in ["f5", "f6", "e6", "f4", "e3"] {
        moves.push(s.play_text(t).unwrap());
    }
    let text = ggf::write(&start, &moves, ["x", "y"]);
    assert_eq!(ggf::read(&rules, &text).unwrap().position(), s);
}

fn write(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(format!("{name}.toml"));
    std::fs::write(&p, format!("name = \"{name}\"\ngame = \"othello\"\n{body}")).unwrap();
    p
}

/// boardlab against itself over NBoard: the alpha-beta engine in-process and the same engine
/// served as an NBoard program. Every game ends on the board with no fault, and the games are
/// the same as those of the in-process engine against itself (the NBoard side searches the
/// same positions to the same depth, and the arena replays every move it sent).
#[test]
fn boardlab_plays_itself_over_nboard_in_the_arena() {
    let dir = std::env::temp_dir().join(format!("nboard-arena-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ab = "backend = \"alphabeta\"\n[limits]\ndepth = 3\n";
    let inside = write(&dir, "inside", ab);
    let served = write(&dir, "served", ab);
    let nboard = write(
        &dir,
        "over-nboard",
        &format!(
            "backend = \"external\"\nprotocol = \"nboard\"\ncommand = [{:?}, \"serve\", \"--protocol\", \"nboard\", \"--game\", \"othello\", \"--engine\", {:?}]\n[limits]\ndepth = 3\n",
            bin(),
            served.to_str().unwrap()
        ),
    );
    let out = dir.join("m");
    let status = Command::new(bin())
        .args(["match"])
        .args([&nboard, &inside])
        .args(["--games", "2", "--seed", "3", "--quiet", "--out"])
        .arg(&out)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let games: Vec<Value> = std::fs::read_to_string(out.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g["reason"], "terminal", "{g}");
        assert!(g["fault"].is_null(), "{g}");
        assert!(g["moves"].as_array().unwrap().len() >= 50, "{g}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
