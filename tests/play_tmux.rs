//! `boardlab play` driven through tmux, as a person at a terminal: a full game of Othello and a
//! full game of Ur typed in key by key (`tmux send-keys`), each move the first one `help` lists,
//! with a malformed move and an illegal move refused with a message (and the game going on),
//! and an `undo` that takes back a move and the engine's reply. The pane's output is tee'd to a
//! file the test reads. Skipped with a message when tmux is not installed (CI installs it); where
//! tmux is installed but cannot start a server, the same games are typed through a pipe.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_boardlab")
}

fn have_tmux() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// How the typed lines reach `boardlab play`: a tmux pane (a real terminal), or, where this
/// machine's tmux cannot start a server, a pipe (the same game, the same checks, no terminal).
enum Keys {
    Tmux { socket: PathBuf, session: String },
    Pipe(std::process::Child),
}

struct Pane {
    keys: Keys,
    log: PathBuf,
    /// How much of the log has been looked at.
    seen: usize,
}

/// tmux with its own socket (no other server or user configuration interferes) and a terminal
/// type set, as CI machines may have none.
fn tmux(socket: &Path) -> Command {
    let mut c = Command::new("tmux");
    c.arg("-S").arg(socket).args(["-f", "/dev/null"]);
    if std::env::var_os("TERM").map_or(true, |t| t.is_empty() || t == "dumb") {
        c.env("TERM", "xterm-256color");
    }
    c
}

impl Pane {
    fn start(tag: &str, dir: &Path, command: &str) -> Pane {
        let session = format!("boardlab-play-{tag}-{}", std::process::id());
        let log = dir.join(format!("{tag}.log"));
        let socket = dir.join("tmux.sock");
        let script = format!("{command} 2>&1 | tee {}; sleep 30", log.display());
        // A tmux server may exit while it starts ("server exited unexpectedly", seen on a CI
        // machine): try three times before falling back to a pipe.
        let mut errors = Vec::new();
        for attempt in 0..3 {
            let out = tmux(&socket)
                .args(["new-session", "-d", "-x", "160", "-y", "50", "-s", &session])
                .args(["bash", "-c", &script])
                .output()
                .expect("run tmux");
            if out.status.success() {
                return Pane {
                    keys: Keys::Tmux { socket, session },
                    log,
                    seen: 0,
                };
            }
            errors.push(String::from_utf8_lossy(&out.stderr).trim().to_string());
            let _ = tmux(&socket).arg("kill-server").output();
            std::thread::sleep(Duration::from_millis(200 << attempt));
        }
        eprintln!(
            "tmux could not start a session here ({}); playing {tag} through a pipe instead",
            errors.join("; ")
        );
        let child = Command::new("bash")
            .arg("-c")
            .arg(format!("{command} > {:?} 2>&1", log))
            .stdin(std::process::Stdio::piped())
            .spawn()
            .expect("start boardlab play");
        Pane {
            keys: Keys::Pipe(child),
            log,
            seen: 0,
        }
    }

    fn text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Types a line (the text, then Enter).
    fn type_line(&mut self, line: &str) {
        match &mut self.keys {
            Keys::Tmux { socket, session } => {
                assert!(tmux(socket)
                    .args(["send-keys", "-t", session.as_str(), "-l", line])
                    .status()
                    .unwrap()
                    .success());
                assert!(tmux(socket)
                    .args(["send-keys", "-t", session.as_str(), "Enter"])
                    .status()
                    .unwrap()
                    .success());
            }
            Keys::Pipe(child) => {
                use std::io::Write;
                let stdin = child.stdin.as_mut().expect("piped stdin");
                writeln!(stdin, "{line}").expect("write to boardlab play");
                stdin.flush().unwrap();
            }
        }
    }

    /// Waits until the output past what was seen holds `a` or `b`; returns that new output.
    fn wait_for(&mut self, a: &str, b: &str) -> String {
        let until = Instant::now() + Duration::from_secs(60);
        loop {
            let text = self.text();
            let new = &text[self.seen.min(text.len())..];
            if let Some(i) = [a, b]
                .iter()
                .filter_map(|n| new.find(n).map(|i| i + n.len()))
                .min()
            {
                let got = new[..i].to_string();
                self.seen += i;
                return got;
            }
            assert!(
                Instant::now() < until,
                "waited 60 s for {a:?} or {b:?}; output:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        match &mut self.keys {
            Keys::Tmux { socket, .. } => {
                let _ = tmux(socket).arg("kill-server").output();
            }
            Keys::Pipe(child) => {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }
}

/// Plays a full game: at each prompt asks `help` and plays the first legal move. Once (at the
/// human's third move) types `malformed`, then `illegal` (if that is not legal there), and on
/// the sixth does an `undo`. Returns the whole output.
fn play_full_game(tag: &str, game: &str, engine: &str, malformed: &str, illegal: &str) -> String {
    let dir = std::env::temp_dir().join(format!("play-tmux-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let command = format!(
        "cd {:?} && {} play --game {game} --engine {engine} --as first --seed 7",
        env!("CARGO_MANIFEST_DIR"),
        bin()
    );
    let mut pane = Pane::start(tag, &dir, &command);
    let (mut moves, mut refused, mut undone) = (0, 0, false);
    // Whether the prompt the next command answers has been read already (after an undo).
    let mut prompted = false;
    loop {
        if !prompted {
            let out = pane.wait_for("your move:", "game over:");
            if out.contains("game over:") {
                break;
            }
        }
        prompted = false;
        pane.type_line("help");
        let listing = pane.wait_for("your move:", "game over:");
        let legal: Vec<String> = listing
            .lines()
            .find_map(|l| {
                l.split_once("): ")
                    .filter(|_| l.starts_with("legal moves ("))
            })
            .map(|(_, m)| m.split_whitespace().map(str::to_string).collect())
            .unwrap_or_else(|| panic!("no legal moves listed in {listing:?}"));
        assert!(!legal.is_empty());
        if moves == 2 && refused == 0 {
            pane.type_line(malformed);
            let reply = pane.wait_for("your move:", "game over:");
            assert!(
                reply.contains(&format!("cannot read \"{malformed}\"")),
                "{reply}"
            );
            if !legal.iter().any(|m| m == illegal) {
                pane.type_line(illegal);
                let reply = pane.wait_for("your move:", "game over:");
                assert!(
                    reply.contains(&format!("illegal move \"{illegal}\"")),
                    "{reply}"
                );
                refused += 1;
            }
            refused += 1;
        }
        if moves == 5 && !undone {
            pane.type_line("undo");
            let reply = pane.wait_for("your move:", "game over:");
            assert!(reply.contains("undone"), "{reply}");
            undone = true;
            moves -= 1;
            prompted = true;
            continue;
        }
        pane.type_line(&legal[0]);
        moves += 1;
        assert!(moves < 400, "the game does not end");
    }
    let text = pane.text();
    assert_eq!(refused, 2, "one malformed and one illegal move refused");
    assert!(undone, "undo was tried");
    assert!(text.contains("game over:"), "{text}");
    drop(pane);
    let _ = std::fs::remove_dir_all(&dir);
    text
}

#[test]
fn othello_and_ur_full_games_typed_through_tmux() {
    if !have_tmux() {
        eprintln!("skipped: tmux is not installed (apt-get install -y tmux)");
        return;
    }
    let othello = play_full_game(
        "othello",
        "othello",
        "engines/othello/greedy.toml",
        "zz9",
        "a1",
    );
    // The board was redrawn (the text board's header) after the moves.
    assert!(
        othello.matches("  a b c d e f g h").count() > 20,
        "{othello}"
    );
    assert!(othello.contains("engine plays "), "{othello}");
    let ur = play_full_game("ur", "ur", "engines/ur/expectimax-d2.toml", "jump!", "r3");
    // The dice as rolled: one `chance: rN` line a roll, for both sides.
    assert!(ur.matches("chance: r").count() > 20, "{ur}");
    assert!(ur.contains("engine plays "), "{ur}");
}
