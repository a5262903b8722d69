//! GTP for NoGo: a scripted session with `boardlab serve --protocol gtp` covering every command
//! and every error case (each error answered `? reason` with the board unchanged), games played
//! to the end through `genmove`, and arena games in which boardlab plays itself through GTP
//! (an engine file with `protocol = "gtp"`), plus a GTP engine that misbehaves.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use boardlab::agent::Limits;
use boardlab::game::{Game, RuleSet};
use boardlab::games::nogo::{NoGo, NoGoRules};
use boardlab::protocol::gtp::GtpServer;
use boardlab::search::baselines::RandomAgent;
use serde_json::Value;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_boardlab")
}

/// Runs the server on `input` bytes and splits the output into answers (each ends with a blank
/// line), each answer as its lines.
fn session(input: &[u8]) -> Vec<Vec<String>> {
    let mut child = Command::new(bin())
        .args(["serve", "--protocol", "gtp", "--game", "nogo"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.ends_with("\n\n"),
        "every answer ends with a blank line"
    );
    text.trim_end_matches('\n')
        .split("\n\n")
        .map(|a| a.lines().map(str::to_string).collect())
        .collect()
}

#[test]
fn scripted_session_with_every_command_and_error() {
    // (command bytes, expected answer: its first line, or the start of it for errors; "" for a
    // line that gets no answer)
    let script: &[(&[u8], &str)] = &[
        (b"1 protocol_version", "=1 2"),
        (b"name", "= boardlab"),
        (b"version", "= "),
        (b"known_command genmove", "= true"),
        (b"known_command undo", "= false"),
        (b"known_command", "? syntax error"),
        (b"boardsize 5", "="),
        (b"clear_board", "="),
        (b"komi 6.5", "="),
        (b"komi lots", "? syntax error"),
        (b"play b c3", "="),
        (b"showboard", "="),
        // Every error from here to the next showboard must leave the board as it was.
        (b"frobnicate", "? unknown command"),
        (b"42 frobnicate e5", "?42 unknown command"),
        (b"play w z9", "? invalid vertex \"z9\""),
        (b"play w i3", "? invalid vertex \"i3\""),
        (b"play w c0", "? invalid vertex \"c0\""),
        (b"play w 33", "? invalid vertex \"33\""),
        (b"play w c3", "? illegal move: the point is occupied"),
        (b"play b d4", "? illegal move: white is to move, not black"),
        (b"play w pass", "? illegal move: passing is not allowed"),
        (b"play w PASS", "? illegal move: passing is not allowed"),
        (b"play x d4", "? syntax error"),
        (b"play w", "? syntax error"),
        (b"play w d4 e5", "? syntax error"),
        (b"play", "? syntax error"),
        (b"play w \xff\xfe", "? input is not UTF-8"),
        (b"genmove b", "? white is to move, not black"),
        (b"genmove", "? syntax error"),
        (b"boardsize 4", "? unacceptable size"),
        (b"boardsize 20", "? unacceptable size"),
        (b"boardsize nine", "? syntax error"),
        (b"time_settings 1 2", "? syntax error"),
        (b"time_left w ten 0", "? syntax error"),
        (b"time_left q 10 0", "? syntax error"),
        (b"final_score", "? cannot score: the game is not over"),
        (b"showboard", "="),
        // Captures: black a1 with white a2 next to it; white b1 would take a1's last liberty.
        (b"play w e1", "="),
        (b"play b a1", "="),
        (b"play w a2", "="),
        (b"play b e5", "="),
        (b"play w b1", "? illegal move: the stone would capture"),
        (b"play w d5", "="),
        (b"play b b1", "="),
        (b"play w e4", "? illegal move: the stone would capture"),
        // Suicide: black a1 between white a2 and b1, which keep their liberties.
        (b"clear_board", "="),
        (b"play b c3", "="),
        (b"play w a2", "="),
        (b"play b e5", "="),
        (b"play w b1", "="),
        (
            b"play b a1",
            "? illegal move: the stone would have no liberty (suicide)",
        ),
        (b"time_settings 60 0 0", "="),
        (b"time_left b 30 0", "="),
        (b"genmove b", "= "),
        (b"list_commands", "= protocol_version"),
        (b"# a comment line gets no answer", ""),
        (b"quit", "="),
        (b"name", ""),
    ];
    let mut input = Vec::new();
    for (cmd, _) in script {
        input.extend_from_slice(cmd);
        input.push(b'\n');
    }
    let answers = session(&input);
    let expected: Vec<&str> = script
        .iter()
        .map(|(_, want)| *want)
        .filter(|w| !w.is_empty())
        .collect();
    assert_eq!(answers.len(), expected.len(), "{answers:#?}");
    for (got, want) in answers.iter().zip(&expected) {
        assert!(got[0].starts_with(want), "got {got:?}, expected {want:?}");
        if *want == "=" {
            assert!(got[0] == "=", "{got:?}");
        }
    }
    // The two boards around the errors are the same, with black's c3 and white to move.
    let boards: Vec<&Vec<String>> = answers
        .iter()
        .filter(|a| a[0] == "=" && a.len() > 5)
        .collect();
    assert_eq!(boards.len(), 2);
    assert_eq!(boards[0], boards[1], "the errors changed nothing");
    assert!(
        boards[0].iter().any(|l| l.starts_with("  3 . . X . .")),
        "{boards:?}"
    );
    assert!(boards[0].iter().any(|l| l.contains("white (O) to move")));
    let commands = answers
        .iter()
        .find(|a| a[0] == "= protocol_version")
        .unwrap();
    for c in [
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "showboard",
        "time_settings",
        "time_left",
        "final_score",
        "quit",
    ] {
        assert!(commands.iter().any(|l| l == c), "{c} listed");
    }
}

/// Both sides by `genmove` to the end: the side without a move resigns and final_score names
/// the winner, on every size class (one u128 board, one wide board).
#[test]
fn games_through_genmove_end_with_resign_and_a_score() {
    for (size, seed) in [(9usize, 1u64), (5, 2), (13, 3)] {
        let mut server = GtpServer::<NoGo>::new(
            NoGoRules::default(),
            Box::new(RandomAgent::new("r", seed)),
            Limits::default(),
        );
        let ask = |s: &mut GtpServer<NoGo>, cmd: &str| -> String {
            let (lines, _) = s.handle(cmd);
            assert_eq!(lines.last().map(String::as_str), Some(""));
            lines[0].clone()
        };
        assert_eq!(ask(&mut server, &format!("boardsize {size}")), "=");
        let mut colour = 'b';
        let mut plies = 0;
        loop {
            let answer = ask(&mut server, &format!("genmove {colour}"));
            if answer == "= resign" {
                break;
            }
            assert!(answer.starts_with("= "), "{answer}");
            plies += 1;
            colour = if colour == 'b' { 'w' } else { 'b' };
        }
        assert!(server.state().is_terminal());
        let winner = if colour == 'b' { "= W+R" } else { "= B+R" };
        assert_eq!(ask(&mut server, "final_score"), winner);
        assert!(plies > size * size / 3, "{plies} plies on {size}x{size}");
        // The state replays from its stones on a fresh server (what the arena's client does).
        let text = server.state().format_position();
        let rules = NoGoRules::parse(&format!("size={size}")).unwrap();
        assert_eq!(
            NoGo::parse_position(&rules, &text).unwrap().hash(),
            server.state().hash()
        );
    }
}

fn write_engine(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, format!("name = \"{name}\"\ngame = \"nogo\"\n{body}")).unwrap();
    path
}

fn run_match(dir: &Path, a: &Path, b: &Path, games: &str, out: &str) -> Vec<Value> {
    let out = dir.join(out);
    let status = Command::new(bin())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("match")
        .args([a, b])
        .args(["--games", games, "--seed", "5", "--quiet", "--out"])
        .arg(&out)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    std::fs::read_to_string(out.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// boardlab against itself through GTP: the same MCTS engine in-process and as a GTP program.
/// Every game ends on the board (no faults), and the GTP side's moves were all legal.
#[test]
fn boardlab_plays_itself_through_gtp_in_the_arena() {
    let dir = std::env::temp_dir().join(format!("nogo-gtp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mcts = "backend = \"mcts\"\n[limits]\nplayouts = 200\n[params]\nrave = true\nproof = true\nplayout_policy = true\nexploration = 0.2\n";
    let inside = write_engine(&dir, "inside", mcts);
    let engine_file = write_engine(&dir, "engine", mcts);
    let gtp = write_engine(
        &dir,
        "over-gtp",
        &format!(
            "backend = \"external\"\nprotocol = \"gtp\"\ncommand = [{:?}, \"serve\", \"--protocol\", \"gtp\", \"--game\", \"nogo\", \"--engine\", {:?}]\n",
            bin(),
            engine_file.to_str().unwrap()
        ),
    );
    let games = run_match(&dir, &gtp, &inside, "4", "self");
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(g["reason"], "terminal", "{g}");
        assert!(g["fault"].is_null(), "{g}");
        assert!(g["moves"].as_array().unwrap().len() > 30, "{g}");
    }
    // Same seed, same games: the GTP engine's moves are its own search's, replayed exactly
    // (fixed playouts, seed 0 in the served engine).
    let again = run_match(&dir, &gtp, &inside, "4", "self-again");
    let moves = |gs: &[Value]| gs.iter().map(|g| g["moves"].clone()).collect::<Vec<_>>();
    assert_eq!(moves(&games), moves(&again));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A GTP program that refuses genmove, one that plays an occupied point, and one that resigns
/// at once all lose, with the reason recorded.
#[test]
fn misbehaving_gtp_engines_lose_with_reasons() {
    let dir = std::env::temp_dir().join(format!("nogo-gtp-bad-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let script = |name: &str, genmove: &str| -> PathBuf {
        let path = dir.join(format!("{name}.sh"));
        std::fs::write(
            &path,
            format!(
                "#!/usr/bin/env bash\nwhile read -r cmd rest; do\n  case \"$cmd\" in\n    protocol_version) printf '= 2\\n\\n' ;;\n    genmove) printf '{genmove}\\n\\n' ;;\n    quit) printf '=\\n\\n'; exit 0 ;;\n    *) printf '=\\n\\n' ;;\n  esac\ndone\n"
            ),
        )
        .unwrap();
        path
    };
    let random = Path::new(env!("CARGO_MANIFEST_DIR")).join("engines/nogo/random.toml");
    let engine = |name: &str, answer: &str| {
        let sh = script(name, answer);
        write_engine(
            &dir,
            name,
            &format!(
                "backend = \"external\"\nprotocol = \"gtp\"\ncommand = [\"bash\", {:?}]\n",
                sh.to_str().unwrap()
            ),
        )
    };
    // Wrong from the first move: the compliance check before the first game (one move asked
    // in the start position) refuses the engine and names the reason; no game is played.
    for (name, answer, reason) in [
        ("refuses", "? no thanks", "genmove failed"),
        ("resigns", "= resign", "resigned"),
        ("passes", "= pass", "illegal move"),
    ] {
        let e = engine(name, answer);
        let out = Command::new(bin())
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .arg("match")
            .args([&e, &random])
            .args(["--games", "2", "--seed", "5", "--quiet", "--out"])
            .arg(dir.join(name))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains(&format!(
                "engine \"{name}\" failed its check before the first game"
            )) && err.contains(reason),
            "{name}: {err}"
        );
    }
    // Right at first, wrong later: E5 is legal on the empty board and occupied by the engine's
    // second move at the latest, so the engine passes the check and loses its games.
    let name = "occupied";
    let e = engine(name, "= E5");
    let games = run_match(&dir, &e, &random, "2", name);
    assert_eq!(games.len(), 2);
    for g in &games {
        let bad = g["engines"]
            .as_array()
            .unwrap()
            .iter()
            .position(|n| n == name)
            .unwrap();
        let why = g["reason"].as_str().unwrap();
        assert_eq!(g["fault"].as_u64(), Some(bad as u64), "{name}: {g}");
        assert!(why.contains("illegal move"), "{name}: {why}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
