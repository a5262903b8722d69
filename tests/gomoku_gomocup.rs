//! A scripted Gomocup session: a manager process talks to `boardlab serve --protocol gomocup`
//! over stdin/stdout, with malformed lines, an occupied point and an off-board point among the
//! commands. Every command gets its answer (`ERROR ...` for the bad ones) and nothing crashes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn boardlab() -> String {
    env!("CARGO_BIN_EXE_boardlab").to_string()
}

/// A manager: send a line, read the answers it expects.
struct Manager {
    child: std::process::Child,
    out: BufReader<std::process::ChildStdout>,
}

impl Manager {
    fn start(engine: Option<&str>) -> Manager {
        let mut cmd = Command::new(boardlab());
        cmd.args(["serve", "--protocol", "gomocup", "--game", "gomoku"]);
        if let Some(e) = engine {
            cmd.args(["--engine", e]);
        }
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        Manager { child, out }
    }
    fn send(&mut self, line: &[u8]) {
        let stdin = self.child.stdin.as_mut().unwrap();
        stdin.write_all(line).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }
    fn answer(&mut self) -> String {
        let mut s = String::new();
        self.out.read_line(&mut s).unwrap();
        s.trim_end().to_string()
    }
    fn ask(&mut self, line: &str) -> String {
        self.send(line.as_bytes());
        self.answer()
    }
}

fn is_point(s: &str, n: usize) -> bool {
    let Some((x, y)) = s.split_once(',') else {
        return false;
    };
    matches!((x.parse::<usize>(), y.parse::<usize>()), (Ok(x), Ok(y)) if x < n && y < n)
}

#[test]
fn a_scripted_session_with_bad_input() {
    let engine = concat!(env!("CARGO_MANIFEST_DIR"), "/engines/gomoku/ab-fast.toml");
    let mut m = Manager::start(Some(engine));
    assert!(
        m.ask("TURN 7,7").starts_with("ERROR"),
        "a move before START"
    );
    assert_eq!(m.ask("START 15"), "OK");
    m.send(b"INFO timeout_turn 300");
    m.send(b"INFO rule 4");
    m.send(b"INFO max_memory 83886080");
    assert!(m.ask("ABOUT").starts_with("name=\"boardlab\""));
    let first = m.ask("BEGIN");
    assert!(is_point(&first, 15), "{first}");
    // The engine's own stone is occupied now.
    assert!(m.ask(&format!("TURN {first}")).starts_with("ERROR"));
    assert!(m.ask("TURN 15,3").starts_with("ERROR"), "off the board");
    assert!(m.ask("TURN -1,3").starts_with("ERROR"));
    assert!(m.ask("TURN seven,eight").starts_with("ERROR"));
    assert!(m.ask("TURN 7").starts_with("ERROR"));
    assert!(m.ask("FROBNICATE 1").starts_with("UNKNOWN"));
    assert!(m.ask("INFO timeout_turn many").starts_with("ERROR"));
    m.send(b"\xff\xfe not text");
    assert!(m.answer().starts_with("ERROR"));
    // The session goes on: a legal reply gets a legal move.
    let (x, y) = first.split_once(',').unwrap();
    let x: usize = x.parse().unwrap();
    let reply = m.ask(&format!("TURN {},{}", (x + 1) % 15, y));
    assert!(is_point(&reply, 15), "{reply}");
    assert_ne!(reply, first);
    // BOARD with a broken line, then a good one.
    m.send(b"BOARD");
    m.send(b"7,7,1");
    assert!(m.ask("7,x,2").starts_with("ERROR"));
    m.send(b"BOARD");
    m.send(b"7,7,2");
    m.send(b"8,8,1");
    m.send(b"7,8,2");
    let mv = m.ask("DONE");
    assert!(is_point(&mv, 15), "{mv}");
    assert!(!["7,7", "8,8", "7,8"].contains(&mv.as_str()));
    assert_eq!(m.ask(&format!("TAKEBACK {mv}")), "OK");
    assert!(m.ask("TAKEBACK 0,0").starts_with("ERROR"));
    assert_eq!(m.ask("RESTART"), "OK");
    assert!(m.ask("START 2").starts_with("ERROR"));
    assert!(m.ask("START 99").starts_with("ERROR"));
    m.send(b"END");
    let status = m.child.wait().unwrap();
    assert!(status.success());
}
